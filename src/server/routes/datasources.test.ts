import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataSourceListSchema, dataSourceResponseSchema, dataSourceSchema, healthCheckResultSchema } from '../../contract/datasources';
import { DATABASE_FILE } from '../store/db';
import { freePort, startFakeHttp, startSilentTcp } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, TEST_STORE, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

let unique = 0;
const create = (payload: object, token?: string) =>
  server.call({ method: 'POST', url: '/api/datasources', payload: { access: 'proxy', ...payload }, ...(token ? { token } : {}) });
const health = async (uid: string) => {
  const response = await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health` });
  return { statusCode: response.statusCode, ...healthCheckResultSchema.parse(response.json()) };
};
const createAndCheck = async (payload: object) => health((await createDataSource(server, { name: `ds ${++unique}`, ...payload })).uid);

describe('data source CRUD', () => {
  it('creates, reads (by uid, id and name), lists, updates and deletes', async () => {
    const created = await create({
      name: 'Metrics',
      type: 'prometheus',
      url: 'http://127.0.0.1:9090',
      jsonData: { httpMethod: 'POST' },
      uid: 'metrics',
    });
    expect(created.statusCode).toBe(200);
    const body = dataSourceResponseSchema.parse(created.json());
    expect(body).toMatchObject({ message: 'Datasource added', name: 'Metrics', id: body.datasource.id });
    expect(body.datasource).toMatchObject({
      uid: 'metrics',
      orgId: 1,
      type: 'prometheus',
      typeName: 'Prometheus',
      access: 'proxy',
      url: 'http://127.0.0.1:9090',
      isDefault: false,
      jsonData: { httpMethod: 'POST' },
      secureJsonFields: {},
      version: 1,
      readOnly: false,
    });
    const byUid = await server.call({ method: 'GET', url: '/api/datasources/uid/metrics' });
    const byId = await server.call({ method: 'GET', url: `/api/datasources/${body.id}` });
    const byName = await server.call({ method: 'GET', url: '/api/datasources/name/Metrics' });
    expect(byUid.json()).toEqual(body.datasource);
    expect(byId.json()).toEqual(body.datasource);
    expect(byName.json()).toEqual(body.datasource);
    expect((await server.call({ method: 'GET', url: '/api/datasources/id/Metrics' })).json()).toEqual({ id: body.id });
    const list = dataSourceListSchema.parse((await server.call({ method: 'GET', url: '/api/datasources' })).json());
    expect(list.map((d) => d.uid)).toContain('metrics');

    const updated = await server.call({
      method: 'PUT',
      url: '/api/datasources/uid/metrics',
      payload: { name: 'Metrics', type: 'prometheus', access: 'proxy', url: 'http://127.0.0.1:9091', version: 1 },
    });
    expect(updated.json()).toMatchObject({ message: 'Datasource updated', datasource: { url: 'http://127.0.0.1:9091', version: 2 } });
    const stale = await server.call({
      method: 'PUT',
      url: '/api/datasources/uid/metrics',
      payload: { name: 'Metrics', type: 'prometheus', access: 'proxy', version: 1 },
    });
    expect(stale.statusCode).toBe(409);

    const deleted = await server.call({ method: 'DELETE', url: '/api/datasources/uid/metrics' });
    expect(deleted.json()).toEqual({ id: body.id, message: 'Data source deleted' });
    for (const url of [
      '/api/datasources/uid/metrics',
      `/api/datasources/${body.id}`,
      '/api/datasources/name/Metrics',
      '/api/datasources/uid/metrics/health',
    ]) {
      const gone = await server.call({ method: 'GET', url });
      expect(gone.statusCode, url).toBe(404);
      expect(gone.json()).toEqual({ message: 'Data source not found' });
    }
  });

  it('refuses a duplicate name or uid with 409', async () => {
    await create({ name: 'Unique', type: 'loki', uid: 'unique-ds' });
    const sameName = await create({ name: 'unique', type: 'loki' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toMatch(/same name already exists/);
    const sameUid = await create({ name: 'Another', type: 'loki', uid: 'unique-ds' });
    expect(sameUid.statusCode).toBe(409);
    expect(sameUid.json().message).toMatch(/same uid already exists/);
  });

  it('finds a data source by a name longer than a hundred characters', async () => {
    // Names travel in paths; the router's default cap of 100 sent such a request elsewhere.
    const name = `Metrics ${'m'.repeat(180)}`;
    const { uid } = await createDataSource(server, { name, type: 'loki', url: 'http://127.0.0.1:3100' });
    const byName = await server.call({ method: 'GET', url: `/api/datasources/name/${encodeURIComponent(name)}` });
    expect(byName.statusCode).toBe(200);
    expect(dataSourceSchema.parse(byName.json()).uid).toBe(uid);
  });

  it('refuses bad input with 400 and says what is wrong', async () => {
    const cases: Array<[object, RegExp]> = [
      [
        { name: 'x', type: 'nosuchdb' },
        /unknown data source type "nosuchdb"; known types: prometheus, loki, tempo, elasticsearch, influxdb, graphite, grafana-postgresql-datasource, mysql, grafana-testdata-datasource/,
      ],
      [{ type: 'prometheus' }, /name: is required/],
      [{ name: 'x' }, /type: is required/],
      [{ name: 'x', type: 'prometheus', access: 'browser' }, /access: must be proxy or direct/],
      [{ name: 'x', type: 'prometheus', url: 'not a url' }, /^Validation error, invalid URL/],
      [{ name: 'x', type: 'prometheus', url: 'ftp://host' }, /^Validation error, invalid URL/],
      [{ name: 'x', type: 'grafana-postgresql-datasource', url: 'host:notaport' }, /^Validation error, invalid URL/],
      [{ name: 'x', type: 'prometheus', jsonData: [] }, /jsonData: must be a JSON object/],
      [{ name: 'x', type: 'prometheus', secureJsonData: { password: 5 } }, /secureJsonData\.password: must be a string/],
      [{ name: 'x', type: 'prometheus', isDefault: 'yes' }, /isDefault: must be true or false/],
      [
        { name: 'x', type: 'prometheus', jsonData: { timeout: 'soon' } },
        /jsonData\.timeout: must be a number of seconds from 1 to 300, got "soon"/,
      ],
      [{ name: 'x', type: 'prometheus', jsonData: { timeout: 0 } }, /jsonData\.timeout: must be a number of seconds/],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message, JSON.stringify(payload)).toMatch(message);
    }
    expect((await server.call({ method: 'GET', url: '/api/datasources/abc' })).statusCode).toBe(400);
  });

  it('refuses user:password@ in the URL on create and update, without echoing it, and pointing to basic auth', async () => {
    const httpAdvice =
      'bad request data: url: a data source URL cannot hold a user name or password ("user:password@"), because the URL is shown to every Viewer; ' +
      'use basic auth instead: basicAuth: true, basicAuthUser, and secureJsonData.basicAuthPassword';
    for (const url of ['http://admin:s3cret@prom.example:9090', 'https://admin@prom.example', 'http://:s3cret@prom.example/']) {
      const response = await create({ name: 'with credentials', type: 'prometheus', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ message: httpAdvice, field: 'url' });
    }
    const sql = await create({ name: 'sql with credentials', type: 'mysql', url: 'reader:s3cret@db.example:3306' });
    expect(sql.statusCode).toBe(400);
    expect(sql.json().message).toMatch(
      /cannot hold a user name or password .*set the user in "user" and the password in secureJsonData\.password$/,
    );
    expect(sql.json().message).not.toContain('s3cret');

    const { uid } = (await create({ name: 'Clean URL', type: 'prometheus', url: 'http://prom.example:9090' })).json().datasource;
    const update = await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${uid}`,
      payload: { name: 'Clean URL', type: 'prometheus', access: 'proxy', url: 'http://admin:s3cret@prom.example:9090' },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ message: httpAdvice, field: 'url' });
    expect((await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}` })).json().url).toBe('http://prom.example:9090');
    // The way that works: basic auth, with the password sealed.
    const basic = await create({
      name: 'Basic auth',
      type: 'prometheus',
      url: 'http://prom.example:9090',
      basicAuth: true,
      basicAuthUser: 'admin',
      secureJsonData: { basicAuthPassword: 's3cret' },
    });
    expect(basic.statusCode).toBe(200);
  });

  it('shows a URL saved with a password before the refusal with the password blanked', async () => {
    const viewer = await server.accountWithToken('Viewer');
    const legacy = await server.store.dataSources.create(1, {
      name: 'Legacy credentials',
      type: 'prometheus',
      access: 'proxy',
      url: 'http://admin:s3cret@prom.example:9090/prefix',
      user: '',
      database: '',
      basicAuth: false,
      basicAuthUser: '',
      withCredentials: false,
      isDefault: false,
      jsonData: {},
    });
    const read = await server.call({ method: 'GET', url: `/api/datasources/uid/${legacy.uid}`, token: viewer.token });
    expect(read.json().url).toBe('http://admin:***@prom.example:9090/prefix');
    const list = await server.call({ method: 'GET', url: '/api/datasources', token: viewer.token });
    expect(list.body).not.toContain('s3cret');
  });

  it('keeps one default data source at most', async () => {
    const a = (await create({ name: 'Default A', type: 'grafana-testdata-datasource', isDefault: true })).json().datasource;
    const b = (await create({ name: 'Default B', type: 'grafana-testdata-datasource', isDefault: true })).json().datasource;
    const list = dataSourceListSchema.parse((await server.call({ method: 'GET', url: '/api/datasources' })).json());
    expect(list.filter((d) => d.isDefault).map((d) => d.uid)).toEqual([b.uid]);
    expect(list.find((d) => d.uid === a.uid)!.isDefault).toBe(false);
  });

  it('accepts the postgres alias as Grafana does', async () => {
    const created = await create({ name: 'Legacy PG', type: 'postgres', url: 'localhost:5432' });
    expect(created.json().datasource).toMatchObject({ type: 'postgres', typeName: 'PostgreSQL' });
  });

  it('lets Viewers read and check, and only Admins change', async () => {
    const viewer = await server.accountWithToken('Viewer');
    const editor = await server.accountWithToken('Editor');
    expect((await create({ name: 'by viewer', type: 'loki' }, viewer.token)).statusCode).toBe(403);
    expect((await create({ name: 'by editor', type: 'loki' }, editor.token)).statusCode).toBe(403);
    const { uid } = (await create({ name: 'Readable', type: 'grafana-testdata-datasource' })).json().datasource;
    expect((await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}`, token: viewer.token })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health`, token: viewer.token })).statusCode).toBe(200);
    expect((await server.call({ method: 'DELETE', url: `/api/datasources/uid/${uid}`, token: editor.token })).statusCode).toBe(403);
  });
});

describe('data source secrets', () => {
  it('are never returned, are sealed in the database, and survive an update that omits them', async () => {
    const password = 'correct-horse-battery-staple-42';
    const token = 'tok-7c1f3e0b9a8d4c2e';
    const created = await create({
      name: 'Secretive',
      type: 'grafana-postgresql-datasource',
      url: 'localhost:5432',
      user: 'grafana',
      jsonData: { database: 'app', httpHeaderName1: 'X-Token' },
      secureJsonData: { password, httpHeaderValue1: token },
    });
    expect(created.json().datasource.secureJsonFields).toEqual({ httpHeaderValue1: true, password: true });
    const { uid, id } = created.json().datasource;

    for (const url of ['/api/datasources', `/api/datasources/uid/${uid}`, `/api/datasources/${id}`, '/api/datasources/name/Secretive']) {
      const response = await server.call({ method: 'GET', url });
      expect(response.body, url).not.toContain(password);
      expect(response.body, url).not.toContain(token);
      expect(response.body, url).not.toContain('secureJsonData');
    }
    await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${uid}`,
      payload: {
        name: 'Secretive',
        type: 'grafana-postgresql-datasource',
        access: 'proxy',
        url: 'localhost:5432',
        user: 'grafana2',
        jsonData: { database: 'app' },
      },
    });
    const kept = dataSourceSchema.parse((await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}` })).json());
    expect(kept.secureJsonFields).toEqual({ httpHeaderValue1: true, password: true });
    await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${uid}`,
      payload: { name: 'Secretive', type: 'grafana-postgresql-datasource', access: 'proxy', secureJsonData: { httpHeaderValue1: '' } },
    });
    expect((await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}` })).json().secureJsonFields).toEqual({ password: true });

    // The rows as stored hold no plain secret, on either store.
    const rows = JSON.stringify(await server.store.db.selectFrom('data_source').selectAll().execute());
    expect(rows).toContain('secure_json_data');
    expect(rows).not.toContain(password);
    expect(rows).not.toContain(token);
    if (TEST_STORE === 'postgres') return;
    // Everything SQLite has written (main file and write-ahead log) holds no plain secret.
    for (const file of [DATABASE_FILE, `${DATABASE_FILE}-wal`]) {
      const path = `${server.dataDir}/${file}`;
      if (!fs.existsSync(path)) continue;
      const bytes = fs.readFileSync(path);
      expect(bytes.includes(Buffer.from(password)), file).toBe(false);
      expect(bytes.includes(Buffer.from(token)), file).toBe(false);
    }
    expect(fs.statSync(`${server.dataDir}/secret.key`).mode & 0o777).toBe(0o600);
  });
});

describe('health checks against small servers speaking the real HTTP APIs', () => {
  it('testdata is always OK', async () => {
    expect(await createAndCheck({ type: 'grafana-testdata-datasource' })).toMatchObject({ statusCode: 200, status: 'OK' });
  });

  it('loki: lists labels', async () => {
    const loki = await startFakeHttp((req) =>
      req.url === '/loki/api/v1/labels'
        ? { body: { status: 'success', data: ['job', 'level'] } }
        : { status: 404, body: '404 page not found' },
    );
    try {
      expect(await createAndCheck({ type: 'loki', url: loki.url })).toMatchObject({
        status: 'OK',
        message: 'Data source successfully connected. 2 labels found.',
      });
      const wrongPath = await createAndCheck({ type: 'loki', url: `${loki.url}/wrong` });
      expect(wrongPath).toMatchObject({
        statusCode: 400,
        status: 'ERROR',
        message: expect.stringMatching(
          /not found \(HTTP 404\) at http:\/\/127\.0\.0\.1:\d+\/wrong\/loki\/api\/v1\/labels: is this the URL of a Loki server/,
        ),
      });
    } finally {
      await loki.stop();
    }
  });

  it('tempo: echo', async () => {
    const tempo = await startFakeHttp((req) => (req.url === '/api/echo' ? { body: 'echo' } : { status: 404, body: 'no' }));
    try {
      expect(await createAndCheck({ type: 'tempo', url: tempo.url })).toMatchObject({ status: 'OK' });
    } finally {
      await tempo.stop();
    }
  });

  it('elasticsearch: cluster, index and time field', async () => {
    const es = await startFakeHttp((req) => {
      if (req.url === '/') return { body: { version: { number: '8.11.0' } } };
      if (req.url === '/logs-*/_mapping')
        return {
          body: {
            'logs-2026': {
              mappings: { properties: { '@timestamp': { type: 'date' }, event: { properties: { created: { type: 'date' } } } } },
            },
          },
        };
      return { status: 404, body: { error: { type: 'index_not_found_exception' } } };
    });
    try {
      expect(
        await createAndCheck({ type: 'elasticsearch', url: es.url, jsonData: { index: 'logs-*', timeField: '@timestamp' } }),
      ).toMatchObject({ status: 'OK', message: 'Index OK. Time field name OK.' });
      expect(
        await createAndCheck({ type: 'elasticsearch', url: es.url, jsonData: { index: 'logs-*', timeField: 'event.created' } }),
      ).toMatchObject({ status: 'OK' });
      expect(await createAndCheck({ type: 'elasticsearch', url: es.url, jsonData: { index: 'logs-*', timeField: 'ts' } })).toMatchObject({
        status: 'ERROR',
        message: 'no field named "ts" in index "logs-*": set the time field',
      });
      expect(await createAndCheck({ type: 'elasticsearch', url: es.url, jsonData: { index: 'metrics' } })).toMatchObject({
        status: 'ERROR',
        message: expect.stringMatching(/^index "metrics" not found/),
      });
    } finally {
      await es.stop();
    }
  });

  it('influxdb: SHOW DATABASES finds the database, with the credentials sent', async () => {
    const influx = await startFakeHttp((req) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname !== '/query') return { status: 404, body: '' };
      if (url.searchParams.get('p') !== 'influx-pass') return { status: 401, body: { error: 'authorization failed' } };
      return {
        body: { results: [{ statement_id: 0, series: [{ name: 'databases', columns: ['name'], values: [['_internal'], ['telegraf']] }] }] },
      };
    });
    try {
      const base = { type: 'influxdb', url: influx.url, user: 'reader', secureJsonData: { password: 'influx-pass' } };
      expect(await createAndCheck({ ...base, database: 'telegraf' })).toMatchObject({
        status: 'OK',
        message: 'Data source is working. 2 databases found.',
      });
      expect(await createAndCheck({ ...base, database: 'nope' })).toMatchObject({
        status: 'ERROR',
        message: 'database "nope" does not exist (found: _internal, telegraf)',
      });
      const wrong = await createAndCheck({ ...base, database: 'telegraf', secureJsonData: { password: 'wrong' } });
      expect(wrong).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/^authentication failed \(HTTP 401\)/) });
      expect(wrong.message).not.toContain('wrong');
    } finally {
      await influx.stop();
    }
  });

  it('graphite: metrics/find', async () => {
    const graphite = await startFakeHttp((req) =>
      req.url?.startsWith('/metrics/find') ? { body: [{ text: 'carbon', id: 'carbon', leaf: 0 }] } : { status: 404, body: '' },
    );
    try {
      expect(await createAndCheck({ type: 'graphite', url: graphite.url })).toMatchObject({ status: 'OK' });
    } finally {
      await graphite.stop();
    }
  });

  it('sends basic auth and custom headers (how bearer tokens are configured)', async () => {
    const loki = await startFakeHttp(() => ({ body: { status: 'success', data: [] } }));
    try {
      await createAndCheck({
        type: 'loki',
        url: loki.url,
        basicAuth: true,
        basicAuthUser: 'alice',
        jsonData: { httpHeaderName1: 'Authorization', httpHeaderName2: 'X-Scope-OrgID' },
        secureJsonData: { basicAuthPassword: 'ignored-by-header', httpHeaderValue1: 'Bearer abc123', httpHeaderValue2: 'tenant-1' },
      });
      expect(loki.requests.at(-1)!.headers).toMatchObject({ authorization: 'Bearer abc123', 'x-scope-orgid': 'tenant-1' });
      await createAndCheck({
        type: 'loki',
        url: loki.url,
        basicAuth: true,
        basicAuthUser: 'alice',
        secureJsonData: { basicAuthPassword: 's3cret' },
      });
      expect(loki.requests.at(-1)!.headers.authorization).toBe(`Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    } finally {
      await loki.stop();
    }
  });

  it('follows redirects on the same host, never to another host, and never leaks the password', async () => {
    const other = await startFakeHttp((req) => ({ body: { status: 'success', data: [], sawAuth: Boolean(req.headers.authorization) } }));
    const redirecting = await startFakeHttp((req) => {
      if (req.url === '/loki/api/v1/labels') return { status: 302, headers: { location: '/moved/loki/api/v1/labels' }, body: '' };
      if (req.url === '/moved/loki/api/v1/labels') return { body: { status: 'success', data: ['a'] } };
      if (req.url === '/away/loki/api/v1/labels')
        return { status: 302, headers: { location: `${other.url}/loki/api/v1/labels` }, body: '' };
      return { status: 404, body: '' };
    });
    try {
      const auth = { basicAuth: true, basicAuthUser: 'bob', secureJsonData: { basicAuthPassword: 'hunter2-secret' } };
      expect(await createAndCheck({ type: 'loki', url: redirecting.url, ...auth })).toMatchObject({ status: 'OK' });
      const away = await createAndCheck({ type: 'loki', url: `${redirecting.url}/away`, ...auth });
      expect(away).toMatchObject({
        status: 'ERROR',
        message: expect.stringMatching(/redirects to another host \(http:\/\/127\.0\.0\.1:\d+\); Sightline does not follow it/),
      });
      expect(other.requests).toHaveLength(0);
      expect(away.message).not.toContain('hunter2-secret');
    } finally {
      await redirecting.stop();
      await other.stop();
    }
  });

  it('says "connection refused at <address>" for a closed port', async () => {
    const port = await freePort();
    const result = await createAndCheck({ type: 'loki', url: `http://127.0.0.1:${port}` });
    expect(result).toMatchObject({
      statusCode: 400,
      status: 'ERROR',
      message: `connection refused at http://127.0.0.1:${port}/loki/api/v1/labels: is the server running and listening on that port?`,
    });
    const mysql = await createAndCheck({ type: 'mysql', url: `127.0.0.1:${port}`, user: 'root' });
    expect(mysql.message).toMatch(new RegExp(`^connection refused at 127\\.0\\.0\\.1:${port}`));
  });

  it('times out with the configured timeout, and says so', async () => {
    const hanging = await startFakeHttp(() => 'hang');
    const silent = await startSilentTcp();
    try {
      const started = Date.now();
      const result = await createAndCheck({ type: 'tempo', url: hanging.url, jsonData: { timeout: 1 } });
      expect(result).toMatchObject({
        status: 'ERROR',
        message: expect.stringMatching(/^timed out after 1 s waiting for http:\/\/127\.0\.0\.1:\d+\/api\/echo/),
      });
      expect(Date.now() - started).toBeLessThan(5000);
      const pg = await createAndCheck({
        type: 'grafana-postgresql-datasource',
        url: silent.url,
        user: 'u',
        jsonData: { database: 'd', timeout: 1 },
      });
      expect(pg).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/^timed out after 1 s connecting to 127\.0\.0\.1:\d+/) });
      const mysql = await createAndCheck({ type: 'mysql', url: silent.url, user: 'u', jsonData: { timeout: 1 } });
      expect(mysql).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/^timed out after 1 s/) });
    } finally {
      await hanging.stop();
      await silent.stop();
    }
  });

  it('explains a URL that cannot be checked', async () => {
    expect(await createAndCheck({ type: 'prometheus', url: '' })).toMatchObject({
      status: 'ERROR',
      message: expect.stringMatching(/^no URL is set/),
    });
    expect(await createAndCheck({ type: 'grafana-postgresql-datasource', url: '' })).toMatchObject({
      status: 'ERROR',
      message: expect.stringMatching(/^no host is set/),
    });
  });
});
