/**
 * `/api/ds/query` against real PostgreSQL and MariaDB servers (Debian's), started by the test,
 * over a table of known samples: both formats, each macro, read-only use, timeouts, and pools
 * that follow the data source's settings; then what a Viewer must not do to a backend: change it
 * (only read statements run), leave state on a pooled connection (reset on release), or make the
 * server hold more rows than the limits allow.
 */
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryResponseSchema } from '../../contract/query';
import { hasMariaDb, hasPostgres, startMariaDb, startPostgres, type Backend } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import { closeAllPools, openPoolCount } from './pools';
import { configureSqlLimits } from './limits';

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

/** Runs each statement as a query of one request: every one must be refused with its message. */
async function expectRefused(uid: string, refused: Array<[string, RegExp]>) {
  const { status, body } = await query(
    uid,
    refused.map(([rawSql]) => ({ format: 'table', rawSql })),
  );
  expect(status).toBe(400);
  refused.forEach(([, message], i) =>
    expect(body.results[String.fromCharCode(65 + i)]).toMatchObject({ status: 400, error: expect.stringMatching(message) }),
  );
  return body;
}

type Frame = NonNullable<Awaited<ReturnType<typeof query>>['body']['results'][string]['frames']>[number];
const rowsOf = (frame: Frame) => frame.data!.values[0]?.length ?? 0;
const noticesOf = (frame: Frame) => (frame.schema.meta?.notices ?? []).map((notice) => notice.text);

