import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgUserListSchema, orgUserLookupListSchema } from '../../contract/users';
import { startTestServer, type TestServer } from '../testing/harness';
import { ageString } from './users';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

const createUser = (payload: object) => server.call({ method: 'POST', url: '/api/admin/users', payload });
const orgUsers = async (query = '') =>
  orgUserListSchema.parse((await server.call({ method: 'GET', url: `/api/org/users${query}` })).json());

describe('org users', () => {
  it('starts with the bootstrap admin person', async () => {
    const [admin] = await orgUsers();
    expect(admin).toMatchObject({ orgId: 1, login: 'admin', email: 'admin@localhost', role: 'Admin', lastSeenAtAge: '10y' });
  });

  it('creates a user who joins the org as Viewer, and refuses a clash with 409', async () => {
    const created = await createUser({ name: 'Ada Lovelace', email: 'ada@example.com', login: 'ada', password: 'analytical' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toEqual({ id: expect.any(Number), message: 'User created' });
    expect((await orgUsers('?query=ada'))[0]).toMatchObject({
      userId: created.json().id,
      login: 'ada',
      name: 'Ada Lovelace',
      role: 'Viewer',
    });
    const clash = await createUser({ email: 'ADA@example.com', login: 'ada2', password: 'analytical' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('User with same email or login already exists');
  });

  it('fills login from email and checks the password and email', async () => {
    const created = await createUser({ email: 'grace@example.com', password: 'cobol-rules' });
    expect(created.statusCode).toBe(200);
    expect((await orgUsers('?query=grace'))[0]).toMatchObject({ login: 'grace@example.com', email: 'grace@example.com' });
    expect((await createUser({ login: 'x', password: 'abc' })).json().message).toBe(
      'bad request data: password: must be at least 4 characters',
    );
    expect((await createUser({ login: 'x' })).json().message).toBe('bad request data: password: is required');
    expect((await createUser({ login: 'x', email: 'not-an-email', password: 'abcd' })).json().message).toMatch(
      /email: is not a valid email/,
    );
    expect((await createUser({ password: 'abcd' })).json().message).toMatch(/login or email is required/);
  });

  it('stores a password as a salted hash only', async () => {
    await createUser({ login: 'hashed', password: 'plain-text-password' });
    const row = await server.store.db.selectFrom('user').select('password_hash').where('login', '=', 'hashed').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt:N=32768,r=8,p=1\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
  });

  it('changes a role, removes a user and adds them back by login or email', async () => {
    const { id } = (await createUser({ login: 'mover', email: 'mover@example.com', password: 'moving' })).json();
    const patched = await server.call({ method: 'PATCH', url: `/api/org/users/${id}`, payload: { role: 'Editor' } });
    expect(patched.json()).toEqual({ message: 'Organization user updated' });
    expect((await orgUsers('?query=mover'))[0]!.role).toBe('Editor');

    const removed = await server.call({ method: 'DELETE', url: `/api/org/users/${id}` });
    expect(removed.json()).toEqual({ message: 'User removed from organization' });
    expect(await orgUsers('?query=mover')).toEqual([]);
    expect((await server.call({ method: 'DELETE', url: `/api/org/users/${id}` })).statusCode).toBe(404);

    const added = await server.call({
      method: 'POST',
      url: '/api/org/users',
      payload: { loginOrEmail: 'MOVER@example.com', role: 'Admin' },
    });
    expect(added.json()).toEqual({ message: 'User added to organization', userId: id });
    expect((await orgUsers('?query=mover'))[0]!.role).toBe('Admin');
    const again = await server.call({ method: 'POST', url: '/api/org/users', payload: { loginOrEmail: 'mover', role: 'Admin' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('User is already member of this organization');
  });

  it('answers 404 for an unknown user and 400 for a bad role or id', async () => {
    const unknown = await server.call({ method: 'POST', url: '/api/org/users', payload: { loginOrEmail: 'ghost', role: 'Viewer' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^User not found/);
    expect((await server.call({ method: 'PATCH', url: '/api/org/users/5555', payload: { role: 'Viewer' } })).statusCode).toBe(404);
    const badRole = await server.call({ method: 'PATCH', url: '/api/org/users/1', payload: { role: 'admin' } });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().message).toMatch(/invalid role specified/);
    const badId = await server.call({ method: 'PATCH', url: '/api/org/users/one', payload: { role: 'Viewer' } });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe('userId: must be a number, got "one"');
  });

  it('keeps at least one Admin person in the org', async () => {
    const fresh = await startTestServer();
    try {
      const demote = await fresh.call({ method: 'PATCH', url: '/api/org/users/1', payload: { role: 'Viewer' } });
      expect(demote.statusCode).toBe(400);
      expect(demote.json().message).toBe('Cannot change role so that there is no organization admin left');
      const remove = await fresh.call({ method: 'DELETE', url: '/api/org/users/1' });
      expect(remove.statusCode).toBe(400);
      expect(remove.json().message).toBe('Cannot remove last organization admin');
      const other = (
        await fresh.call({ method: 'POST', url: '/api/admin/users', payload: { login: 'second', password: 'second', role: 'Admin' } })
      ).json();
      expect(other.message).toBe('User created');
      expect((await fresh.call({ method: 'PATCH', url: '/api/org/users/1', payload: { role: 'Viewer' } })).statusCode).toBe(200);
    } finally {
      await fresh.cleanup();
    }
  });

  it('looks users up by part of their login, email or name, with a limit', async () => {
    await createUser({ login: 'lookup-a', name: 'Lookup A', password: 'abcd' });
    await createUser({ login: 'lookup-b', name: 'Lookup B', password: 'abcd' });
    const response = await server.call({ method: 'GET', url: '/api/org/users/lookup?query=lookup&limit=1' });
    const found = orgUserLookupListSchema.parse(response.json());
    expect(found).toEqual([
      { userId: expect.any(Number), login: 'lookup-a', name: 'Lookup A', avatarUrl: expect.stringMatching(/^\/avatar\//) },
    ]);
    expect((await server.call({ method: 'GET', url: '/api/org/users?limit=x' })).statusCode).toBe(400);
  });
});

describe('ageString', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it("reads like Grafana's lastSeenAtAge", () => {
    expect(ageString(now - 30_000, now)).toBe('< 1 minute');
    expect(ageString(now - 5 * 60_000, now)).toBe('5m');
    expect(ageString(now - 3 * 3_600_000, now)).toBe('3h');
    expect(ageString(now - 2 * 86_400_000, now)).toBe('2d');
    expect(ageString(now - 65 * 86_400_000, now)).toBe('2M');
    expect(ageString(now - 800 * 86_400_000, now)).toBe('2y');
  });
});
