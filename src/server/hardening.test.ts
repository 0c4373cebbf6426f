/**
 * Issue 13, item by item, against the real server listening on loopback: raw sockets where a
 * client could bypass what fetch normalises (request lines, trickled bodies). Each test ends by
 * checking that the server still answers `GET /api/org`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app';
import { generateToken } from './auth/tokens';
import { ConfigError, loadConfig } from './config';
import { configureOutgoing, DEFAULT_DENY_CIDRS } from './outgoing';
import { openStore } from './store';
import { DATABASE_FILE } from './store/db';
import { startFakeHttp } from './testing/backends';
import { ADMIN_TOKEN, startTestServer, tempDataDir, TEST_STORE } from './testing/harness';
import { rawRequest, startListeningServer, type ListeningServer } from './testing/listening';

let server: ListeningServer;
beforeAll(async () => {
  server = await startListeningServer({ limits: { requestTimeoutMs: 1500, headersTimeoutMs: 1500 } });
});
afterAll(() => server.close());
afterEach(() => configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS, maxConcurrent: 16 }));

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const put = (body: unknown) => ({ ...json(body), method: 'PUT' });

async function stillAnswers(target: ListeningServer = server): Promise<void> {
  const response = await target.api('/api/org');
  expect(response.status).toBe(200);
  expect(await response.json()).toMatchObject({ id: 1, name: 'Main Org.' });
}

const NO_TOKEN = 'Unauthorized: no credentials given; sign in, or send "Authorization: Bearer <service account token>"';

describe('1. auth is decided on the matched route', () => {
  const request = (line: string, headers = '') =>
    rawRequest(server.port, `${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`);

  it('percent-encoded and absolute-form paths reach the same token check', async () => {
    for (const line of [
      'GET /%61pi/org HTTP/1.1',
      'GET /api/%6Frg HTTP/1.1',
      `GET http://127.0.0.1:${server.port}/api/org HTTP/1.1`,
      'GET http://elsewhere/api/org HTTP/1.1',
      'GET /api/org/ HTTP/1.1',
    ]) {
      const answer = await request(line);
      expect({ line, status: answer.status, json: answer.json }).toEqual({ line, status: 401, json: { message: NO_TOKEN } });
    }
    const authorized = await request('GET /%61pi/org HTTP/1.1', `Authorization: Bearer ${ADMIN_TOKEN}\r\n`);
    expect(authorized.status).toBe(200);
    expect(authorized.json).toMatchObject({ id: 1, name: 'Main Org.' });
    await stillAnswers();
  });

  it('refuses before reading a body: a 10 MB announcement without a token gets 401 and the connection closes', async () => {
    const answer = await rawRequest(
      server.port,
      'POST /%61pi/dashboards/db HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n{"dash',
    );
    expect(answer).toMatchObject({ status: 401, json: { message: NO_TOKEN }, closedByServer: true });
    expect(answer.text.toLowerCase()).toContain('connection: close');
    await stillAnswers();
  });

  it('a body sent to no route is not read either', async () => {
    const answer = await rawRequest(server.port, 'POST /nowhere HTTP/1.1\r\nHost: x\r\nContent-Length: 10000000\r\n\r\nabc');
    expect(answer).toMatchObject({ status: 404, json: { message: 'Not found' }, closedByServer: true });
    await stillAnswers();
  });

  it('denies by default: an /api route without an action does not start, and no handler runs without an identity', async () => {
    const { store } = await startTestServer();
    const app = await buildApp({ store });
    expect(() => app.get('/api/unguarded', async () => ({}))).toThrow('route GET /api/unguarded names no permission action');
    // A non-API route that is not declared public needs a token too, and reading the identity
    // where none was established answers 401 instead of running on.
    app.get('/internal', async (request) => ({ login: request.identity.login }));
    app.get('/public-by-mistake', { config: { public: true } }, async (request) => ({ login: request.identity.login }));
    await app.ready();
    expect((await app.inject({ url: '/internal' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/internal', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).json()).toEqual({
      login: 'sa-admin',
    });
    const leaked = await app.inject({ url: '/public-by-mistake' });
    expect(leaked.statusCode).toBe(401);
    expect(leaked.json()).toEqual({ message: 'Unauthorized: this request was not authenticated' });
    await app.close();
    await store.close();
    await stillAnswers();
  });
});

describe('2. no 5xx on bad input', () => {
  const get = async (url: string) => {
    const response = await server.api(url);
    return { status: response.status, body: (await response.json()) as { message: string; field?: string } };
  };
  const huge = '12345678901234567890123';

  it('integers must be safe integers; pages are clamped', async () => {
    const tooLarge = `is too large: at most ${Number.MAX_SAFE_INTEGER}`;
    expect(await get(`/api/search?page=${huge}`)).toEqual({ status: 400, body: { message: `page: ${tooLarge}`, field: 'page' } });
    expect(await get(`/api/search?limit=${huge}`)).toEqual({ status: 400, body: { message: `limit: ${tooLarge}`, field: 'limit' } });
    expect(await get(`/api/serviceaccounts/search?perpage=${huge}`)).toEqual({
      status: 400,
      body: { message: `perpage: ${tooLarge}`, field: 'perpage' },
    });
    await server.api('/api/dashboards/db', json({ dashboard: { uid: 'paged', title: 'Paged' } }));
    expect(await get(`/api/dashboards/uid/paged/versions?start=${huge}`)).toEqual({
      status: 400,
      body: { message: `start: ${tooLarge}`, field: 'start' },
    });
    expect(await get(`/api/annotations/${huge}`)).toEqual({ status: 400, body: { message: `id: ${tooLarge}`, field: 'id' } });
    // The largest safe page is served (empty), not an error.
    expect(await get(`/api/search?page=${Number.MAX_SAFE_INTEGER}&limit=5000`)).toEqual({ status: 200, body: [] });
    expect((await get(`/api/serviceaccounts/search?page=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
    expect((await get(`/api/dashboards/uid/paged/versions?start=${Number.MAX_SAFE_INTEGER}`)).status).toBe(200);
    await stillAnswers();
  });

  it('at most 50 search words and tags per request, and 50 tags per dashboard or annotation', async () => {
    const words = (count: number) => Array.from({ length: count }, (_, i) => `w${i}`).join(' ');
    expect(await get(`/api/search?query=${encodeURIComponent(words(51))}`)).toEqual({
      status: 400,
      body: { message: 'query: has too many words: at most 50', field: 'query' },
    });
    expect((await get(`/api/search?query=${encodeURIComponent(words(50))}`)).status).toBe(200);
    const threeThousand = await get(`/api/search?query=${Array.from({ length: 3000 }, () => 'a').join('+')}`);
    expect(threeThousand.status).toBe(400);
    expect(threeThousand.body.message).toMatch(/^query: is too long: at most 1000 characters/);
    const tags = Array.from({ length: 1500 }, (_, i) => `tag=t${i}`).join('&');
    expect(await get(`/api/search?${tags}`)).toEqual({ status: 400, body: { message: 'tag: too many tags: at most 50', field: 'tag' } });
    expect(await get(`/api/annotations?${tags.replaceAll('tag=', 'tags=')}`)).toEqual({
      status: 400,
      body: { message: 'tags: too many tags: at most 50', field: 'tags' },
    });
    const manyTags = Array.from({ length: 1500 }, (_, i) => `t${i}`);
    const annotation = await server.api('/api/annotations', json({ text: 'x', tags: manyTags }));
    expect(annotation.status).toBe(400);
    // Grafana's words first for annotations (issue 14), the field beside them.
    expect(await annotation.json()).toEqual({ message: 'Failed to save annotation: tags: too many tags: at most 50', field: 'tags' });
    const dashboard = await server.api(
      '/api/dashboards/db',
      json({ dashboard: { title: 'Tagged', tags: Array.from({ length: 12_000 }, (_, i) => `tag${i}`) } }),
    );
    expect(dashboard.status).toBe(400);
    expect(await dashboard.json()).toEqual({
      message: 'bad request data: dashboard.tags: too many tags: at most 50',
      field: 'dashboard.tags',
    });
    const longTag = await server.api('/api/dashboards/db', json({ dashboard: { title: 'Tagged', tags: ['x'.repeat(101)] } }));
    expect(await longTag.json()).toEqual({
      message: 'bad request data: dashboard.tags.0: is too long: at most 100 characters',
      field: 'dashboard.tags.0',
    });
    await stillAnswers();
  });

  it('JSON nested deeper than 256 levels is refused at parse time', async () => {
    const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    for (const [url, body] of [
      ['/api/dashboards/db', `{"dashboard":{"title":"Deep","panels":${'['.repeat(10_000)}${']'.repeat(10_000)}}}`],
      ['/api/datasources', `{"name":"deep","type":"prometheus","access":"proxy","jsonData":${deep(10_000)}}`],
    ] as const) {
      const response = await server.api(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'bad request data: JSON is nested more than 256 levels deep' });
    }
    // 256 levels are fine; brackets inside strings do not count.
    const ok = await server.api(
      '/api/dashboards/db',
      json({ dashboard: { title: 'Deep enough', note: '[[[[{{{{'.repeat(100), nested: JSON.parse(deep(250)) } }),
    );
    expect(ok.status).toBe(200);
    await stillAnswers();
  });

  it('length limits name the limit', async () => {
    const org = await server.api('/api/org', put({ name: 'o'.repeat(191) }));
    expect(org.status).toBe(400);
    expect(await org.json()).toEqual({ message: 'bad request data: name: is too long: at most 190 characters', field: 'name' });
    const account = await server.api('/api/serviceaccounts', json({ name: 's'.repeat(191), role: 'Viewer' }));
    expect(await account.json()).toEqual({ message: 'bad request data: name: must be at most 190 characters', field: 'name' });
    const title = await server.api('/api/dashboards/db', json({ dashboard: { title: 't'.repeat(1001) } }));
    expect(await title.json()).toEqual({
      message: 'bad request data: dashboard.title: is too long: at most 1000 characters',
      field: 'dashboard.title',
    });
    const user = await server.api('/api/admin/users', json({ login: 'l'.repeat(191), password: 'secret-pass' }));
    expect(await user.json()).toEqual({ message: 'bad request data: login: is too long: at most 190 characters', field: 'login' });
    await server.api('/api/folders', json({ uid: 'perm-cap', title: 'Permission cap' }));
    const items = Array.from({ length: 6000 }, (_, i) => ({ userId: i + 1, permission: 1 }));
    const permissions = await server.api('/api/folders/perm-cap/permissions', json({ items }));
    expect(permissions.status).toBe(400);
    expect(await permissions.json()).toEqual({ message: 'bad request data: items: too many entries: at most 1000', field: 'items' });
    await stillAnswers();
  });
});

describe('3. slow clients do not hold connections', () => {
  it('a trickled body is cut off by the request timeout, with or without a token', async () => {
    for (const auth of ['', `Authorization: Bearer ${ADMIN_TOKEN}\r\n`]) {
      const answer = await rawRequest(
        server.port,
        `POST /api/dashboards/db HTTP/1.1\r\nHost: x\r\n${auth}Content-Length: 10000000\r\n\r\n{"dashboard":`,
      );
      expect(answer.closedByServer).toBe(true);
      // Without a token: 401 at once; with one: 408 when the body does not arrive in time.
      expect(answer.status).toBe(auth ? 408 : 401);
    }
    await stillAnswers();
  });

  it('headers that never end are cut off too', async () => {
    const answer = await rawRequest(server.port, 'GET /api/org HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n');
    expect(answer).toMatchObject({ status: 408, closedByServer: true });
    await stillAnswers();
  });

  it('a body over the limit gets 413 and the connection closes without reading the rest', async () => {
    const small = await startListeningServer({ maxBodyBytes: 1024 });
    try {
      const answer = await rawRequest(
        small.port,
        `POST /api/dashboards/db HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${ADMIN_TOKEN}\r\nContent-Length: 10000000\r\n\r\n{`,
      );
      expect(answer).toMatchObject({
        status: 413,
        json: { message: 'request body is too large: the limit is 1024 bytes' },
        closedByServer: true,
      });
      await stillAnswers(small);
    } finally {
      await small.close();
    }
  });

  it('200 trickling sockets do not keep GET /api/org from answering', async () => {
    const slow = await startListeningServer({ limits: { requestTimeoutMs: 60_000, headersTimeoutMs: 60_000 } });
    const net = await import('node:net');
    const sockets: import('node:net').Socket[] = [];
    try {
      await Promise.all(
        Array.from(
          { length: 200 },
          (_, i) =>
            new Promise<void>((resolve, reject) => {
              const socket = net.connect(slow.port, '127.0.0.1', () => {
                socket.write(
                  `POST /api/dashboards/db HTTP/1.1\r\nHost: x\r\n${i % 2 ? `Authorization: Bearer ${ADMIN_TOKEN}\r\n` : ''}Content-Length: 10000000\r\n\r\n{`,
                );
                resolve();
              });
              socket.on('error', reject);
              sockets.push(socket);
            }),
        ),
      );
      const response = await slow.api('/api/org');
      expect(response.status).toBe(200);
      // Those with a token are still being read (not dropped to make room).
      expect(sockets.filter((socket) => !socket.destroyed).length).toBeGreaterThanOrEqual(100);
    } finally {
      for (const socket of sockets) socket.destroy();
      await slow.close();
    }
  });

  it('the connection cap refuses sockets beyond it at once', async () => {
    const capped = await startListeningServer({ limits: { maxConnections: 2 } });
    const net = await import('node:net');
    const held = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<import('node:net').Socket>((resolve) => {
            const socket = net.connect(capped.port, '127.0.0.1', () => resolve(socket));
          }),
      ),
    );
    try {
      const third = await rawRequest(capped.port, 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(third).toMatchObject({ status: 0, closedByServer: true });
    } finally {
      for (const socket of held) socket.destroy();
    }
    await expect.poll(async () => (await capped.api('/api/org').catch(() => undefined))?.status).toBe(200);
    await capped.close();
  });
});

// The data dir's files: SQLite's. PostgreSQL keeps no file of ours (and needs a configured key).
describe.skipIf(TEST_STORE !== 'sqlite')('4. private files', () => {
  it('a new data dir is 0700 and every file in it 0600', async () => {
    const parent = tempDataDir();
    const dataDir = path.join(parent, 'new', 'data');
    const store = await openStore(dataDir);
    await store.orgs.create('Touch the WAL');
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`, 'secret.key']) {
      expect({ file, mode: (fs.statSync(path.join(dataDir, file)).mode & 0o777).toString(8) }).toEqual({ file, mode: '600' });
    }
    expect(store.warnings).toEqual([]);
    await store.close();
    fs.rmSync(parent, { recursive: true, force: true });
    await stillAnswers();
  });

  it('an existing looser dir or key is reported; looser database files are tightened', async () => {
    const dataDir = tempDataDir();
    const first = await openStore(dataDir);
    await first.close();
    fs.chmodSync(dataDir, 0o755);
    fs.chmodSync(path.join(dataDir, 'secret.key'), 0o644);
    fs.chmodSync(path.join(dataDir, DATABASE_FILE), 0o644);
    const again = await openStore(dataDir);
    expect(again.warnings).toEqual([
      `the data directory ${dataDir} has mode 0755: other local users may read it; run chmod 700 on it`,
      `${path.join(dataDir, 'secret.key')} has mode 0644: other local users may read it; run chmod 600 on it`,
    ]);
    expect(fs.statSync(path.join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await stillAnswers();
  });
});

describe('5. health checks under the outgoing policy', () => {
  let unique = 0;
  async function check(payload: object) {
    const created = await server.api('/api/datasources', json({ name: `policy ${++unique}`, access: 'proxy', ...payload }));
    const body = (await created.json()) as { datasource: { uid: string } };
    expect(created.status, JSON.stringify(body)).toBe(200);
    const response = await server.api(`/api/datasources/uid/${body.datasource.uid}/health`);
    return { status: response.status, body: (await response.json()) as { status?: string; message: string } };
  }

  it('refuses denied addresses: literal, resolved name, and the metadata address by default', async () => {
    const backend = await startFakeHttp(() => ({ body: { status: 'success', data: [] } }));
    try {
      const port = new URL(backend.url).port;
      expect(await check({ type: 'loki', url: backend.url })).toMatchObject({ status: 200 });
      expect(await check({ type: 'loki', url: 'http://169.254.169.254/latest/meta-data' })).toEqual({
        status: 400,
        body: { status: 'ERROR', message: 'address 169.254.169.254 is not allowed (SIGHTLINE_DATASOURCE_DENY)' },
      });
      configureOutgoing({ denyCidrs: ['127.0.0.0/8', '::1/128'] });
      expect(await check({ type: 'loki', url: backend.url })).toEqual({
        status: 400,
        body: { status: 'ERROR', message: 'address 127.0.0.1 is not allowed (SIGHTLINE_DATASOURCE_DENY)' },
      });
      const byName = await check({ type: 'loki', url: `http://localhost:${port}` });
      expect(byName.body.message).toMatch(/^address (127\.0\.0\.1|::1) is not allowed \(SIGHTLINE_DATASOURCE_DENY\)$/);
      expect((await check({ type: 'mysql', url: `localhost:${port}`, user: 'u' })).body.message).toMatch(
        /^address (127\.0\.0\.1|::1) is not allowed/,
      );
      expect(
        (await check({ type: 'grafana-postgresql-datasource', url: `127.0.0.1:${port}`, user: 'u', jsonData: { database: 'd' } })).body
          .message,
      ).toBe('address 127.0.0.1 is not allowed (SIGHTLINE_DATASOURCE_DENY)');
      expect(backend.requests).toHaveLength(1);
    } finally {
      await backend.stop();
    }
    await stillAnswers();
  });

  it('echoes the status line and a short excerpt of the backend error field, never an error page or a secret', async () => {
    const secret = 'internal-db-password-4711';
    const backend = await startFakeHttp((request) => {
      if (request.url?.startsWith('/html'))
        return { status: 500, headers: { 'content-type': 'text/html' }, body: `<html><pre>Traceback: DB_PASSWORD=${secret}</pre></html>` };
      if (request.url?.startsWith('/long')) return { status: 503, body: { error: `overloaded\nline two ${'x'.repeat(500)}` } };
      if (request.url?.startsWith('/echo')) return { status: 502, body: { message: `upstream said Bearer tok-${secret}` } };
      return { status: 400, body: { status: 'error', errorType: 'bad_data', error: `parse error: ${'y'.repeat(400)}` } };
    });
    try {
      expect((await check({ type: 'loki', url: `${backend.url}/html` })).body.message).toBe(
        `Loki answered HTTP 500 Internal Server Error at ${backend.url}/html/loki/api/v1/labels`,
      );
      const long = (await check({ type: 'tempo', url: `${backend.url}/long` })).body.message;
      expect(long).toBe(
        `Tempo answered HTTP 503 Service Unavailable at ${backend.url}/long/api/echo: overloaded line two ${'x'.repeat(100)}…`,
      );
      const prometheus = (await check({ type: 'prometheus', url: backend.url })).body.message;
      expect(prometheus).toBe(`Prometheus refused the test query (HTTP 400 Bad Request): parse error: ${'y'.repeat(107)}…`);
      const echoed = await check({
        type: 'loki',
        url: `${backend.url}/echo`,
        jsonData: { httpHeaderName1: 'Authorization' },
        secureJsonData: { httpHeaderValue1: `tok-${secret}` },
      });
      expect(echoed.body.message).toBe(
        `Loki answered HTTP 502 Bad Gateway at ${backend.url}/echo/loki/api/v1/labels: upstream said Bearer ***`,
      );
    } finally {
      await backend.stop();
    }
    await stillAnswers();
  });

  it('refuses Host, hop-by-hop and framing headers as custom header names (400)', async () => {
    for (const name of [
      'Host',
      'Connection',
      'Transfer-Encoding',
      'Content-Length',
      'Keep-Alive',
      'Upgrade',
      'TE',
      'Trailer',
      'Proxy-Authorization',
    ]) {
      const response = await server.api(
        '/api/datasources',
        json({
          name: `headers ${name}`,
          type: 'loki',
          access: 'proxy',
          url: 'http://127.0.0.1:9',
          jsonData: { httpHeaderName1: 'X-Ok', httpHeaderName2: name },
        }),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        message: `bad request data: jsonData.httpHeaderName2: the header "${name}" cannot be set on a data source: it controls the connection or the target host`,
        field: 'jsonData.httpHeaderName2',
      });
    }
    const invalid = await server.api(
      '/api/datasources',
      json({ name: 'bad header', type: 'loki', access: 'proxy', jsonData: { httpHeaderName1: 'X Bad' } }),
    );
    expect(invalid.status).toBe(400);
    const injected = await server.api(
      '/api/datasources',
      json({
        name: 'crlf',
        type: 'loki',
        access: 'proxy',
        jsonData: { httpHeaderName1: 'X-Tenant' },
        secureJsonData: { httpHeaderValue1: 'a\r\nHost: evil' },
      }),
    );
    expect(await injected.json()).toEqual({
      message: 'bad request data: secureJsonData.httpHeaderValue1: a header value cannot contain line breaks',
      field: 'secureJsonData.httpHeaderValue1',
    });
    await stillAnswers();
  });

  it('caps concurrent checks: 429 beyond the limit, with the limit named', async () => {
    configureOutgoing({ maxConcurrent: 1 });
    const hanging = await startFakeHttp(() => 'hang');
    try {
      const created = await server.api(
        '/api/datasources',
        json({ name: 'hangs', type: 'tempo', access: 'proxy', url: hanging.url, jsonData: { timeout: 60 } }),
      );
      const { datasource } = (await created.json()) as { datasource: { uid: string } };
      const first = server.api(`/api/datasources/uid/${datasource.uid}/health`);
      await expect.poll(() => hanging.requests.length).toBe(1);
      const second = await server.api(`/api/datasources/uid/${datasource.uid}/health`);
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBe('1');
      expect(await second.json()).toEqual({
        message: 'too many outgoing requests at once (limit 1, SIGHTLINE_OUTGOING_MAX_CONCURRENT); try again in a moment',
      });
      // The backend goes away: the first check ends, and its slot is free again.
      await hanging.stop();
      expect((await (await first).json()) as object).toMatchObject({ status: 'ERROR' });
      const again = await server.api(`/api/datasources/uid/${datasource.uid}/health`);
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/^connection refused at/) });
    } finally {
      await hanging.stop();
    }
    await stillAnswers();
  });
});

describe('6. stored secrets do not follow a changed address', () => {
  it('drops them when scheme, host or port change without new secrets; keeps them for a path change', async () => {
    const first = await startFakeHttp(() => ({ body: { status: 'success', data: [] } }));
    const second = await startFakeHttp(() => ({ body: { status: 'success', data: [] } }));
    try {
      const base = { name: 'moving', type: 'loki', access: 'proxy', basicAuth: true, basicAuthUser: 'alice' };
      const created = await server.api(
        '/api/datasources',
        json({ ...base, url: first.url, secureJsonData: { basicAuthPassword: 'p4ss-word' } }),
      );
      const { datasource } = (await created.json()) as { datasource: { uid: string; secureJsonFields: object } };
      expect(datasource.secureJsonFields).toEqual({ basicAuthPassword: true });
      const samePlace = await server.api(`/api/datasources/uid/${datasource.uid}`, put({ ...base, url: `${first.url}/sub` }));
      expect(((await samePlace.json()) as { datasource: { secureJsonFields: object } }).datasource.secureJsonFields).toEqual({
        basicAuthPassword: true,
      });
      const moved = await server.api(`/api/datasources/uid/${datasource.uid}`, put({ ...base, url: second.url }));
      expect(((await moved.json()) as { datasource: { secureJsonFields: object } }).datasource.secureJsonFields).toEqual({});
      await server.api(`/api/datasources/uid/${datasource.uid}/health`);
      expect(second.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('alice:').toString('base64')}`);
      // With the secret sent again for the new address, it is stored and used.
      const resent = await server.api(
        `/api/datasources/uid/${datasource.uid}`,
        put({ ...base, url: second.url, secureJsonData: { basicAuthPassword: 'n3w-pass' } }),
      );
      expect(((await resent.json()) as { datasource: { secureJsonFields: object } }).datasource.secureJsonFields).toEqual({
        basicAuthPassword: true,
      });
      await server.api(`/api/datasources/uid/${datasource.uid}/health`);
      expect(second.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('alice:n3w-pass').toString('base64')}`);
      // A scheme change is a change of address too.
      const https = await server.api(
        `/api/datasources/uid/${datasource.uid}`,
        put({ ...base, url: second.url.replace('http:', 'https:') }),
      );
      expect(((await https.json()) as { datasource: { secureJsonFields: object } }).datasource.secureJsonFields).toEqual({});
    } finally {
      await first.stop();
      await second.stop();
    }
    await stillAnswers();
  });
});

describe('8. tags of annotations the caller may not view stay hidden', () => {
  it('GET /api/annotations/tags counts only visible annotations', async () => {
    await server.api('/api/folders', json({ uid: 'tag-secret', title: 'Tag secret' }));
    await server.api('/api/dashboards/db', json({ dashboard: { uid: 'tag-hidden', title: 'Tag hidden' }, folderUid: 'tag-secret' }));
    await server.api('/api/folders/tag-secret/permissions', json({ items: [{ role: 'Editor', permission: 2 }] }));
    await server.api('/api/annotations', json({ text: 'hidden', dashboardUID: 'tag-hidden', tags: ['leak-incident-42', 'shared-tag'] }));
    await server.api('/api/annotations', json({ text: 'visible', tags: ['shared-tag'] }));
    const viewer = await mintToken('Viewer');
    const tags = async (token?: string) =>
      (
        (await (await server.api('/api/annotations/tags?limit=1000', token ? { token } : {})).json()) as {
          result: { tags: Array<{ tag: string; count: number }> };
        }
      ).result.tags;
    expect((await tags(viewer)).filter((t) => t.tag === 'leak-incident-42' || t.tag === 'shared-tag')).toEqual([
      { tag: 'shared-tag', count: 1 },
    ]);
    expect((await tags()).filter((t) => t.tag === 'leak-incident-42' || t.tag === 'shared-tag')).toEqual([
      { tag: 'leak-incident-42', count: 1 },
      { tag: 'shared-tag', count: 2 },
    ]);
    await stillAnswers();
  });
});

let minted = 0;
async function mintToken(role: string): Promise<string> {
  const account = (await (await server.api('/api/serviceaccounts', json({ name: `hardening ${role} ${++minted}`, role }))).json()) as {
    id: number;
  };
  const token = (await (await server.api(`/api/serviceaccounts/${account.id}/tokens`, json({ name: 't' }))).json()) as { key: string };
  return token.key;
}

describe('9. security headers', () => {
  it('the UI and the API carry CSP, nosniff and no-referrer', async () => {
    const webDir = tempDataDir();
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Sightline</title>');
    const withUi = await startListeningServer({ webDir });
    try {
      for (const url of ['/', '/dashboards', '/index.html']) {
        const response = await fetch(`${withUi.url}${url}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-security-policy')).toBe(
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; " +
            "connect-src 'self' http: https:; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        );
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('no-referrer');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
      }
      const api = await withUi.api('/api/org');
      expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(api.headers.get('x-content-type-options')).toBe('nosniff');
      expect(api.headers.get('referrer-policy')).toBe('no-referrer');
      await stillAnswers(withUi);
    } finally {
      await withUi.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('10. failed logins are logged, tokens are not', () => {
  afterEach(() => vi.useRealTimers());

  it('one warn line per client address per 10 s, with the reason and a count', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const fresh = await startListeningServer();
    try {
      const badToken = 'glsa_notARealTokenAtAll000000000000_deadbeef';
      for (let i = 0; i < 5; i++) expect((await fresh.api('/api/org', { token: badToken })).status).toBe(401);
      const warns = () => fresh.logs.filter((line) => line.msg && String(line.msg).startsWith('authentication failed'));
      expect(warns()).toHaveLength(1);
      expect(warns()[0]).toMatchObject({
        level: 40,
        address: '127.0.0.1',
        reason: 'Invalid API key: this token is not known to this server',
        failures: 1,
      });
      vi.setSystemTime(Date.now() + 10_001);
      expect((await fresh.api('/api/org', { token: null })).status).toBe(401);
      expect(warns()).toHaveLength(2);
      expect(warns()[1]).toMatchObject({ address: '127.0.0.1', reason: NO_TOKEN, failures: 5 });
      expect(warns()[1]!.msg).toBe(`authentication failed from 127.0.0.1: ${NO_TOKEN} (5 failures since the last line)`);
      expect(JSON.stringify(fresh.logs)).not.toContain(badToken);
      await stillAnswers(fresh);
    } finally {
      await fresh.close();
    }
  });

  it('SIGHTLINE_ADMIN_TOKEN must be a valid glsa_ token or 32+ characters', async () => {
    const load = (token: string) => () => loadConfig({ SIGHTLINE_ADMIN_TOKEN: token });
    expect(load('short-token-123456')).toThrow(
      new ConfigError(
        'SIGHTLINE_ADMIN_TOKEN must be a glsa_… token or at least 32 characters (it has 18); generate one with: openssl rand -hex 24',
      ),
    );
    const valid = generateToken();
    expect(load(`${valid.slice(0, -1)}${valid.endsWith('0') ? '1' : '0'}`)).toThrow(/checksum is wrong/);
    expect(load('with spaces in the middle of it which is long')).toThrow('SIGHTLINE_ADMIN_TOKEN must not contain spaces');
    expect(loadConfig({ SIGHTLINE_ADMIN_TOKEN: valid }).adminToken).toBe(valid);
    expect(loadConfig({ SIGHTLINE_ADMIN_TOKEN: 'a'.repeat(32) }).adminToken).toBe('a'.repeat(32));
    await stillAnswers();
  });
});

describe('11. one long region does not slow every range query', () => {
  it('a region from 0 to 2^53 - 1 is found in any window, and the walk stays bounded per length class', async () => {
    const huge = await server.api(
      '/api/annotations',
      json({ text: 'forever', time: 0, timeEnd: Number.MAX_SAFE_INTEGER, tags: ['span-test'] }),
    );
    expect(huge.status).toBe(200);
    const base = Date.parse('2026-10-01T00:00:00Z');
    await server.api('/api/annotations', json({ text: 'point inside', time: base + 5, tags: ['span-test'] }));
    await server.api('/api/annotations', json({ text: 'point before', time: base - 1000, tags: ['span-test'] }));
    await server.api('/api/annotations', json({ text: 'hour region', time: base - 3_600_000, timeEnd: base + 1, tags: ['span-test'] }));
    const find = async (from: number, to: number) =>
      ((await (await server.api(`/api/annotations?tags=span-test&from=${from}&to=${to}&limit=100`)).json()) as Array<{ text: string }>).map(
        (a) => a.text,
      );
    expect(await find(base, base + 10)).toEqual(['point inside', 'hour region', 'forever']);
    expect(await find(base + 100, base + 200)).toEqual(['forever']);
    expect(await find(Number.MAX_SAFE_INTEGER - 1, Number.MAX_SAFE_INTEGER)).toEqual(['forever']);

    // The walk for short annotations is bounded by their own class, whatever the longest is:
    // SQLite searches the class index with a range on epoch.
    const plan = await sql<{
      detail: string;
    }>`explain query plan select id from annotation where org_id = 1 and span_class = 0 and epoch <= ${base + 10} and epoch >= ${base} and epoch_end >= ${base}`.execute(
      server.store.db,
    );
    expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(
      /USING COVERING INDEX annotation_org_class_epoch_covering \(org_id=\? AND span_class=\? AND epoch>\? AND epoch<\?\)/,
    );
    await stillAnswers();
  });
});

describe.skipIf(TEST_STORE !== 'sqlite')('12. SIGHTLINE_SQLITE_SYNCHRONOUS', () => {
  it('full syncs every commit; normal stays the default; anything else is a configuration error', async () => {
    expect(loadConfig({}).sqliteSynchronous).toBe('NORMAL');
    expect(loadConfig({ SIGHTLINE_SQLITE_SYNCHRONOUS: 'full' }).sqliteSynchronous).toBe('FULL');
    expect(() => loadConfig({ SIGHTLINE_SQLITE_SYNCHRONOUS: 'off' })).toThrow(
      'SIGHTLINE_SQLITE_SYNCHRONOUS must be normal or full, got "off"',
    );
    const dataDir = tempDataDir();
    const store = await openStore(dataDir, { synchronous: 'FULL' });
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(store.db)).rows).toEqual([{ synchronous: 2 }]);
    await store.close();
    const normal = await openStore(dataDir);
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(normal.db)).rows).toEqual([{ synchronous: 1 }]);
    await normal.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await stillAnswers();
  });
});
