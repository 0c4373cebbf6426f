/**
 * Sightline watching itself (issue 18): a real Prometheus (Debian's) scrapes `/metrics` with the
 * basic auth of SIGHTLINE_METRICS_AUTH, and the request histogram is read back through
 * Sightline's own `/api/ds/query` from a Prometheus data source pointing at it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPrometheus, PROMETHEUS_BIN, startPrometheus, waitForSamples, type Backend } from './testing/backends';
import { startListeningServer, type ListeningServer } from './testing/listening';

const auth = { user: 'scraper', password: 'scrape-password-0123' };
let sightline: ListeningServer;
let prometheus: Backend;

describe.skipIf(!hasPrometheus)(`/metrics scraped by a real Prometheus (needs ${PROMETHEUS_BIN}: apt-get install prometheus)`, () => {
  beforeAll(async () => {
    sightline = await startListeningServer({ metrics: { auth: `${auth.user}:${auth.password}` } });
    prometheus = await startPrometheus({ scrape: [{ job: 'sightline', target: `127.0.0.1:${sightline.port}`, basicAuth: auth }] });
  }, 60_000);

  afterAll(async () => {
    await prometheus?.stop();
    await sightline?.close();
  });

  it('holds the request histogram, and Sightline queries it back as data frames', async () => {
    // Some traffic of our own to measure, then a few scrapes of it.
    for (let i = 0; i < 5; i++) expect((await sightline.api('/api/search')).status).toBe(200);
    await waitForSamples(prometheus.url, 'sightline_http_request_duration_seconds_count{job="sightline",handler="/api/search"}', 3);

    const created = await sightline.api('/api/datasources', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'self', uid: 'self', type: 'prometheus', access: 'proxy', url: prometheus.url }),
    });
    expect(created.status).toBe(200);
    const response = await sightline.api('/api/ds/query', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from: String(Date.now() - 5 * 60_000),
        to: String(Date.now()),
        queries: [
          {
            refId: 'count',
            datasource: { uid: 'self', type: 'prometheus' },
            expr: 'sum by (handler, status_code) (sightline_http_request_duration_seconds_count{handler="/api/search"})',
            instant: true,
            range: false,
          },
          {
            refId: 'p99',
            datasource: { uid: 'self', type: 'prometheus' },
            expr: 'histogram_quantile(0.99, sum by (le) (rate(sightline_http_request_duration_seconds_bucket[$__rate_interval])))',
            range: true,
            intervalMs: 1000,
            maxDataPoints: 100,
          },
        ],
      }),
    });
    expect(response.status).toBe(200);
    type Frame = { schema: { fields: Array<{ name: string; labels?: Record<string, string> }> }; data: { values: unknown[][] } };
    const { results } = (await response.json()) as { results: Record<string, { status: number; frames: Frame[] }> };
    const [count] = results.count!.frames;
    expect(count!.schema.fields[1]!.labels).toEqual({ handler: '/api/search', status_code: '200' });
    expect(count!.data.values[1]![0]).toBe(5);
    expect(results.p99!.status).toBe(200);
    expect(results.p99!.frames.length).toBe(1);
  }, 90_000);
});
