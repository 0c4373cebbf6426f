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

  it('go with a deleted dashboard', async () => {
    await server.call({ method: 'DELETE', url: '/api/dashboards/uid/b' });
    expect((await server.call({ method: 'GET', url: '/api/user/stars' })).json()).toEqual([]);
  });
});
