import type { DataQuery } from '../queryKinds';

/** A new Loki query as Grafana's editor starts one: a range query. */
export function defaultLokiQuery(base: DataQuery): DataQuery {
  return { ...base, expr: '', queryType: 'range' };
}
