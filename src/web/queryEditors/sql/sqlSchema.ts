import { apiFetch } from '../../api/client';
import type { DataSourceSummary } from '../../api/dataSources';
import { queryResponseSchema } from '../../../contract/query';

/**
 * The tables and columns a SQL data source's connection sees, asked as Grafana's SQL editor does:
 * a read-only query of `information_schema` through `/api/ds/query` (the server lets only
 * SELECT and SHOW through). PostgreSQL: the schemas on the search path; MySQL: the connection's
 * database.
 */
function schemaSql(type: string): string {
  const where =
    type === 'mysql' ? 'table_schema = DATABASE()' : "table_schema = ANY (current_schemas(false)) AND table_schema <> 'information_schema'";
  return `SELECT table_name AS table_name, column_name AS column_name FROM information_schema.columns WHERE ${where} ORDER BY table_name, ordinal_position LIMIT 5000`;
}

/** Each table's columns, in their order. */
export type SqlSchema = Record<string, string[]>;

export async function loadSqlSchema(dataSource: DataSourceSummary): Promise<SqlSchema> {
  const body = {
    from: 'now-1h',
    to: 'now',
    queries: [
      { refId: 'schema', datasource: { uid: dataSource.uid, type: dataSource.type }, rawSql: schemaSql(dataSource.type), format: 'table' },
    ],
  };
  const answer = await apiFetch('/api/ds/query', { method: 'POST', body, schema: queryResponseSchema });
  const frame = answer.results.schema?.frames?.[0];
  const names = frame?.schema.fields.map((f) => f.name.toLowerCase()) ?? [];
  const tables = frame?.data?.values[names.indexOf('table_name')] ?? [];
  const columns = frame?.data?.values[names.indexOf('column_name')] ?? [];
  const schema: SqlSchema = {};
  tables.forEach((table, i) => {
    if (typeof table !== 'string') return;
    const column = columns[i];
    (schema[table] ??= []).push(...(typeof column === 'string' ? [column] : []));
  });
  return schema;
}
