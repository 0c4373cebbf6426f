import type { DataQuery } from '../queryKinds';

/** A new Prometheus query as Grafana's editor starts one: a range query, the legend named by Grafana. */
export function defaultPrometheusQuery(base: DataQuery): DataQuery {
  return { ...base, expr: '', range: true, instant: false };
}

export type LegendMode = 'auto' | 'verbose' | 'custom';

/** Grafana's legend modes: `__auto` names series by their distinct labels, empty by all of them, anything else is a `{{label}}` template. */
export function legendModeOf(legendFormat: unknown): LegendMode {
  if (legendFormat === '__auto') return 'auto';
  if (typeof legendFormat !== 'string' || legendFormat === '') return 'verbose';
  return 'custom';
}

export type QueryType = 'range' | 'instant' | 'both';

export function queryTypeOf(query: DataQuery): QueryType {
  if (query.instant === true) return query.range === true ? 'both' : 'instant';
  return 'range';
}

export const QUERY_TYPE_FIELDS: Record<QueryType, { range: boolean; instant: boolean }> = {
  range: { range: true, instant: false },
  instant: { range: false, instant: true },
  both: { range: true, instant: true },
};
