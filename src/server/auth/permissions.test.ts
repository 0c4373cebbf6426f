import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgRoles, type OrgRole } from '../../contract/common';
import { unsupported } from '../routes/compat';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import { permissionsTable } from '../../../scripts/permissions-doc';
import { folderChecks, permissions, roleAtLeast } from './permissions';

let server: TestServer;
const tokens = {} as Record<OrgRole, string>;
let adminAccountId = 0;
let annotationId = 0;
let dataSourceId = 0;
let dashboardId = 0;
let teamId = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of orgRoles) tokens[role] = (await server.accountWithToken(role)).token;
  const search = await server.call({ method: 'GET', url: '/api/serviceaccounts/search?query=admin' });
  adminAccountId = search.json().serviceAccounts[0].id;
  await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'matrix-folder', title: 'Matrix' } });
  dashboardId = (
    await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid: 'matrix-dash', title: 'Matrix' } } })
  ).json().id;
  teamId = (await server.call({ method: 'POST', url: '/api/teams', payload: { name: 'Matrix team' } })).json().teamId;
  dataSourceId = (await createDataSource(server, { uid: 'matrix-ds', name: 'Matrix', type: 'grafana-testdata-datasource' })).id;
  annotationId = (
    await server.call({ method: 'POST', url: '/api/annotations', payload: { text: 'matrix', dashboardUID: 'matrix-dash' } })
  ).json().id;
});
afterAll(() => server.cleanup());

let unique = 0;
/**
 * One call per endpoint; destructive ones aim at ids that do not exist, so an allowed call is a 404.
 * `answers`: the status an allowed call gets when it is not below 500 (a 501 for unsupported features).
 */
