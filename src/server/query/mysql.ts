/**
 * MySQL and MariaDB queries (`mysql`): Grafana's MySQL macros, then the SQL in a read-only
 * transaction with a statement time limit, over a pooled connection that runs one statement per
 * call (multiple statements are off).
 */
import type mysql from 'mysql2/promise';
import { loadMysql } from '../drivers';
import { describeConnectError } from '../health/network';
import { hostAndPort } from '../health/sql';
import { HealthError, seconds } from '../health/types';
import { isDeniedError, resolveAllowed } from '../outgoing';
import { downstreamError, QueryError } from './errors';
import type { FieldKind } from './frames';
import { connectTimeoutMs, poolFor, type PooledConnection } from './pools';
import { expandSqlMacros, sqlFrames, sqlQueryOf, type SqlColumn } from './sql';
import type { QueryRunner, QueryTarget } from './types';

// mysql2's column type codes.
const numberTypes = new Set([0, 1, 2, 3, 4, 5, 8, 9, 13, 246]);
const timeTypes = new Set([7, 10, 12, 14]);

function kindOf(type: number | undefined): FieldKind {
  if (type === undefined) return 'string';
  if (numberTypes.has(type)) return 'number';
  if (timeTypes.has(type)) return 'time';
  return 'string';
}

interface MySqlPool extends PooledConnection {
  pool: mysql.Pool;
  shown: string;
  /** MariaDB limits statements in seconds (`max_statement_time`), MySQL in ms (`max_execution_time`). */
  mariaDb: boolean;
}

function describe(error: unknown, target: QueryTarget, shown: string, timeoutMs: number): QueryError {
  if (error instanceof QueryError) return error;
  if (isDeniedError(error)) return new QueryError(`${shown}: ${(error as Error).message}`, 403, 'plugin');
  const err = error as NodeJS.ErrnoException & { errno?: number; sqlMessage?: string };
  const network = describeConnectError(err, shown, timeoutMs);
  if (network) return downstreamError(network, 502);
  switch (err.code) {
    case 'ER_ACCESS_DENIED_ERROR':
      return downstreamError(`authentication failed for user "${target.user}" at ${shown}: check the data source's user and password`, 502);
    case 'ER_BAD_DB_ERROR':
      return downstreamError(`the database does not exist at ${shown}: check the data source's database`, 502);
    case 'PROTOCOL_SEQUENCE_TIMEOUT':
    case 'ER_STATEMENT_TIMEOUT':
    case 'ER_QUERY_TIMEOUT':
      return downstreamError(`the query ran longer than ${seconds(timeoutMs)} (the data source's timeout) and was cancelled`, 504);
    case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
      return downstreamError(`MySQL: ${err.sqlMessage ?? err.message}: Sightline runs queries in a read-only transaction`);
  }
  if (err.errno === 1969 || err.errno === 3024)
    return downstreamError(`the query ran longer than ${seconds(timeoutMs)} (the data source's timeout) and was cancelled`, 504);
  return downstreamError(`MySQL: ${err.sqlMessage ?? err.message}`);
}

