import { dataSourceTypeAliases, sqlDataSourceTypes } from '../../../../../../contract/datasources';
import { resolveDataSource, type DataSourceSummary } from '../../../../../api/dataSources';
import { isGrafanaSource } from '../../../runtime/annotationSources';
import type { Json } from '../listEdits';

/** Grafana's own annotations (`-- Grafana --`), as its data source picker stores the choice. */
export const GRAFANA_SOURCE = { type: 'grafana', uid: '-- Grafana --' };

/** What an annotation query's editor looks like: the kinds `runtime/annotationSources.ts` runs. */
export type AnnotationKind = 'grafana' | 'prometheus' | 'loki' | 'sql' | 'unknown';

const canonical = (type: string) => dataSourceTypeAliases[type] ?? type;

/** Data source types an annotation query can read besides Grafana's own. */
export function isAnnotationDataSource(ds: DataSourceSummary): boolean {
  const type = canonical(ds.type);
  return type === 'prometheus' || type === 'loki' || (sqlDataSourceTypes as string[]).includes(type);
}

export function annotationKind(annotation: Json, dataSources: readonly DataSourceSummary[]): AnnotationKind {
  if (isGrafanaSource(annotation.datasource)) return 'grafana';
  const ds = resolveDataSource(annotation.datasource, dataSources);
  const type = canonical(ds?.type ?? (annotation.datasource as { type?: string } | null)?.type ?? '');
  if (type === 'prometheus' || type === 'loki') return type;
  if ((sqlDataSourceTypes as string[]).includes(type)) return 'sql';
  return 'unknown';
}

/** A new annotation query as Grafana's "New query" makes it: Grafana's own, this dashboard's annotations. */
export function newAnnotation(name: string): Json {
  return {
    datasource: GRAFANA_SOURCE,
    enable: true,
    hide: false,
    iconColor: 'red',
    name,
    target: { limit: 100, matchAny: false, tags: [], type: 'dashboard' },
  };
}

/** `New annotation`, numbered when taken. */
export function freeAnnotationName(taken: readonly string[]): string {
  if (!taken.includes('New annotation')) return 'New annotation';
  for (let n = 2; ; n++) if (!taken.includes(`New annotation ${n}`)) return `New annotation ${n}`;
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
export const targetOf = (annotation: Json): Json => (isObject(annotation.target) ? annotation.target : {});

/** The query moved to another source: what every query has stays, the source's own fields start over. */
export function withSource(annotation: Json, source: { type: string; uid: string }): Json {
  const { name, enable, hide, iconColor, builtIn, type } = annotation;
  const base: Json = { datasource: source, enable: enable ?? true, hide: hide ?? false, iconColor: iconColor ?? 'red', name };
  if (source.uid === GRAFANA_SOURCE.uid) {
    return builtIn
      ? { builtIn, ...base, type: type ?? 'dashboard' }
      : { ...base, target: { limit: 100, matchAny: false, tags: [], type: 'dashboard' } };
  }
  const kind = canonical(source.type);
  if (kind === 'prometheus')
    return { ...base, target: { expr: '', refId: 'Anno' }, step: '', titleFormat: '', tagKeys: '', textFormat: '', useValueForTime: false };
  if (kind === 'loki')
    return { ...base, target: { expr: '', refId: 'Anno' }, titleFormat: '', tagKeys: '', textFormat: '', instant: false };
  // Grafana's SQL data sources keep the query as a table-format target (`rawQuery` is how old dashboards held it).
  return { ...base, target: { refId: 'Anno', rawSql: '', format: 'table', rawQuery: true, editorMode: 'code' } };
}

/** The query text of an annotation, wherever its Grafana version kept it. */
export function queryTextOf(annotation: Json, kind: AnnotationKind): string {
  const target = targetOf(annotation);
  const pick = (...values: unknown[]) => (values.find((v) => typeof v === 'string' && v !== '') as string | undefined) ?? '';
  if (kind === 'sql') return pick(annotation.rawQuery, target.rawSql);
  return pick(target.expr, annotation.expr);
}

/** The annotation with its query text set where today's Grafana keeps it (older top-level copies dropped, so they cannot win). */
export function withQueryText(annotation: Json, kind: AnnotationKind, text: string): Json {
  const { expr: _expr, rawQuery: _rawQuery, ...rest } = annotation;
  const target = targetOf(annotation);
  if (kind === 'sql')
    return { ...rest, target: { refId: 'Anno', format: 'table', rawQuery: true, editorMode: 'code', ...target, rawSql: text } };
  return { ...rest, target: { refId: 'Anno', ...target, expr: text } };
}