const endpoints: Array<{ method: string; url: string; payload?: () => object; answers?: number }> = [
  { method: 'GET', url: '/api/user' },
  { method: 'GET', url: '/api/user/orgs' },
  { method: 'GET', url: '/api/org' },
  { method: 'PUT', url: '/api/org', payload: () => ({ name: 'Main Org.' }) },
  { method: 'PUT', url: '/api/org/address', payload: () => ({ city: 'Lisbon' }) },
  { method: 'GET', url: '/api/org/users' },
  { method: 'GET', url: '/api/org/users/lookup' },
  { method: 'POST', url: '/api/org/users', payload: () => ({ loginOrEmail: 'nobody-here', role: 'Viewer' }) },
  { method: 'PATCH', url: '/api/org/users/:userId', payload: () => ({ role: 'Viewer' }) },
  { method: 'DELETE', url: '/api/org/users/:userId' },
  { method: 'POST', url: '/api/admin/users', payload: () => ({ login: `person${++unique}`, password: 'secret-1' }) },
  { method: 'PUT', url: '/api/admin/users/:userId/password', payload: () => ({ password: 'new-secret' }) },
  { method: 'POST', url: '/api/admin/users/:userId/disable' },
  { method: 'POST', url: '/api/admin/users/:userId/enable' },
  { method: 'DELETE', url: '/api/admin/users/:userId' },
  { method: 'PUT', url: '/api/user/password', payload: () => ({ oldPassword: 'x', newPassword: 'new-secret' }) },
  { method: 'GET', url: '/api/serviceaccounts/search' },
  { method: 'POST', url: '/api/serviceaccounts', payload: () => ({ name: `matrix ${++unique}`, role: 'None' }) },
  { method: 'GET', url: '/api/serviceaccounts/:id' },
  { method: 'PATCH', url: '/api/serviceaccounts/:id', payload: () => ({ name: 'renamed' }) },
  { method: 'DELETE', url: '/api/serviceaccounts/:id' },
  { method: 'GET', url: '/api/serviceaccounts/:id/tokens' },
  { method: 'POST', url: '/api/serviceaccounts/:id/tokens', payload: () => ({ name: `t${++unique}` }) },
  { method: 'DELETE', url: '/api/serviceaccounts/:id/tokens/:tokenId' },
  { method: 'POST', url: '/api/dashboards/db', payload: () => ({ dashboard: { title: `matrix ${++unique}` } }) },
  { method: 'GET', url: '/api/dashboards/uid/:uid' },
  { method: 'DELETE', url: '/api/dashboards/uid/:uid' },
  { method: 'GET', url: '/api/dashboards/uid/:uid/versions' },
  { method: 'GET', url: '/api/dashboards/uid/:uid/versions/:version' },
  { method: 'POST', url: '/api/dashboards/uid/:uid/restore', payload: () => ({ version: 1 }) },
  { method: 'GET', url: '/api/dashboards/tags' },
  { method: 'GET', url: '/api/search' },
  { method: 'GET', url: '/api/folders' },
  { method: 'POST', url: '/api/folders', payload: () => ({ title: `matrix folder ${++unique}` }) },
  { method: 'GET', url: '/api/folders/:uid' },
  { method: 'PUT', url: '/api/folders/:uid', payload: () => ({ title: 'renamed folder' }) },
  { method: 'DELETE', url: '/api/folders/:uid' },
  { method: 'GET', url: '/api/folders/:uid/permissions' },
  { method: 'POST', url: '/api/folders/:uid/permissions', payload: () => ({ items: [] }) },
  { method: 'POST', url: '/api/annotations', payload: () => ({ text: 'matrix' }) },
  { method: 'GET', url: '/api/annotations' },
  { method: 'GET', url: '/api/annotations/tags' },
  { method: 'GET', url: '/api/annotations/:id' },
  { method: 'PUT', url: '/api/annotations/:id', payload: () => ({ time: 1, text: 'x' }) },
  { method: 'PATCH', url: '/api/annotations/:id', payload: () => ({ text: 'x' }) },
  { method: 'DELETE', url: '/api/annotations/:id' },
  { method: 'GET', url: '/api/datasources' },
  { method: 'GET', url: '/api/datasources/uid/:uid' },
  { method: 'GET', url: '/api/datasources/name/:name' },
  { method: 'GET', url: '/api/datasources/id/:name' },
  { method: 'GET', url: '/api/datasources/:id' },
  {
    method: 'POST',
    url: '/api/datasources',
    payload: () => ({ name: `matrix ds ${++unique}`, type: 'grafana-testdata-datasource', access: 'proxy' }),
  },
  { method: 'PUT', url: '/api/datasources/uid/:uid', payload: () => ({ name: 'x', type: 'loki', access: 'proxy' }) },
  { method: 'PUT', url: '/api/datasources/:id', payload: () => ({ name: 'x', type: 'loki', access: 'proxy' }) },
  { method: 'DELETE', url: '/api/datasources/uid/:uid' },
  { method: 'DELETE', url: '/api/datasources/name/:name' },
  { method: 'DELETE', url: '/api/datasources/:id' },
  { method: 'GET', url: '/api/datasources/uid/:uid/health' },
  { method: 'GET', url: '/api/datasources/:id/health' },
  // Legacy paths Grafana 10–11 still serve
  { method: 'GET', url: '/api/folders/id/:id' },
  { method: 'GET', url: '/api/dashboards/id/:dashboardId/versions' },
  { method: 'GET', url: '/api/dashboards/id/:dashboardId/versions/:version' },
  { method: 'POST', url: '/api/dashboards/id/:dashboardId/restore', payload: () => ({ version: 1 }) },
  { method: 'GET', url: '/api/auth/keys' },
  { method: 'GET', url: '/api/frontend/settings' },
  { method: 'GET', url: '/api/login/ping' },
  { method: 'POST', url: '/api/annotations/mass-delete', payload: () => ({ annotationId: 999999 }) },
  { method: 'GET', url: '/api/dashboards/home' },
  // Provisioning (issue 18): no provisioning dir in this server, so a reload reads nothing.
  { method: 'POST', url: '/api/admin/provisioning/dashboards/reload' },
  { method: 'POST', url: '/api/admin/provisioning/datasources/reload' },
  { method: 'POST', url: '/api/admin/provisioning/alerting/reload' },
  { method: 'POST', url: '/api/dashboards/import', payload: () => ({ dashboard: { title: `imported ${++unique}` } }) },
  // Teams, dashboard permissions, stars
  { method: 'GET', url: '/api/teams/search' },
  { method: 'POST', url: '/api/teams', payload: () => ({ name: `matrix team ${++unique}` }) },
  { method: 'GET', url: '/api/teams/:teamId' },
  { method: 'PUT', url: '/api/teams/:teamId', payload: () => ({ name: 'renamed team' }) },
  { method: 'DELETE', url: '/api/teams/:teamId' },
  { method: 'GET', url: '/api/teams/:teamId/members' },
  { method: 'POST', url: '/api/teams/:teamId/members', payload: () => ({ userId: 1 }) },
  { method: 'DELETE', url: '/api/teams/:teamId/members/:userId' },
  { method: 'GET', url: '/api/user/preferences' },
  { method: 'PUT', url: '/api/user/preferences', payload: () => ({ theme: 'dark' }) },
  { method: 'PATCH', url: '/api/user/preferences', payload: () => ({ weekStart: 'monday' }) },
  { method: 'GET', url: '/api/user/preferences/effective' },
  { method: 'GET', url: '/api/org/preferences' },
  { method: 'PUT', url: '/api/org/preferences', payload: () => ({ timezone: 'utc' }) },
  { method: 'PATCH', url: '/api/org/preferences', payload: () => ({ theme: '' }) },
  { method: 'GET', url: '/api/teams/:teamId/preferences' },
  { method: 'PUT', url: '/api/teams/:teamId/preferences', payload: () => ({ theme: 'light' }) },
  { method: 'PATCH', url: '/api/teams/:teamId/preferences', payload: () => ({ theme: 'light' }) },
  { method: 'GET', url: '/api/dashboards/uid/:uid/permissions' },
  { method: 'POST', url: '/api/dashboards/uid/:uid/permissions', payload: () => ({ items: [] }) },
  { method: 'GET', url: '/api/dashboards/id/:dashboardId/permissions' },
  { method: 'POST', url: '/api/dashboards/id/:dashboardId/permissions', payload: () => ({ items: [] }) },
  { method: 'GET', url: '/api/user/stars' },
  { method: 'POST', url: '/api/user/stars/dashboard/uid/:uid' },
  { method: 'DELETE', url: '/api/user/stars/dashboard/uid/:uid' },
  { method: 'POST', url: '/api/user/stars/dashboard/:dashboardId' },
  { method: 'DELETE', url: '/api/user/stars/dashboard/:dashboardId' },
  // Alerting notifications (issue 30)
  { method: 'GET', url: '/api/v1/provisioning/contact-points' },
  {
    method: 'POST',
    url: '/api/v1/provisioning/contact-points',
    payload: () => ({ name: `matrix cp ${++unique}`, type: 'webhook', settings: { url: 'http://127.0.0.1:9/' } }),
  },
  {
    method: 'PUT',
    url: '/api/v1/provisioning/contact-points/:uid',
    payload: () => ({ name: 'x', type: 'webhook', settings: { url: 'http://127.0.0.1:9/' } }),
  },
  { method: 'DELETE', url: '/api/v1/provisioning/contact-points/:uid' },
  { method: 'GET', url: '/api/v1/provisioning/policies' },
  { method: 'GET', url: '/api/v1/provisioning/policies/export' },
  { method: 'PUT', url: '/api/v1/provisioning/policies', payload: () => ({ receiver: 'no-such-receiver' }) },
  { method: 'DELETE', url: '/api/v1/provisioning/policies' },
  { method: 'GET', url: '/api/v1/provisioning/mute-timings' },
  { method: 'GET', url: '/api/v1/provisioning/mute-timings/:name' },
  { method: 'POST', url: '/api/v1/provisioning/mute-timings', payload: () => ({ name: `matrix mt ${++unique}`, time_intervals: [] }) },
  { method: 'PUT', url: '/api/v1/provisioning/mute-timings/:name', payload: () => ({ time_intervals: [] }) },
  { method: 'DELETE', url: '/api/v1/provisioning/mute-timings/:name' },
  { method: 'GET', url: '/api/v1/provisioning/templates' },
  { method: 'GET', url: '/api/v1/provisioning/templates/:name' },
  { method: 'PUT', url: '/api/v1/provisioning/templates/:name', payload: () => ({ template: 'matrix' }) },
  { method: 'DELETE', url: '/api/v1/provisioning/templates/:name' },
  { method: 'GET', url: '/api/alertmanager/grafana/api/v2/alerts' },
  { method: 'GET', url: '/api/alertmanager/grafana/api/v2/alerts/groups' },
  { method: 'GET', url: '/api/alertmanager/grafana/api/v2/silences' },
  {
    method: 'POST',
    url: '/api/alertmanager/grafana/api/v2/silences',
    payload: () => ({
      matchers: [{ name: 'matrix', value: 'x', isRegex: false }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 60_000).toISOString(),
      createdBy: 'matrix',
      comment: '',
    }),
  },
  { method: 'GET', url: '/api/alertmanager/grafana/api/v2/silence/:id' },
  { method: 'DELETE', url: '/api/alertmanager/grafana/api/v2/silence/:id' },
  { method: 'GET', url: '/api/alertmanager/grafana/api/v2/status' },
  { method: 'GET', url: '/api/alertmanager/grafana/config/api/v1/receivers' },
  {
    method: 'POST',
    url: '/api/alertmanager/grafana/config/api/v1/receivers/test',
    payload: () => ({ receivers: [{ name: 'matrix', grafana_managed_receiver_configs: [{ type: 'webhook', settings: {} }] }] }),
  },
  // Grafana features Sightline does not have: lists answer empty, one item 404, writes 501.
  ...unsupported.flatMap((spec) => [
    ...Object.keys(spec.lists).map((url) => ({ method: 'GET', url })),
    { method: 'GET', url: `${spec.prefix}/*` },
    ...[`${spec.prefix}/*`, ...spec.writePaths].flatMap((url) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].map((method) => ({ method, url, payload: () => ({}), answers: 501 })),
    ),
  ]),
  // Library panels: reads need View on the element's folder, writes Edit; these aim at uids that do not exist.
  { method: 'GET', url: '/api/library-elements' },
  { method: 'POST', url: '/api/library-elements', payload: () => ({ name: `matrix panel ${++unique}`, model: {}, kind: 1 }) },
  { method: 'GET', url: '/api/library-elements/:uid' },
  { method: 'GET', url: '/api/library-elements/name/:name' },
  { method: 'GET', url: '/api/library-elements/:uid/connections' },
  { method: 'PATCH', url: '/api/library-elements/:uid', payload: () => ({ kind: 1, version: 1 }) },
  { method: 'DELETE', url: '/api/library-elements/:uid' },
  // Alert rules (issue 30): reads need View on the rule's folder, writes Edit; these aim at ids that do not exist.
  { method: 'GET', url: '/api/v1/provisioning/alert-rules' },
  { method: 'POST', url: '/api/v1/provisioning/alert-rules', payload: () => ({}) },
  { method: 'GET', url: '/api/v1/provisioning/alert-rules/export' },
  { method: 'GET', url: '/api/v1/provisioning/alert-rules/:uid' },
  { method: 'PUT', url: '/api/v1/provisioning/alert-rules/:uid', payload: () => ({}) },
  { method: 'DELETE', url: '/api/v1/provisioning/alert-rules/:uid' },
  { method: 'GET', url: '/api/v1/provisioning/alert-rules/:uid/export' },
  { method: 'GET', url: '/api/v1/provisioning/folder/:folderUid/rule-groups/:group' },
  { method: 'PUT', url: '/api/v1/provisioning/folder/:folderUid/rule-groups/:group', payload: () => ({ interval: 60, rules: [] }) },
  { method: 'DELETE', url: '/api/v1/provisioning/folder/:folderUid/rule-groups/:group' },
  { method: 'GET', url: '/api/v1/provisioning/folder/:folderUid/rule-groups/:group/export' },
  { method: 'GET', url: '/api/ruler/grafana/api/v1/rules' },
  { method: 'GET', url: '/api/ruler/grafana/api/v1/rules/:folderUid' },
  { method: 'GET', url: '/api/ruler/grafana/api/v1/rules/:folderUid/:group' },
  { method: 'GET', url: '/api/prometheus/grafana/api/v1/rules' },
  { method: 'POST', url: '/api/v1/eval', payload: () => ({}) },
  {
    method: 'POST',
    url: '/api/ds/query',
    payload: () => ({ queries: [{ refId: 'A', datasource: { uid: 'matrix-ds' }, scenarioId: 'no_data_points' }] }),
  },
  ...['GET', 'POST'].flatMap((method) =>
    ['/api/datasources/proxy/uid/:uid/*', '/api/datasources/proxy/:id/*', '/api/datasources/uid/:uid/resources/*'].map((url) => ({
      method,
      url,
    })),
  ),
];

