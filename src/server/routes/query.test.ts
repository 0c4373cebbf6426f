import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryResponseSchema } from '../../contract/query';
import { configureOutgoing, DEFAULT_DENY_CIDRS, DEFAULT_MAX_CONCURRENT, withOutgoingSlot } from '../outgoing';
import { startFakeHttp } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let testdata: string;

beforeAll(async () => {
  server = await startTestServer();
  testdata = (await createDataSource(server, { name: 'TestData', type: 'grafana-testdata-datasource' })).uid;
});
afterAll(() => server.cleanup());
afterEach(() => configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS, maxConcurrent: DEFAULT_MAX_CONCURRENT }));

const FROM = Date.UTC(2026, 0, 1, 12);
const TO = FROM + 3_600_000;

async function query(queries: object[], extra: object = {}) {
  const response = await server.call({
    method: 'POST',
    url: '/api/ds/query',
    payload: { from: String(FROM), to: String(TO), queries, ...extra },
  });
  return { status: response.statusCode, json: response.json() };
}

describe('POST /api/ds/query with TestData', () => {
  it('random_walk: one frame per series, the same walk on every run, points every intervalMs', async () => {
    const q = {
      refId: 'A',
      datasource: { type: 'grafana-testdata-datasource', uid: testdata },
      scenarioId: 'random_walk',
      seriesCount: 3,
      intervalMs: 60_000,
      maxDataPoints: 100,
    };
    const first = await query([q]);
    expect(first.status).toBe(200);
    const parsed = queryResponseSchema.parse(first.json);
    const frames = parsed.results.A!.frames!;
    expect(frames).toHaveLength(3);
    expect(frames.map((f) => f.schema.fields[1]!.name)).toEqual(['A-series', 'A-series1', 'A-series2']);
    expect(frames[0]!.schema.refId).toBe('A');
    const times = frames[0]!.data!.values[0] as number[];
    expect(times).toHaveLength(60);
    expect(times[0]).toBe(FROM);
    expect(times[1]! - times[0]!).toBe(60_000);
    expect(frames[0]!.data!.values[1]).not.toEqual(frames[1]!.data!.values[1]);
    expect((await query([q])).json).toEqual(first.json);
  });

  it('csv_metric_values: the values spread evenly over the range', async () => {
    const { status, json } = await query([
      { refId: 'B', datasource: testdata, scenarioId: 'csv_metric_values', stringInput: '1,20,90,30,5' },
    ]);
    expect(status).toBe(200);
    const frame = json.results.B.frames[0];
    expect(frame.data.values).toEqual([
      [FROM, FROM + 900_000, FROM + 1_800_000, FROM + 2_700_000, FROM + 3_600_000],
      [1, 20, 90, 30, 5],
    ]);
    expect(frame.schema.fields.map((f: { type: string }) => f.type)).toEqual(['time', 'number']);
  });

  it('csv_content: typed columns, a time column, labels in headers, nulls', async () => {
    const csvContent = 'time,host,value{env="prod"},up\n1767268800000,"a, b",1.5,true\n1767268860000,c,,false\n';
    const { status, json } = await query([{ refId: 'C', datasource: testdata, scenarioId: 'csv_content', csvContent }]);
    expect(status).toBe(200);
    const frame = json.results.C.frames[0];
    expect(frame.schema.fields).toEqual([
      expect.objectContaining({ name: 'time', type: 'time' }),
      expect.objectContaining({ name: 'host', type: 'string' }),
      expect.objectContaining({ name: 'value', type: 'number', labels: { env: 'prod' } }),
      expect.objectContaining({ name: 'up', type: 'boolean' }),
    ]);
    expect(frame.data.values).toEqual([
      [1767268800000, 1767268860000],
      ['a, b', 'c'],
      [1.5, null],
      [true, false],
    ]);
  });

  it('predictable_pulse: on and off values aligned to absolute time', async () => {
    const { json } = await query([
      {
        refId: 'P',
        datasource: testdata,
        scenarioId: 'predictable_pulse',
        pulseWave: { timeStep: 600, onCount: 1, offCount: 2, onValue: 10, offValue: 0 },
      },
    ]);
    const frame = json.results.P.frames[0];
    expect(frame.data.values[0]).toEqual([0, 1, 2, 3, 4, 5].map((i) => FROM + i * 600_000));
    // FROM is 12:00; 12:00 / 600 s = 72 steps since the epoch: 72 % 3 = 0 → on.
    expect(frame.data.values[1]).toEqual([10, 0, 0, 10, 0, 0]);
  });

  it('no_data_points answers no frames; a hidden query is not run', async () => {
    const { status, json } = await query([
      { refId: 'N', datasource: testdata, scenarioId: 'no_data_points' },
      { refId: 'H', datasource: testdata, hide: true },
    ]);
    expect(status).toBe(200);
    expect(json).toEqual({ results: { N: { status: 200, frames: [] } } });
  });

  it('an unknown scenario fails its refId with the list of scenarios; the others answer; HTTP 400', async () => {
    const { status, json } = await query([
      { refId: 'X', datasource: testdata, scenarioId: 'fractal' },
      { refId: 'Y', datasource: testdata, scenarioId: 'random_walk' },
    ]);
    expect(status).toBe(400);
    expect(json.results.X).toEqual({
      status: 400,
      errorSource: 'plugin',
      error: expect.stringMatching(/^TestData scenario "fractal" is not supported; use one of random_walk, csv_content/),
    });
    expect(json.results.Y.status).toBe(200);
  });

  it('relative times: now-1h to now', async () => {
    const before = Date.now();
    const response = await server.call({
      method: 'POST',
      url: '/api/ds/query',
      payload: {
        from: 'now-1h',
        to: 'now',
        queries: [{ refId: 'A', datasource: testdata, scenarioId: 'csv_metric_values', stringInput: '1,2' }],
      },
    });
    const [times] = response.json().results.A.frames[0].data.values;
    expect(times[0]).toBeGreaterThanOrEqual(before - 3_600_000);
    expect(times[1]).toBeGreaterThanOrEqual(before);
  });
});

