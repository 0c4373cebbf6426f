import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultSchema } from '../../contract/search';
import { starListSchema } from '../../contract/system';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  for (const [uid, title] of [
    ['a', 'Alpha'],
    ['b', 'Beta'],
    ['c', 'Gamma'],
  ]) {
    await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid, title } } });
  }
});
afterAll(() => server.cleanup());

describe('stars', () => {
  it('star and unstar by uid (and Grafana’s id form); GET /api/user/stars lists uids', async () => {
    expect((await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/b' })).json()).toEqual({
      message: 'Dashboard starred!',
    });
    // Starring twice is fine.
    expect((await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/b' })).statusCode).toBe(200);
    const { id } = (await server.call({ method: 'GET', url: '/api/dashboards/uid/c' })).json().dashboard;
    await server.call({ method: 'POST', url: `/api/user/stars/dashboard/${id}` });
    expect(starListSchema.parse((await server.call({ method: 'GET', url: '/api/user/stars' })).json())).toEqual(['b', 'c']);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/b' })).json().meta).toMatchObject({
      canStar: true,
      isStarred: true,
    });

    const hits = searchResultSchema.parse((await server.call({ method: 'GET', url: '/api/search?starred=true' })).json());
    expect(hits.map((h) => [h.uid, h.isStarred])).toEqual([
      ['b', true],
      ['c', true],
    ]);
    const all = searchResultSchema.parse((await server.call({ method: 'GET', url: '/api/search?type=dash-db' })).json());
    expect(all.map((h) => [h.uid, h.isStarred])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);

    expect((await server.call({ method: 'DELETE', url: '/api/user/stars/dashboard/uid/c' })).json()).toEqual({
      message: 'Dashboard unstarred',
    });
    expect((await server.call({ method: 'GET', url: '/api/user/stars' })).json()).toEqual(['b']);
    expect((await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/nope' })).statusCode).toBe(404);
  });

  it('belong to the token’s account: another account has its own', async () => {
    const other = await server.accountWithToken('Viewer');
    expect((await server.call({ method: 'GET', url: '/api/user/stars', token: other.token })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/search?starred=true', token: other.token })).json()).toEqual([]);
    await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/a', token: other.token });
    expect((await server.call({ method: 'GET', url: '/api/user/stars', token: other.token })).json()).toEqual(['a']);
    expect((await server.call({ method: 'GET', url: '/api/user/stars' })).json()).toEqual(['b']);
  });

  it('need the Viewer role, and a hidden dashboard answers exactly as a missing one', async () => {
    const none = await server.accountWithToken('None');
    const refused = await server.call({ method: 'POST', url: '/api/user/stars/dashboard/uid/a', token: none.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Permissions needed: users\.self\.stars:write$/);

    // A folder Viewers cannot see, with a dashboard in it.
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'hidden', title: 'Hidden' } });
    const saved = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'secret', title: 'Secret' }, folderUid: 'hidden' },
    });
    const hiddenId = saved.json().id as number;
    const permissions = await server.call({
      method: 'POST',
      url: '/api/folders/hidden/permissions',
      payload: { items: [{ role: 'Editor', permission: 2 }] },
    });
    expect(permissions.statusCode).toBe(200);
    const viewer = await server.accountWithToken('Viewer');
    // Hidden from the Viewer (GET answers Grafana's 403).
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/secret', token: viewer.token })).statusCode).toBe(403);

    const missingId = hiddenId + 1000;
    for (const method of ['POST', 'DELETE'] as const) {
      const answer = async (url: string) => {
        const response = await server.call({ method, url, token: viewer.token });
        return { status: response.statusCode, body: response.body };
      };
      const missing = await answer('/api/user/stars/dashboard/uid/no-such-dashboard');
      expect(missing).toEqual({ status: 404, body: JSON.stringify({ message: 'Dashboard not found' }) });
      expect(await answer('/api/user/stars/dashboard/uid/secret'), method).toEqual(missing);
      expect(await answer(`/api/user/stars/dashboard/${hiddenId}`), method).toEqual(missing);
      expect(await answer(`/api/user/stars/dashboard/${missingId}`), method).toEqual(missing);
    }
    expect((await server.call({ method: 'GET', url: '/api/user/stars', token: viewer.token })).json()).toEqual([]);
  });

  it('go with a deleted dashboard', async () => {
    await server.call({ method: 'DELETE', url: '/api/dashboards/uid/b' });
    expect((await server.call({ method: 'GET', url: '/api/user/stars' })).json()).toEqual([]);
  });
});
