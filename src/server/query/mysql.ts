/**
 * MySQL and MariaDB queries (`mysql`): Grafana's MySQL macros, then one read statement (see
 * `sql-statements.ts`: DDL, `LOCK TABLES` and `SET` get past a read-only transaction in MySQL) in a
 * read-only transaction with a statement time limit, over a pooled connection that runs one
 * statement per call (multiple statements are off). Rows are read as they arrive, up to the row
 * and byte limits, and the connection's session is reset before anyone else uses it.
 */
import net from 'node:net';
import type mysql from 'mysql2/promise';
import { loadMysql } from '../drivers';
import { resolveAllowed } from '../outgoing';
import { downstreamError, QueryError } from './errors';
import type { FieldKind } from './frames';
import { connectTimeoutMs, poolFor, type PooledConnection } from './pools';
import { queryLimitsOf, ResultBudget } from './limits';
import { expandSqlMacros, SqlResultReader, sqlQueryOf, type SqlColumn } from './sql';
import { readStatementOf } from './sql-statements';
import { describeSqlError, poolSizeOf, sqlEndpointOf, type SqlDriverErrors } from './sqlServers';
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

const mysqlErrors: SqlDriverErrors<NodeJS.ErrnoException & { errno?: number; sqlMessage?: string }> = {
  serverName: 'MySQL',
  messageOf: (err) => err.sqlMessage ?? err.message,
  failureOf(err) {
    switch (err.code) {
      case 'ER_ACCESS_DENIED_ERROR':
        return 'authentication';
      case 'ER_BAD_DB_ERROR':
        return 'unknownDatabase';
      case 'PROTOCOL_SEQUENCE_TIMEOUT':
      case 'ER_STATEMENT_TIMEOUT':
      case 'ER_QUERY_TIMEOUT':
        return 'timeout';
      case 'ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION':
        return 'readOnly';
    }
    // MariaDB's max_statement_time and MySQL's max_execution_time, by number.
    return err.errno === 1969 || err.errno === 3024 ? 'timeout' : undefined;
  },
  otherwise: (err) => downstreamError(`MySQL: ${err.sqlMessage ?? err.message}`),
};

const describe = (error: unknown, target: QueryTarget, shown: string, timeoutMs: number): QueryError =>
  describeSqlError(error, target, shown, timeoutMs, mysqlErrors);

