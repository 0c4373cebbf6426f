import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderPermissionListSchema } from '../../contract/folders';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let viewer: { id: number; token: string };
let dashboardId = 0;
beforeAll(async () => {
  server = await startTestServer();
  viewer = await server.accountWithToken('Viewer');
  await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'secret', title: 'Secret' } });
  // Nobody but Admins in the folder.
  await server.call({ method: 'POST', url: '/api/folders/secret/permissions', payload: { items: [] } });
  dashboardId = (
    await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'shared', title: 'Shared board' }, folderUid: 'secret' },
    })
  ).json().id;
  await server.call({
    method: 'POST',
    url: '/api/dashboards/db',
    payload: { dashboard: { uid: 'hidden', title: 'Hidden board' }, folderUid: 'secret' },
  });
});
afterAll(() => server.cleanup());

const as = (token: string) => ({ token });
const permissionsOf = async (path: string) => folderPermissionListSchema.parse((await server.call({ method: 'GET', url: path })).json());

describe('dashboard permissions', () => {
  it('grant one dashboard on top of its folder’s, honoured for view, search, annotations and edit', async () => {
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/shared', ...as(viewer.token) })).statusCode).toBe(403);
    const set = await server.call({
      method: 'POST',
      url: '/api/dashboards/uid/shared/permissions',
      payload: { items: [{ userId: viewer.id, permission: 1 }] },
    });
    expect(set.json()).toEqual({ message: 'Dashboard permissions updated' });

    const read = await server.call({ method: 'GET', url: '/api/dashboards/uid/shared', ...as(viewer.token) });
    expect(read.statusCode).toBe(200);
    expect(read.json().meta).toMatchObject({ canEdit: false, canAdmin: false, canStar: true });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/hidden', ...as(viewer.token) })).statusCode).toBe(403);
    const hits = (await server.call({ method: 'GET', url: '/api/search?query=board', ...as(viewer.token) })).json();
    expect(hits.map((h: { uid: string }) => h.uid)).toEqual(['shared']);
    const note = await server.call({
      method: 'POST',
      url: '/api/annotations',
      payload: { dashboardUID: 'shared', text: 'seen' },
      ...as(viewer.token),
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/annotations?dashboardUID=shared', ...as(viewer.token) })).json()).toHaveLength(1);

    // View does not let it save; Edit does, in place.
    const save = () =>
      server.call({
        method: 'POST',
        url: '/api/dashboards/db',
        payload: { dashboard: { uid: 'shared', title: 'Shared board', version: 1 }, folderUid: 'secret' },
        ...as(viewer.token),
      });
    expect((await save()).statusCode).toBe(403);
    await server.call({
      method: 'POST',
      url: '/api/dashboards/uid/shared/permissions',
      payload: { items: [{ userId: viewer.id, permission: 2 }] },
    });
    expect((await save()).statusCode).toBe(200);
    // Moving it elsewhere needs Edit where it lands too: General is fine for nobody here but Editors.
    const move = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'shared', title: 'Shared board', version: 2 } },
      ...as(viewer.token),
    });
    expect(move.statusCode).toBe(403);
    // Only dashboard Admins manage its permissions.
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/shared/permissions', ...as(viewer.token) })).statusCode).toBe(403);
  });

  it('lists the folder’s entries as inherited, and by Grafana’s id form too', async () => {
    await server.call({ method: 'POST', url: '/api/folders/secret/permissions', payload: { items: [{ role: 'Editor', permission: 2 }] } });
    const list = await permissionsOf('/api/dashboards/uid/shared/permissions');
    expect(list.map((p) => [p.role ?? p.userId, p.permission, p.inherited])).toEqual([
      ['Editor', 2, true],
      [viewer.id, 2, false],
    ]);
    expect(list[1]).toMatchObject({
      dashboardId,
      dashboardUid: 'shared',
      permissionName: 'Edit',
      teamId: 0,
      url: '/d/shared/shared-board',
    });
    expect(await permissionsOf(`/api/dashboards/id/${dashboardId}/permissions`)).toEqual(list);
    await server.call({
      method: 'POST',
      url: `/api/dashboards/id/${dashboardId}/permissions`,
      payload: { items: [{ role: 'Viewer', permission: 1 }] },
    });
    expect((await permissionsOf('/api/dashboards/uid/shared/permissions')).filter((p) => !p.inherited).map((p) => p.role)).toEqual([
      'Viewer',
    ]);
  });

  it('validates items as folder permissions do', async () => {
    const bad: Array<[object, RegExp]> = [
      [{ items: [{ permission: 1 }] }, /exactly one of role, userId or teamId/],
      [{ items: [{ teamId: 424242, permission: 1 }] }, /teamId 424242 is not a team of this organization/],
      [
        {
          items: [
            { role: 'Viewer', permission: 1 },
            { role: 'Viewer', permission: 4 },
          ],
        },
        /twice/,
      ],
      [{ items: 'everyone' }, /items: must be an array/],
    ];
    for (const [payload, message] of bad) {
      const response = await server.call({ method: 'POST', url: '/api/dashboards/uid/shared/permissions', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/nope/permissions' })).statusCode).toBe(404);
  });
});
