/**
 * Issue 14: what real Grafana clients (a Python API client library, a backup-and-restore tool, an
 * MCP server) send and expect. Bodies quoted in the issue are replayed byte for byte; every resource
 * round-trips (GET → POST/PUT → GET equal); legacy paths answer in Grafana's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationListSchema } from '../../contract/annotations';
import { dashboardVersionListSchema, dashboardWithMetaSchema } from '../../contract/dashboards';
import { dataSourceSchema, healthCheckResultSchema } from '../../contract/datasources';
import { folderPermissionListSchema, folderSchema } from '../../contract/folders';
import { frontendSettingsSchema, healthResponseSchema } from '../../contract/system';
import { startFakeHttp } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
/** A fresh server a backup is restored into. */
let restored: TestServer;
beforeAll(async () => {
  [server, restored] = await Promise.all([startTestServer(), startTestServer()]);
  await server.call({
    method: 'POST',
    url: '/api/dashboards/db',
    payload: { dashboard: { uid: 'web', title: 'Web', panels: [{ id: 2, type: 'timeseries' }] } },
  });
});
afterAll(() => Promise.all([server.cleanup(), restored.cleanup()]));

/** Sends `body` exactly as written (no re-serialisation), as a client's JSON library would. */
const raw = (target: TestServer, method: 'POST' | 'PUT' | 'PATCH', url: string, body: string) =>
  target.call({ method, url, payload: body, headers: { 'content-type': 'application/json' } });