/** The tests both SQL servers must pass; `sql` holds each dialect's spelling. */
function sharedCases(
  ds: () => { uid: string },
  slow: () => { uid: string },
  sql: {
    epochColumn: string;
    sleep: string;
    insert: string;
    /** `n` rows: a number `n` and a 100-character text `pad`. */
    rows: (n: number) => string;
    /** A data source of this server with more `jsonData`. */
    newDataSource: (name: string, jsonData: object) => Promise<{ uid: string }>;
  },
) {
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

  it('only read statements run: a write is refused and the table is untouched', async () => {
    const { status, body } = await query(ds().uid, [
      { format: 'table', rawSql: sql.insert },
      { format: 'table', rawSql: 'SELECT count(*) AS n FROM samples' },
    ]);
    expect(status).toBe(400);
    expect(body.results.A).toMatchObject({
      status: 400,
      error: expect.stringMatching(/^only read statements .* may run; this query starts with INSERT$/),
    });
    expect(body.results.B!.frames![0]!.data!.values).toEqual([[20]]);
  });

  it('a syntax error fails its refId, naming what the server said', async () => {
    const { status, body } = await query(ds().uid, [{ rawSql: 'SELECT 1 +' }, { format: 'table', rawSql: 'SELECT 1 AS one' }]);
    expect(status).toBe(400);
    expect(body.results.A!.error).toMatch(/syntax/i);
    expect(body.results.B!.status).toBe(200);
  });

  it("the row limit: Grafana's notice when there were more rows, none when there were not; a data source's lower rowLimit wins", async () => {
    const previous = configureSqlLimits({ rowLimit: 1000 });
    try {
      const { status, body } = await query(ds().uid, [
        { format: 'table', rawSql: sql.rows(5000) },
        { format: 'table', rawSql: sql.rows(1000) },
      ]);
      expect(status, JSON.stringify(body.results.A)).toBe(200);
      const limited = body.results.A!.frames![0]!;
      expect(rowsOf(limited)).toBe(1000);
      expect(limited.data!.values[0]!.slice(0, 3)).toEqual([1, 2, 3]);
      expect(limited.schema.meta?.notices).toEqual([
        { severity: 'warning', text: 'Results have been limited to 1000 because the SQL row limit was reached' },
      ]);
      expect(rowsOf(body.results.B!.frames![0]!)).toBe(1000);
      expect(body.results.B!.frames![0]!.schema.meta?.notices).toBeUndefined();
      const own = await sql.newDataSource('row-limit-10', { rowLimit: 10 });
      const small = (await query(own.uid, [{ format: 'table', rawSql: sql.rows(5000) }])).body.results.A!.frames![0]!;
      expect(rowsOf(small)).toBe(10);
      expect(noticesOf(small)).toEqual(['Results have been limited to 10 because the SQL row limit was reached']);
      // The connection a limit cut short is not handed out again mid-result.
      expect((await query(ds().uid, [{ format: 'table', rawSql: 'SELECT 1 AS one' }])).body.results.A!.frames![0]!.data!.values).toEqual([
        [1],
      ]);
    } finally {
      configureSqlLimits(previous);
    }
  });

  it('four large queries in one request stop at the byte limits per query and per request', async () => {
    // A row counts 8 + (8 + 100) = 116 bytes: 3448 rows fit in a query's 400,000 bytes, and
    // the request's 1,000,000 bytes run out in the third query or the fourth.
    const previous = configureSqlLimits({ maxBytesPerQuery: 400_000, maxBytesPerRequest: 1_000_000 });
    try {
      const { status, body } = await query(
        ds().uid,
        ['A', 'B', 'C', 'D'].map(() => ({ format: 'table', rawSql: sql.rows(150_000) })),
      );
      expect(status).toBe(200);
      const frames = ['A', 'B', 'C', 'D'].map((refId) => body.results[refId]!.frames![0]!);
      const rows = frames.map(rowsOf);
      for (const [i, frame] of frames.entries()) {
        expect(rows[i]).toBeLessThanOrEqual(3448);
        expect(noticesOf(frame)).toHaveLength(1);
        expect(noticesOf(frame)[0]).toMatch(
          new RegExp(
            `^Results have been limited to ${rows[i]} rows because the SQL result size limit of (400000 bytes per query|1000000 bytes per request) was reached$`,
          ),
        );
        expect((frame.data!.values[1] ?? []).every((pad) => pad === 'x'.repeat(100))).toBe(true);
      }
      const total = rows.reduce((sum, n) => sum + n, 0);
      expect(total * 116).toBeLessThanOrEqual(1_000_000);
      expect(total * 116).toBeGreaterThan(1_000_000 - 4 * 116);
      expect(frames.filter((frame) => noticesOf(frame)[0]!.endsWith('per request was reached'))).not.toHaveLength(0);
      // The next request has its own budget.
      const again = await query(ds().uid, [{ format: 'table', rawSql: sql.rows(3000) }]);
      expect(rowsOf(again.body.results.A!.frames![0]!)).toBe(3000);
    } finally {
      configureSqlLimits(previous);
    }
  });

  it('the time series format cannot multiply rows into more values than the byte limit allows', async () => {
    const previous = configureSqlLimits({ maxBytesPerQuery: 800_000 });
    try {
      // 2000 rows, each its own time and its own series: 2000 × 2000 values when made wide.
      const { body } = await query(ds().uid, [
        { rawSql: `SELECT n AS time, CONCAT('s', n) AS metric, n AS value FROM (${sql.rows(2000)}) r` },
      ]);
      expect(body.results.A!.error).toMatch(/^the time series format would need more than 100000 values/);
    } finally {
      configureSqlLimits(previous);
    }
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
  const own = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const [host, port] = postgres.url.split(':');
    const client = new pg.Client({ host, port: Number(port), user: 'postgres', password, database: 'app' });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  const newDataSource = (name: string, jsonData: object) =>
    createDataSource(server, {
      name: `pg-${name}`,
      type: 'grafana-postgresql-datasource',
      url: postgres.url,
      user: 'postgres',
      jsonData: { database: 'app', sslmode: 'disable', ...jsonData },
      secureJsonData: { password },
    });

  beforeAll(async () => {
    postgres = await startPostgres(password);
    await own(async (client) => {
      await client.query('CREATE TABLE samples (ts timestamptz NOT NULL, host text NOT NULL, value double precision, epoch_s bigint)');
      for (const s of samples)
        await client.query('INSERT INTO samples VALUES ($1, $2, $3, $4)', [new Date(s.ts), s.host, s.value, s.ts / 1000]);
      await client.query('CREATE TABLE victim (id int); INSERT INTO victim VALUES (1), (2), (3)');
      // Sessions of this database would start in another zone, but for Sightline's own setting.
      await client.query("ALTER DATABASE app SET timezone TO 'Asia/Kolkata'");
    });
    ds = await createDataSource(server, {
      name: 'pg',
      type: 'grafana-postgresql-datasource',
      url: postgres.url,
      user: 'postgres',
      jsonData: { database: 'app', sslmode: 'disable' },
      secureJsonData: { password },
    });
    slow = await newDataSource('1s', { timeout: 1 });
  }, 120_000);
  afterAll(async () => {
    await closeAllPools();
    await postgres?.stop();
  });

  sharedCases(
    () => ds,
    () => slow,
    {
      epochColumn: 'epoch_s',
      sleep: 'SELECT pg_sleep(5)',
      insert: "INSERT INTO samples VALUES (now(), 'x', 1, 1)",
      rows: (n) => `SELECT g AS n, repeat('x', 100) AS pad FROM generate_series(1, ${n}) g`,
      newDataSource,
    },
  );

  it('refuses anything but one read statement, and the database is unchanged', async () => {
    const refused: Array<[string, RegExp]> = [
      ['CREATE TABLE made (a int)', /this query starts with CREATE$/],
      ['DROP TABLE victim', /this query starts with DROP$/],
      ['TRUNCATE victim', /this query starts with TRUNCATE$/],
      ['ALTER TABLE victim RENAME TO renamed', /this query starts with ALTER$/],
      ['SELECT 1; DROP TABLE victim', /^only one statement may run per query/],
      ['SELECT 1 -- \n; DROP TABLE victim', /^only one statement may run per query/],
      ['PREPARE leak AS SELECT 1', /this query starts with PREPARE$/],
      ['DO $$BEGIN DROP TABLE victim; END$$', /this query starts with DO$/],
      ['SELECT * INTO made FROM victim', /SELECT … INTO is not allowed/],
      ['SELECT * FROM victim FOR UPDATE', /locking reads/],
      ["SET TimeZone = 'Asia/Tokyo'", /this query starts with SET$/],
      ['WITH gone AS (DELETE FROM victim RETURNING *) SELECT * FROM gone', /this query's WITH holds a DELETE$/],
      ['WITH x AS (SELECT 1) UPDATE victim SET id = 0', /this query's WITH leads to UPDATE$/],
    ];
    const body = await expectRefused(ds.uid, refused);
    expect(body.results.A!.error).toBe('only read statements (SELECT, WITH, SHOW, EXPLAIN) may run; this query starts with CREATE');
    await own(async (client) => {
      expect((await client.query('SELECT id FROM victim ORDER BY id')).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
      expect((await client.query("SELECT to_regclass('made') AS t, to_regclass('renamed') AS r")).rows).toEqual([{ t: null, r: null }]);
    });
    // Reads of every allowed kind still run.
    const reads = await query(ds.uid, [
      { format: 'table', rawSql: 'SHOW TimeZone' },
      { format: 'table', rawSql: 'EXPLAIN SELECT * FROM victim' },
      { format: 'table', rawSql: 'WITH v AS (SELECT id FROM victim) SELECT count(*) AS n FROM v;' },
      { format: 'table', rawSql: 'VALUES (1), (2)' },
      { format: 'table', rawSql: "SELECT $$it's; DROP TABLE victim$$ AS text -- a comment" },
    ]);
    expect(reads.status, JSON.stringify(reads.body)).toBe(200);
    expect(reads.body.results.A!.frames![0]!.data!.values).toEqual([['UTC']]);
    expect(reads.body.results.C!.frames![0]!.data!.values).toEqual([[3]]);
    expect(reads.body.results.D!.frames![0]!.data!.values).toEqual([[1, 2]]);
    expect(reads.body.results.E!.frames![0]!.data!.values).toEqual([["it's; DROP TABLE victim"]]);
  });

  it('a pooled connection keeps nothing of the last query: advisory locks are released, sessions are in UTC', async () => {
    // One connection, so the second query surely gets the first one's.
    const single = await newDataSource('one-connection', { maxOpenConns: 1 });
    const locked = await query(single.uid, [
      { format: 'table', rawSql: 'SELECT pg_advisory_lock(4242) AS locked, pg_backend_pid() AS pid' },
    ]);
    expect(locked.status, JSON.stringify(locked.body)).toBe(200);
    const pid = locked.body.results.A!.frames![0]!.data!.values[1]![0];
    expect(await own(async (client) => (await client.query('SELECT pg_try_advisory_lock(4242) AS got')).rows[0].got)).toBe(true);
    const after = await query(single.uid, [
      {
        format: 'table',
        rawSql:
          "SELECT pg_backend_pid() AS pid, current_setting('TimeZone') AS zone, (SELECT count(*) FROM pg_prepared_statements) AS prepared",
      },
    ]);
    expect(after.body.results.A!.frames![0]!.data!.values).toEqual([[pid], ['UTC'], [0]]);
  });

  it('one statement only: COMMIT cannot leave the read-only transaction', async () => {
    const { body } = await query(ds.uid, [
      { format: 'table', rawSql: 'COMMIT; DELETE FROM samples' },
      { format: 'table', rawSql: 'SELECT count(*) AS n FROM samples' },
    ]);
    expect(body.results.A!.error).toMatch(/only one statement may run per query/);
    expect(body.results.B!.frames![0]!.data!.values).toEqual([[20]]);
  });

  it('the postgres alias works; a timestamp without zone reads as UTC; epoch macros', async () => {
    const alias = await createDataSource(server, {
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
    const own = await createDataSource(server, {
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
  const own = async <T>(work: (connection: mysql.Connection) => Promise<T>): Promise<T> => {
    const connection = await mysql.createConnection({ host: mariadb.host, port: mariadb.port, user: 'grafana', password, database: 'app' });
    try {
      return await work(connection);
    } finally {
      await connection.end();
    }
  };
  const newDataSource = (name: string, jsonData: object) =>
    createDataSource(server, {
      name: `maria-${name}`,
      type: 'mysql',
      url: mariadb.url,
      user: 'grafana',
      jsonData: { database: 'app', ...jsonData },
      secureJsonData: { password },
    });

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
    await connection.query('CREATE TABLE victim (id INT)');
    await connection.query('INSERT INTO victim VALUES (1), (2), (3)');
    await connection.end();
    ds = await createDataSource(server, {
      name: 'maria',
      type: 'mysql',
      url: mariadb.url,
      user: 'grafana',
      jsonData: { database: 'app' },
      secureJsonData: { password },
    });
    slow = await newDataSource('1s', { timeout: 1 });
  }, 120_000);
  afterAll(async () => {
    await closeAllPools();
    await mariadb?.stop();
  });

  sharedCases(
    () => ds,
    () => slow,
    {
      epochColumn: 'epoch_s',
      sleep: 'SELECT SLEEP(5) AS slept FROM samples',
      insert: "INSERT INTO samples VALUES (NOW(), 'x', 1, 1)",
      rows: (n) => `SELECT seq AS n, REPEAT('x', 100) AS pad FROM seq_1_to_${n}`,
      newDataSource,
    },
  );

  it('refuses DDL, LOCK TABLES, SET and comment tricks (DDL commits past READ ONLY), and the database is unchanged', async () => {
    const refused: Array<[string, RegExp]> = [
      ['CREATE TABLE made (a INT)', /this query starts with CREATE$/],
      ['DROP TABLE victim', /this query starts with DROP$/],
      ['TRUNCATE victim', /this query starts with TRUNCATE$/],
      ['RENAME TABLE victim TO renamed', /this query starts with RENAME$/],
      ['LOCK TABLES victim WRITE', /this query starts with LOCK$/],
      ["SET time_zone = '+05:00'", /this query starts with SET$/],
      ['SELECT 1; DROP TABLE victim', /^only one statement may run per query/],
      ['/*!50000 DROP TABLE victim*/', /executable comments/],
      ['/*M!100000 DROP TABLE victim */', /executable comments/],
      ['SELECT 1 /*! ; DROP TABLE victim */', /executable comments/],
      ['SELECT 1 -- \n; DROP TABLE victim', /^only one statement may run per query/],
      ['SELECT 1 # x\n; DROP TABLE victim', /^only one statement may run per query/],
      ["SELECT * FROM victim INTO OUTFILE '/tmp/sightline-victim'", /SELECT … INTO is not allowed/],
      ['SELECT id INTO @stolen FROM victim LIMIT 1', /SELECT … INTO is not allowed/],
      ['SELECT * FROM victim FOR UPDATE', /locking reads/],
      ['SELECT * FROM victim LOCK IN SHARE MODE', /locking reads/],
      ["DO GET_LOCK('x', 0)", /this query starts with DO$/],
    ];
    const body = await expectRefused(ds.uid, refused);
    expect(body.results.B!.error).toBe('only read statements (SELECT, WITH, SHOW, DESCRIBE, EXPLAIN) may run; this query starts with DROP');
    await own(async (connection) => {
      // No table is locked: a write from another connection goes through at once.
      await connection.query('SET SESSION lock_wait_timeout = 5');
      await connection.query('INSERT INTO victim VALUES (4)');
      await connection.query('DELETE FROM victim WHERE id = 4');
      const [rows] = await connection.query<mysql.RowDataPacket[]>('SELECT id FROM victim ORDER BY id');
      expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
      const [tables] = await connection.query<mysql.RowDataPacket[]>("SHOW TABLES LIKE 'made'");
      expect(tables).toEqual([]);
    });
    const reads = await query(ds.uid, [
      { format: 'table', rawSql: 'SHOW TABLES' },
      { format: 'table', rawSql: 'DESCRIBE victim' },
      { format: 'table', rawSql: 'EXPLAIN SELECT * FROM victim' },
      { format: 'table', rawSql: 'WITH v AS (SELECT id FROM victim) SELECT count(*) AS n FROM v;' },
      { format: 'table', rawSql: "SELECT 'it''s; DROP TABLE victim' AS text # a comment" },
    ]);
    expect(reads.status, JSON.stringify(reads.body)).toBe(200);
    expect(reads.body.results.D!.frames![0]!.data!.values).toEqual([[3]]);
    expect(reads.body.results.E!.frames![0]!.data!.values).toEqual([["it's; DROP TABLE victim"]]);
  });

  it('a pooled connection keeps nothing of the last query: GET_LOCK locks, user variables; sessions are in UTC', async () => {
    // One connection, so the second query surely gets the first one's.
    const single = await newDataSource('one-connection', { maxOpenConns: 1 });
    const first = await query(single.uid, [
      { format: 'table', rawSql: "SELECT GET_LOCK('sightline-test', 0) AS got, @leak := 42 AS leak, CONNECTION_ID() AS id" },
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results.A!.frames![0]!.data!.values.slice(0, 2)).toEqual([[1], [42]]);
    const id = first.body.results.A!.frames![0]!.data!.values[2]![0];
    const taken = await own(async (connection) => {
      const [rows] = await connection.query<mysql.RowDataPacket[]>("SELECT GET_LOCK('sightline-test', 0) AS got");
      return rows[0]!.got;
    });
    expect(taken).toBe(1);
    const shifted = await query(single.uid, [{ format: 'table', rawSql: "SET time_zone = '+05:00'" }]);
    expect(shifted.body.results.A!.error).toMatch(/this query starts with SET$/);
    const second = await query(single.uid, [
      {
        format: 'table',
        rawSql: "SELECT CONNECTION_ID() AS id, @leak AS leak, @@session.time_zone AS zone, UNIX_TIMESTAMP('1970-01-02 00:00:00') AS t",
      },
    ]);
    expect(second.body.results.A!.frames![0]!.data!.values).toEqual([[id], [null], ['+00:00'], [86400]]);
  });

  it("an error that quotes the data source's password shows it blanked", async () => {
    const { body } = await query(ds.uid, [{ format: 'table', rawSql: `SELECT * FROM \`${password}\`` }]);
    // The server's message quotes the name, which is the data source's password here: blanked.
    expect(body.results.A!.error).toBe("MySQL: Table 'app.***' doesn't exist");
  });

  it('refuses to show grants or the connected user, as Grafana does', async () => {
    const { body } = await query(ds.uid, [{ format: 'table', rawSql: 'SHOW GRANTS' }]);
    expect(body.results.A!.error).toMatch(/not allowed/);
  });
});
