import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStoreBeside, startTestServer, TEST_STORE, type TestServer } from '../testing/harness';
import { hashToken } from './tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());
afterEach(() => vi.useRealTimers());

const orgAs = (token: string) => server.call({ method: 'GET', url: '/api/org', token });

/** Uses the token until its identity is served from the cache (the first use also records "last used", a write). */
async function warm(token: string): Promise<void> {
  for (let i = 0; i < 3; i++) expect((await orgAs(token)).statusCode).toBe(200);
}

describe('the identity cache', () => {
  it('refuses a token on the very next request after it is revoked', async () => {
    const { id, token, tokenId } = await server.accountWithToken('Viewer');
    await warm(token);
    await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}/tokens/${tokenId}` });
    const response = await orgAs(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/revoked/);
  });

  it('refuses a token on the very next request after its account is disabled, and takes it back when enabled', async () => {
    const { id, token } = await server.accountWithToken('Viewer');
    await warm(token);
    await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { isDisabled: true } });
    expect((await orgAs(token)).json().message).toMatch(/disabled/);
    await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { isDisabled: false } });
    expect((await orgAs(token)).statusCode).toBe(200);
  });

  it('applies a role change on the very next request', async () => {
    const { id, token } = await server.accountWithToken('Editor');
    await warm(token);
    const folder = (title: string) => server.call({ method: 'POST', url: '/api/folders', token, payload: { title } });
    expect((await folder('cache-editor')).statusCode).toBe(200);
    await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { role: 'Viewer' } });
    expect((await folder('cache-viewer')).statusCode).toBe(403);
  });

  it.skipIf(TEST_STORE !== 'sqlite')('sees a revocation by another process on the same data dir long before the time bound', async () => {
    const { id, token, tokenId } = await server.accountWithToken('Viewer');
    await warm(token);
    // The clock stands still: the time bound cannot expire, so only the file's data version can tell.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    // Another connection (as another process would) revokes the token behind this server's back.
    const other = await openStoreBeside(server.dataDir);
    try {
      expect(await other.tokens.revoke(id, tokenId)).toBe(true);
    } finally {
      await other.close();
    }
    await expect.poll(async () => (await orgAs(token)).json().message, { timeout: 10_000, interval: 5 }).toMatch(/revoked/);
  });

  it.skipIf(TEST_STORE !== 'postgres')(
    'sees another instance revoke a token through its notification, long before the time bound',
    async () => {
      const { id, token, tokenId } = await server.accountWithToken('Viewer');
      await warm(token);
      // The clock stands still: the time bound cannot expire, so only the notification can tell.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const other = await openStoreBeside(server.dataDir);
      try {
        const started = performance.now();
        expect(await other.tokens.revoke(id, tokenId)).toBe(true);
        await expect.poll(async () => (await orgAs(token)).statusCode, { timeout: 10_000, interval: 10 }).toBe(401);
        console.log(`a revocation on another instance was refused here after ${Math.round(performance.now() - started)} ms`);
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(TEST_STORE !== 'postgres')('trusts nothing it cached while its change listener is lost, and listens again', async () => {
    const { id, token, tokenId } = await server.accountWithToken('Viewer');
    await warm(token);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const other = await openStoreBeside(server.dataDir);
    try {
      // Cut every listening connection (this server's and the other store's) from the database side.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where query like 'listen %'`.execute(other.db);
      expect(await other.tokens.revoke(id, tokenId)).toBe(true);
      await expect.poll(async () => (await orgAs(token)).statusCode, { timeout: 10_000, interval: 10 }).toBe(401);
      // It listens again (the server's and the other store's listeners are back), and serves on.
      const fresh = await server.accountWithToken('Viewer');
      await expect
        .poll(async () => sql<{ n: number }>`select count(*) as n from pg_stat_activity where query like 'listen %'`.execute(other.db), {
          timeout: 10_000,
        })
        .toSatisfy((result: { rows: Array<{ n: number }> }) => Number(result.rows[0]!.n) >= 2);
      await warm(fresh.token);
    } finally {
      await other.close();
    }
  });

  it('refuses a cached token on the first request after it expires, with nothing written meanwhile', async () => {
    const { token } = await server.accountWithToken('Viewer', { secondsToLive: 2 });
    await warm(token);
    // Past the expiry, within the cache's time bound (5 s): the identity still comes from the cache.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2_500 });
    const response = await orgAs(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/^Expired API key/);
  });

  it('never remembers a token as unknown', async () => {
    const { id } = await server.accountWithToken('Viewer');
    const token = 'sightline-test-token-added-by-another-process';
    expect((await orgAs(token)).statusCode).toBe(401);
    const other = await openStoreBeside(server.dataDir);
    try {
      await other.tokens.create({ orgId: 1, serviceAccountId: id, name: 'from elsewhere', keyHash: hashToken(token) });
    } finally {
      await other.close();
    }
    expect((await orgAs(token)).statusCode).toBe(200);
  });
});