const get = async (target: TestServer, url: string) => {
  const response = await target.call({ method: 'GET', url });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

describe('the bodies quoted in issue 14, replayed byte for byte', () => {
  it('an annotation posted back exactly as GET /api/annotations returned it ("dashboardUID": null)', async () => {
    const created = await server.call({
      method: 'POST',
      url: '/api/annotations',
      payload: { text: 'org-wide note', time: 1_700_000_000_000, tags: ['backup'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const listed = await server.call({ method: 'GET', url: '/api/annotations?tags=backup' });
    const item = JSON.stringify(listed.json()[0]);
    expect(item).toContain('"dashboardUID":null');
    const reposted = await raw(restored, 'POST', '/api/annotations', item);
    expect(reposted.statusCode, reposted.body).toBe(200);
    const [copy] = annotationListSchema.parse(await get(restored, '/api/annotations?tags=backup'));
    expect(copy).toMatchObject({
      dashboardUID: null,
      dashboardId: 0,
      panelId: 0,
      time: 1_700_000_000_000,
      timeEnd: 1_700_000_000_000,
      text: 'org-wide note',
      tags: ['backup'],
    });
  });

  it('folder permission items as GET returned them ({"userId": 0, "teamId": 0, "role": "Viewer", …})', async () => {
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'perm-rt', title: 'Permission round trip' } });
    const body =
      '{"items": [{"userId": 0, "teamId": 0, "role": "Viewer", "permission": 1, "permissionName": "View", "inherited": false}, {"userId": 0, "teamId": 0, "role": "Editor", "permission": 2, "permissionName": "Edit"}]}';
    const response = await raw(server, 'POST', '/api/folders/perm-rt/permissions', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'Folder permissions updated' });
  });

  it('a client library’s data source model: user: null, database: null, secureJsonData: null', async () => {
    const body =
      '{"name": "Client lib", "type": "prometheus", "access": "proxy", "url": "http://127.0.0.1:9090", "user": null, "database": null, "basicAuth": false, "basicAuthUser": null, "withCredentials": false, "isDefault": false, "jsonData": null, "secureJsonData": null, "uid": null}';
    const created = await raw(server, 'POST', '/api/datasources', body);
    expect(created.statusCode, created.body).toBe(200);
    const ds = dataSourceSchema.parse(created.json().datasource);
    expect(ds).toMatchObject({ user: '', database: '', jsonData: {}, secureJsonFields: {} });
    // The same model on update: nulls leave the stored values as they are.
    await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${ds.uid}`,
      payload: { ...ds, user: 'grafana', database: 'metrics', secureJsonData: { basicAuthPassword: 's3cret' } },
    });
    const updated = await raw(server, 'PUT', `/api/datasources/uid/${ds.uid}`, body.replace('"uid": null', `"uid": "${ds.uid}"`));
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().datasource).toMatchObject({
      user: 'grafana',
      database: 'metrics',
      secureJsonFields: { basicAuthPassword: true },
    });
  });

  it('annotation helpers: panelId: null, timeEnd: null; PATCH with time/timeEnd null when unchanged', async () => {
    const created = await raw(
      server,
      'POST',
      '/api/annotations',
      '{"dashboardUID": "web", "panelId": null, "time": 1700000100000, "timeEnd": null, "tags": ["helper"], "text": "from a helper"}',
    );
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json();
    const patched = await raw(
      server,
      'PATCH',
      `/api/annotations/${id}`,
      '{"time": null, "timeEnd": null, "text": "edited by a helper", "tags": null}',
    );
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await get(server, `/api/annotations/${id}`)).toMatchObject({
      panelId: 0,
      time: 1700000100000,
      timeEnd: 1700000100000,
      text: 'edited by a helper',
      tags: ['helper'],
    });
  });
});

describe('round trips: what GET returns, POST/PUT accepts and stores unchanged', () => {
  it('dashboards: GET → POST /api/dashboards/db (restore) → GET', async () => {
    const source = dashboardWithMetaSchema.parse(await get(server, '/api/dashboards/uid/web'));
    const { id: _id, version: _version, ...model } = source.dashboard;
    const saved = await restored.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { ...model, id: null }, folderUid: source.meta.folderUid, overwrite: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const copy = dashboardWithMetaSchema.parse(await get(restored, '/api/dashboards/uid/web'));
    expect({ ...copy.dashboard, id: 0 }).toEqual({ ...source.dashboard, id: 0, version: copy.dashboard.version });
  });

  it('folders: GET → POST /api/folders (restore) and PUT → GET', async () => {
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'ops', title: 'Operations' } });
    const folder = folderSchema.parse(await get(server, '/api/folders/ops'));
    const created = await restored.call({ method: 'POST', url: '/api/folders', payload: folder });
    expect(created.statusCode, created.body).toBe(200);
    expect(folderSchema.parse(await get(restored, '/api/folders/ops'))).toMatchObject({ uid: 'ops', title: 'Operations' });
    const put = await server.call({ method: 'PUT', url: '/api/folders/ops', payload: folder });
    expect(put.statusCode, put.body).toBe(200);
    expect((await get(server, '/api/folders/ops')).title).toBe('Operations');
  });

  it('folder permissions: GET → POST → GET', async () => {
    const team = (await server.call({ method: 'POST', url: '/api/teams', payload: { name: 'Round trippers' } })).json().teamId;
    const viewer = await server.accountWithToken('Viewer');
    await server.call({
      method: 'POST',
      url: '/api/folders/ops/permissions',
      payload: {
        items: [
          { role: 'Viewer', permission: 1 },
          { userId: viewer.id, permission: 2 },
          { teamId: team, permission: 4 },
        ],
      },
    });
    const before = folderPermissionListSchema.parse(await get(server, '/api/folders/ops/permissions'));
    const posted = await server.call({ method: 'POST', url: '/api/folders/ops/permissions', payload: { items: before } });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = folderPermissionListSchema.parse(await get(server, '/api/folders/ops/permissions'));
    const subjects = (list: typeof before) => list.map(({ role, userId, teamId, permission }) => ({ role, userId, teamId, permission }));
    expect(subjects(after)).toEqual(subjects(before));
    expect(before.find((p) => p.teamId === team)).toMatchObject({
      userId: 0,
      team: 'Round trippers',
      permission: 4,
      permissionName: 'Admin',
    });
  });

  it('dashboard permissions: GET (with inherited entries) → POST → GET', async () => {
    await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'ops-board', title: 'Ops board' }, folderUid: 'ops' },
    });
    const editor = await server.accountWithToken('Editor');
    await server.call({
      method: 'POST',
      url: '/api/dashboards/uid/ops-board/permissions',
      payload: { items: [{ userId: editor.id, permission: 4 }] },
    });
    const before = folderPermissionListSchema.parse(await get(server, '/api/dashboards/uid/ops-board/permissions'));
    expect(before.filter((p) => p.inherited)).toHaveLength(3);
    const posted = await server.call({ method: 'POST', url: '/api/dashboards/uid/ops-board/permissions', payload: { items: before } });
    expect(posted.statusCode, posted.body).toBe(200);
    const after = folderPermissionListSchema.parse(await get(server, '/api/dashboards/uid/ops-board/permissions'));
    const subjects = (list: typeof before) =>
      list.map(({ role, userId, teamId, permission, inherited }) => ({ role, userId, teamId, permission, inherited }));
    expect(subjects(after)).toEqual(subjects(before));
  });

  it('annotations: GET → PUT → GET', async () => {
    const [annotation] = annotationListSchema.parse(await get(server, '/api/annotations?tags=helper'));
    const put = await server.call({ method: 'PUT', url: `/api/annotations/${annotation!.id}`, payload: annotation });
    expect(put.statusCode, put.body).toBe(200);
    const [again] = annotationListSchema.parse(await get(server, '/api/annotations?tags=helper'));
    expect({ ...again, updated: 0 }).toEqual({ ...annotation, updated: 0 });
  });

  it('data sources: GET → PUT → GET, and GET → POST (restore) → GET', async () => {
    const [source] = (await get(server, '/api/datasources')).map((d: unknown) => dataSourceSchema.parse(d));
    const put = await server.call({ method: 'PUT', url: `/api/datasources/uid/${source!.uid}`, payload: source });
    expect(put.statusCode, put.body).toBe(200);
    expect(await get(server, `/api/datasources/uid/${source!.uid}`)).toEqual({ ...source, version: source!.version + 1 });
    const posted = await restored.call({ method: 'POST', url: '/api/datasources', payload: source });
    expect(posted.statusCode, posted.body).toBe(200);
    const copy = await get(restored, `/api/datasources/uid/${source!.uid}`);
    // Secrets never leave a server, so a restored copy has none set.
    expect({ ...copy, id: 0, version: 0 }).toEqual({ ...source, id: 0, version: 0, secureJsonFields: {} });
  });

  it('service accounts: GET → PATCH and GET → POST (restore) → GET', async () => {
    const created = await server.call({ method: 'POST', url: '/api/serviceaccounts', payload: { name: 'backup bot', role: 'Editor' } });
    const account = await get(server, `/api/serviceaccounts/${created.json().id}`);
    const patched = await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${account.id}`, payload: account });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await get(server, `/api/serviceaccounts/${account.id}`)).toEqual(account);
    const posted = await restored.call({ method: 'POST', url: '/api/serviceaccounts', payload: account });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ name: 'backup bot', role: 'Editor', isDisabled: false, login: account.login });
  });

  it('teams: GET → PUT → GET, and GET → POST (restore) → GET', async () => {
    const { teamId } = (
      await server.call({ method: 'POST', url: '/api/teams', payload: { name: 'SRE', email: 'sre@example.com' } })
    ).json();
    const team = await get(server, `/api/teams/${teamId}`);
    const put = await server.call({ method: 'PUT', url: `/api/teams/${teamId}`, payload: team });
    expect(put.statusCode, put.body).toBe(200);
    expect(await get(server, `/api/teams/${teamId}`)).toEqual(team);
    const posted = await restored.call({ method: 'POST', url: '/api/teams', payload: team });
    expect(posted.statusCode, posted.body).toBe(200);
    expect({ ...(await get(restored, `/api/teams/${posted.json().teamId}`)), id: 0, uid: '' }).toEqual({ ...team, id: 0, uid: '' });
  });

  it('team members: GET → POST each (restore) → GET', async () => {
    const { teamId } = (await server.call({ method: 'POST', url: '/api/teams', payload: { name: 'Backup crew' } })).json();
    const bot = await server.accountWithToken('Viewer', { name: 'crew bot' });
    await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: bot.id } });
    const members = await get(server, `/api/teams/${teamId}/members`);
    // Restore into the same server after the team was emptied: each member posted as GET returned it.
    await server.call({ method: 'DELETE', url: `/api/teams/${teamId}/members/${bot.id}` });
    for (const member of members) {
      const posted = await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: member });
      expect(posted.statusCode, posted.body).toBe(200);
    }
    expect(await get(server, `/api/teams/${teamId}/members`)).toEqual(members);
  });

  it('stars: GET /api/user/stars → POST each → GET', async () => {
    await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/web' });
    const stars = await get(server, '/api/user/stars');
    for (const uid of stars) await server.call({ method: 'DELETE', url: `/api/user/stars/dashboard/uid/${uid}` });
    expect(await get(server, '/api/user/stars')).toEqual([]);
    for (const uid of stars)
      expect((await server.call({ method: 'POST', url: `/api/user/stars/dashboard/uid/${uid}` })).statusCode).toBe(200);
    expect(await get(server, '/api/user/stars')).toEqual(stars);
  });

  it('the org and its address: GET → PUT → GET', async () => {
    const org = await get(server, '/api/org');
    expect((await server.call({ method: 'PUT', url: '/api/org', payload: org })).statusCode).toBe(200);
    expect((await server.call({ method: 'PUT', url: '/api/org/address', payload: org.address })).statusCode).toBe(200);
    expect(await get(server, '/api/org')).toEqual(org);
    // Nulls in the address leave each line as it is.
    await server.call({ method: 'PUT', url: '/api/org/address', payload: { city: 'Lisbon' } });
    await server.call({ method: 'PUT', url: '/api/org/address', payload: { city: null, country: null } });
    expect((await get(server, '/api/org')).address.city).toBe('Lisbon');
  });

  it('org users: GET → PATCH their role → GET', async () => {
    await server.call({
      method: 'POST',
      url: '/api/admin/users',
      payload: { login: 'carol', email: 'carol@example.com', name: null, password: 'secret-1', role: 'Viewer' },
    });
    const users = await get(server, '/api/org/users');
    const carol = users.find((u: { login: string }) => u.login === 'carol');
    expect((await server.call({ method: 'PATCH', url: `/api/org/users/${carol.userId}`, payload: carol })).statusCode).toBe(200);
    expect(await get(server, '/api/org/users')).toEqual(users);
  });
});