/** Reads aim at real things (the admin account, a dashboard, a folder); writes at ids that do not exist. */
function concreteUrl(method: string, url: string): string {
  const read = method === 'GET';
  if (url.startsWith('/api/datasources')) {
    return url
      .replace(':uid', read ? 'matrix-ds' : 'no-such-ds')
      .replace(':name', read ? 'Matrix' : 'no-such-ds')
      .replace(':id', read ? String(dataSourceId) : '999999');
  }
  const id = url.startsWith('/api/annotations') ? (read ? String(annotationId) : '999999') : read ? String(adminAccountId) : '999999';
  return url
    .replace(':folderUid', 'no-such-folder')
    .replace(':group', 'no-such-group')
    .replace('*', 'anything')
    .replace(':teamId', read ? String(teamId) : '999999')
    .replace(':dashboardId', read ? String(dashboardId) : '999999')
    .replace(':userId', '999999')
    .replace(':tokenId', '999999')
    .replace(':version', '1')
    .replace(
      ':uid',
      url.startsWith('/api/folders')
        ? read
          ? 'matrix-folder'
          : 'no-such-folder'
        : read || url.endsWith('/restore')
          ? 'matrix-dash'
          : 'no-such-dash',
    )
    .replace(':id', id);
}

describe('roles and permissions', () => {
  it('covers every API route in this test and in docs/permissions.md', () => {
    const routes = server.app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(endpoints.map((e) => `${e.method} ${e.url}`).sort()).toEqual(routes);
    const doc = fs.readFileSync(new URL('../../../docs/permissions.md', import.meta.url), 'utf8');
    expect(doc, 'docs/permissions.md is stale: run `npm run docs:permissions`').toContain(permissionsTable(server.app.apiRoutes));
  });

  for (const endpoint of endpoints) {
    it(`${endpoint.method} ${endpoint.url} is allowed exactly for the roles its action needs`, async () => {
      const route = server.app.apiRoutes.find((r) => r.method === endpoint.method && r.url === endpoint.url)!;
      const needed = permissions[route.action];
      for (const role of orgRoles) {
        const response = await server.call({
          method: endpoint.method as 'GET',
          url: concreteUrl(endpoint.method, endpoint.url),
          payload: endpoint.payload?.(),
          token: tokens[role],
        });
        if (roleAtLeast(role, needed)) {
          // Past the role gate a folder check may still refuse (tested in the feature's own tests).
          const refusals = folderChecks[route.action] ? [401] : [401, 403];
          expect(refusals, `${role} should be allowed: ${response.body}`).not.toContain(response.statusCode);
          if (endpoint.answers) expect(response.statusCode, `${role}: ${response.body}`).toBe(endpoint.answers);
          else expect(response.statusCode, `${role}: ${response.body}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, `${role} should be refused`).toBe(403);
          expect(response.json()).toEqual({
            title: 'Access denied',
            message: `You'll need additional permissions to perform this action. Permissions needed: ${route.action}`,
          });
        }
      }
    });
  }

  it('never lets an account grant a role above its own', async () => {
    // Only Admins reach service accounts at all, so no one can ever grant more than Admin.
    expect(permissions['serviceaccounts:create']).toBe('Admin');
    const editorMinting = await server.call({
      method: 'POST',
      url: '/api/serviceaccounts',
      payload: { name: 'escalate', role: 'Admin' },
      token: tokens.Editor,
    });
    expect(editorMinting.statusCode).toBe(403);
  });
});
