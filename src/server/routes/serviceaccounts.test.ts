import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchServiceAccountsResponseSchema, serviceAccountSchema, serviceAccountTokenListSchema } from '../../contract/serviceaccounts';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const create = (payload: unknown) => server.call({ method: 'POST', url: '/api/serviceaccounts', payload: payload as object });
const search = (query: string) => server.call({ method: 'GET', url: `/api/serviceaccounts/search${query}` });

describe('service accounts', () => {
  it('creates an account (201) with a Grafana login, and reads it back', async () => {
    const response = await create({ name: 'Grafana Agent', role: 'Editor' });
    expect(response.statusCode).toBe(201);
    const account = serviceAccountSchema.parse(response.json());
    expect(account).toMatchObject({
      name: 'Grafana Agent',
      login: 'sa-grafana-agent',
      orgId: 1,
      role: 'Editor',
      isDisabled: false,
      tokens: 0,
    });
    expect(account.avatarUrl).toMatch(/^\/avatar\/[0-9a-f]{32}$/);
    const read = await server.call({ method: 'GET', url: `/api/serviceaccounts/${account.id}` });
    expect(read.json()).toEqual(account);
  });

  it('defaults to Viewer and enabled', async () => {
    expect((await create({ name: 'defaults' })).json()).toMatchObject({ role: 'Viewer', isDisabled: false });
    expect((await create({ name: 'born disabled', isDisabled: true })).json()).toMatchObject({ isDisabled: true });
  });

  it('refuses a duplicate name, an unknown role and a missing name with 400', async () => {
    await create({ name: 'unique-one' });
    const duplicate = await create({ name: 'Unique-One' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toMatch(/already exists/);
    const badRole = await create({ name: 'x', role: 'Superuser' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/invalid role specified/);
    const noName = await create({ role: 'Viewer' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('bad request data: name: is required');
    expect((await create({ name: '   ' })).json().message).toBe('bad request data: name: cannot be empty');
  });

  it('updates only the given fields and answers with the account', async () => {
    const { id } = (await create({ name: 'patch me', role: 'Viewer' })).json();
    const renamed = await server.call({ method: 'PATCH', url: `/api/serviceaccounts/${id}`, payload: { name: 'patched' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      id,
      name: 'patched',
      message: 'Service account updated',
      serviceaccount: { id, name: 'patched', login: 'sa-patched', role: 'Viewer', isDisabled: false },
    });
    const promoted = await server.call({
      method: 'PATCH',
      url: `/api/serviceaccounts/${id}`,
      payload: { role: 'Admin', isDisabled: true },
    });
    expect(promoted.json().serviceaccount).toMatchObject({ name: 'patched', role: 'Admin', isDisabled: true });
    const unknown = await server.call({ method: 'PATCH', url: '/api/serviceaccounts/424242', payload: { name: 'x' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'service account not found' });
  });

  it('deletes an account with its tokens', async () => {
    const { id } = (await create({ name: 'doomed' })).json();
    await server.call({ method: 'POST', url: `/api/serviceaccounts/${id}/tokens`, payload: { name: 'a' } });
    const deleted = await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}` });
    expect(deleted.json()).toEqual({ message: 'Service account deleted' });
    expect((await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}` })).statusCode).toBe(404);
    const left = await server.store.db.selectFrom('api_key').select('id').where('service_account_id', '=', id).execute();
    expect(left).toEqual([]);
    expect((await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}` })).statusCode).toBe(404);
  });

  it('never lists service accounts among the org users', async () => {
    const users = (await server.call({ method: 'GET', url: '/api/org/users' })).json();
    expect(users.map((u: { login: string }) => u.login)).toEqual(['admin']);
  });
});

describe('service account tokens', () => {
  it('mints a token shown once, then lists it without the key', async () => {
    const { id } = (await create({ name: 'token holder' })).json();
    const minted = await server.call({
      method: 'POST',
      url: `/api/serviceaccounts/${id}/tokens`,
      payload: { name: 'deploy', secondsToLive: 3600 },
    });
    expect(minted.statusCode).toBe(200);
    expect(minted.json()).toMatchObject({ name: 'deploy', key: expect.stringMatching(/^glsa_[A-Za-z0-9]{32}_[0-9a-f]{8}$/) });
    const list = serviceAccountTokenListSchema.parse(
      (await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json(),
    );
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toContain(minted.json().key);
    const [token] = list;
    expect(token).toMatchObject({ name: 'deploy', lastUsedAt: null, hasExpired: false, isRevoked: false });
    expect(Date.parse(token!.expiration!) - Date.parse(token!.created)).toBe(3_600_000);
    expect(token!.secondsUntilExpiration).toBeGreaterThan(3590);
    expect((await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}` })).json().tokens).toBe(1);
    // The stored row holds a digest, never the key.
    const rows = await server.store.db.selectFrom('api_key').selectAll().where('service_account_id', '=', id).execute();
    expect(JSON.stringify(rows)).not.toContain(minted.json().key);
  });

  it('shows an expired token as expired', async () => {
    const { id } = (await create({ name: 'short lived' })).json();
    await server.call({ method: 'POST', url: `/api/serviceaccounts/${id}/tokens`, payload: { name: 'blink', secondsToLive: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const [token] = (await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json();
    expect(token).toMatchObject({ hasExpired: true, secondsUntilExpiration: 0 });
    const expired = await search('?expiredTokens=true&query=short');
    expect(expired.json().serviceAccounts.map((a: { name: string }) => a.name)).toEqual(['short lived']);
  });

  it('refuses a negative or fractional lifetime, a missing name and a duplicate name', async () => {
    const { id } = (await create({ name: 'picky' })).json();
    const mint = (payload: object) => server.call({ method: 'POST', url: `/api/serviceaccounts/${id}/tokens`, payload });
    const negative = await mint({ name: 'n', secondsToLive: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toMatch(/secondsToLive: cannot be negative/);
    expect((await mint({ name: 'n', secondsToLive: 1.5 })).statusCode).toBe(400);
    expect((await mint({ name: 'n', secondsToLive: '60' })).json().message).toBe(
      'bad request data: secondsToLive: must be a number of seconds',
    );
    expect((await mint({ secondsToLive: 60 })).json().message).toBe('bad request data: name: is required');
    expect((await mint({ name: 'same' })).statusCode).toBe(200);
    const duplicate = await mint({ name: 'same' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/already has a token named "same"/);
  });

  it('answers 404 for tokens of an unknown account or an unknown token', async () => {
    expect((await server.call({ method: 'POST', url: '/api/serviceaccounts/777777/tokens', payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/serviceaccounts/777777/tokens' })).statusCode).toBe(404);
    const { id } = (await create({ name: 'no tokens' })).json();
    const missing = await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}/tokens/777777` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'service account token not found' });
  });

  it('frees a revoked token name and drops it from the list', async () => {
    const { id } = (await create({ name: 'rotator' })).json();
    const first = (await server.call({ method: 'POST', url: `/api/serviceaccounts/${id}/tokens`, payload: { name: 'ci' } })).json();
    await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}/tokens/${first.id}` });
    expect((await server.call({ method: 'GET', url: `/api/serviceaccounts/${id}/tokens` })).json()).toEqual([]);
    expect((await server.call({ method: 'POST', url: `/api/serviceaccounts/${id}/tokens`, payload: { name: 'ci' } })).statusCode).toBe(200);
    const again = await server.call({ method: 'DELETE', url: `/api/serviceaccounts/${id}/tokens/${first.id}` });
    expect(again.statusCode).toBe(404);
  });
});

describe('service account search and paging', () => {
  let paging: TestServer;
  beforeAll(async () => {
    paging = await startTestServer();
    // 25 accounts plus the bootstrap "admin": 26 in all, sorted by name.
    for (let i = 1; i <= 25; i++) {
      await paging.call({
        method: 'POST',
        url: '/api/serviceaccounts',
        payload: { name: `bot ${String(i).padStart(2, '0')}`, isDisabled: i % 5 === 0 },
      });
    }
  });
  afterAll(() => paging.cleanup());
  const page = async (query: string) => {
    const response = await paging.call({ method: 'GET', url: `/api/serviceaccounts/search${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return searchServiceAccountsResponseSchema.parse(response.json());
  };

  it('pages through every account exactly once', async () => {
    const seen: string[] = [];
    for (let p = 1; p <= 6; p++) {
      const result = await page(`?perpage=5&page=${p}`);
      expect(result).toMatchObject({ totalCount: 26, page: p, perPage: 5 });
      seen.push(...result.serviceAccounts.map((a) => a.name));
    }
    expect(seen).toHaveLength(26);
    expect(new Set(seen).size).toBe(26);
    expect(seen[0]).toBe('admin');
    expect(seen.slice(1)).toEqual([...seen.slice(1)].sort());
  });

  it('answers an empty page past the end, with the total', async () => {
    expect(await page('?perpage=10&page=4')).toMatchObject({ totalCount: 26, serviceAccounts: [] });
  });

  it('clamps out-of-range paging the way Grafana does', async () => {
    expect(await page('?perpage=0&page=0')).toMatchObject({ page: 1, perPage: 1000, totalCount: 26 });
    expect(await page('?perpage=-3&page=-1')).toMatchObject({ page: 1, perPage: 1000 });
    expect(await page('?perpage=100000')).toMatchObject({ perPage: 1000 });
    expect((await page('')).serviceAccounts).toHaveLength(26);
  });

  it('refuses non-numeric paging with 400', async () => {
    for (const query of ['?perpage=ten', '?page=1.5', '?page=', '?disabled=maybe']) {
      const response = await paging.call({ method: 'GET', url: `/api/serviceaccounts/search${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/^(perpage|page|disabled): must be/);
    }
  });

  it('filters by name and by disabled', async () => {
    expect((await page('?query=BOT 1')).serviceAccounts.map((a) => a.name)).toEqual([
      'bot 10',
      'bot 11',
      'bot 12',
      'bot 13',
      'bot 14',
      'bot 15',
      'bot 16',
      'bot 17',
      'bot 18',
      'bot 19',
    ]);
    expect((await page('?disabled=true')).totalCount).toBe(5);
    expect((await page('?disabled=false')).totalCount).toBe(21);
    // like-wildcards in a query are taken literally
    expect((await page('?query=%25')).totalCount).toBe(0);
  });
});