describe('paths Grafana 10–11 still serve', () => {
  it('GET /api/folders/id/{id}: the folder, as by uid', async () => {
    const byUid = await get(server, '/api/folders/ops');
    expect(await get(server, `/api/folders/id/${byUid.id}`)).toEqual(byUid);
    expect((await server.call({ method: 'GET', url: '/api/folders/id/999999' })).statusCode).toBe(404);
  });

  it('GET /api/dashboards/id/{id}/versions, /versions/{version}, POST /restore', async () => {
    const { id } = (
      await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid: 'legacy', title: 'Legacy v1' } } })
    ).json();
    await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'legacy', title: 'Legacy v2', version: 1 } },
    });
    const versions = dashboardVersionListSchema.parse(await get(server, `/api/dashboards/id/${id}/versions`));
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions).toEqual(await get(server, '/api/dashboards/uid/legacy/versions'));
    expect((await get(server, `/api/dashboards/id/${id}/versions/1`)).data).toMatchObject({ title: 'Legacy v1' });
    const restoredVersion = await server.call({ method: 'POST', url: `/api/dashboards/id/${id}/restore`, payload: { version: 1 } });
    expect(restoredVersion.json()).toMatchObject({ status: 'success', version: 3, uid: 'legacy' });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/id/999999/versions' })).statusCode).toBe(404);
  });

  it('GET /api/auth/keys: no legacy API keys, so []', async () => {
    expect(await get(server, '/api/auth/keys')).toEqual([]);
  });

  it('GET /api/frontend/settings: buildInfo with the Grafana API level, and the data sources', async () => {
    const settings = frontendSettingsSchema.parse(await get(server, '/api/frontend/settings'));
    expect(settings.buildInfo).toMatchObject({ version: '11.6.0', edition: 'Open Source', env: 'production' });
    expect(settings.buildInfo.sightlineVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(settings.datasources['Client lib']).toMatchObject({ type: 'prometheus' });
  });

  it('GET /api/login/ping: "Logged in" with a valid token, 401 without', async () => {
    expect(await get(server, '/api/login/ping')).toEqual({ message: 'Logged in' });
    expect((await server.call({ method: 'GET', url: '/api/login/ping', token: null })).statusCode).toBe(401);
  });

  it('POST /api/annotations/mass-delete: by annotationId, or by dashboard and panel', async () => {
    const make = (panelId: number) =>
      server.call({ method: 'POST', url: '/api/annotations', payload: { dashboardUID: 'web', panelId, text: 'mass', tags: ['mass'] } });
    const [a] = await Promise.all([make(7), make(8), make(8)]);
    expect(
      (await server.call({ method: 'POST', url: '/api/annotations/mass-delete', payload: { annotationId: a!.json().id } })).json(),
    ).toEqual({ message: 'Annotations deleted' });
    const left = await get(server, '/api/annotations?tags=mass');
    expect(left).toHaveLength(2);
    const deleted = await server.call({
      method: 'POST',
      url: '/api/annotations/mass-delete',
      payload: { dashboardUID: 'web', panelId: 8 },
    });
    expect(deleted.json()).toEqual({ message: 'Annotations deleted' });
    expect(await get(server, '/api/annotations?tags=mass')).toEqual([]);
    const vague = await server.call({ method: 'POST', url: '/api/annotations/mass-delete', payload: { dashboardUID: 'web' } });
    expect(vague.statusCode).toBe(400);
    expect(vague.json().message).toMatch(/^bad request data: give annotationId, or a dashboard/);
    const viewer = await server.accountWithToken('Editor');
    expect(
      (await server.call({ method: 'POST', url: '/api/annotations/mass-delete', payload: { annotationId: 1 }, token: viewer.token }))
        .statusCode,
    ).toBe(403);
  });

  it('GET /api/dashboards/home: Grafana’s built-in home, marked isHome', async () => {
    const home = dashboardWithMetaSchema.parse(await get(server, '/api/dashboards/home'));
    expect(home.meta).toMatchObject({ isHome: true, canSave: false, folderTitle: 'General' });
    expect(home.dashboard.title).toBe('Home');
  });
});

