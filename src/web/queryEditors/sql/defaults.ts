import type { DataQuery } from '../queryKinds';

/** A new SQL query as Grafana's code editor starts one: raw SQL, as a table. */
export function defaultSqlQuery(base: DataQuery): DataQuery {
  return { ...base, rawSql: '', format: 'table', rawQuery: true, editorMode: 'code' };
}