describe('POST /api/ds/query: bad requests', () => {
  it('a body that does not fit, an unreadable time, duplicate refIds, no data source → 400 naming the problem', async () => {
    expect(await query([])).toMatchObject({ status: 400, json: { message: expect.stringContaining('queries: needs at least one query') } });
    expect(await query([{ refId: 'A', datasource: testdata }], { from: 'last tuesday' })).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining('from: cannot read "last tuesday" as a time') },
    });
    expect(
      await query([
        { refId: 'A', datasource: testdata },
        { refId: 'A', datasource: testdata },
      ]),
    ).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining('two queries share refId "A"') },
    });
    expect(await query([{ refId: 'A' }])).toMatchObject({
      status: 400,
      json: { message: expect.stringContaining('query A names no data source') },
    });
    expect(await query([{ refId: 'A', datasource: testdata, maxDataPoints: -1 }])).toMatchObject({ status: 400 });
  });

  it('an unknown data source → 404; by datasourceId and by name works', async () => {
    expect(await query([{ refId: 'A', datasource: { uid: '${DS_PROM}' } }])).toMatchObject({
      status: 404,
      json: { message: expect.stringContaining('a dashboard variable that was not replaced') },
    });
    const { json: ds } = { json: (await server.call({ method: 'GET', url: `/api/datasources/uid/${testdata}` })).json() };
    expect((await query([{ refId: 'A', datasourceId: ds.id, scenarioId: 'no_data_points' }])).status).toBe(200);
    expect((await query([{ refId: 'A', datasource: 'TestData', scenarioId: 'no_data_points' }])).status).toBe(200);
  });

  it('expressions and Grafana built-in sources answer an error of their own; mistyped fields name the field', async () => {
    const { status, json } = await query([
      { refId: 'E', datasource: { type: '__expr__', uid: '__expr__' }, type: 'math', expression: '$A * 2' },
      { refId: 'G', datasource: { type: 'datasource', uid: 'grafana' } },
      { refId: 'T', datasource: testdata, scenarioId: 'random_walk', seriesCount: 'many' },
      { refId: 'A', datasource: testdata, scenarioId: 'no_data_points' },
    ]);
    expect(status).toBe(400);
    expect(json.results.E.error).toMatch(/^server-side expressions .* are not supported yet/);
    expect(json.results.G.error).toMatch(/built-in "grafana" data source is not supported/);
    expect(json.results.T).toMatchObject({ status: 400, error: 'bad query: seriesCount: must be a number' });
    expect(json.results.A.status).toBe(200);
  });

  it('types without a query runner answer a per-query error', async () => {
    const { uid } = await createDataSource(server, { name: 'Tempo', type: 'tempo', url: 'http://127.0.0.1:1' });
    const { status, json } = await query([{ refId: 'A', datasource: { uid } }]);
    expect(status).toBe(400);
    expect(json.results.A).toEqual({ status: 400, errorSource: 'plugin', error: 'querying Tempo data sources is not supported yet' });
  });
});