async function createPool(target: QueryTarget, timeoutMs: number): Promise<MySqlPool> {
  let endpoint;
  try {
    endpoint = hostAndPort(target.url, 3306);
  } catch (error) {
    throw new QueryError(error instanceof HealthError ? error.message : String(error));
  }
  const database = String(target.jsonData.database ?? '').trim() || target.database.trim();
  const address = await resolveAllowed(endpoint.host).catch((error: unknown) => {
    throw describe(error, target, endpoint.shown, timeoutMs);
  });
  const maxOpen = Number(target.jsonData.maxOpenConns);
  const tls = target.jsonData.tlsAuth === true || target.jsonData.tlsAuthWithCACert === true;
  const verifyTls = tls && target.jsonData.tlsSkipVerify !== true;
  const mysqlDriver = await loadMysql();
  const pool = mysqlDriver.createPool({
    // The driver checks the certificate against the host it dials, so a verified TLS connection
    // dials the name (already checked against the deny list above); otherwise the checked address.
    host: verifyTls ? endpoint.host : address,
    port: endpoint.port,
    user: target.user,
    password: target.secrets.password ?? '',
    database: database || undefined,
    connectTimeout: connectTimeoutMs(timeoutMs),
    connectionLimit: Number.isInteger(maxOpen) && maxOpen > 0 ? Math.min(maxOpen, 100) : 10,
    maxIdle: 2,
    idleTimeout: 60_000,
    enableKeepAlive: true,
    // DATETIME without a zone is read as UTC, as Grafana reads it; DECIMAL as numbers.
    timezone: 'Z',
    decimalNumbers: true,
    supportBigNumbers: true,
    multipleStatements: false,
    ssl: tls
      ? {
          rejectUnauthorized: verifyTls,
          ca: target.secrets.tlsCACert || undefined,
          cert: target.secrets.tlsClientCert || undefined,
          key: target.secrets.tlsClientKey || undefined,
        }
      : undefined,
  });
  pool.on('connection', (connection) => {
    connection.on('error', () => undefined);
    // DATETIME, UNIX_TIMESTAMP() and FROM_UNIXTIME() in UTC, whatever the server's zone: the
    // macros and the time column are epoch-based.
    // (The event hands over the driver's callback-style connection, whatever the typings say.)
    (connection as unknown as { query(sql: string, done: () => void): void }).query("SET time_zone = '+00:00'", () => undefined);
  });
  let mariaDb = false;
  try {
    const [rows] = await pool.query<mysql.RowDataPacket[]>({ sql: 'SELECT VERSION() AS version', timeout: connectTimeoutMs(timeoutMs) });
    mariaDb = /mariadb/i.test(String(rows[0]?.version ?? ''));
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw describe(error, target, endpoint.shown, connectTimeoutMs(timeoutMs));
  }
  return { pool, shown: endpoint.shown, mariaDb, close: () => pool.end() };
}

export const runMySql: QueryRunner = async (context) => {
  const { target, timeoutMs, range } = context;
  const { rawSql, format, intervalMs } = sqlQueryOf(context);
  const expanded = expandSqlMacros('mysql', rawSql, range, intervalMs);
  const { pool, shown, mariaDb } = await poolFor(target, () => createPool(target, timeoutMs));
  let connection: mysql.PoolConnection;
  try {
    connection = await pool.getConnection();
  } catch (error) {
    throw describe(error, target, shown, connectTimeoutMs(timeoutMs));
  }
  let broken = false;
  try {
    await connection.query(
      mariaDb
        ? `SET SESSION max_statement_time = ${(timeoutMs / 1000).toFixed(3)}`
        : `SET SESSION max_execution_time = ${Math.round(timeoutMs)}`,
    );
    await connection.query('START TRANSACTION READ ONLY');
    // The client-side limit is a little longer, so the server's own limit answers first.
    const [rows, fields] = await connection.query<mysql.RowDataPacket[][]>({
      sql: expanded.sql,
      rowsAsArray: true,
      timeout: timeoutMs + 2000,
    });
    if (!Array.isArray(fields)) throw new QueryError('the statement returned no rows: only queries that read data (SELECT) can be used');
    const columns: SqlColumn[] = fields.map((field) => ({ name: field.name, kind: kindOf(field.type ?? field.columnType) }));
    return sqlFrames(columns, rows as unknown as unknown[][], { format, executed: expanded.sql, fill: expanded.fill, range });
  } catch (error) {
    const err = error as { code?: string; sqlState?: string; fatal?: boolean };
    if (!(error instanceof QueryError)) broken = err.fatal === true || err.code === 'PROTOCOL_SEQUENCE_TIMEOUT';
    throw describe(error, target, shown, timeoutMs);
  } finally {
    if (!broken) await connection.query('ROLLBACK').catch(() => (broken = true));
    if (broken) connection.destroy();
    else connection.release();
  }
};
