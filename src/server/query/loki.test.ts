/**
 * Loki queries through `/api/ds/query`. Debian has no Grafana Loki, so these run against
 * `startFakeLoki`, a small server speaking Loki's push and query API; lines are pushed over HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryResponseSchema } from '../../contract/query';
import { startFakeLoki } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

const T0 = Date.UTC(2026, 0, 1, 12);
const ns = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
let server: TestServer;
let loki: Awaited<ReturnType<typeof startFakeLoki>>;
let uid: string;

beforeAll(async () => {
  [server, loki] = await Promise.all([startTestServer(), startFakeLoki()]);
  const lines = (job: string, level: string, minutes: number[]) => ({
    stream: { job, level },
    values: minutes.map((m): [string, string] => [ns(T0 + m * 60_000), `${level} line at minute ${m} from ${job}`]),
  });
  const pushed = await fetch(`${loki.url}/loki/api/v1/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ streams: [lines('api', 'info', [0, 1, 2, 3]), lines('api', 'error', [1, 3]), lines('worker', 'info', [2])] }),
  });
  expect(pushed.status).toBe(204);
  uid = (await createDataSource(server, { name: 'loki', type: 'loki', url: loki.url, jsonData: { maxLines: 500 } })).uid;
});
afterAll(async () => {
  await Promise.all([server?.cleanup(), loki?.stop()]);
});

async function query(q: object, range = { from: T0, to: T0 + 5 * 60_000 }) {
  const response = await server.call({
    method: 'POST',
    url: '/api/ds/query',
    payload: { from: String(range.from), to: String(range.to), queries: [{ refId: 'A', datasource: { uid, type: 'loki' }, ...q }] },
  });
  return { status: response.statusCode, body: queryResponseSchema.parse(response.json()) };
}

describe('Loki queries', () => {
  it("log queries answer Grafana's log frame, newest first, with labels, Time, Line, tsNs and id", async () => {
    const { status, body } = await query({ expr: '{job="api"} |= "error"' });
    expect(status).toBe(200);
    const frames = body.results.A!.frames!;
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(frame.schema.meta).toMatchObject({
      custom: { frameType: 'LabeledTimeValues' },
      preferredVisualisationType: 'logs',
      executedQueryString: 'Expr: {job="api"} |= "error"',
    });
    expect(frame.schema.fields.map((f) => [f.name, f.type])).toEqual([
      ['labels', 'other'],
      ['Time', 'time'],
      ['Line', 'string'],
      ['tsNs', 'string'],
      ['id', 'string'],
    ]);
    const [labels, times, lines, tsNs, ids] = frame.data!.values;
    expect(labels).toEqual([
      { job: 'api', level: 'error' },
      { job: 'api', level: 'error' },
    ]);
    expect(times).toEqual([T0 + 180_000, T0 + 60_000]);
    expect(lines).toEqual(['error line at minute 3 from api', 'error line at minute 1 from api']);
    expect(tsNs).toEqual([ns(T0 + 180_000), ns(T0 + 60_000)]);
    expect((ids as string[])[0]).toMatch(new RegExp(`^${ns(T0 + 180_000)}_[0-9a-f]+$`));
  });

  it('sends the range in nanoseconds, maxLines as limit (the data source default, else the query’s), and the direction', async () => {
    await query({ expr: '{job="worker"}' });
    const sent = new URL(loki.requests.at(-1)!.url, 'http://x');
    expect(sent.pathname).toBe('/loki/api/v1/query_range');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      start: ns(T0),
      end: ns(T0 + 300_000),
      limit: '500',
      direction: 'backward',
    });
    const { body } = await query({ expr: '{job="api"}', maxLines: 2, direction: 'forward' });
    expect(body.results.A!.frames![0]!.data!.values[1]).toEqual([T0, T0 + 60_000]);
    expect(new URL(loki.requests.at(-1)!.url, 'http://x').searchParams.get('limit')).toBe('2');
  });

  it('metric queries answer one time series frame per series, named by legendFormat', async () => {
    const { status, body } = await query({ expr: 'count_over_time({job="api"}[1m])', legendFormat: '{{level}}', intervalMs: 60_000 });
    expect(status).toBe(200);
    const frames = body.results.A!.frames!;
    expect(frames.map((f) => f.schema.fields[1]!.config?.displayNameFromDS).sort()).toEqual(['error', 'info']);
    const info = frames.find((f) => f.schema.fields[1]!.labels?.level === 'info')!;
    expect(info.schema.meta?.executedQueryString).toBe('Expr: count_over_time({job="api"}[1m])\nStep: 1m0s');
    expect(info.schema.fields[0]!.config?.interval).toBe(60_000);
    expect(info.data!.values).toEqual([
      [T0, T0 + 60_000, T0 + 120_000, T0 + 180_000],
      [1, 1, 1, 1],
    ]);
    expect(new URL(loki.requests.at(-1)!.url, 'http://x').searchParams.get('step')).toBe('60');
  });

  it('substitutes $__auto, $__interval and $__range as Grafana does', async () => {
    const { body } = await query({ expr: 'count_over_time({job="api"}[$__auto])', intervalMs: 60_000 });
    expect(body.results.A!.frames![0]!.schema.meta?.executedQueryString).toBe('Expr: count_over_time({job="api"}[1m])\nStep: 1m0s');
    const instant = await query({
      expr: 'count_over_time({job="api"}[$__auto]) or vector($__range_s) or vector(${__interval_ms})',
      intervalMs: 60_000,
      queryType: 'instant',
    });
    expect(new URL(loki.requests.at(-1)!.url, 'http://x').searchParams.get('query')).toBe(
      'count_over_time({job="api"}[300s]) or vector(300) or vector(60000)',
    );
    // (The small fake Loki does not know `or vector()`: what matters is the query it was sent.)
    expect(instant.status).toBe(400);
  });

  it('instant metric queries; without legendFormat the series is named by its labels', async () => {
    const { body } = await query({ expr: 'count_over_time({job="api"}[10m])', queryType: 'instant' });
    const frames = body.results.A!.frames!;
    const error = frames.find((f) => f.schema.fields[1]!.labels?.level === 'error')!;
    expect(error.schema.name).toBe('{job="api", level="error"}');
    expect(error.data!.values).toEqual([[T0 + 300_000], [2]]);
  });

  it('a query Loki cannot parse is that refId’s error, in Loki’s words', async () => {
    const { status, body } = await query({ expr: 'count_over_time(job=api)' });
    expect(status).toBe(400);
    expect(body.results.A).toMatchObject({
      status: 400,
      errorSource: 'downstream',
      error: expect.stringMatching(/^Loki: parse error at line 1/),
    });
  });
});
