/**
 * `/api/ds/query` against a real Prometheus (Debian's) scraping itself every second, so real
 * series exist. Sightline's answer must hold exactly what Prometheus's own `query_range` answers
 * for the same start, end and step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryResponseSchema, type DataFrame } from '../../contract/query';
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import { alignDown } from './time';

const auth = { user: 'grafana', password: 'prom-secret-789' };
let server: TestServer;
let prometheus: Backend;
let guarded: Backend;
let uid: string;

async function query(payload: object, token?: string) {
  const response = await server.call({ method: 'POST', url: '/api/ds/query', payload, ...(token ? { token } : {}) });
  return {
    status: response.statusCode,
    raw: response.json(),
    body: response.statusCode < 500 ? queryResponseSchema.safeParse(response.json()).data : undefined,
  };
}

/** Prometheus's own answer for the same range query. */
async function direct(expr: string, start: number, end: number, stepSeconds: number) {
  const params = new URLSearchParams({ query: expr, start: String(start / 1000), end: String(end / 1000), step: String(stepSeconds) });
  const answer = (await (await fetch(`${prometheus.url}/api/v1/query_range?${params}`)).json()) as {
    data: { result: Array<{ metric: Record<string, string>; values: Array<[number, string]> }> };
  };
  return answer.data.result;
}

const valueField = (frame: DataFrame) => frame.schema.fields[1]!;

