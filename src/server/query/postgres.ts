/**
 * PostgreSQL queries (`grafana-postgresql-datasource`, alias `postgres`): Grafana's macros, then
 * one read statement (`sql-statements.ts`) in a read-only transaction with a statement timeout,
 * over a pooled connection. The extended protocol runs exactly one statement, so
 * `COMMIT; DELETE ...` cannot leave the read-only transaction either. A query's rows are read
 * through a server-side cursor, a batch at a time, up to the row and byte limits; `DISCARD ALL`
 * clears the session (advisory locks, prepared statements, settings) before the connection is
 * handed out again.
 */
import type pg from 'pg';
import { loadPg } from '../drivers';
import { seconds } from '../health/types';
import { resolveAllowed } from '../outgoing';
import { downstreamError, QueryError } from './errors';
import type { FieldKind } from './frames';
import { connectTimeoutMs, poolFor, type PooledConnection } from './pools';
import { queryLimitsOf, ResultBudget } from './limits';
import { expandSqlMacros, SqlResultReader, sqlQueryOf, type SqlColumn } from './sql';
import { readStatementOf } from './sql-statements';
import { describeSqlError, poolSizeOf, queryTimedOut, sqlEndpointOf, type SqlDriverErrors, type SqlFailure } from './sqlServers';
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

/** SQLSTATE codes of the failures every SQL server has. */
const postgresFailures = new Map<string | undefined, SqlFailure>([
  ['28P01', 'authentication'],
  ['3D000', 'unknownDatabase'],
  ['57014', 'timeout'],
  ['25006', 'readOnly'],
]);

const postgresErrors: SqlDriverErrors<NodeJS.ErrnoException & { message: string; position?: string }> = {
  serverName: 'PostgreSQL',
  messageOf: (err) => err.message,
  failureOf: (err) => postgresFailures.get(err.code),
  otherwise(err, shown, timeoutMs) {
    if (/timeout/i.test(err.message))
      return downstreamError(`timed out after ${seconds(timeoutMs)} waiting for PostgreSQL at ${shown}`, 504);
    const where = err.position ? ` (at character ${err.position})` : '';
    return downstreamError(`PostgreSQL: ${err.message}${where}`);
  },
};

const describe = (error: unknown, target: QueryTarget, shown: string, timeoutMs: number): QueryError =>
  describeSqlError(error, target, shown, timeoutMs, postgresErrors);

async function createPool(target: QueryTarget, timeoutMs: number): Promise<PgPool> {
  const { endpoint, database } = sqlEndpointOf(target, 5432);
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
  const pgDriver = await loadPg();
  const pool = new pgDriver.Pool({
    host: address,
    port: endpoint.port,
    database,
    user: target.user,
    password: target.secrets.password ?? '',
    ssl,
    max: poolSizeOf(target),
    idleTimeoutMillis: 60_000,
    connectionTimeoutMillis: connectTimeoutMs(timeoutMs),
    application_name: 'sightline',
    // Sessions start in UTC, as the macros assume; DISCARD ALL returns to it.
    options: '-c TimeZone=UTC',
    types: typeParsersOf(pgDriver.types),
  });
  // An idle connection the server drops must not crash the process.
  pool.on('error', () => undefined);
  return { pool, shown: endpoint.shown, close: () => pool.end() };
}

const CURSOR = 'sightline_rows';
const DECLARE = `DECLARE ${CURSOR} NO SCROLL CURSOR FOR\n`;
/** Rows in the first FETCH; later ones hold about BATCH_BYTES, judging by the rows read so far. */
const FIRST_BATCH_ROWS = 500;
const BATCH_BYTES = 4 * 1024 * 1024;

const columnsOf = (fields: pg.FieldDef[]): SqlColumn[] => fields.map((field) => ({ name: field.name, kind: kindOf(field.dataTypeID) }));

/**
 * Reads a query through a cursor in the open transaction: FETCH by FETCH, each under what is left
 * of the time limit, until the rows end or the reader's limits stop it (one row past the row
 * limit is fetched, so the limit is only reported when there were more rows).
 */
