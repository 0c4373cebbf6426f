import { dataSourceTypeAliases } from '../../contract/datasources';
import type { testDataScenarioIds } from '../../contract/query';

/** One query of a panel, Explore pane or alert rule, as Grafana stores it (`targets[]`). */
export interface DataQuery {
  refId: string;
  datasource?: { type?: string; uid?: string };
  hide?: boolean;
  [field: string]: unknown;
}

/** The query languages the editors speak: each data source type speaks one. */
export type QueryKind = 'promql' | 'logql' | 'sql' | 'testdata' | 'unsupported';

export function queryKindOf(type: string | undefined): QueryKind {
  const canonical = type ? (dataSourceTypeAliases[type] ?? type) : undefined;
  switch (canonical) {
    case 'prometheus':
      return 'promql';
    case 'loki':
      return 'logql';
    case 'grafana-postgresql-datasource':
    case 'mysql':
      return 'sql';
    case 'grafana-testdata-datasource':
      return 'testdata';
    default:
      return 'unsupported';
  }
}

/** The field holding a query's text, for the kinds that have one. */
export function textFieldOf(kind: QueryKind): 'expr' | 'rawSql' | undefined {
  if (kind === 'promql' || kind === 'logql') return 'expr';
  if (kind === 'sql') return 'rawSql';
  return undefined;
}

/** A new query of this kind, with Grafana's defaults for its data source type. */
export function defaultQuery(refId: string, datasource: { type: string; uid: string }): DataQuery {
  const base = { refId, datasource: { type: datasource.type, uid: datasource.uid } };
  switch (queryKindOf(datasource.type)) {
    case 'promql':
      return { ...base, expr: '', range: true, instant: false };
    case 'logql':
      return { ...base, expr: '', queryType: 'range' };
    case 'sql':
      return { ...base, rawSql: '', format: 'table', rawQuery: true, editorMode: 'code' };
    case 'testdata':
      return { ...base, scenarioId: 'random_walk', seriesCount: 1 };
    default:
      return base;
  }
}

/**
 * Whether a query has something to run. As Grafana's data sources filter queries before asking,
 * an empty PromQL, LogQL or SQL text is not sent (the server would refuse it).
 */
export function isRunnable(query: DataQuery, kind: QueryKind): boolean {
  if (query.hide === true) return false;
  const field = textFieldOf(kind);
  if (!field) return kind === 'testdata';
  const text = query[field];
  return typeof text === 'string' && text.trim() !== '';
}

export const TESTDATA_SCENARIOS: ReadonlyArray<{ value: (typeof testDataScenarioIds)[number]; label: string }> = [
  { value: 'random_walk', label: 'Random Walk' },
  { value: 'csv_content', label: 'CSV Content' },
  { value: 'csv_metric_values', label: 'CSV Metric Values' },
  { value: 'predictable_pulse', label: 'Predictable Pulse' },
  { value: 'no_data_points', label: 'No Data Points' },
];
