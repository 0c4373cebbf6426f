import { describe, expect, it } from 'vitest';
import { ResultBudget } from './limits';
import { epochToMs, expandSqlMacros, rfc3339, sqlFrames, SqlResultReader } from './sql';

const range = { from: Date.UTC(2026, 0, 1, 12), to: Date.UTC(2026, 0, 1, 13, 0, 0, 500) };
const FROM_S = range.from / 1000;
const TO_S = Math.floor(range.to / 1000);

describe('SQL macros', () => {
  it('PostgreSQL, as Grafana expands them', () => {
    const expand = (sql: string) => expandSqlMacros('postgres', sql, range, 60_000).sql;
    expect(expand('WHERE $__timeFilter(ts)')).toBe("WHERE ts BETWEEN '2026-01-01T12:00:00Z' AND '2026-01-01T13:00:00.5Z'");
    expect(expand('$__timeFrom() $__timeTo()')).toBe("'2026-01-01T12:00:00Z' '2026-01-01T13:00:00.5Z'");
    expect(expand("SELECT $__timeGroup(ts, '5m') AS time")).toBe('SELECT floor(extract(epoch from ts)/300)*300 AS time');
    expect(expand("SELECT $__timeGroup(ts, '5m'), v")).toBe('SELECT floor(extract(epoch from ts)/300)*300 AS "time", v');
    expect(expand('SELECT $__timeGroupAlias(ts, $__interval)')).toBe('SELECT floor(extract(epoch from ts)/60)*60 AS "time"');
    expect(expand('$__unixEpochFilter(t)')).toBe(`t >= ${FROM_S} AND t <= ${TO_S}`);
    expect(expand("$__unixEpochGroupAlias(t, '1h')")).toBe('floor((t)/3600)*3600 AS "time"');
    expect(expand('$__time(ts), $__timeEpoch(ts)')).toBe('ts AS "time", extract(epoch from ts) as "time"');
    expect(expand('$__interval_ms $__interval $__unixEpochFrom() $__unixEpochTo()')).toBe(`60000 1m ${FROM_S} ${TO_S}`);
    expect(expand('$__unixEpochNanoFrom()')).toBe(`${range.from}000000`);
  });

  it('MySQL, as Grafana expands them', () => {
    const expand = (sql: string) => expandSqlMacros('mysql', sql, range, 60_000).sql;
    expect(expand('WHERE $__timeFilter(ts)')).toBe(`WHERE ts BETWEEN FROM_UNIXTIME(${FROM_S}) AND FROM_UNIXTIME(${TO_S})`);
    expect(expand('$__timeFrom()')).toBe(`FROM_UNIXTIME(${FROM_S})`);
    expect(expand("$__timeGroupAlias(ts, '5m')")).toBe('UNIX_TIMESTAMP(ts) DIV 300 * 300 AS "time"');
    expect(expand("$__unixEpochGroup(t, '1m')")).toBe('t DIV 60 * 60');
    expect(expand('$__time(ts)')).toBe('UNIX_TIMESTAMP(ts) as time_sec');
  });

  it('reads the fill mode of $__timeGroup', () => {
    expect(expandSqlMacros('postgres', "$__timeGroup(ts, '1m', 0)", range, 1000).fill).toEqual({
      intervalMs: 60_000,
      mode: 'value',
      value: 0,
    });
    expect(expandSqlMacros('postgres', "$__timeGroup(ts, '1m', NULL)", range, 1000).fill).toEqual({ intervalMs: 60_000, mode: 'null' });
    expect(expandSqlMacros('mysql', "$__timeGroup(ts, '1m', previous)", range, 1000).fill).toEqual({
      intervalMs: 60_000,
      mode: 'previous',
    });
  });

  it('explains bad macros', () => {
    expect(() => expandSqlMacros('postgres', '$__timeFilter()', range, 1000)).toThrow(
      'missing time column argument for macro $__timeFilter()',
    );
    expect(() => expandSqlMacros('postgres', '$__timeGroup(ts)', range, 1000)).toThrow(/needs a time column and an interval/);
    expect(() => expandSqlMacros('postgres', "$__timeGroup(ts, 'soon')", range, 1000)).toThrow(/error parsing interval 'soon'/);
    expect(() => expandSqlMacros('postgres', '$__nope(ts)', range, 1000)).toThrow(/unknown macro "\$__nope\(\)"/);
    expect(() => expandSqlMacros('mysql', 'SELECT current_user()', range, 1000)).toThrow(/not allowed/);
  });

  it('formats times as Go does', () => {
    expect(rfc3339(Date.UTC(2026, 0, 1))).toBe('2026-01-01T00:00:00Z');
    expect(rfc3339(Date.UTC(2026, 0, 1, 0, 0, 0, 120))).toBe('2026-01-01T00:00:00.12Z');
    expect(epochToMs(1_767_268_800)).toBe(1_767_268_800_000);
    expect(epochToMs(1_767_268_800_000)).toBe(1_767_268_800_000);
    expect(epochToMs(1_767_268_800_000_000_000)).toBe(1_767_268_800_000);
  });
});