describe('version', () => {
  it('/api/health reports the Grafana API level as version, Sightline’s own beside it', async () => {
    const health = healthResponseSchema.parse((await server.call({ method: 'GET', url: '/api/health', token: null })).json());
    expect(health.version).toBe('11.6.0');
    expect(Number(health.version.split('.')[0])).toBeGreaterThanOrEqual(10);
    expect(health.sightlineVersion).not.toBe(health.version);
  });
});

describe('Grafana features Sightline does not have', () => {
  const lists: Array<[string, unknown]> = [
    ['/api/v1/provisioning/alert-rules', []],
    ['/api/alert-notifications', []],
    ['/api/alert-notifications/lookup', []],
    ['/api/dashboard/snapshots', []],
    ['/api/playlists', []],
  ];
  for (const [url, empty] of lists) {
    it(`GET ${url} says none exist, in Grafana's shape`, async () => {
      expect(await get(server, url)).toEqual(empty);
    });
  }

  const writes: Array<['POST' | 'PUT' | 'DELETE', string, string]> = [
    ['POST', '/api/alert-notifications', 'Legacy alert notification channels'],
    ['POST', '/api/snapshots', 'Dashboard snapshots'],
    ['POST', '/api/playlists', 'Playlists'],
    ['DELETE', '/api/playlists/abc', 'Playlists'],
  ];
  for (const [method, url, feature] of writes) {
    it(`${method} ${url} answers 501 naming the feature, and stores nothing`, async () => {
      const response = await server.call({ method, url, payload: { name: 'x', title: 'x' } });
      expect(response.statusCode).toBe(501);
      expect(response.json()).toEqual({ message: `${feature} is not supported by Sightline: nothing was stored` });
    });
  }

  it('reading one item is a 404 that says why', async () => {
    const response = await server.call({ method: 'GET', url: '/api/playlists/abc' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Playlists is not supported by Sightline/);
    expect(await get(server, '/api/playlists')).toEqual([]);
  });
});

describe('messages start with Grafana’s own words', () => {
  it('"uid contains illegal characters" and "uid too long, max 40 characters" (dashboards and folders)', async () => {
    const illegal = await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { title: 't', uid: 'a/b' } } });
    expect(illegal.json().message).toMatch(/^uid contains illegal characters: "a\/b"/);
    const long = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 't', uid: 'x'.repeat(41) } });
    expect(long.json().message).toMatch(/^uid too long, max 40 characters/);
  });

  it('"annotationId is invalid"', async () => {
    const response = await server.call({ method: 'GET', url: '/api/annotations/abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/^annotationId is invalid: must be a number, got "abc"/);
  });

  it('"Failed to save annotation: …" and "Failed to update annotation: …"', async () => {
    const created = await server.call({ method: 'POST', url: '/api/annotations', payload: { text: '  ' } });
    expect(created.json().message).toBe('Failed to save annotation: text: cannot be empty');
    const [one] = await get(server, '/api/annotations?limit=1');
    const updated = await server.call({ method: 'PATCH', url: `/api/annotations/${one.id}`, payload: { time: 'soon' } });
    expect(updated.json().message).toMatch(/^Failed to update annotation: time: must be epoch milliseconds/);
  });

  it('"invalid role specified: …" (service accounts, org users, permission items)', async () => {
    for (const [method, url, payload] of [
      ['POST', '/api/serviceaccounts', { name: 'r', role: 'Superuser' }],
      ['POST', '/api/org/users', { loginOrEmail: 'carol', role: 'Root' }],
      ['POST', '/api/folders/ops/permissions', { items: [{ role: 'Admin', permission: 1 }] }],
    ] as const) {
      const response = await server.call({ method, url, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^invalid role specified: "/);
    }
  });
});

describe('Prometheus-compatible health checks', () => {
  for (const [resultType, result] of [
    ['scalar', [1, '2']],
    ['vector', [{ metric: {}, value: [1, '2'] }]],
  ] as const) {
    it(`accept a ${resultType} answer to 1+1 (VictoriaMetrics, Thanos, Mimir and Cortex answer with a vector)`, async () => {
      const backend = await startFakeHttp(() => ({ body: { status: 'success', data: { resultType, result } } }));
      try {
        const ds = await createDataSource(server, { name: `compatible ${resultType}`, type: 'prometheus', url: backend.url });
        const response = await server.call({ method: 'GET', url: `/api/datasources/uid/${ds.uid}/health` });
        expect(healthCheckResultSchema.parse(response.json())).toMatchObject({
          status: 'OK',
          message: 'Successfully queried the Prometheus API.',
        });
      } finally {
        await backend.stop();
      }
    });
  }

  it('still refuses an answer that is not the query API', async () => {
    const backend = await startFakeHttp(() => ({ body: { status: 'success', data: { resultType: 'matrix', result: [] } } }));
    try {
      const ds = await createDataSource(server, { name: 'matrix answer', type: 'prometheus', url: backend.url });
      const response = await server.call({ method: 'GET', url: `/api/datasources/uid/${ds.uid}/health` });
      expect(response.json().status).toBe('ERROR');
    } finally {
      await backend.stop();
    }
  });
});