describe('POST /api/ds/query: Prometheus answers as Grafana frames them', () => {
  it('NaN and ±Inf travel as null with their rows in data.entities; warnings become notices', async () => {
    const fake = await startFakeHttp(() => ({
      body: {
        status: 'success',
        data: {
          resultType: 'matrix',
          result: [
            {
              metric: { __name__: 'x' },
              values: [
                [1767268800, '1'],
                [1767268815, 'NaN'],
                [1767268830, '+Inf'],
                [1767268845, '-Inf'],
              ],
            },
          ],
        },
        warnings: ['PromQL info: metric might not be a counter'],
      },
    }));
    try {
      const { uid } = await createDataSource(server, { name: 'odd values', type: 'prometheus', url: fake.url });
      const { status, json } = await query([{ refId: 'A', datasource: { uid }, expr: 'x' }]);
      expect(status).toBe(200);
      const frame = json.results.A.frames[0];
      expect(frame.data).toEqual({
        values: [
          [1767268800000, 1767268815000, 1767268830000, 1767268845000],
          [1, null, null, null],
        ],
        entities: [null, { NaN: [1], Inf: [2], NegInf: [3] }],
      });
      expect(frame.schema.meta.notices).toEqual([{ severity: 'warning', text: 'PromQL info: metric might not be a counter' }]);
      expect(frame.schema.fields[1].config.displayNameFromDS).toBe('x');
      // The request Prometheus saw: POST by default; 1 h over the default 100 points is 36 s, rounded to 30 s.
      expect(fake.requests[0]).toMatchObject({
        method: 'POST',
        url: '/api/v1/query_range',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const sent = new URLSearchParams(fake.requests[0]!.body);
      expect(Object.fromEntries(sent)).toEqual({ query: 'x', start: String(FROM / 1000), end: String(TO / 1000), step: '30' });
    } finally {
      await fake.stop();
    }
  });
  it('an answer over a megabyte is streamed a series at a time, every sample in place', async () => {
    const series = Array.from({ length: 60 }, (_, n) => ({
      metric: { __name__: 'big', instance: `host-${n}` },
      values: Array.from({ length: 1000 }, (_, i) => [FROM / 1000 + i * 15, String(n + i / 1000)] as [number, string]),
    }));
    const fake = await startFakeHttp(() => ({ body: { status: 'success', data: { resultType: 'matrix', result: series } } }));
    try {
      const { uid } = await createDataSource(server, { name: 'big answers', type: 'prometheus', url: fake.url });
      const response = await server.call({
        method: 'POST',
        url: '/api/ds/query',
        payload: {
          from: String(FROM),
          to: String(TO),
          queries: [{ refId: 'A', datasource: { uid }, expr: 'big' }],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body.length).toBeGreaterThan(1024 * 1024);
      const frames = queryResponseSchema.parse(response.json()).results.A!.frames!;
      expect(frames).toHaveLength(60);
      for (const [n, frame] of frames.entries()) {
        const [times, values] = frame.data!.values as [number[], number[]];
        expect(times).toHaveLength(1000);
        expect(times[999]).toBe(FROM + 999 * 15_000);
        expect(values[0]).toBe(n);
        expect(values[999]).toBe(n + 0.999);
        expect(frame.schema.fields[1]!.labels).toEqual({ __name__: 'big', instance: `host-${n}` });
      }
    } finally {
      await fake.stop();
    }
  });
});

describe('POST /api/ds/query: the outgoing policy', () => {
  it('a denied address is that query’s error and nothing is sent', async () => {
    const fake = await startFakeHttp(() => ({ body: { status: 'success', data: { resultType: 'matrix', result: [] } } }));
    try {
      const { uid } = await createDataSource(server, { name: 'denied', type: 'prometheus', url: fake.url });
      configureOutgoing({ denyCidrs: ['127.0.0.0/8'] });
      const { status, json } = await query([{ refId: 'A', datasource: { uid }, expr: 'up' }]);
      expect(status).toBe(400);
      expect(json.results.A.error).toMatch(/address 127\.0\.0\.1 is not allowed/);
      expect(fake.requests).toHaveLength(0);
    } finally {
      await fake.stop();
    }
  });

  it('when every outgoing slot is taken the request is refused with 429; TestData needs none', async () => {
    const fake = await startFakeHttp(() => ({ body: { status: 'success', data: { resultType: 'matrix', result: [] } } }));
    const { uid } = await createDataSource(server, { name: 'busy', type: 'prometheus', url: fake.url });
    configureOutgoing({ maxConcurrent: 1 });
    let release!: () => void;
    const held = withOutgoingSlot(() => new Promise<void>((resolve) => (release = resolve)));
    try {
      const { status, json } = await query([{ refId: 'A', datasource: { uid }, expr: 'up' }]);
      expect(status).toBe(429);
      expect(json.message).toMatch(/too many outgoing requests at once/);
      expect((await query([{ refId: 'A', datasource: testdata }])).status).toBe(200);
    } finally {
      release();
      await held;
      await fake.stop();
    }
  });
});
