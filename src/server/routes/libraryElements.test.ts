import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  libraryElementConnectionsResponseSchema,
  libraryElementResponseSchema,
  libraryElementSearchResponseSchema,
} from '../../contract/libraryElements';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const statModel = (title: string) => ({ type: 'stat', title, description: `${title} described`, targets: [{ refId: 'A' }] });

async function create(payload: Record<string, unknown>, token?: string) {
  return server.call({ method: 'POST', url: '/api/library-elements', payload: { kind: 1, ...payload }, ...(token ? { token } : {}) });
}

async function element(name: string, extra: Record<string, unknown> = {}) {
  const response = await create({ name, model: statModel(name), ...extra });
  expect(response.statusCode, response.body).toBe(200);
  return libraryElementResponseSchema.parse(response.json()).result;
}

async function folder(uid: string) {
  const response = await server.call({ method: 'POST', url: '/api/folders', payload: { uid, title: `Folder ${uid}` } });
  expect(response.statusCode, response.body).toBe(200);
}

async function saveDashboard(uid: string, panels: unknown[], version?: number) {
  const response = await server.call({
    method: 'POST',
    url: '/api/dashboards/db',
    payload: { dashboard: { uid, title: `Dash ${uid}`, panels, ...(version ? { version } : {}) }, overwrite: version === undefined },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: number; version: number }>();
}

const ref = (uid: string, id = 1) => ({ id, gridPos: { x: 0, y: 0, w: 12, h: 8 }, libraryPanel: { uid, name: uid } });

describe('library elements', () => {
  it('creates, reads by uid and by name, in Grafana’s shape', async () => {
    const created = await element('CPU usage', { uid: 'lp-cpu' });
    expect(created).toMatchObject({
      uid: 'lp-cpu',
      name: 'CPU usage',
      kind: 1,
      type: 'stat',
      description: 'CPU usage described',
      version: 1,
      folderId: 0,
      folderUid: '',
      meta: { folderName: 'General', folderUid: '', connectedDashboards: 0 },
    });
    expect(created.model).toMatchObject({ type: 'stat', title: 'CPU usage', libraryPanel: { uid: 'lp-cpu' } });
    expect(created.meta.createdBy.name).toBeTruthy();

    const byUid = await server.call({ method: 'GET', url: '/api/library-elements/lp-cpu' });
    expect(libraryElementResponseSchema.parse(byUid.json()).result.name).toBe('CPU usage');
    const byName = await server.call({ method: 'GET', url: `/api/library-elements/name/${encodeURIComponent('CPU usage')}` });
    expect(byName.json().result.map((e: { uid: string }) => e.uid)).toEqual(['lp-cpu']);

    const missing = await server.call({ method: 'GET', url: '/api/library-elements/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'library element could not be found' });
  });

  it('refuses bad input with 400: kind, name, uid, taken uid or name, unknown folder', async () => {
    expect((await create({ name: 'x', model: {}, kind: 2 })).statusCode).toBe(400);
    expect((await create({ name: '', model: {} })).statusCode).toBe(400);
    expect((await create({ name: 'x', model: 'text' })).statusCode).toBe(400);
    expect((await create({ name: 'x', model: {}, uid: 'a/b' })).json().message).toMatch(/^uid contains illegal characters/);
    await element('Taken', { uid: 'lp-taken' });
    const uidTaken = await create({ name: 'Other', model: {}, uid: 'lp-taken' });
    expect(uidTaken.statusCode).toBe(400);
    expect(uidTaken.json().message).toBe('library element with that name or UID already exists');
    expect((await create({ name: 'Taken', model: {} })).statusCode).toBe(400);
    const folderMissing = await create({ name: 'y', model: {}, folderUid: 'no-such-folder' });
    expect(folderMissing.statusCode).toBe(400);
    const notJson = await server.call({
      method: 'POST',
      url: '/api/library-elements',
      payload: '[1]',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('PATCH changes what it names, with the stored version; a stale one is 412', async () => {
    await folder('lp-patch-folder');
    const created = await element('Patch me', { uid: 'lp-patch' });
    const patched = await server.call({
      method: 'PATCH',
      url: '/api/library-elements/lp-patch',
      payload: { kind: 1, version: created.version, name: 'Patched', folderUid: 'lp-patch-folder', model: { type: 'gauge', title: 'G' } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const result = libraryElementResponseSchema.parse(patched.json()).result;
    expect(result).toMatchObject({ name: 'Patched', version: 2, type: 'gauge', folderUid: 'lp-patch-folder' });
    expect(result.meta.folderName).toBe('Folder lp-patch-folder');
    const stale = await server.call({
      method: 'PATCH',
      url: '/api/library-elements/lp-patch',
      payload: { kind: 1, version: 1, name: 'Again' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().message).toBe('the library element has been changed by someone else');
    const noVersion = await server.call({ method: 'PATCH', url: '/api/library-elements/lp-patch', payload: { kind: 1 } });
    expect(noVersion.statusCode).toBe(400);
  });

  it('lists with search, type and folder filters, exclusion, sorting and paging', async () => {
    await folder('lp-list-folder');
    for (const name of ['list alpha', 'list beta', 'list gamma']) await element(name);
    await element('list delta', { folderUid: 'lp-list-folder', model: { type: 'timeseries', title: 'd' } });
    const list = async (query: string) => {
      const response = await server.call({ method: 'GET', url: `/api/library-elements?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return libraryElementSearchResponseSchema.parse(response.json()).result;
    };
    const all = await list('searchString=LIST');
    expect(all.totalCount).toBe(4);
    expect(all.elements.map((e) => e.name)).toEqual(['list alpha', 'list beta', 'list delta', 'list gamma']);
    expect((await list('searchString=list&sortDirection=alpha-desc')).elements[0]!.name).toBe('list gamma');
    const paged = await list('searchString=list&perPage=2&page=2');
    expect(paged).toMatchObject({ totalCount: 4, page: 2, perPage: 2 });
    expect(paged.elements.map((e) => e.name)).toEqual(['list delta', 'list gamma']);
    expect((await list('searchString=list&typeFilter=timeseries')).elements.map((e) => e.name)).toEqual(['list delta']);
    expect((await list('searchString=list&folderFilterUIDs=lp-list-folder')).elements.map((e) => e.name)).toEqual(['list delta']);
    expect((await list('searchString=list&folderFilterUIDs=general')).totalCount).toBe(3);
    const beta = (await list('searchString=list beta')).elements[0]!;
    expect((await list(`searchString=list&excludeUid=${beta.uid}`)).totalCount).toBe(3);
    expect((await list('searchString=described')).totalCount).toBeGreaterThanOrEqual(3);
    expect((await server.call({ method: 'GET', url: '/api/library-elements?perPage=x' })).statusCode).toBe(400);
  });

  it('connects the library panels a dashboard save references, and disconnects removed ones; delete refused while connected', async () => {
    await element('Connected', { uid: 'lp-conn' });
    await element('Second', { uid: 'lp-second' });
    const row = { id: 9, type: 'row', collapsed: true, panels: [ref('lp-second', 10)] };
    const saved = await saveDashboard('lp-dash', [ref('lp-conn'), ref('lp-absent', 2), row]);
    const connections = async (uid: string) =>
      libraryElementConnectionsResponseSchema.parse(
        (await server.call({ method: 'GET', url: `/api/library-elements/${uid}/connections` })).json(),
      ).result;
    expect((await connections('lp-conn')).map((c) => [c.connectionUid, c.connectionId, c.kind])).toEqual([['lp-dash', saved.id, 1]]);
    expect((await connections('lp-second')).map((c) => c.connectionUid)).toEqual(['lp-dash']);
    const got = libraryElementResponseSchema.parse((await server.call({ method: 'GET', url: '/api/library-elements/lp-conn' })).json());
    expect(got.result.meta.connectedDashboards).toBe(1);

    const refused = await server.call({ method: 'DELETE', url: '/api/library-elements/lp-conn' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^the library element has connections/);

    // The next save no longer uses lp-second.
    await saveDashboard('lp-dash', [ref('lp-conn')], saved.version);
    expect(await connections('lp-second')).toEqual([]);
    const deleted = await server.call({ method: 'DELETE', url: '/api/library-elements/lp-second' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ message: 'Library element deleted' });

    // Deleting the dashboard removes its connections.
    expect((await server.call({ method: 'DELETE', url: '/api/dashboards/uid/lp-dash' })).statusCode).toBe(200);
    expect(await connections('lp-conn')).toEqual([]);
    expect((await server.call({ method: 'DELETE', url: '/api/library-elements/lp-conn' })).statusCode).toBe(200);
  });

  it('a folder holding a connected element cannot be deleted (Grafana’s 403); otherwise its elements go with it', async () => {
    await folder('lp-folder-del');
    await element('In folder', { uid: 'lp-in-folder', folderUid: 'lp-folder-del' });
    await saveDashboard('lp-folder-user', [ref('lp-in-folder')]);
    const refused = await server.call({ method: 'DELETE', url: '/api/folders/lp-folder-del' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Folder could not be deleted because it contains library elements in use');
    await server.call({ method: 'DELETE', url: '/api/dashboards/uid/lp-folder-user' });
    expect((await server.call({ method: 'DELETE', url: '/api/folders/lp-folder-del' })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/library-elements/lp-in-folder' })).statusCode).toBe(404);
  });

  it('permissions: Viewers read but cannot create; folder permissions decide', async () => {
    await folder('lp-private');
    await element('Private', { uid: 'lp-private-el', folderUid: 'lp-private' });
    // Only Admins on the folder: Viewers and Editors lose its role entries.
    await server.call({ method: 'POST', url: '/api/folders/lp-private/permissions', payload: { items: [] } });
    const viewer = await server.accountWithToken('Viewer');
    const editor = await server.accountWithToken('Editor');

    const viewerCreate = await create({ name: 'by viewer', model: {} }, viewer.token);
    expect(viewerCreate.statusCode).toBe(403);
    expect(viewerCreate.json().message).toMatch(/Permissions needed: library.panels:create/);
    expect((await create({ name: 'by editor', model: {} }, editor.token)).statusCode).toBe(200);

    const hidden = await server.call({ method: 'GET', url: '/api/library-elements/lp-private-el', token: editor.token });
    expect(hidden.statusCode).toBe(403);
    const listed = await server.call({ method: 'GET', url: '/api/library-elements?searchString=Private', token: editor.token });
    expect(listed.json().result.totalCount).toBe(0);
    expect((await create({ name: 'x', model: {}, folderUid: 'lp-private' }, editor.token)).statusCode).toBe(403);

    // Edit granted on the folder to the Viewer account: it may create and change there.
    await server.call({
      method: 'POST',
      url: '/api/folders/lp-private/permissions',
      payload: { items: [{ userId: viewer.id, permission: 2 }] },
    });
    const granted = await create({ name: 'granted', model: {}, folderUid: 'lp-private' }, viewer.token);
    expect(granted.statusCode, granted.body).toBe(200);
    const readable = await server.call({ method: 'GET', url: '/api/library-elements/lp-private-el', token: viewer.token });
    expect(readable.statusCode).toBe(200);
    const deleteByViewer = await server.call({
      method: 'DELETE',
      url: `/api/library-elements/${granted.json().result.uid}`,
      token: viewer.token,
    });
    expect(deleteByViewer.statusCode).toBe(200);
  });

  it('import creates the __elements the org lacks, in the chosen folder, and connects them', async () => {
    await folder('lp-import-folder');
    await element('Already here', { uid: 'lp-existing' });
    const exported = {
      __inputs: [{ name: 'DS_TESTDATA', type: 'constant', value: 'ds-x' }],
      __elements: {
        'lp-imported': {
          name: 'Imported panel',
          uid: 'lp-imported',
          kind: 1,
          model: { type: 'stat', title: 'From export', datasource: '${DS_TESTDATA}' },
        },
        'lp-existing': { name: 'Already here', uid: 'lp-existing', kind: 1, model: { type: 'gauge', title: 'Not this' } },
      },
      title: 'Imported with library panels',
      uid: 'lp-imported-dash',
      panels: [ref('lp-imported'), ref('lp-existing', 2)],
    };
    const imported = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: exported,
        overwrite: true,
        folderUid: 'lp-import-folder',
        inputs: [{ name: 'DS_TESTDATA', type: 'constant', value: 'ds-x' }],
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const created = libraryElementResponseSchema.parse(
      (await server.call({ method: 'GET', url: '/api/library-elements/lp-imported' })).json(),
    ).result;
    expect(created).toMatchObject({ name: 'lp-imported', folderUid: 'lp-import-folder', type: 'stat', meta: { connectedDashboards: 1 } });
    expect(created.model).toMatchObject({ title: 'From export', datasource: 'ds-x', libraryPanel: { uid: 'lp-imported' } });
    const existing = libraryElementResponseSchema.parse(
      (await server.call({ method: 'GET', url: '/api/library-elements/lp-existing' })).json(),
    ).result;
    expect(existing).toMatchObject({ type: 'stat', version: 1, meta: { connectedDashboards: 1 } });
    const stored = (await server.call({ method: 'GET', url: '/api/dashboards/uid/lp-imported-dash' })).json().dashboard;
    expect(stored.__elements).toBeUndefined();

    const bad = await server.call({
      method: 'POST',
      url: '/api/dashboards/import',
      payload: {
        dashboard: { ...exported, uid: 'lp-bad', __inputs: [], __elements: { 'lp-new': { model: 'x' } }, panels: [ref('lp-new')] },
      },
    });
    expect(bad.statusCode).toBe(400);
  });
});
