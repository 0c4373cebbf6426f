/**
 * Only the UI's own files are public when the server serves a UI. Every other route, including
 * those of plugins Fastify loads while the UI's files register, needs a token.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir } from './testing/harness';
import { startListeningServer, type ListeningServer } from './testing/listening';

let server: ListeningServer;
let webDir: string;
const PAGE_JS = `export const words = ${JSON.stringify('compressible '.repeat(500))};`;

beforeAll(async () => {
  webDir = tempDataDir();
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sightline</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  // As the build writes them (scripts/precompress.ts); app.css has no compressed copies.
  fs.writeFileSync(path.join(webDir, 'assets', 'page.js'), PAGE_JS);
  fs.writeFileSync(path.join(webDir, 'assets', 'page.js.br'), zlib.brotliCompressSync(PAGE_JS));
  fs.writeFileSync(path.join(webDir, 'assets', 'page.js.gz'), zlib.gzipSync(PAGE_JS));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(webDir, 'assets', 'gone.js'), 'removed after start');
  fs.writeFileSync(path.join(webDir, 'assets', 'kept.js'), 'read, then removed');
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
    expect(page.headers.get('cache-control')).toBe('no-cache');
  });

  it("sends the build's compressed copy a browser accepts, and the file to a client that accepts none", async () => {
    const ask = (url: string, acceptEncoding?: string) =>
      server.api(url, { token: null, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    // fetch decodes the body it is sent; the headers tell which copy came.
    for (const [acceptEncoding, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const response = await ask('/assets/page.js', acceptEncoding);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await response.text()).toBe(PAGE_JS);
    }
    const plain = await ask('/assets/page.js', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(PAGE_JS);
    // A file the build left uncompressed is sent as it is.
    const css = await ask('/assets/app.css', 'br, gzip');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-encoding')).toBeNull();
    expect(await css.text()).toBe('body{margin:0}');
  });

  it('weighs Accept-Encoding as browsers and proxies write it', async () => {
    for (const [acceptEncoding, encoding] of [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'br'],
      ['gzip;q=0, *', 'br'],
      ['br;q=0, gzip;q=0', null],
      ['deflate', null],
    ] as const) {
      const response = await server.api('/assets/page.js', { token: null, headers: { 'accept-encoding': acceptEncoding } });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe(encoding);
      expect(await response.text(), acceptEncoding).toBe(PAGE_JS);
    }
    // The copies are not files of their own.
    expect((await server.api('/assets/page.js.br', { token: null })).status).toBe(404);
  });

  it("answers a browser's revalidation with 304, per copy, and a changed validator with the file", async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await server.api('/assets/page.js', { token: null, headers });
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(new Date(lastModified).getTime()).toBe(Math.floor(fs.statSync(path.join(webDir, 'assets', 'page.js.br')).mtimeMs / 1000) * 1000);
    const again = await server.api('/assets/page.js', { token: null, headers: { ...headers, 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    const sinceThen = await server.api('/assets/page.js', { token: null, headers: { ...headers, 'if-modified-since': lastModified } });
    expect(sinceThen.status).toBe(304);
    const changedValidators: Array<Record<string, string>> = [
      { 'if-none-match': '"something-else"' },
      { 'if-modified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' },
    ];
    for (const validator of changedValidators) {
      const changed = await server.api('/assets/page.js', { token: null, headers: { ...headers, ...validator } });
      expect(changed.status).toBe(200);
      expect(await changed.text()).toBe(PAGE_JS);
    }
    // Another copy is another representation with its own validator.
    const gzip = await server.api('/assets/page.js', { token: null, headers: { 'accept-encoding': 'gzip', 'if-none-match': etag } });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('etag')).not.toBe(etag);
    // The page for client routes revalidates too, and stays no-cache.
    const page = await server.api('/dashboards', { token: null });
    const pageAgain = await server.api('/dashboards', { token: null, headers: { 'if-none-match': page.headers.get('etag')! } });
    expect(pageAgain.status).toBe(304);
    expect(pageAgain.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers HEAD with the headers of GET, and names each file type', async () => {
    const head = await server.api('/assets/page.js', { token: null, method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBe(fs.statSync(path.join(webDir, 'assets', 'page.js.br')).size);
    expect(await head.text()).toBe('');
    for (const [url, type] of [
      ['/index.html', 'text/html; charset=utf-8'] as const,
      ['/assets/app.js', 'application/javascript; charset=utf-8'],
      ['/assets/app.css', 'text/css; charset=utf-8'],
    ]) {
      expect((await server.api(url, { token: null })).headers.get('content-type'), url).toBe(type);
    }
  });

  it('keeps a file it has sent, and answers 404 for one gone from disk before it was asked for', async () => {
    expect(await (await server.api('/assets/kept.js', { token: null })).text()).toBe('read, then removed');
    fs.rmSync(path.join(webDir, 'assets', 'kept.js'));
    fs.rmSync(path.join(webDir, 'assets', 'gone.js'));
    expect(await (await server.api('/assets/kept.js', { token: null })).text()).toBe('read, then removed');
    const gone = await server.api('/assets/gone.js', { token: null });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: 'Not found' });
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
