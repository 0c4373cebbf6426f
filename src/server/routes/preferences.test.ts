import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferencesSchema } from '../../contract/preferences';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const empty = {
  theme: '',
  homeDashboardId: 0,
  homeDashboardUID: '',
  timezone: '',
  weekStart: '',
  language: '',
  locale: '',
  queryHistory: { homeTab: '' },
};

async function dashboard(uid: string, title = uid): Promise<number> {
  const saved = await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid, title } } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json<{ id: number }>().id;
}

async function team(name: string, members: number[] = []): Promise<number> {
  const created = await server.call({ method: 'POST', url: '/api/teams', payload: { name } });
  const { teamId } = created.json<{ teamId: number }>();
  for (const userId of members) await server.call({ method: 'POST', url: `/api/teams/${teamId}/members`, payload: { userId } });
  return teamId;
}

const get = async (url: string, token?: string) => {
  const response = await server.call({ method: 'GET', url, ...(token ? { token } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return preferencesSchema.parse(response.json());
};
const write = (method: 'PUT' | 'PATCH', url: string, payload: unknown, token?: string) =>
  server.call({ method, url, payload: payload as object, ...(token ? { token } : {}) });

/** A person, signed in with Basic login:password as Grafana clients may. */
async function person(login: string) {
  const created = await server.call({
    method: 'POST',
    url: '/api/admin/users',
    payload: { name: login, email: `${login}@example.com`, login, password: 'secret-password' },
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ id: number }>().id;
  const authorization = `Basic ${Buffer.from(`${login}:secret-password`).toString('base64')}`;
  return {
    id,
    call: (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: object) =>
      server.call({ method, url, payload, token: null, headers: { authorization } }),
  };
}

describe('preferences', () => {
  it('answers every key, empty, before anything is saved, at each level', async () => {
    const teamId = await team('Empty prefs');
    expect((await server.call({ method: 'GET', url: '/api/user/preferences' })).json()).toEqual(empty);
    expect((await server.call({ method: 'GET', url: '/api/org/preferences' })).json()).toEqual(empty);
    expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}/preferences` })).json()).toEqual(empty);
  });

  it('PUT replaces the whole level (left-out keys back to the default); PATCH changes only what it names', async () => {
    const id = await dashboard('pref-home', 'Pref home');
    const { token } = await server.accountWithToken('Viewer');
    const put = await write(
      'PUT',
      '/api/user/preferences',
      { theme: 'dark', homeDashboardUID: 'pref-home', timezone: 'utc', weekStart: 'monday' },
      token,
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ message: 'Preferences updated' });
    expect(await get('/api/user/preferences', token)).toEqual({
      ...empty,
      theme: 'dark',
      homeDashboardId: id,
      homeDashboardUID: 'pref-home',
      timezone: 'utc',
      weekStart: 'monday',
    });
    // A zone name is stored in its own letter case, as Go's loader (Grafana's tools) needs it.
    expect((await write('PATCH', '/api/user/preferences', { timezone: 'europe/berlin', language: 'de-DE' }, token)).statusCode).toBe(200);
    expect(await get('/api/user/preferences', token)).toMatchObject({
      theme: 'dark',
      homeDashboardUID: 'pref-home',
      timezone: 'Europe/Berlin',
      weekStart: 'monday',
      language: 'de-DE',
    });
    expect((await write('PUT', '/api/user/preferences', { theme: 'light' }, token)).statusCode).toBe(200);
    expect(await get('/api/user/preferences', token)).toEqual({ ...empty, theme: 'light' });
    // The deprecated id names a dashboard too; an empty uid clears it.
    expect((await write('PATCH', '/api/user/preferences', { homeDashboardId: id }, token)).statusCode).toBe(200);
    expect((await get('/api/user/preferences', token)).homeDashboardUID).toBe('pref-home');
    expect((await write('PATCH', '/api/user/preferences', { homeDashboardUID: '' }, token)).statusCode).toBe(200);
    expect((await get('/api/user/preferences', token)).homeDashboardId).toBe(0);
    // Each account has its own.
    expect((await get('/api/user/preferences')).theme).toBe('');
  });

  it('refuses a bad theme, timezone, week start or unknown home dashboard with Grafana’s status and words', async () => {
    const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'pref-folder', title: 'Pref folder' } });
    expect(folder.statusCode).toBe(200);
    const cases: Array<[object, number, string, string]> = [
      [{ theme: 'purple' }, 400, 'Invalid theme', 'theme'],
      [{ timezone: 'Mars/Olympus' }, 400, 'Invalid timezone', 'timezone'],
      [{ weekStart: 'friday' }, 400, 'Invalid week start', 'weekStart'],
      [{ homeDashboardUID: 'no-such-dashboard' }, 404, 'Dashboard not found', 'homeDashboardUID'],
      [{ homeDashboardUID: 'pref-folder' }, 404, 'Dashboard not found', 'homeDashboardUID'],
      [{ homeDashboardId: 999999 }, 404, 'Dashboard not found', 'homeDashboardId'],
      [{ theme: 5 }, 400, 'bad request data', 'theme'],
    ];
    for (const url of ['/api/user/preferences', '/api/org/preferences']) {
      for (const method of ['PUT', 'PATCH'] as const) {
        for (const [payload, status, message, field] of cases) {
          const refused = await write(method, url, payload);
          expect(refused.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(status);
          expect(refused.json().message).toMatch(new RegExp(`^${message}`));
          expect(refused.json().field).toBe(field);
        }
      }
    }
    for (const body of ['[]', '"dark"', '{not json']) {
      const bad = await server.call({
        method: 'PUT',
        url: '/api/user/preferences',
        payload: body,
        headers: { 'content-type': 'application/json' },
      });
      expect(bad.statusCode).toBe(400);
      expect(typeof bad.json().message).toBe('string');
    }
    expect((await get('/api/org/preferences')).theme).toBe('');
    // Nulls are "not given"; `system`, `browser` and empty are all accepted.
    expect(
      (await write('PUT', '/api/user/preferences', { theme: 'system', timezone: 'browser', weekStart: '', homeDashboardUID: null }))
        .statusCode,
    ).toBe(200);
  });

  it('lets only Admins read and write the org’s preferences, and team writers the team’s', async () => {
    const teamId = await team('Pref writers');
    for (const role of ['Viewer', 'Editor'] as const) {
      const { token } = await server.accountWithToken(role);
      for (const [method, url] of [
        ['GET', '/api/org/preferences'],
        ['PUT', '/api/org/preferences'],
        ['PATCH', '/api/org/preferences'],
        ['PUT', `/api/teams/${teamId}/preferences`],
        ['PATCH', `/api/teams/${teamId}/preferences`],
      ] as const) {
        const refused = await server.call({ method, url, token, payload: { theme: 'dark' } });
        expect(refused.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(refused.json().message).toMatch(/Permissions needed: (orgs\.preferences|teams):(read|write)/);
      }
      // Anyone may read a team's (as the team itself), and keep their own.
      expect((await server.call({ method: 'GET', url: `/api/teams/${teamId}/preferences`, token })).statusCode).toBe(200);
      expect((await write('PATCH', '/api/user/preferences', { theme: 'dark' }, token)).statusCode).toBe(200);
    }
    const none = await server.accountWithToken('None');
    expect((await write('PUT', '/api/user/preferences', { weekStart: 'sunday' }, none.token)).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/org/preferences', token: null })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/teams/999999/preferences' })).json()).toEqual({ message: 'Team not found' });
    expect((await write('PUT', '/api/teams/999999/preferences', {})).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/teams/abc/preferences' })).statusCode).toBe(400);
  });

  it('merges as Grafana: the person’s over their teams’ (by team id) over the org’s over the defaults', async () => {
    const orgHome = await dashboard('pref-org-home');
    await dashboard('pref-team-home');
    const account = await server.accountWithToken('Viewer');
    const first = await team('Pref merge A', [account.id]);
    const second = await team('Pref merge B', [account.id]);
    const outsiders = await team('Pref merge C');
    const effective = () => get('/api/user/preferences/effective', account.token);

    expect(await effective()).toMatchObject({ theme: 'system', timezone: 'browser', weekStart: 'browser', homeDashboardUID: '' });
    expect(
      (await write('PUT', '/api/org/preferences', { theme: 'light', timezone: 'utc', homeDashboardUID: 'pref-org-home' })).statusCode,
    ).toBe(200);
    expect(await effective()).toMatchObject({
      theme: 'light',
      timezone: 'utc',
      homeDashboardId: orgHome,
      homeDashboardUID: 'pref-org-home',
    });
    await write('PUT', `/api/teams/${first}/preferences`, { theme: 'dark', weekStart: 'saturday' });
    await write('PUT', `/api/teams/${second}/preferences`, { weekStart: 'sunday', homeDashboardUID: 'pref-team-home' });
    await write('PUT', `/api/teams/${outsiders}/preferences`, { timezone: 'Asia/Tokyo' });
    expect(await effective()).toMatchObject({ theme: 'dark', timezone: 'utc', weekStart: 'sunday', homeDashboardUID: 'pref-team-home' });
    await write('PUT', '/api/user/preferences', { theme: 'light', timezone: 'Europe/Paris' }, account.token);
    expect(await effective()).toMatchObject({
      theme: 'light',
      timezone: 'Europe/Paris',
      weekStart: 'sunday',
      homeDashboardUID: 'pref-team-home',
    });

    // The home dashboard answers as Grafana's redirect to it.
    const home = await server.call({ method: 'GET', url: '/api/dashboards/home', token: account.token });
    expect(home.json()).toEqual({ redirectUri: '/d/pref-team-home/pref-team-home' });

    // The admin token's account is in no team: the org's home.
    expect((await server.call({ method: 'GET', url: '/api/dashboards/home' })).json()).toEqual({
      redirectUri: '/d/pref-org-home/pref-org-home',
    });
    await write('PATCH', '/api/org/preferences', { homeDashboardUID: '' });
  });

  it('never names a home dashboard the caller may not view: the next level’s, or the built-in home, applies', async () => {
    // A folder only Admins see (no role grants), with a dashboard in it set as the org's and a team's home.
    const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Pref locked', uid: 'pref-locked' } });
    expect(folder.statusCode, folder.body).toBe(200);
    const locked = await server.call({ method: 'POST', url: '/api/folders/pref-locked/permissions', payload: { items: [] } });
    expect(locked.statusCode, locked.body).toBe(200);
    const saved = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'pref-secret', title: 'Secret salaries' }, folderUid: 'pref-locked' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await dashboard('pref-open-home');
    const account = await server.accountWithToken('Viewer');
    const teamId = await team('Pref locked home', [account.id]);
    expect((await write('PUT', '/api/org/preferences', { homeDashboardUID: 'pref-open-home' })).statusCode).toBe(200);
    expect((await write('PUT', `/api/teams/${teamId}/preferences`, { homeDashboardUID: 'pref-secret' })).statusCode).toBe(200);

    // The team's home is hidden from the Viewer: the org's applies, and the team's level reads as unset.
    expect(await get('/api/user/preferences/effective', account.token)).toMatchObject({ homeDashboardUID: 'pref-open-home' });
    const home = await server.call({ method: 'GET', url: '/api/dashboards/home', token: account.token });
    expect(home.json()).toEqual({ redirectUri: '/d/pref-open-home/pref-open-home' });
    expect(await get(`/api/teams/${teamId}/preferences`, account.token)).toMatchObject({ homeDashboardId: 0, homeDashboardUID: '' });
    // An Admin, who may view it, still reads it.
    expect(await get(`/api/teams/${teamId}/preferences`)).toMatchObject({ homeDashboardUID: 'pref-secret' });

    // With the org's home hidden too, the built-in home answers.
    expect((await write('PUT', '/api/org/preferences', { homeDashboardUID: 'pref-secret' })).statusCode).toBe(200);
    const builtIn = await server.call({ method: 'GET', url: '/api/dashboards/home', token: account.token });
    expect(builtIn.json()).not.toHaveProperty('redirectUri');
    expect(JSON.stringify(builtIn.json())).not.toContain('pref-secret');
    await write('PATCH', '/api/org/preferences', { homeDashboardUID: '' });
  });

  it('forgets a deleted home dashboard, and deletes a team’s and a person’s with them', async () => {
    const id = await dashboard('pref-doomed');
    const alice = await person('pref-alice');
    const teamId = await team('Pref doomed team', [alice.id]);
    expect((await alice.call('PUT', '/api/user/preferences', { homeDashboardUID: 'pref-doomed', theme: 'dark' })).statusCode).toBe(200);
    expect((await alice.call('GET', '/api/dashboards/home')).json()).toEqual({ redirectUri: '/d/pref-doomed/pref-doomed' });
    await write('PUT', `/api/teams/${teamId}/preferences`, { timezone: 'utc', homeDashboardId: id });

    expect((await server.call({ method: 'DELETE', url: '/api/dashboards/uid/pref-doomed' })).statusCode).toBe(200);
    expect(preferencesSchema.parse((await alice.call('GET', '/api/user/preferences')).json())).toMatchObject({
      theme: 'dark',
      homeDashboardId: 0,
      homeDashboardUID: '',
    });
    const builtIn = (await alice.call('GET', '/api/dashboards/home')).json();
    expect(builtIn.meta).toMatchObject({ isHome: true });
    expect(builtIn.redirectUri).toBeUndefined();

    const rows = () => server.store.db.selectFrom('preferences').select(['user_id', 'team_id']).execute();
    expect((await rows()).some((r) => r.team_id === teamId)).toBe(true);
    expect((await rows()).some((r) => r.user_id === alice.id)).toBe(true);
    expect((await server.call({ method: 'DELETE', url: `/api/teams/${teamId}` })).statusCode).toBe(200);
    expect((await rows()).some((r) => r.team_id === teamId)).toBe(false);
    expect((await server.call({ method: 'DELETE', url: `/api/admin/users/${alice.id}` })).statusCode).toBe(200);
    expect((await rows()).some((r) => r.user_id === alice.id)).toBe(false);
  });
});