async function createPool(target: QueryTarget, timeoutMs: number): Promise<MySqlPool> {
  const { endpoint, database } = sqlEndpointOf(target, 3306);
  const address = await resolveAllowed(endpoint.host).catch((error: unknown) => {
    throw describe(error, target, endpoint.shown, timeoutMs);
  });
  const tls = target.jsonData.tlsAuth === true || target.jsonData.tlsAuthWithCACert === true;
  const verifyTls = tls && target.jsonData.tlsSkipVerify !== true;
  const mysqlDriver = await loadMysql();
  const pool = mysqlDriver.createPool({
    // The driver checks a certificate against `host`, so a verified TLS connection keeps the name
    // there; every connection dials the address checked above all the same, so a name that resolves
    // elsewhere the second time (DNS rebinding) cannot reach a denied address.
    host: verifyTls ? endpoint.host : address,
    port: endpoint.port,
    stream: () => {
      const socket = net.connect({ host: address, port: endpoint.port });
      socket.setNoDelay(true);
      socket.on('connect', () => socket.setKeepAlive(true));
      return socket;
    },
    user: target.user,
    password: target.secrets.password ?? '',
    database: database || undefined,
    connectTimeout: connectTimeoutMs(timeoutMs),
    connectionLimit: poolSizeOf(target),
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
  // A connection the server drops must not crash the process. (Its session is set up by each
  // query that takes it: see `runMySql`.)
  pool.on('connection', (connection) => connection.on('error', () => undefined));
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

/** The driver's own (callback-style) connection under the promise wrapper: it streams rows as events. */
interface CoreConnection {
  query(options: { sql: string; rowsAsArray: boolean }): NodeJS.EventEmitter;
  stream: { destroy(): void };
}

/**
 * Runs `sql` and hands each row to a reader as it arrives, stopping at the reader's limits. When
 * reading stops early, rows are still on their way and `finished` stays false: the caller must
 * close the connection instead of reusing it.
 */
function streamRows(
  connection: mysql.PoolConnection,
  sql: string,
  timeoutMs: number,
  readerFor: (columns: SqlColumn[]) => SqlResultReader,
  state: { finished: boolean },
): Promise<SqlResultReader> {
  const core = (connection as unknown as { connection: CoreConnection }).connection;
  return new Promise((resolve, reject) => {
    let reader: SqlResultReader | undefined;
    let settled = false;
    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error !== undefined) reject(error);
      else if (!reader) reject(new QueryError('the statement returned no result set: only statements that read data can be used'));
      else resolve(reader);
    };
    // The client-side limit is a little longer, so the server's own limit answers first.
    const timer = setTimeout(() => {
      settle(Object.assign(new Error('Query inactivity timeout'), { code: 'PROTOCOL_SEQUENCE_TIMEOUT' }));
    }, timeoutMs + 2000);
    const query = core.query({ sql, rowsAsArray: true });
    query.on('fields', (fields?: mysql.FieldPacket[]) => {
      if (!fields || settled) return;
      try {
        reader = readerFor(fields.map((field) => ({ name: field.name, kind: kindOf(field.type ?? field.columnType) })));
      } catch (error) {
        settle(error);
      }
    });
    query.on('result', (row: unknown) => {
      if (settled) return;
      // A statement without a result set answers one OK packet instead of rows.
      if (!reader || !Array.isArray(row)) return settle();
      try {
        if (!reader.add(row)) settle();
      } catch (error) {
        settle(error);
      }
    });
    query.on('error', (error: unknown) => {
      state.finished = true;
      settle(error);
    });
    query.on('end', () => {
      state.finished = true;
      settle();
    });
  });
}

/** Waits for `promise` at most `ms`; false when it failed or took longer. */
async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export const runMySql: QueryRunner = async (context) => {
  const { target, timeoutMs, range } = context;
  const { rawSql, format, intervalMs } = sqlQueryOf(context);
  const expanded = expandSqlMacros('mysql', rawSql, range, intervalMs);
  // Checked on the text the server will see, before any connection is taken.
  readStatementOf('mysql', expanded.sql);
  const limits = queryLimitsOf(target.jsonData);
  const budget = context.resultBudget ?? new ResultBudget();
  const { pool, shown, mariaDb } = await poolFor(target, () => createPool(target, timeoutMs));
  let connection: mysql.PoolConnection;
  try {
    connection = await pool.getConnection();
  } catch (error) {
    throw describe(error, target, shown, connectTimeoutMs(timeoutMs));
  }
  // Whether the connection can be reset and handed out again; otherwise it is closed.
  let reusable = true;
  const statement = { finished: true };
  try {
    // Every use starts in UTC (DATETIME, UNIX_TIMESTAMP() and FROM_UNIXTIME(): the macros and the
    // time column are epoch-based), with the server's own statement time limit.
    await connection.query(
      `SET SESSION time_zone = '+00:00', SESSION ${
        mariaDb ? `max_statement_time = ${(timeoutMs / 1000).toFixed(3)}` : `max_execution_time = ${Math.round(timeoutMs)}`
      }`,
    );
    await connection.query('START TRANSACTION READ ONLY');
    statement.finished = false;
    const reader = await streamRows(
      connection,
      expanded.sql,
      timeoutMs,
      (columns) => new SqlResultReader(columns, format, limits, budget),
      statement,
    );
    return reader.frames({ executed: expanded.sql, fill: expanded.fill, range });
  } catch (error) {
    const err = error as { code?: string; fatal?: boolean };
    if (err.fatal === true || err.code === 'PROTOCOL_SEQUENCE_TIMEOUT') reusable = false;
    throw describe(error, target, shown, timeoutMs);
  } finally {
    // Rows still on their way (a limit stopped the reading): close the connection, which also
    // makes the server stop sending them.
    if (!statement.finished) reusable = false;
    // COM_RESET_CONNECTION: rolls back, drops temporary tables, releases LOCK TABLES and
    // GET_LOCK() locks, forgets user variables and resets every session variable, so nothing a
    // query did reaches the next one on this connection.
    if (reusable) reusable = await within(connection.reset(), connectTimeoutMs(timeoutMs));
    if (reusable) connection.release();
    else {
      connection.destroy();
      (connection as unknown as { connection: CoreConnection }).connection.stream.destroy();
    }
  }
};