async function readThroughCursor(
  client: pg.PoolClient,
  sql: string,
  makeReader: (columns: SqlColumn[]) => SqlResultReader,
  rowLimit: number,
  deadline: number,
  timeoutMs: number,
): Promise<SqlResultReader> {
  try {
    await client.query({ text: DECLARE + sql, queryMode: 'extended' } as pg.QueryConfig & { queryMode: 'extended' });
  } catch (error) {
    // Positions in the server's message count from the start of the query as written.
    const err = error as { position?: string };
    if (err.position) err.position = String(Math.max(1, Number(err.position) - DECLARE.length));
    throw error;
  }
  let reader: SqlResultReader | undefined;
  let batch = FIRST_BATCH_ROWS;
  for (;;) {
    const left = Math.ceil(deadline - performance.now());
    if (left <= 0) throw queryTimedOut(timeoutMs);
    const wanted = Math.max(1, Math.min(batch, rowLimit - (reader?.rows ?? 0) + 1));
    const [, fetched] = (await client.query({
      text: `SET LOCAL statement_timeout = ${left}; FETCH FORWARD ${wanted} FROM ${CURSOR}`,
      rowMode: 'array',
    })) as unknown as [pg.QueryResult, pg.QueryResult<unknown[]>];
    reader ??= makeReader(columnsOf(fetched!.fields));
    let stopped = false;
    for (const row of fetched!.rows) {
      if (!reader.add(row)) {
        stopped = true;
        break;
      }
    }
    if (stopped || fetched!.rows.length < wanted) return reader;
    const bytesPerRow = reader.rows > 0 ? reader.bytesRead / reader.rows : 64;
    batch = Math.min(10_000, Math.max(100, Math.floor(BATCH_BYTES / Math.max(bytesPerRow, 1))));
  }
}

export const runPostgres: QueryRunner = async (context) => {
  const { target, timeoutMs, range } = context;
  const { rawSql, format, intervalMs } = sqlQueryOf(context);
  const expanded = expandSqlMacros('postgres', rawSql, range, intervalMs);
  // Checked on the text the server will see, before any connection is taken.
  const statement = readStatementOf('postgres', expanded.sql);
  const limits = queryLimitsOf(target.jsonData);
  const budget = context.resultBudget ?? new ResultBudget();
  const makeReader = (columns: SqlColumn[]) => new SqlResultReader(columns, format, limits, budget);
  const { pool, shown } = await poolFor(target, () => createPool(target, timeoutMs));
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    throw describe(error, target, shown, connectTimeoutMs(timeoutMs));
  }
  const deadline = performance.now() + timeoutMs;
  let broken = false;
  try {
    await client.query(`BEGIN TRANSACTION READ ONLY; SET LOCAL statement_timeout = ${Math.round(timeoutMs)}`);
    let reader: SqlResultReader;
    if (statement.query) {
      reader = await readThroughCursor(client, statement.text, makeReader, limits.rowLimit, deadline, timeoutMs);
    } else {
      // SHOW and EXPLAIN cannot be read through a cursor; they answer a few rows.
      const result = await client.query({ text: statement.text, rowMode: 'array', queryMode: 'extended' } as pg.QueryConfig & {
        rowMode: 'array';
        queryMode: 'extended';
      });
      reader = makeReader(columnsOf(result.fields));
      for (const row of result.rows as unknown[][]) if (!reader.add(row)) break;
    }
    return reader.frames({ executed: expanded.sql, fill: expanded.fill, range });
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Errors without an SQLSTATE are the connection's own: do not hand it out again.
    if (!(error instanceof QueryError)) broken = !code || !/^[0-9A-Z]{5}$/.test(code);
    throw describe(error, target, shown, timeoutMs);
  } finally {
    // ROLLBACK ends the transaction (and closes the cursor); DISCARD ALL then drops what a query
    // may have left on the session: advisory locks, prepared statements, temporary tables, settings.
    if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
    if (!broken) await client.query('DISCARD ALL').catch(() => (broken = true));
    client.release(broken);
  }
};
