/**
 * PostgreSQL queries (`grafana-postgresql-datasource`, alias `postgres`): Grafana's macros, then
 * the SQL in a read-only transaction with a statement timeout, over a pooled connection. The
 * extended protocol runs exactly one statement, so `COMMIT; DELETE ...` cannot leave the
 * read-only transaction.
 */
import type pg from 'pg';
import { loadPg } from '../drivers';
import { describeConnectError } from '../health/network';
import { hostAndPort } from '../health/sql';
import { HealthError, seconds } from '../health/types';
import { isDeniedError, resolveAllowed } from '../outgoing';
import { downstreamError, QueryError } from './errors';
import type { FieldKind } from './frames';
import { connectTimeoutMs, poolFor, type PooledConnection } from './pools';
import { expandSqlMacros, sqlFrames, sqlQueryOf, type SqlColumn } from './sql';
import type { QueryRunner, QueryTarget } from './types';

const TYPE = {
  bool: 16,
  int8: 20,
  int2: 21,
  int4: 23,
  oid: 26,
  float4: 700,
  float8: 701,
  numeric: 1700,
  date: 1082,
  timestamp: 1114,
  timestamptz: 1184,
  interval: 1186,
};

/** Numbers as numbers (int8 and numeric arrive as text), and timestamps without zone read as UTC, as Grafana does. */
const typeParsersOf = (types: typeof pg.types) => ({
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case TYPE.int8:
      case TYPE.numeric:
        return (text: string) => Number(text);
      case TYPE.timestamp:
        return (text: string) => (/^\d{4}-/.test(text) ? new Date(`${text.replace(' ', 'T')}Z`) : text);
      case TYPE.date:
        return (text: string) => (/^\d{4}-/.test(text) ? new Date(`${text}T00:00:00Z`) : text);
      case TYPE.interval:
        return (text: string) => text;
      default:
        return format === 'binary' ? types.getTypeParser(oid, 'binary') : types.getTypeParser(oid, 'text');
    }
  },
});

function kindOf(oid: number): FieldKind {
  switch (oid) {
    case TYPE.bool:
      return 'boolean';
    case TYPE.int8:
    case TYPE.int2:
    case TYPE.int4:
    case TYPE.oid:
    case TYPE.float4:
    case TYPE.float8:
    case TYPE.numeric:
      return 'number';
    case TYPE.date:
    case TYPE.timestamp:
    case TYPE.timestamptz:
      return 'time';
    default:
      return 'string';
  }
}

interface PgPool extends PooledConnection {
  pool: pg.Pool;
  shown: string;
}

function describe(error: unknown, target: QueryTarget, shown: string, timeoutMs: number): QueryError {
  if (error instanceof QueryError) return error;
  if (isDeniedError(error)) return new QueryError(`${shown}: ${(error as Error).message}`, 403, 'plugin');
  const err = error as NodeJS.ErrnoException & { code?: string; message: string; position?: string };
  const network = describeConnectError(err, shown, timeoutMs);
  if (network) return downstreamError(network, 502);
  switch (err.code) {
    case '28P01':
      return downstreamError(`authentication failed for user "${target.user}" at ${shown}: check the data source's user and password`, 502);
    case '3D000':
      return downstreamError(`the database does not exist at ${shown}: check the data source's database`, 502);
    case '57014':
      return downstreamError(`the query ran longer than ${seconds(timeoutMs)} (the data source's timeout) and was cancelled`, 504);
    case '25006':
      return downstreamError(`PostgreSQL: ${err.message}: Sightline runs queries in a read-only transaction`);
  }
  if (/timeout/i.test(err.message)) return downstreamError(`timed out after ${seconds(timeoutMs)} waiting for PostgreSQL at ${shown}`, 504);
  const where = err.position ? ` (at character ${err.position})` : '';
  return downstreamError(`PostgreSQL: ${err.message}${where}`);
}

async function createPool(target: QueryTarget, timeoutMs: number): Promise<PgPool> {
  let endpoint;
  try {
    endpoint = hostAndPort(target.url, 5432);
  } catch (error) {
    throw new QueryError(error instanceof HealthError ? error.message : String(error));
  }
  const database = String(target.jsonData.database ?? '').trim() || target.database.trim();
  if (!database) throw new QueryError('no database is set on the data source: enter the database to connect to');
  // Resolved once, through the deny list; the pool then connects to that address only.
  const address = await resolveAllowed(endpoint.host).catch((error: unknown) => {
    throw describe(error, target, endpoint.shown, timeoutMs);
  });
  const sslmode = String(target.jsonData.sslmode ?? 'disable');
  const ssl =
    sslmode === 'disable'
      ? false
      : {
          rejectUnauthorized: sslmode === 'verify-full' || sslmode === 'verify-ca',
          ca: target.secrets.tlsCACert || undefined,
          cert: target.secrets.tlsClientCert || undefined,
          key: target.secrets.tlsClientKey || undefined,
          servername: endpoint.host,
        };
  const maxOpen = Number(target.jsonData.maxOpenConns);
  const pgDriver = await loadPg();
  const pool = new pgDriver.Pool({
    host: address,
    port: endpoint.port,
    database,
    user: target.user,
    password: target.secrets.password ?? '',
    ssl,
    max: Number.isInteger(maxOpen) && maxOpen > 0 ? Math.min(maxOpen, 100) : 10,
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: connectTimeoutMs(timeoutMs),
    application_name: 'sightline',
    types: typeParsersOf(pgDriver.types),
  });
  // An idle connection the server drops must not crash the process.
  pool.on('error', () => undefined);
  return { pool, shown: endpoint.shown, close: () => pool.end() };
}

export const runPostgres: QueryRunner = async (context) => {
  const { target, timeoutMs, range } = context;
  const { rawSql, format, intervalMs } = sqlQueryOf(context);
  const expanded = expandSqlMacros('postgres', rawSql, range, intervalMs);
  const { pool, shown } = await poolFor(target, () => createPool(target, timeoutMs));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw describe(error, target, shown, connectTimeoutMs(timeoutMs));
  }
  let broken = false;
  try {
    await client.query('BEGIN TRANSACTION READ ONLY');
    await client.query(`SET LOCAL statement_timeout = ${Math.round(timeoutMs)}`);
    const result = await client.query({ text: expanded.sql, rowMode: 'array', queryMode: 'extended' } as pg.QueryConfig & {
      rowMode: 'array';
      queryMode: 'extended';
    });
    const columns: SqlColumn[] = result.fields.map((field) => ({ name: field.name, kind: kindOf(field.dataTypeID) }));
    return sqlFrames(columns, result.rows as unknown[][], { format, executed: expanded.sql, fill: expanded.fill, range });
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Errors without an SQLSTATE are the connection's own: do not hand it out again.
    if (!(error instanceof QueryError)) broken = !code || !/^[0-9A-Z]{5}$/.test(code);
    throw describe(error, target, shown, timeoutMs);
  } finally {
    if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
    client.release(broken);
  }
};
