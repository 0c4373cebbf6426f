import { dataSourceTypeAliases } from '../../contract/datasources';
import { defaultLokiQuery } from './loki/defaults';
import { defaultPrometheusQuery } from './prometheus/defaults';
import { defaultSqlQuery } from './sql/defaults';
import { defaultTestDataQuery } from './testdata/defaults';

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
      return defaultPrometheusQuery(base);
    case 'logql':
      return defaultLokiQuery(base);
    case 'sql':
      return defaultSqlQuery(base);
    case 'testdata':
      return defaultTestDataQuery(base);
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
