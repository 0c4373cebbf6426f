/**
 * The SQL drivers, loaded the first time a PostgreSQL or MySQL data source is checked or queried:
 * together they cost about 25 MB of resident memory that a server without such data sources
 * never needs.
 */
import type pgModule from 'pg';
import type mysqlModule from 'mysql2/promise';

let pg: Promise<typeof pgModule> | undefined;
let mysql: Promise<typeof mysqlModule> | undefined;

export function loadPg(): Promise<typeof pgModule> {
  pg ??= import('pg').then((m) => m.default);
  return pg;
}

export function loadMysql(): Promise<typeof mysqlModule> {
  mysql ??= import('mysql2/promise').then((m) => m.default);
  return mysql;
}
