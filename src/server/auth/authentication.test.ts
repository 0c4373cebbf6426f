import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const orgAs = (token: string | null, headers: Record<string, string> = {}) =>
  server.call({ method: 'GET', url: '/api/org', token, headers });

describe('authentication', () => {
  it('accepts the bootstrap token as a bearer token', async () => {
    const response = await orgAs(ADMIN_TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: 1, name: 'Main Org.' });
  });

  it("accepts Grafana's basic auth with user api_key", async () => {
    const basic = Buffer.from(`api_key:${ADMIN_TOKEN}`).toString('base64');
    expect((await orgAs(null, { authorization: `Basic ${basic}` })).statusCode).toBe(200);
    const wrongUser = Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64');
    const refused = await orgAs(null, { authorization: `Basic ${wrongUser}` });
    // Any other user name is a person's login: the token is not their password.
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Invalid username or password');
  });

  it('refuses a request without a token and says how to send one', async () => {
    const response = await orgAs(null);
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toMatch(/no credentials given/);
  });

  it('refuses an unknown, malformed or empty token', async () => {
    for (const header of ['Bearer glsa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA_00000000', 'Bearer nonsense', 'Bearer ', 'Token abc']) {
      const response = await orgAs(null, { authorization: header });
      expect(response.statusCode, header).toBe(401);
      expect(response.json().message, header).toMatch(/Unauthorized|Invalid API key/);
    }
    const unknown = await orgAs('glsa_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA_00000000');
    expect(unknown.json().message).toMatch(/not known to this server/);
  });

  it('refuses a token of another Sightline instance', async () => {
    const other = await startTestServer();
    try {
      const { token } = await other.accountWithToken('Admin');
      expect((await other.call({ method: 'GET', url: '/api/org', token })).statusCode).toBe(200);
      const response = await orgAs(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/not known to this server/);
    } finally {
      await other.cleanup();
    }
  });

  it('refuses a token after it lapses, to the second', async () => {
    const { token } = await server.accountWithToken('Viewer', { secondsToLive: 1 });
    expect((await orgAs(token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const response = await orgAs(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/^Expired API key: token expired at /);
  });

  it('keeps a secondsToLive: 0 token valid with no expiry', async () => {
    const { id, token } = await server.accountWithToken('Viewer', { secondsToLive: 0 });
    expect((await orgAs(token)).statusCode).toBe(200);
    const tokens = (await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json();
    expect(tokens[0]).toMatchObject({ expiration: null, secondsUntilExpiration: null, hasExpired: false });
  });

  it('refuses a revoked token and says so', async () => {
    const { id, token, tokenId } = await server.accountWithToken('Editor');
    expect((await orgAs(token)).statusCode).toBe(200);
    const revoked = await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}/tokens/${tokenId}` });
    expect(revoked.json()).toEqual({ message: 'Service account token deleted' });
    const response = await orgAs(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/revoked/);
  });

  it('refuses tokens of a disabled account, and takes them back when it is enabled', async () => {
    const { id, token } = await server.accountWithToken('Editor');
    await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { isDisabled: true } });
    const response = await orgAs(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/disabled/);
    await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { isDisabled: false } });
    expect((await orgAs(token)).statusCode).toBe(200);
  });

  it('refuses tokens of a deleted account', async () => {
    const { id, token } = await server.accountWithToken('Editor');
    await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}` });
    expect((await orgAs(token)).statusCode).toBe(401);
  });

  it('records when a token was last used', async () => {
    const { id, token } = await server.accountWithToken('Viewer');
    const before = (await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json();
    expect(before[0].lastUsedAt).toBeNull();
    await orgAs(token);
    const after = (await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json();
    expect(Date.parse(after[0].lastUsedAt)).toBeGreaterThan(Date.now() - 10_000);
  });

  it('asks for a token before answering unknown API paths, then answers 404 in JSON', async () => {
    expect((await server.call({ method: 'GET', url: '/api/nope', token: null })).statusCode).toBe(401);
    const response = await server.call({ method: 'GET', url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/Not found/);
  });
});
