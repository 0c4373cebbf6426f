/**
 * The data source proxy and resource routes, over a real socket (so raw `..` paths reach the
 * server as sent), against a real Prometheus with its lifecycle and admin APIs switched on (so a
 * `-/quit` that slipped through would really stop it) and against recording fake servers.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPrometheus, startFakeHttp, startFakeLoki, startPrometheus, type Backend } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(() => server.cleanup());

/** A request with the path exactly as given (no client-side normalisation of `..`). */
function send(path: string, options: { method?: string; body?: string; headers?: Record<string, string>; token?: string | null } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const { token = ADMIN_TOKEN } = options;
    const request = http.request(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers },
    });
    request.path = path;
    request.on('response', (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

describe.skipIf(!hasPrometheus)('proxy to a real Prometheus', () => {
  let prometheus: Backend;
  let ds: { uid: string; id: number };
  beforeAll(async () => {
    prometheus = await startPrometheus({ lifecycle: true });
    ds = await createDataSource(server, { name: 'prom-proxy', type: 'prometheus', url: prometheus.url });
  }, 60_000);
  afterAll(async () => {
    await prometheus?.stop();
  });

  it('forwards the read API by uid, by id and as a resource, GET and form-encoded POST', async () => {
    const byUid = await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/query?query=1%2B1`);
    expect(byUid.status).toBe(200);
    expect(JSON.parse(byUid.body)).toMatchObject({ status: 'success', data: { resultType: 'scalar', result: [expect.any(Number), '2'] } });
    // Never runnable as a page of Sightline's origin (the proxy's `sandbox`, or the app's stricter API policy).
    expect(byUid.headers['content-security-policy']).toMatch(/sandbox|default-src 'none'/);
    expect((await send(`/api/datasources/proxy/${ds.id}/api/v1/labels`)).status).toBe(200);
    const posted = await send(`/api/datasources/uid/${ds.uid}/resources/api/v1/query`, {
      method: 'POST',
      body: 'query=2%2B3',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(200);
    expect(JSON.parse(posted.body).data.result[1]).toBe('5');
    const buildinfo = await send(`/api/datasources/uid/${ds.uid}/resources/api/v1/status/buildinfo`);
    expect(JSON.parse(buildinfo.body).data.version).toMatch(/^\d+\./);
    expect((await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/label/job/values`)).status).toBe(200);
  });

  it('refuses -/quit, -/reload and the admin API; Prometheus is still up afterwards', async () => {
    for (const [method, path] of [
      ['POST', '-/quit'],
      ['PUT', '-/quit'],
      ['GET', '-/quit'],
      ['POST', '-/reload'],
      ['POST', 'api/v1/admin/tsdb/delete_series?match[]=up'],
      ['POST', 'api/v1/admin/tsdb/snapshot'],
      ['GET', 'api/v1/targets'],
      ['GET', 'graph'],
    ] as const) {
      const answer = await send(`/api/datasources/proxy/uid/${ds.uid}/${path}`, { method });
      expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${path}`).toBeLessThan(500);
      expect(JSON.parse(answer.body).message, `${method} ${path}`).toEqual(expect.any(String));
    }
    const refused = await send(`/api/datasources/proxy/uid/${ds.uid}/-/quit`, { method: 'POST' });
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body).message).toMatch(
      /^the data source proxy does not forward POST \/-\/quit to Prometheus: only its read API/,
    );
    expect((await fetch(`${prometheus.url}/-/ready`)).status).toBe(200);
    expect((await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/query?query=up`)).status).toBe(200);
  });

  it('refuses .. segments, raw, percent-encoded and double-encoded, and encoded slashes', async () => {
    for (const path of [
      'api/v1/../../-/quit',
      'api/v1/query/../../../-/quit',
      '%2e%2e/-/quit',
      'api/v1/%2E%2E/%2e./-/quit',
      'api/v1/%252e%252e/%252e%252e/-/quit',
      'api%2Fv1%2Fquery',
      'api/v1/query%5c..%5c..%5c-%5cquit',
      './api/v1/query',
    ]) {
      const answer = await send(`/api/datasources/proxy/uid/${ds.uid}/${path}`, { method: 'POST' });
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body).message, path).toMatch(/may not contain "\." or "\.\." segments/);
    }
    expect((await fetch(`${prometheus.url}/-/ready`)).status).toBe(200);
  });

  it('Viewers may use it; a token without a role may not; an unknown data source is 404', async () => {
    const viewer = await server.accountWithToken('Viewer');
    const nobody = await server.accountWithToken('None');
    expect((await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels`, { token: viewer.token })).status).toBe(200);
    expect((await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels`, { token: nobody.token })).status).toBe(403);
    expect((await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels`, { token: null })).status).toBe(401);
    expect((await send('/api/datasources/proxy/uid/nope/api/v1/labels')).status).toBe(404);
    expect((await send('/api/datasources/proxy/99999/api/v1/labels')).status).toBe(404);
  });
});

describe('proxy headers, credentials and limits (recording server)', () => {
  let fake: Awaited<ReturnType<typeof startFakeHttp>>;
  let ds: { uid: string; id: number };
  beforeAll(async () => {
    fake = await startFakeHttp((request): { status?: number; body?: unknown; headers?: Record<string, string> } | 'hang' => {
      if (request.url?.includes('hang=')) return 'hang';
      if (request.url?.includes('redirect-away')) return { status: 302, headers: { location: 'http://127.0.0.1:9/api/v1/labels' } };
      if (request.url?.includes('redirect-home')) return { status: 302, headers: { location: '/prom/api/v1/labels?again=1' } };
      return {
        body: { status: 'success', data: [] },
        headers: { 'set-cookie': 'backend=1', 'x-internal-host': 'db-7', connection: 'close', 'cache-control': 'no-store' },
      };
    });
    ds = await createDataSource(server, {
      name: 'recorded',
      type: 'prometheus',
      url: `${fake.url}/prom`,
      basicAuth: true,
      basicAuthUser: 'grafana',
      jsonData: { httpHeaderName1: 'X-Scope-OrgID', timeout: 1 },
      secureJsonData: { basicAuthPassword: 'ds-secret-pw', httpHeaderValue1: 'tenant-a' },
    });
  });
  afterAll(() => fake.stop());

  it("adds the data source's credentials, never the caller's token or cookies, keeps the URL's path and the query", async () => {
    const answer = await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/series?match[]=up&start=1`, {
      headers: {
        cookie: 'grafana_session=abc',
        'x-grafana-org-id': '2',
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        te: 'trailers',
        accept: 'application/json',
      },
    });
    expect(answer.status).toBe(200);
    const seen = fake.requests.at(-1)!;
    expect(seen.url).toBe('/prom/api/v1/series?match[]=up&start=1');
    expect(seen.headers.authorization).toBe(`Basic ${Buffer.from('grafana:ds-secret-pw').toString('base64')}`);
    expect(JSON.stringify(seen.headers)).not.toContain(ADMIN_TOKEN);
    expect(seen.headers['x-scope-orgid']).toBe('tenant-a');
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers['x-grafana-org-id']).toBeUndefined();
    expect(seen.headers['x-hop']).toBeUndefined();
    expect(seen.headers.te).toBeUndefined();
    expect(seen.headers.accept).toBe('application/json');
    // The backend's cookies and internal headers do not come back either.
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['x-internal-host']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('passes a form-encoded POST body through unchanged', async () => {
    const body = 'query=sum%28rate%28x%5B5m%5D%29%29&start=1&end=2&step=15';
    await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/query_range`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'POST',
      url: '/prom/api/v1/query_range',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  });

  it('follows a redirect only within the origin and the allowed paths; caps the time', async () => {
    const away = await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels?redirect-away=1`);
    expect(away.status).toBe(502);
    expect(JSON.parse(away.body).message).toMatch(/redirects to another host/);
    expect(JSON.parse(away.body).message).not.toContain('ds-secret-pw');
    const home = await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels?redirect-home=1`);
    expect(home.status).toBe(200);
    expect(fake.requests.at(-1)!.url).toBe('/prom/api/v1/labels?again=1');
    const slow = await send(`/api/datasources/proxy/uid/${ds.uid}/api/v1/labels?hang=1`);
    expect(slow.status).toBe(504);
    expect(JSON.parse(slow.body).message).toMatch(/timed out after 1 s/);
  });

  it('a data source without a URL is a 400 saying so', async () => {
    const empty = await createDataSource(server, { name: 'prom-no-url', type: 'prometheus' });
    const answer = await send(`/api/datasources/proxy/uid/${empty.uid}/api/v1/labels`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/^no URL is set/);
  });

  it('SQL and TestData data sources are not proxied', async () => {
    const sql = await createDataSource(server, { name: 'pg-no-proxy', type: 'grafana-postgresql-datasource', url: '127.0.0.1:5432' });
    const answer = await send(`/api/datasources/proxy/uid/${sql.uid}/anything`);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body).message).toMatch(/query it through POST \/api\/ds\/query/);
  });
});

describe('Loki resources', () => {
  it('reaches Loki’s read API with or without the loki/api/v1 prefix', async () => {
    const loki = await startFakeLoki();
    try {
      await fetch(`${loki.url}/loki/api/v1/push`, {
        method: 'POST',
        body: JSON.stringify({ streams: [{ stream: { job: 'api' }, values: [['1767268800000000000', 'hello']] }] }),
      });
      const ds = await createDataSource(server, { name: 'loki-proxy', type: 'loki', url: loki.url });
      const labels = await send(`/api/datasources/uid/${ds.uid}/resources/labels`);
      expect(JSON.parse(labels.body)).toEqual({ status: 'success', data: ['job'] });
      const values = await send(`/api/datasources/proxy/uid/${ds.uid}/loki/api/v1/label/job/values`);
      expect(JSON.parse(values.body).data).toEqual(['api']);
      expect((await send(`/api/datasources/proxy/uid/${ds.uid}/loki/api/v1/push`, { method: 'POST', body: '{}' })).status).toBe(403);
    } finally {
      await loki.stop();
    }
  });
});
