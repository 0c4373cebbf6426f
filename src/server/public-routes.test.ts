/**
 * Only the UI's own files are public when the server serves a UI. Every other route, including
 * those of plugins Fastify loads while the UI's files register, needs a token.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './testing/harness';
import { startListeningServer, type ListeningServer } from './testing/listening';

let server: ListeningServer;
let webDir: string;

beforeAll(async () => {
  webDir = tempDataDir();
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sightline</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  server = await startListeningServer({ webDir });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('public routes with a UI', () => {
  it('serves the UI files and client-side routes without a token', async () => {
    for (const url of ['/', '/index.html', '/assets/app.js', '/dashboards']) {
      expect((await server.api(url, { token: null })).status, url).toBe(200);
    }
  });

  it('answers a missing asset with 404, not the page and not a year-long cache', async () => {
    const found = await server.api('/assets/app.js', { token: null });
    expect(found.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const url of ['/assets/missing-1a2b3c.js', '/assets/', '/%61ssets/missing.js', '/assets/nested/missing.css']) {
      const response = await server.api(url, { token: null });
      expect(response.status, url).toBe(404);
      expect(response.headers.get('cache-control') ?? '', url).not.toMatch(/immutable|max-age/);
      expect(await response.json(), url).toEqual({ message: 'Not found' });
    }
    const head = await server.api('/assets/missing.js', { token: null, method: 'HEAD' });
    expect(head.status).toBe(404);
    // Client-side routes still get the page.
    const page = await server.api('/d/abc/some-dashboard', { token: null });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it('refuses the data source proxy and the query API without a token', async () => {
    for (const url of ['/api/datasources/proxy/uid/anything/api/v1/query', '/api/datasources/proxy/1/api/v1/query']) {
      const response = await server.api(url, { token: null });
      expect(response.status, url).toBe(401);
    }
    const query = await server.api('/api/ds/query', {
      token: null,
      method: 'POST',
      body: '{"queries":[]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(query.status).toBe(401);
    expect((await server.api('/api/org', { token: null })).status).toBe(401);
  });

  it('the proxy routes are API routes that name a permission', () => {
    for (const route of server.app.apiRoutes) expect(route.action, `${route.method} ${route.url}`).toBeTruthy();
    expect(server.app.apiRoutes.some((route) => route.url.includes('/proxy/'))).toBe(true);
  });
});
