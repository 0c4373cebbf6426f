import { Histogram, Registry, type Metric } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RequestDurations } from './metrics';
import { createDataSource } from './testing/datasources';
import { startTestServer, type TestServer } from './testing/harness';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.cleanup();
});

async function start(app: Parameters<typeof startTestServer>[0] extends infer O ? (O extends { app?: infer A } ? A : never) : never = {}) {
  const server = await startTestServer({ app });
  servers.push(server);
  return server;
}

/** The value of one sample line (`name{labels} value`). */
function sample(text: string, line: RegExp): number | undefined {
  const match = text.split('\n').find((l) => line.test(l));
  return match === undefined ? undefined : Number(match.slice(match.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('is public without SIGHTLINE_METRICS_AUTH and speaks Prometheus text format', async () => {
    const server = await start();
    const response = await server.call({ method: 'GET', url: '/metrics', token: null });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'sightline_http_request_duration_seconds',
      'sightline_http_requests_in_flight',
      'sightline_datasource_query_duration_seconds',
      'sightline_datasource_health_check_duration_seconds',
      'sightline_stat_totals_dashboard',
      'sightline_stat_totals_folder',
      'sightline_stat_totals_datasource',
      'sightline_stat_totals_annotations',
      'sightline_stat_totals_service_accounts',
      'sightline_stat_totals_service_account_tokens',
      'sightline_alerting_notifications_total',
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(response.body, name).toContain(`# TYPE ${name} `);
    }
  });

  it('labels requests by route template, method and status; never by the raw URL', async () => {
    const server = await start();
    await server.call({ method: 'GET', url: '/api/dashboards/uid/secret-looking-uid-123' });
    await server.call({ method: 'GET', url: '/api/org?x=1' });
    await server.call({ method: 'GET', url: '/api/no/such/thing/abc' });
    await server.call({ method: 'GET', url: '/api/org', token: 'wrong' });
    const text = (await server.call({ method: 'GET', url: '/metrics', token: null })).body;
    expect(text).not.toContain('secret-looking-uid-123');
    expect(text).not.toContain('/no/such');
    expect(
      sample(
        text,
        /^sightline_http_request_duration_seconds_count\{handler="\/api\/dashboards\/uid\/:uid",method="GET",status_code="404"\}/,
      ),
    ).toBe(1);
    expect(sample(text, /^sightline_http_request_duration_seconds_count\{handler="\/api\/org",method="GET",status_code="200"\}/)).toBe(1);
    expect(sample(text, /^sightline_http_request_duration_seconds_count\{handler="\/api\/org",method="GET",status_code="401"\}/)).toBe(1);
    expect(sample(text, /^sightline_http_request_duration_seconds_count\{handler="notfound",method="GET",status_code="404"\}/)).toBe(1);
    // The scrape itself is in flight while it renders.
    expect(sample(text, /^sightline_http_requests_in_flight /)).toBe(1);
  });

  it('counts what the store holds, over every org', async () => {
    const server = await start();
    await server.accountWithToken('Editor');
    await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'F' } });
    for (const title of ['a', 'b']) await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { title } } });
    await createDataSource(server, { name: 'p', type: 'prometheus', url: 'http://127.0.0.1:1' });
    await server.call({ method: 'POST', url: '/api/annotations', payload: { text: 'x', time: 1 } });
    const text = (await server.call({ method: 'GET', url: '/metrics', token: null })).body;
    expect(sample(text, /^sightline_stat_totals_dashboard /)).toBe(2);
    expect(sample(text, /^sightline_stat_totals_folder /)).toBe(1);
    expect(sample(text, /^sightline_stat_totals_datasource\{type="prometheus"\} /)).toBe(1);
    expect(sample(text, /^sightline_stat_totals_annotations /)).toBe(1);
    expect(sample(text, /^sightline_stat_totals_service_accounts /)).toBe(2);
    expect(sample(text, /^sightline_stat_totals_service_account_tokens /)).toBe(2);
  });

  it('times health checks and queries by data source type and outcome', async () => {
    const server = await start();
    await createDataSource(server, { name: 'p', uid: 'p', type: 'prometheus', url: 'http://127.0.0.1:1' });
    await createDataSource(server, { name: 't', uid: 't', type: 'grafana-testdata-datasource' });
    expect((await server.call({ method: 'GET', url: '/api/datasources/uid/p/health' })).statusCode).toBe(400);
    const query = await server.call({
      method: 'POST',
      url: '/api/ds/query',
      payload: { from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: 't' }, scenarioId: 'random_walk' }] },
    });
    expect(query.statusCode).toBe(200);
    const text = (await server.call({ method: 'GET', url: '/metrics', token: null })).body;
    expect(sample(text, /^sightline_datasource_health_check_duration_seconds_count\{type="prometheus",outcome="error"\}/)).toBe(1);
    expect(sample(text, /^sightline_datasource_query_duration_seconds_count\{type="grafana-testdata-datasource",outcome="ok"\}/)).toBe(1);
  });

  it('asks for basic auth when SIGHTLINE_METRICS_AUTH is set, and takes no token instead', async () => {
    const server = await start({ metrics: { auth: 'prom:s3cret' } });
    const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    const none = await server.call({ method: 'GET', url: '/metrics', token: null });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Basic realm="sightline metrics"');
    expect((await server.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect(
      (await server.call({ method: 'GET', url: '/metrics', token: null, headers: { authorization: basic('prom:wrong') } })).statusCode,
    ).toBe(401);
    const ok = await server.call({ method: 'GET', url: '/metrics', token: null, headers: { authorization: basic('prom:s3cret') } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('sightline_http_request_duration_seconds');
  });

  it('is absent with SIGHTLINE_METRICS=off', async () => {
    const server = await start({ metrics: { enabled: false } });
    expect((await server.call({ method: 'GET', url: '/metrics', token: null })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('request durations', () => {
  it("are written as prom-client's own Histogram writes the same observations, in text and as JSON", async () => {
    const buckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
    const name = 'sightline_http_request_duration_seconds';
    const help = 'HTTP requests by route template (handler), method and status code.';
    const ours = new Registry();
    const durations = new RequestDurations(name, help, buckets);
    ours.registerMetric(durations as unknown as Metric);
    const theirs = new Registry();
    const histogram = new Histogram({
      name,
      help,
      labelNames: ['handler', 'method', 'status_code'] as const,
      buckets,
      registers: [theirs],
    });
    const observations: Array<[string, string, number, number]> = [
      ['/api/org', 'GET', 200, 0.0004],
      ['/api/search', 'GET', 200, 0.3],
      ['/api/org', 'GET', 401, 0.005],
      ['/api/org', 'GET', 200, 0.1],
      ['notfound', 'POST', 404, 45],
      ['/api/org', 'PUT', 200, 30],
      ['/api/search', 'GET', 200, 1e-7],
      ['ui', 'GET', 200, 0.0123456789],
    ];
    for (const [handler, method, status, seconds] of observations) {
      durations.observe(handler, method, status, seconds);
      histogram.observe({ handler, method, status_code: String(status) }, seconds);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    expect(() => durations.observe('/api/org', 'GET', 200, NaN)).toThrow(TypeError);
    durations.reset();
    histogram.reset();
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
