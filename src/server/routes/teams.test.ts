import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTeamsResponseSchema, teamMemberListSchema, teamSchema } from '../../contract/teams';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const createTeam = (payload: object, token?: string) =>
  server.call({ method: 'POST', url: '/api/teams', payload, ...(token ? { token } : {}) });
const search = async (query = '') =>
  searchTeamsResponseSchema.parse((await server.call({ method: 'GET', url: `/api/teams/search${query}` })).json());

describe('teams', () => {
  it('creates, reads, renames and deletes a team, in Grafana’s shapes', async () => {
    const created = await createTeam({ name: 'Platform', email: 'platform@example.com' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ message: 'Team created', teamId: expect.any(Number), uid: expect.any(String) });
    const { teamId } = created.json();
    expect(teamSchema.parse((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json())).toMatchObject({
      id: teamId,
      orgId: 1,
      name: 'Platform',
      email: 'platform@example.com',
      memberCount: 0,
      permission: 0,
    });
    expect((await server.call({ method: 'PUT', url: `/api/teams/${teamId}`, payload: { name: 'Platform team' } })).json()).toEqual({
      message: 'Team updated',
    });
    // The email was left out, so it stays.
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json()).toMatchObject({
      name: 'Platform team',
      email: 'platform@example.com',
    });
    expect((await server.call({ method: 'DELETE', url: `/api/teams/${teamId}` })).json()).toEqual({ message: 'Team deleted' });
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json()).toEqual({ message: 'Team not found' });
  });

  it('refuses a taken name (any case), an empty name and a bad email', async () => {
    await createTeam({ name: 'Unique' });
    const taken = await createTeam({ name: 'UNIQUE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Team name taken');
    expect((await createTeam({ name: '  ' })).json().message).toBe('bad request data: name: cannot be empty');
    expect((await createTeam({ name: 'x', email: 'not-mail' })).json().message).toBe(
      'bad request data: email: is not a valid email address',
    );
    expect((await server.call({ method: 'GET', url: '/api/teams/abc' })).statusCode).toBe(400);
  });

  it('searches with query, name, perpage and page (Grafana’s paging)', async () => {
    for (const name of ['Search alpha', 'Search beta', 'Search gamma']) await createTeam({ name });
    const all = await search('?query=search');
    expect(all.totalCount).toBe(3);
    expect(all.teams.map((t) => t.name)).toEqual(['Search alpha', 'Search beta', 'Search gamma']);
    const page2 = await search('?query=search&perpage=2&page=2');
    expect(page2).toMatchObject({ totalCount: 3, page: 2, perPage: 2 });
    expect(page2.teams.map((t) => t.name)).toEqual(['Search gamma']);
    expect((await search('?name=Search%20beta')).teams.map((t) => t.name)).toEqual(['Search beta']);
    expect((await search('?name=search')).teams).toEqual([]);
    expect(await search('?query=search&perpage=0&page=0')).toMatchObject({ page: 1, perPage: 1000, totalCount: 3 });
    expect((await search('?query=search&sort=name-desc')).teams.map((t) => t.name)).toEqual([
      'Search gamma',
      'Search beta',
      'Search alpha',
    ]);
    const badSort = await server.call({ method: 'GET', url: '/api/teams/search?sort=size' });
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json().message).toMatch(/"size" is not a sort; use name-asc/);
    // `%` and `_` match literally.
    expect((await search('?query=%25')).teams).toEqual([]);
  });

  it('adds and removes members (people and service accounts), counting them', async () => {
    const { teamId } = (await createTeam({ name: 'Members' })).json();
    const bot = await server.accountWithToken('Viewer');
    const person = (
      await server.call({
        method: 'POST',
        url: '/api/admin/users',
        payload: { login: 'dana', email: 'dana@example.com', password: 'secret-1' },
      })
    ).json().id;
    expect((await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: person } })).json()).toEqual({
      message: 'Member added to Team',
    });
    await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: bot.id } });
    const again = await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: person } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('User is already added to this team');
    const stranger = await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: 999999 } });
    expect(stranger.json().message).toMatch(/userId 999999 is not a user or service account of this organization/);

    const members = teamMemberListSchema.parse((await server.call({ method: 'GET', url: `/api/teams/${teamId}/members` })).json());
    expect(members.map((m) => [m.login, m.isServiceAccount])).toEqual([
      ['dana', false],
      [expect.stringMatching(/^sa-/), true],
    ]);
    expect(members[0]).toMatchObject({ orgId: 1, teamId, userId: person, email: 'dana@example.com', labels: [], permission: 0 });
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json().memberCount).toBe(2);
    expect((await search('?sort=memberCount-desc,name-asc&perpage=1')).teams.map((t) => t.name)).toEqual(['Members']);

    // Someone removed from the organization is no member any more (their user record stays).
    await server.call({ method: 'DELETE', url: `/api/org/users/${person}` });
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json().memberCount).toBe(1);
    await server.call({ method: 'POST', url: '/api/org/users', payload: { loginOrEmail: 'dana', role: 'Viewer' } });
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json().memberCount).toBe(2);
    expect((await server.call({ method: 'DELETE', url: `/api/teams/${teamId}/members/${person}` })).json()).toEqual({
      message: 'Team Member removed',
    });
    expect((await server.call({ method: 'DELETE', url: `/api/teams/${teamId}/members/${person}` })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}` })).json().memberCount).toBe(1);
  });

  it('lets only Admins change teams; Viewers may list them (folder Admins pick teams)', async () => {
    const viewer = await server.accountWithToken('Viewer');
    expect((await createTeam({ name: 'Nope' }, viewer.token)).statusCode).toBe(403);
    expect((await server.call({ method: 'GET', url: '/api/teams/search', token: viewer.token })).statusCode).toBe(200);
  });
});

describe('teams in folder permissions', () => {
  it('grant a team’s members access, honoured in folders, dashboards, search and annotations', async () => {
    const member = await server.accountWithToken('Viewer');
    const outsider = await server.accountWithToken('Viewer');
    const { teamId } = (await createTeam({ name: 'Payments' })).json();
    await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: member.id } });
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'payments', title: 'Payments' } });
    // Only the team: no role entries.
    const set = await server.call({
      method: 'POST',
      url: '/api/folders/payments/permissions',
      payload: { items: [{ teamId, permission: 2 }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    const [entry] = (await server.call({ method: 'GET', url: '/api/folders/payments/permissions' })).json();
    expect(entry).toMatchObject({ teamId, team: 'Payments', userId: 0, permission: 2, permissionName: 'Edit' });

    // Edit through the team: create a dashboard there.
    const saved = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'checkout', title: 'Checkout' }, folderUid: 'payments' },
      token: member.token,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/folders/payments', token: member.token })).json()).toMatchObject({
      canEdit: true,
      canAdmin: false,
    });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/checkout', token: outsider.token })).statusCode).toBe(403);
    const hits = (token: string) =>
      server.call({ method: 'GET', url: '/api/search?query=checkout', token }).then((r) => r.json().map((h: { uid: string }) => h.uid));
    expect(await hits(member.token)).toEqual(['checkout']);
    expect(await hits(outsider.token)).toEqual([]);

    // Leaving the team, or the team going, takes the access with it.
    await server.call({ method: 'DELETE', url: `/api/teams/${teamId}/members/${member.id}` });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/checkout', token: member.token })).statusCode).toBe(403);
    await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId: member.id } });
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/checkout', token: member.token })).statusCode).toBe(200);
    await server.call({ method: 'DELETE', url: `/api/teams/${teamId}` });
    expect((await server.call({ method: 'GET', url: '/api/folders/payments/permissions' })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: '/api/dashboards/uid/checkout', token: member.token })).statusCode).toBe(403);
  });
});