describe('SQL rows to frames', () => {
  const t0 = Date.UTC(2026, 0, 1, 12);
  const options = { format: 'time_series', executed: 'SELECT', range: { from: t0, to: t0 + 180_000 } };

  it('long to wide: one field per value column and distinct string values', () => {
    const frames = sqlFrames(
      [
        { name: 'time', kind: 'time' },
        { name: 'host', kind: 'string' },
        { name: 'cpu', kind: 'number' },
        { name: 'mem', kind: 'number' },
      ],
      [
        [new Date(t0 + 60_000), 'a', 3, 30],
        [new Date(t0), 'a', 1, 10],
        [new Date(t0), 'b', 2, 20],
      ],
      options,
    );
    expect(frames[0]!.fields.map((f) => [f.name, f.labels])).toEqual([
      ['Time', undefined],
      ['cpu', { host: 'a' }],
      ['mem', { host: 'a' }],
      ['cpu', { host: 'b' }],
      ['mem', { host: 'b' }],
    ]);
    expect(frames[0]!.fields.map((f) => f.values)).toEqual([
      [t0, t0 + 60_000],
      [1, 3],
      [10, 30],
      [2, null],
      [20, null],
    ]);
  });

  it('a metric column names the series (time, metric, value)', () => {
    const frames = sqlFrames(
      [
        { name: 'time', kind: 'number' },
        { name: 'metric', kind: 'string' },
        { name: 'value', kind: 'number' },
      ],
      [
        [t0 / 1000, 'up', 1],
        [t0 / 1000, 'down', 0],
      ],
      options,
    );
    expect(frames[0]!.fields.map((f) => [f.name, f.labels, f.values])).toEqual([
      ['Time', undefined, [t0]],
      ['up', undefined, [1]],
      ['down', undefined, [0]],
    ]);
  });

  it('fills missing buckets from the aligned range start', () => {
    const frames = sqlFrames(
      [
        { name: 'time', kind: 'number' },
        { name: 'v', kind: 'number' },
      ],
      [[(t0 + 60_000) / 1000, 5]],
      { ...options, fill: { intervalMs: 60_000, mode: 'value', value: 0 } },
    );
    expect(frames[0]!.fields.map((f) => f.values)).toEqual([
      [t0, t0 + 60_000, t0 + 120_000, t0 + 180_000],
      [0, 5, 0, 0],
    ]);
  });

  it('time series without a time column is refused with advice; no rows answer an empty frame', () => {
    expect(() => sqlFrames([{ name: 'v', kind: 'number' }], [[1]], options)).toThrow(/time column is missing/);
    expect(sqlFrames([{ name: 'v', kind: 'number' }], [], options)).toEqual([{ meta: { executedQueryString: 'SELECT' }, fields: [] }]);
  });
});

describe('SQL result limits', () => {
  const columns = [
    { name: 'n', kind: 'number' as const },
    { name: 'text', kind: 'string' as const },
  ];
  const range = { from: 0, to: 60_000 };
  const read = (reader: SqlResultReader, rows: number) => {
    let kept = 0;
    for (let i = 0; i < rows && reader.add([i, 'abcdefgh']); i++) kept++;
    return kept;
  };
  const notices = (reader: SqlResultReader) => reader.frames({ executed: 'SELECT', range })[0]!.meta?.notices;

  it("stops at the row limit only when there is one more row, with Grafana's notice", () => {
    const exact = new SqlResultReader(columns, 'table', { rowLimit: 3, maxBytes: Infinity });
    expect(read(exact, 3)).toBe(3);
    expect(notices(exact)).toBeUndefined();
    const over = new SqlResultReader(columns, 'table', { rowLimit: 3, maxBytes: Infinity });
    expect(read(over, 10)).toBe(3);
    expect(over.add([99, 'x'])).toBe(false);
    expect(notices(over)).toEqual([{ severity: 'warning', text: 'Results have been limited to 3 because the SQL row limit was reached' }]);
  });

  it('stops at the byte limit of the query and of the request, counting 8 per value plus text lengths', () => {
    // A row is 8 + (8 + 8) = 24 bytes.
    const query = new SqlResultReader(columns, 'table', { rowLimit: Infinity, maxBytes: 100 });
    expect(read(query, 10)).toBe(4);
    expect(query.bytesRead).toBe(96);
    expect(notices(query)).toEqual([
      {
        severity: 'warning',
        text: 'Results have been limited to 4 rows because the SQL result size limit of 100 bytes per query was reached',
      },
    ]);
    const budget = new ResultBudget(2 * 1024 * 1024);
    budget.remaining = 60;
    const first = new SqlResultReader(columns, 'table', { rowLimit: Infinity, maxBytes: Infinity }, budget);
    const second = new SqlResultReader(columns, 'table', { rowLimit: Infinity, maxBytes: Infinity }, budget);
    expect(read(first, 2)).toBe(2);
    expect(read(second, 2)).toBe(0);
    expect(notices(second)![0]!.text).toBe(
      'Results have been limited to 0 rows because the SQL result size limit of 2 MiB per request was reached',
    );
  });

  it('the time series format cannot grow rows into more values than the byte limit allows', () => {
    const wide = new SqlResultReader(
      [
        { name: 'time', kind: 'number' },
        { name: 'metric', kind: 'string' },
        { name: 'value', kind: 'number' },
      ],
      'time_series',
      { rowLimit: Infinity, maxBytes: 8 * 1000 },
    );
    for (let i = 0; i < 100; i++) wide.add([i, `series-${i}`, i]);
    expect(() => wide.frames({ executed: 'SELECT', range })).toThrow(/^the time series format would need more than 1000 values/);
    const filled = new SqlResultReader(
      [
        { name: 'time', kind: 'number' },
        { name: 'v', kind: 'number' },
      ],
      'time_series',
      { rowLimit: Infinity, maxBytes: 8 * 100 },
    );
    filled.add([0, 1]);
    const frame = filled.frames({ executed: 'SELECT', range: { from: 0, to: 3_600_000 }, fill: { intervalMs: 1000, mode: 'null' } })[0]!;
    expect(frame.fields[0]!.values).toEqual([0]);
    expect(frame.meta?.notices?.[0]?.text).toMatch(/^Fill operation skipped/);
  });
});
