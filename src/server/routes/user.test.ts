import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUserSchema, userOrgListSchema } from '../../contract/users';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

describe('the signed-in account', () => {
  it('is the service account behind the token, with its role in the org', async () => {
    const editor = await server.accountWithToken('Editor', { name: 'Deploy Bot' });
    const user = signedInUserSchema.parse((await server.call({ method: 'GET', url: '/api/user', token: editor.token })).json());
    expect(user).toMatchObject({ id: editor.id, login: 'sa-deploy-bot', name: 'Deploy Bot', orgId: 1, isServiceAccount: true });
    const orgs = userOrgListSchema.parse((await server.call({ method: 'GET', url: '/api/user/orgs', token: editor.token })).json());
    expect(orgs).toEqual([{ orgId: 1, name: 'Main Org.', role: 'Editor' }]);
  });

  it('is readable even with the role None', async () => {
    const none = await server.accountWithToken('None');
    expect((await server.call({ method: 'GET', url: '/api/user/orgs', token: none.token })).json()).toEqual([
      { orgId: 1, name: 'Main Org.', role: 'None' },
    ]);
    expect((await server.call({ method: 'GET', url: '/api/org', token: none.token })).statusCode).toBe(403);
  });
});

describe('cross-origin calls', () => {
  it('answers a preflight without a token, and allows the calling origin', async () => {
    const preflight = await server.call({
      method: 'OPTIONS',
      url: '/api/org',
      token: null,
      headers: { origin: 'http://ui.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://ui.example');
    expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/);
    const call = await server.call({ method: 'GET', url: '/api/org', headers: { origin: 'http://ui.example' } });
    expect(call.headers['access-control-allow-origin']).toBe('http://ui.example');
    const refused = await server.call({ method: 'GET', url: '/api/org', token: null, headers: { origin: 'http://ui.example' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('http://ui.example');
  });
});

describe('/api/health', () => {
  it('answers without a token', async () => {
    const response = await server.call({ method: 'GET', url: '/api/health', token: null });
    expect(response.statusCode).toBe(200);
    // `version` is the Grafana API level (clients branch on it); Sightline's own is beside it.
    expect(response.json()).toEqual({
      database: 'ok',
      version: '11.6.0',
      commit: expect.any(String),
      sightlineVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
  });
});
