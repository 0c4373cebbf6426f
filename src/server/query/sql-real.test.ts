/**
 * `/api/ds/query` against real PostgreSQL and MariaDB servers (Debian's), started by the test,
 * over a table of known samples: both formats, each macro, read-only use, timeouts, and pools
 * that follow the data source's settings.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryResponseSchema } from '../../contract/query';
import { hasMariaDb, hasPostgres, startMariaDb, startPostgres, type Backend } from '../testing/backends';
import { startTestServer, type TestServer } from '../testing/harness';
import { closeAllPools, openPoolCount } from './pools';

const T0 = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;
/** Ten samples per host, one a minute from T0: host a has 0..9, host b 100..109. */
const samples = ['a', 'b'].flatMap((host, h) => Array.from({ length: 10 }, (_, i) => ({ ts: T0 + i * MINUTE, host, value: h * 100 + i })));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await closeAllPools();
  await server.cleanup();
});

async function createDataSource(payload: object): Promise<{ uid: string; id: number }> {
  const created = await server.call({ method: 'POST', url: '/api/datasources', payload: { access: 'proxy', ...payload } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().datasource;
}

async function query(uid: string, queries: object[], range = { from: T0, to: T0 + 9 * MINUTE }) {
  const response = await server.call({
    method: 'POST',
    url: '/api/ds/query',
    payload: {
      from: String(range.from),
      to: String(range.to),
      queries: queries.map((q, i) => ({ refId: String.fromCharCode(65 + i), datasource: { uid }, ...q })),
    },
  });
  return { status: response.statusCode, body: queryResponseSchema.parse(response.json()) };
}

/** The tests both SQL servers must pass; `sql` holds each dialect's spelling. */
function sharedCases(ds: () => { uid: string }, slow: () => { uid: string }, sql: { epochColumn: string; sleep: string; insert: string }) {
  it('time_series: $__timeGroupAlias, a metric column and a value become one series per host', async () => {
    const { status, body } = await query(ds().uid, [
      {
        format: 'time_series',
        rawSql: "SELECT $__timeGroupAlias(ts, '1m'), host AS metric, value FROM samples WHERE $__timeFilter(ts) ORDER BY 1, 2",
      },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    const frame = body.results.A!.frames![0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['Time', 'time'],
      ['a', 'number'],
      ['b', 'number'],
    ]);
    expect(frame.data!.values).toEqual([
      samples.slice(0, 10).map((s) => s.ts),
      samples.slice(0, 10).map((s) => s.value),
      samples.slice(10).map((s) => s.value),
    ]);
    expect(frame.schema.meta?.executedQueryString).toMatch(/^SELECT .* FROM samples WHERE ts BETWEEN .* ORDER BY 1, 2$/);
    expect(frame.schema.meta?.executedQueryString).not.toContain('$__');
  });

  it('time_series with a string column: long to wide, labelled by it', async () => {
    const { body } = await query(
      ds().uid,
      [{ rawSql: `SELECT ${sql.epochColumn} AS time, host, value FROM samples WHERE $__unixEpochFilter(${sql.epochColumn}) ORDER BY 1` }],
      {
        from: T0,
        to: T0 + MINUTE,
      },
    );
    const frame = body.results.A!.frames![0]!;
    expect(frame.schema.fields.map((f) => [f.name, f.labels ?? null])).toEqual([
      ['Time', null],
      ['value', { host: 'a' }],
      ['value', { host: 'b' }],
    ]);
    expect(frame.data!.values).toEqual([
      [T0, T0 + MINUTE],
      [0, 1],
      [100, 101],
    ]);
  });

  it('$__timeGroup with a fill value fills the buckets that have no rows', async () => {
    const { body } = await query(
      ds().uid,
      [
        {
          rawSql:
            "SELECT $__timeGroupAlias(ts, '5m', 0), sum(value) AS total FROM samples WHERE $__timeFilter(ts) AND host = 'a' GROUP BY 1 ORDER BY 1",
        },
      ],
      { from: T0 - 10 * MINUTE, to: T0 + 20 * MINUTE },
    );
    const frame = body.results.A!.frames![0]!;
    expect(frame.data!.values[0]).toEqual([-10, -5, 0, 5, 10, 15, 20].map((m) => T0 + m * MINUTE));
    expect(frame.data!.values[1]).toEqual([0, 0, 0 + 1 + 2 + 3 + 4, 5 + 6 + 7 + 8 + 9, 0, 0, 0]);
  });

  it('table: the columns as they are, typed; $__timeFrom() and $__timeTo() are the range', async () => {
    const { body } = await query(ds().uid, [
      {
        format: 'table',
        rawSql: 'SELECT ts AS time, host, value FROM samples WHERE $__timeFilter(ts) AND value >= 8 AND value < 100 ORDER BY ts',
      },
      { format: 'table', rawSql: 'SELECT $__timeFrom() AS time, $__timeTo() AS timeend' },
    ]);
    const table = body.results.A!.frames![0]!;
    expect(table.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['time', 'time'],
      ['host', 'string'],
      ['value', 'number'],
    ]);
    expect(table.data!.values).toEqual([
      [T0 + 8 * MINUTE, T0 + 9 * MINUTE],
      ['a', 'a'],
      [8, 9],
    ]);
    expect(body.results.B!.frames![0]!.data!.values).toEqual([[T0], [T0 + 9 * MINUTE]]);
  });

  it('queries run read-only: a write is refused and the table is untouched', async () => {
    const { status, body } = await query(ds().uid, [
      { format: 'table', rawSql: sql.insert },
      { format: 'table', rawSql: 'SELECT count(*) AS n FROM samples' },
    ]);
    expect(status).toBe(400);
    expect(body.results.A).toMatchObject({ status: 400, errorSource: 'downstream', error: expect.stringMatching(/read-only transaction/) });
    expect(body.results.B!.frames![0]!.data!.values).toEqual([[20]]);
  });

  it('a syntax error fails its refId, naming what the server said', async () => {
    const { status, body } = await query(ds().uid, [{ rawSql: 'SELEC 1' }, { format: 'table', rawSql: 'SELECT 1 AS one' }]);
    expect(status).toBe(400);
    expect(body.results.A!.error).toMatch(/syntax/i);
    expect(body.results.B!.status).toBe(200);
  });

  it('a query longer than the data source timeout is cancelled', async () => {
    // The connection is made first, so the 1 s limit is the statement's only.
    expect((await query(slow().uid, [{ format: 'table', rawSql: 'SELECT 1 AS one' }])).status).toBe(200);
    const { status, body } = await query(slow().uid, [{ format: 'table', rawSql: sql.sleep }]);
    expect(status).toBe(400);
    expect(body.results.A).toMatchObject({ status: 504, error: expect.stringContaining('ran longer than 1 s') });
    // The pool's connection is still good for the next query.
    expect((await query(slow().uid, [{ format: 'table', rawSql: 'SELECT 1 AS one' }])).status).toBe(200);
  });
}

describe.skipIf(!hasPostgres)('PostgreSQL (real server)', () => {
  let postgres: Backend & { host: string };
  let ds: { uid: string; id: number };
  let slow: { uid: string; id: number };
  const password = 'pg-query-pass-1';
  beforeAll(async () => {
    postgres = await startPostgres(password);
    const [host, port] = postgres.url.split(':');
    const client = new pg.Client({ host, port: Number(port), user: 'postgres', password, database: 'app' });
    await client.connect();
    await client.query('CREATE TABLE samples (ts timestamptz NOT NULL, host text NOT NULL, value double precision, epoch_s bigint)');
    for (const s of samples)
      await client.query('INSERT INTO samples VALUES ($1, $2, $3, $4)', [new Date(s.ts), s.host, s.value, s.ts / 1000]);
    await client.end();
    const settings = { type: 'grafana-postgresql-datasource', url: postgres.url, user: 'postgres', secureJsonData: { password } };
    ds = await createDataSource({ ...settings, name: 'pg', jsonData: { database: 'app', sslmode: 'disable' } });
    slow = await createDataSource({ ...settings, name: 'pg-1s', jsonData: { database: 'app', sslmode: 'disable', timeout: 1 } });
  }, 120_000);
  afterAll(async () => {
    await closeAllPools();
    await postgres?.stop();
  });

  sharedCases(
    () => ds,
    () => slow,
    { epochColumn: 'epoch_s', sleep: 'SELECT pg_sleep(5)', insert: "INSERT INTO samples VALUES (now(), 'x', 1, 1)" },
  );

  it('one statement only: COMMIT cannot leave the read-only transaction', async () => {
    const { body } = await query(ds.uid, [
      { format: 'table', rawSql: 'COMMIT; DELETE FROM samples' },
      { format: 'table', rawSql: 'SELECT count(*) AS n FROM samples' },
    ]);
    expect(body.results.A!.error).toMatch(/cannot insert multiple commands/);
    expect(body.results.B!.frames![0]!.data!.values).toEqual([[20]]);
  });

  it('the postgres alias works; a timestamp without zone reads as UTC; epoch macros', async () => {
    const alias = await createDataSource({
      name: 'pg-alias',
      type: 'postgres',
      url: postgres.url,
      user: 'postgres',
      jsonData: { database: 'app' },
      secureJsonData: { password },
    });
    const { status, body } = await query(alias.uid, [
      { format: 'table', rawSql: "SELECT '2026-01-01 12:00:00'::timestamp AS time, $__unixEpochFrom() AS f, $__unixEpochTo() AS t" },
      {
        rawSql:
          "SELECT $__unixEpochGroupAlias(epoch_s, '5m'), avg(value) AS v FROM samples WHERE host = 'b' AND $__unixEpochFilter(epoch_s) GROUP BY 1 ORDER BY 1",
      },
    ]);
    expect(status, JSON.stringify(body)).toBe(200);
    expect(body.results.A!.frames![0]!.data!.values).toEqual([[T0], [T0 / 1000], [(T0 + 9 * MINUTE) / 1000]]);
    expect(body.results.B!.frames![0]!.data!.values).toEqual([
      [T0, T0 + 5 * MINUTE],
      [102, 107],
    ]);
  });

  it('saving the data source closes its pool: a changed password takes effect at once; deleting closes it too', async () => {
    const own = await createDataSource({
      name: 'pg-own',
      type: 'grafana-postgresql-datasource',
      url: postgres.url,
      user: 'postgres',
      jsonData: { database: 'app' },
      secureJsonData: { password },
    });
    expect((await query(own.uid, [{ format: 'table', rawSql: 'SELECT 1 AS one' }])).status).toBe(200);
    const pools = openPoolCount();
    const changed = await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${own.uid}`,
      payload: {
        name: 'pg-own',
        type: 'grafana-postgresql-datasource',
        access: 'proxy',
        url: postgres.url,
        user: 'postgres',
        jsonData: { database: 'app' },
        secureJsonData: { password: 'not-it-55' },
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(openPoolCount()).toBe(pools - 1);
    const refused = await query(own.uid, [{ format: 'table', rawSql: 'SELECT 1 AS one' }]);
    expect(refused.body.results.A!.error).toMatch(/authentication failed for user "postgres"/);
    expect(JSON.stringify(refused.body)).not.toContain('not-it-55');
    expect((await server.call({ method: 'DELETE', url: `/api/datasources/uid/${own.uid}` })).statusCode).toBe(200);
    expect(openPoolCount()).toBe(pools - 1);
  });
});

describe.skipIf(!hasMariaDb)('MariaDB (real server)', () => {
  let mariadb: Backend & { host: string; port: number };
  let ds: { uid: string; id: number };
  let slow: { uid: string; id: number };
  const password = 'maria-query-pass-2';
  beforeAll(async () => {
    mariadb = await startMariaDb(password);
    const connection = await mysql.createConnection({
      host: mariadb.host,
      port: mariadb.port,
      user: 'grafana',
      password,
      database: 'app',
      timezone: 'Z',
    });
    await connection.query("SET time_zone = '+00:00'");
    await connection.query('CREATE TABLE samples (ts DATETIME(3) NOT NULL, host VARCHAR(20) NOT NULL, value DOUBLE, epoch_s BIGINT)');
    for (const s of samples)
      await connection.query('INSERT INTO samples VALUES (?, ?, ?, ?)', [new Date(s.ts), s.host, s.value, s.ts / 1000]);
    await connection.end();
    ds = await createDataSource({
      name: 'maria',
      type: 'mysql',
      url: mariadb.url,
      user: 'grafana',
      jsonData: { database: 'app' },
      secureJsonData: { password },
    });
    slow = await createDataSource({
      name: 'maria-1s',
      type: 'mysql',
      url: mariadb.url,
      user: 'grafana',
      jsonData: { database: 'app', timeout: 1 },
      secureJsonData: { password },
    });
  }, 120_000);
  afterAll(async () => {
    await closeAllPools();
    await mariadb?.stop();
  });

  sharedCases(
    () => ds,
    () => slow,
    { epochColumn: 'epoch_s', sleep: 'SELECT SLEEP(5) AS slept FROM samples', insert: "INSERT INTO samples VALUES (NOW(), 'x', 1, 1)" },
  );

  it('refuses to show grants or the connected user, as Grafana does', async () => {
    const { body } = await query(ds.uid, [{ format: 'table', rawSql: 'SHOW GRANTS' }]);
    expect(body.results.A!.error).toMatch(/not allowed/);
  });
});
