/**
 * The preference calls of grafana-client (Python, vendored under testing/clients/grafana-client,
 * MIT) against the real server listening on loopback: user, org and team preferences and the home
 * dashboard they name, as a script using the library sees them. Needs python3 with requests.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../testing/harness';
import { startListeningServer, type ListeningServer } from '../testing/listening';
import { callResult, hasPythonRequests, runClientScript, type CallResult } from '../testing/pythonClient';

let server: ListeningServer;
let calls: Map<string, CallResult>;

const post = async (url: string, body: object) =>
  (await server.api(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } })).json();

describe.skipIf(!hasPythonRequests)('grafana-client (Python) preference calls', () => {
  beforeAll(async () => {
    server = await startListeningServer();
    await post('/api/dashboards/db', { dashboard: { uid: 'py-home', title: 'Python home' } });
    const { teamId } = (await post('/api/teams', { name: 'Python team' })) as { teamId: number };
    calls = await runClientScript('preference_calls.py', [server.url, ADMIN_TOKEN, String(teamId), 'py-home']);
  });
  afterAll(async () => server?.close());

  const result = (call: string): unknown => callResult<unknown>(calls, call);

  it('updates, patches and reads the user’s, the org’s and a team’s preferences', () => {
    for (const call of [
      'user_update_preferences',
      'user_patch_preferences',
      'org_update_preferences',
      'org_patch_preferences',
      'team_update_preferences',
    ]) {
      expect(result(call)).toEqual({ message: 'Preferences updated' });
    }
    expect(result('user_get_preferences')).toMatchObject({
      theme: 'dark',
      timezone: 'utc',
      weekStart: 'monday',
      homeDashboardUID: 'py-home',
    });
    expect(result('org_get_preferences')).toMatchObject({ theme: 'light', timezone: 'browser', weekStart: 'sunday', homeDashboardUID: '' });
    expect(result('team_get_preferences')).toMatchObject({ timezone: 'Europe/Berlin', theme: '' });
  });

  it('raises Grafana’s errors for a bad theme and an unknown home dashboard', () => {
    expect(calls.get('user_bad_theme')).toMatchObject({ error: 400 });
    expect(calls.get('team_unknown_dashboard')).toMatchObject({ error: 404 });
  });

  it('reads the home dashboard as the redirect to the preferred one', () => {
    expect(result('get_home_dashboard')).toEqual({ redirectUri: '/d/py-home/python-home' });
  });
});