describe.skipIf(!hasPrometheus)('POST /api/ds/query against a real Prometheus', () => {
  beforeAll(async () => {
    [server, prometheus, guarded] = await Promise.all([
      startTestServer(),
      startPrometheus({ scrapeSelf: true }),
      startPrometheus({ scrapeSelf: true, basicAuth: auth }),
    ]);
    // Enough samples for a range query: a state, not a time.
    await waitForSamples(prometheus.url, 'up', 5);
    // Every series of the counter compared below has samples older than the range's end (now - 5 s).
    await waitForSamples(prometheus.url, 'prometheus_http_requests_total', 8);
    uid = (await createDataSource(server, { name: 'prom', type: 'prometheus', url: prometheus.url, jsonData: { timeInterval: '1s' } })).uid;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([server?.cleanup(), prometheus?.stop(), guarded?.stop()]);
  });

  it("answers what Prometheus's own query_range answers for the same start, end and step", async () => {
    // Ending a few seconds back, so no scrape is still on its way into either answer.
    const to = Date.now() - 5000;
    const from = to - 5 * 60_000;
    const expr = 'prometheus_http_requests_total';
    const { status, body } = await query({
      from: String(from),
      to: String(to),
      queries: [{ refId: 'A', datasource: { type: 'prometheus', uid }, expr, range: true, maxDataPoints: 100, intervalMs: 1000 }],
    });
    expect(status).toBe(200);
    const frames = body!.results.A!.frames!;
    // 5 min / 100 points = 3 s, rounded down to Grafana's 2 s; start and end aligned down to it.
    const stepMs = 2000;
    expect(frames[0]!.schema.meta?.executedQueryString).toBe(`Expr: ${expr}\nStep: 2s`);
    const expected = await direct(expr, alignDown(from, stepMs), alignDown(to, stepMs), stepMs / 1000);
    expect(expected.length).toBeGreaterThan(1);
    expect(frames).toHaveLength(expected.length);
    for (const series of expected) {
      const frame = frames.find(
        (f) => JSON.stringify(valueField(f).labels) === JSON.stringify(Object.fromEntries(Object.entries(series.metric).sort())),
      );
      expect(frame, JSON.stringify(series.metric)).toBeDefined();
      expect(frame!.schema.fields[0]).toMatchObject({ name: 'Time', type: 'time', config: { interval: stepMs } });
      expect(valueField(frame!)).toMatchObject({ name: 'Value', type: 'number' });
      expect(frame!.data!.values[0]).toEqual(series.values.map(([t]) => Math.round(t * 1000)));
      expect(frame!.data!.values[1]).toEqual(series.values.map(([, v]) => Number(v)));
      expect(frame!.schema.meta).toMatchObject({ type: 'timeseries-multi', custom: { resultType: 'matrix' } });
    }
  });

  it('substitutes $__rate_interval and $__interval, names series by legendFormat, by GET and by POST', async () => {
    const { uid: getUid } = await createDataSource(server, {
      name: 'prom-get',
      type: 'prometheus',
      url: prometheus.url,
      jsonData: { httpMethod: 'GET', timeInterval: '1s' },
    });
    for (const target of [uid, getUid]) {
      const { status, body } = await query({
        from: 'now-5m',
        to: 'now',
        queries: [
          {
            refId: 'R',
            datasource: { uid: target },
            expr: 'sum by (job) (rate(prometheus_http_requests_total[$__rate_interval])) + 0 * $__interval_ms',
            legendFormat: 'job {{job}}',
            maxDataPoints: 100,
            intervalMs: 3000,
          },
        ],
      });
      expect(status, JSON.stringify(body)).toBe(200);
      const frame = body!.results.R!.frames![0]!;
      // Step 2 s (see above); rate interval = max(3 s + 1 s scrape, 4 × 1 s) = 4 s.
      expect(frame.schema.meta?.executedQueryString).toBe(
        'Expr: sum by (job) (rate(prometheus_http_requests_total[4s])) + 0 * 2000\nStep: 2s',
      );
      expect(valueField(frame).config?.displayNameFromDS).toBe('job prometheus');
      expect(frame.schema.name).toBe('job prometheus');
    }
  });

  it('instant queries answer one sample per series', async () => {
    const { status, body } = await query({
      from: 'now-1m',
      to: 'now',
      queries: [{ refId: 'I', datasource: uid, expr: 'up', instant: true, range: false }],
    });
    expect(status).toBe(200);
    const frames = body!.results.I!.frames!;
    expect(frames).toHaveLength(1);
    expect(frames[0]!.schema.meta?.custom).toEqual({ resultType: 'vector' });
    expect(valueField(frames[0]!).labels).toEqual({ __name__: 'up', instance: expect.stringMatching(/^127\.0\.0\.1:/), job: 'prometheus' });
    expect(frames[0]!.data!.values[1]).toEqual([1]);
  });

  it('the table format answers one frame: Time, a column per label, Value', async () => {
    const { body } = await query({
      from: 'now-1m',
      to: 'now',
      queries: [{ refId: 'T', datasource: { uid }, expr: 'up', instant: true, format: 'table' }],
    });
    const frames = body!.results.T!.frames!;
    expect(frames).toHaveLength(1);
    expect(frames[0]!.schema.fields.map((f) => f.name)).toEqual(['Time', '__name__', 'instance', 'job', 'Value']);
    expect(frames[0]!.data!.values[4]).toEqual([1]);
  });

  it('the heatmap format answers one frame per histogram: buckets sorted by le and de-accumulated', async () => {
    const to = Date.now() - 5000;
    const from = to - 2 * 60_000;
    // Prometheus scraping itself: its own /metrics handler's request durations, a real histogram.
    const expr = 'prometheus_http_request_duration_seconds_bucket{handler="/metrics"}';
    const { status, body } = await query({
      from: String(from),
      to: String(to),
      queries: [{ refId: 'H', datasource: { uid }, expr, format: 'heatmap', range: true, maxDataPoints: 60, intervalMs: 1000 }],
    });
    expect(status).toBe(200);
    const frames = body!.results.H!.frames!;
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.schema.meta?.type).toBe('heatmap-rows');
    const [time, ...buckets] = frame.schema.fields;
    expect(time!.type).toBe('time');
    // Sorted by bound, +Inf last; each named by its bound.
    const bounds = buckets.map((b) => (b.name === '+Inf' ? Infinity : Number(b.name)));
    expect(bounds.length).toBeGreaterThan(3);
    expect(bounds).toEqual([...bounds].sort((a, b) => a - b));
    expect(buckets.at(-1)!.name).toBe('+Inf');
    // The counts add back up to Prometheus's own cumulative series, row by row.
    const stepMs = 2000;
    const expected = await direct(expr, alignDown(from, stepMs), alignDown(to, stepMs), stepMs / 1000);
    const times = frame.data!.values[0] as number[];
    const cumulativeOf = (le: string) => expected.find((s) => s.metric.le === le)!;
    let running = new Array<number>(times.length).fill(0);
    for (const [b, bucket] of buckets.entries()) {
      const counts = frame.data!.values[b + 1] as number[];
      running = running.map((sum, i) => sum + (counts[i] ?? 0));
      const own = cumulativeOf(bucket.labels!.le!);
      for (const [t, v] of own.values) {
        const i = times.indexOf(Math.round(t * 1000));
        expect(i).toBeGreaterThanOrEqual(0);
        expect(running[i]).toBeCloseTo(Number(v), 6);
      }
    }
  });

  it('a bad PromQL expression fails its own refId only, and the answer is HTTP 400', async () => {
    const { status, body } = await query({
      from: 'now-5m',
      to: 'now',
      queries: [
        { refId: 'bad', datasource: { uid }, expr: 'sum(rate(' },
        { refId: 'good', datasource: { uid }, expr: 'up' },
      ],
    });
    expect(status).toBe(400);
    expect(body!.results.bad).toMatchObject({
      status: 400,
      errorSource: 'downstream',
      error: expect.stringMatching(/^bad_data: .*parse error/),
    });
    expect(body!.results.bad!.frames).toBeUndefined();
    expect(body!.results.good).toMatchObject({ status: 200 });
    expect(body!.results.good!.frames!.length).toBeGreaterThan(0);
  });

  it('adds the stored basic-auth password server-side, and never shows it in an error', async () => {
    await waitForSamples(guarded.url, 'up', 2, {
      authorization: `Basic ${Buffer.from(`${auth.user}:${auth.password}`).toString('base64')}`,
    });
    const { uid: good } = await createDataSource(server, {
      name: 'guarded',
      type: 'prometheus',
      url: guarded.url,
      basicAuth: true,
      basicAuthUser: auth.user,
      secureJsonData: { basicAuthPassword: auth.password },
    });
    const { uid: bad } = await createDataSource(server, {
      name: 'guarded-wrong',
      type: 'prometheus',
      url: guarded.url,
      basicAuth: true,
      basicAuthUser: auth.user,
      secureJsonData: { basicAuthPassword: 'wrong-pass-4711' },
    });
    const ok = await query({ from: 'now-5m', to: 'now', queries: [{ refId: 'A', datasource: { uid: good }, expr: 'up' }] });
    expect(ok.status).toBe(200);
    expect(ok.body!.results.A!.frames!.length).toBe(1);
    const refused = await query({ from: 'now-5m', to: 'now', queries: [{ refId: 'A', datasource: { uid: bad }, expr: 'up' }] });
    expect(refused.status).toBe(400);
    expect(refused.body!.results.A!.error).toMatch(/refused the credentials \(HTTP 401\)/);
    expect(JSON.stringify(refused.raw)).not.toContain('wrong-pass-4711');
  });

  it('Viewers may query; an unknown data source is 404; a token without a role is 403', async () => {
    const viewer = await server.accountWithToken('Viewer');
    const nobody = await server.accountWithToken('None');
    const payload = { from: 'now-5m', to: 'now', queries: [{ refId: 'A', datasource: { uid }, expr: 'up' }] };
    expect((await query(payload, viewer.token)).status).toBe(200);
    expect((await query(payload, nobody.token)).status).toBe(403);
    const missing = await query({ ...payload, queries: [{ refId: 'A', datasource: { uid: 'no-such-uid' }, expr: 'up' }] });
    expect(missing.status).toBe(404);
    expect(missing.raw.message).toContain('no-such-uid');
  });

  it('an unreachable Prometheus is that query’s error, naming the address', async () => {
    const { uid: down } = await createDataSource(server, { name: 'down', type: 'prometheus', url: 'http://127.0.0.1:9' });
    const { status, body } = await query({ from: 'now-5m', to: 'now', queries: [{ refId: 'A', datasource: { uid: down }, expr: 'up' }] });
    expect(status).toBe(400);
    expect(body!.results.A).toMatchObject({
      status: 502,
      errorSource: 'downstream',
      error: expect.stringContaining('connection refused at http://127.0.0.1:9/api/v1/query_range'),
    });
  });
});
