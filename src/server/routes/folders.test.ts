import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderListSchema, folderPermissionListSchema, folderSchema } from '../../contract/folders';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let viewer: { id: number; token: string };
let editor: { id: number; token: string };
beforeAll(async () => {
  server = await startTestServer();
  viewer = await server.accountWithToken('Viewer');
  editor = await server.accountWithToken('Editor');
});
afterAll(() => server.cleanup());

const as = (token: string | undefined) => (token ? { token } : {});
const createFolder = (payload: object, token?: string) => server.call({ method: 'POST', url: '/api/folders', payload, ...as(token) });
const saveIn = (folderUid: string | undefined, title: string, token?: string) =>
  server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { title }, folderUid }, ...as(token) });
const setPermissions = (uid: string, items: object[], token?: string) =>
  server.call({ method: 'POST', url: `/api/folders/${uid}/permissions`, payload: { items }, ...as(token) });

describe('folders', () => {
  it('creates, reads, renames and lists folders', async () => {
    const created = await createFolder({ uid: 'infra', title: 'Infrastructure' });
    expect(created.statusCode).toBe(200);
    expect(folderSchema.parse(created.json())).toMatchObject({
      uid: 'infra',
      title: 'Infrastructure',
      url: '/dashboards/f/infra/infrastructure',
      version: 1,
      canAdmin: true,
    });
    const renamed = await server.call({ method: 'PUT', url: '/api/folders/infra', payload: { title: 'Infra', version: 1 } });
    expect(renamed.json()).toMatchObject({ title: 'Infra', version: 2 });
    const stale = await server.call({ method: 'PUT', url: '/api/folders/infra', payload: { title: 'Stale', version: 1 } });
    expect(stale.statusCode).toBe(412);
    expect((await server.call({ method: 'GET', url: '/api/folders/infra' })).json().title).toBe('Infra');
    const list = folderListSchema.parse((await server.call({ method: 'GET', url: '/api/folders' })).json());
    expect(list.map((f) => f.uid)).toContain('infra');
  });

  it('refuses a duplicate uid or title (409), a missing title (400) and an unknown folder (404)', async () => {
    await createFolder({ uid: 'dup', title: 'Dup' });
    expect((await createFolder({ uid: 'dup', title: 'Other' })).statusCode).toBe(409);
    expect((await createFolder({ title: 'dup' })).statusCode).toBe(409);
    const noTitle = await createFolder({ uid: 'x' });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('bad request data: title: is required');
    expect((await createFolder({ title: 'bad uid', uid: 'a/b' })).statusCode).toBe(400);
    const missing = await server.call({ method: 'GET', url: '/api/folders/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Folder not found' });
  });

  it('deletes a folder with its dashboards', async () => {
    await createFolder({ uid: 'temp', title: 'Temporary' });
    const a = (await saveIn('temp', 'inside a')).json();
    await saveIn('temp', 'inside b');
    const deleted = await server.call({ method: 'DELETE', url: '/api/folders/temp' });
    expect(deleted.json()).toMatchObject({ title: 'Temporary', message: 'Folder Temporary deleted' });
    expect((await server.call({ method: 'GET', url: `/api/dashboards/uid/${a.uid}` })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/search?query=inside' })).json()).toEqual([]);
  });

  it("refuses Grafana's reserved folder uids: general (the root) and sharedwithme", async () => {
    for (const uid of ['general', 'sharedwithme']) {
      const refused = await createFolder({ uid, title: `reserved ${uid}` }, editor.token);
      expect(refused.statusCode, uid).toBe(400);
      expect(refused.json()).toEqual({
        message: expect.stringMatching(new RegExp(`^invalid uid for folder provided: "${uid}" is reserved`)),
        field: 'uid',
      });
    }
    expect((await server.call({ method: 'GET', url: '/api/folders' })).json().map((f: { uid: string }) => f.uid)).not.toContain('general');
    // Saving into folderUid "general" still means the root.
    const atRoot = await saveIn('general', 'at the root', editor.token);
    expect(atRoot.statusCode).toBe(200);
    expect(atRoot.json().folderUid ?? '').toBe('');
  });

  it('lets only Editors and up create folders at the root', async () => {
    expect((await createFolder({ title: 'viewer folder' }, viewer.token)).statusCode).toBe(403);
    expect((await createFolder({ title: 'editor folder' }, editor.token)).statusCode).toBe(200);
  });
});

describe('folder permissions', () => {
  it("start as Grafana's default: Viewer views, Editor edits", async () => {
    await createFolder({ uid: 'defaults', title: 'Defaults' });
    const list = folderPermissionListSchema.parse((await server.call({ method: 'GET', url: '/api/folders/defaults/permissions' })).json());
    expect(list.map((p) => [p.role, p.permission, p.permissionName])).toEqual([
      ['Viewer', 1, 'View'],
      ['Editor', 2, 'Edit'],
    ]);
  });

  it('need Edit on the target folder to save: Viewer 403, Viewer granted Edit allowed, Editor allowed', async () => {
    await createFolder({ uid: 'team', title: 'Team' });
    const refused = await saveIn('team', 'by viewer', viewer.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      title: 'Access denied',
      message: "You'll need additional permissions to perform this action. Permissions needed: dashboards:create",
    });
    expect((await saveIn(undefined, 'viewer at root', viewer.token)).statusCode).toBe(403);
    expect((await saveIn('team', 'by editor', editor.token)).statusCode).toBe(200);

    const granted = await setPermissions('team', [
      { role: 'Viewer', permission: 1 },
      { role: 'Editor', permission: 2 },
      { userId: viewer.id, permission: 2 },
    ]);
    expect(granted.json()).toEqual({ message: 'Folder permissions updated' });
    const allowed = await saveIn('team', 'by viewer', viewer.token);
    expect(allowed.statusCode).toBe(200);
    // Edit in one folder is not Edit elsewhere.
    expect((await saveIn(undefined, 'viewer at root', viewer.token)).statusCode).toBe(403);
    // ... and a move out of the granted folder into one without Edit is refused too.
    const move = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: allowed.json().uid, title: 'moved', version: 1 } },
      token: viewer.token,
    });
    expect(move.statusCode).toBe(403);
    const dashboard = (await server.call({ method: 'GET', url: `/api/dashboards/uid/${allowed.json().uid}`, token: viewer.token })).json();
    expect(dashboard.meta).toMatchObject({ canSave: true, canEdit: true, canDelete: true, canAdmin: false });
    const byUser = (await server.call({ method: 'GET', url: '/api/folders/team/permissions' })).json();
    expect(byUser[2]).toMatchObject({
      userId: viewer.id,
      userLogin: expect.stringMatching(/^sa-viewer/),
      permission: 2,
      permissionName: 'Edit',
    });
  });

  it('can take Edit away from Editors, and hide a folder from Viewers', async () => {
    await createFolder({ uid: 'locked', title: 'Locked' });
    const { uid } = (await saveIn('locked', 'secret dashboard')).json();
    await setPermissions('locked', [{ role: 'Editor', permission: 1 }]);
    expect((await saveIn('locked', 'no longer', editor.token)).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}`, token: editor.token })).statusCode).toBe(200);
    expect((await server.call({ method: 'DELETE', url: `/api/dashboards/uid/${uid}`, token: editor.token })).statusCode).toBe(403);

    expect((await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}`, token: viewer.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/folders/locked', token: viewer.token })).statusCode).toBe(403);
    const search = (await server.call({ method: 'GET', url: '/api/search?query=secret', token: viewer.token })).json();
    expect(search).toEqual([]);
    const folders = (await server.call({ method: 'GET', url: '/api/folders', token: viewer.token })).json();
    expect(folders.map((f: { uid: string }) => f.uid)).not.toContain('locked');
    expect((await server.call({ method: 'GET', url: '/api/search?query=secret', token: editor.token })).json()).toHaveLength(1);
  });

  it('are managed by Admins (or folder Admins) only, and validated', async () => {
    await createFolder({ uid: 'managed', title: 'Managed' });
    expect((await server.call({ method: 'GET', url: '/api/folders/managed/permissions', token: editor.token })).statusCode).toBe(403);
    expect((await setPermissions('managed', [], editor.token)).statusCode).toBe(403);
    await setPermissions('managed', [
      { userId: editor.id, permission: 4 },
      { role: 'Viewer', permission: 1 },
    ]);
    expect((await server.call({ method: 'GET', url: '/api/folders/managed/permissions', token: editor.token })).statusCode).toBe(200);

    const bad: Array<[object[], RegExp]> = [
      [[{ role: 'Viewer', permission: 3 }], /permission: must be 1 \(View\), 2 \(Edit\) or 4 \(Admin\)/],
      [[{ permission: 1 }], /exactly one of role, userId or teamId/],
      [[{ role: 'Viewer', userId: 2, permission: 1 }], /exactly one of role, userId or teamId/],
      [[{ role: 'Admin', permission: 1 }], /^invalid role specified: "Admin"; use Viewer or Editor/],
      [[{ teamId: 999999, permission: 1 }], /teamId 999999 is not a team of this organization/],
      [[{ userId: 999999, permission: 1 }], /userId 999999 is not a user or service account/],
      [
        [
          { role: 'Viewer', permission: 1 },
          { role: 'Viewer', permission: 2 },
        ],
        /twice/,
      ],
    ];
    for (const [items, message] of bad) {
      const response = await setPermissions('managed', items);
      expect(response.statusCode, JSON.stringify(items)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await server.call({ method: 'POST', url: '/api/folders/managed/permissions', payload: { items: 'all' } })).statusCode).toBe(
      400,
    );
    // The failed attempts changed nothing.
    expect((await server.call({ method: 'GET', url: '/api/folders/managed/permissions' })).json()).toHaveLength(2);
  });
});
