/**
 * People sign in with a password (issue 27): `POST /login` sessions, basic auth, throttling,
 * CSRF, password changes and the ways a session ends. On both stores.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from '../testing/harness';
import { DEFAULT_SIGN_IN_SETTINGS, SESSION_COOKIE, SignIn } from './signin';

let server: TestServer;
let unique = 0;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.cleanup();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh client address per test, so one test's failures never throttle another's. */
const newAddress = () => `10.27.${Math.floor(++unique / 250)}.${unique % 250}`;

async function createPerson(role = 'Viewer', password = 'correct horse') {
  const login = `person${++unique}`;
  const response = await server.call({ method: 'POST', url: '/api/admin/users', payload: { login, password, role } });
  expect(response.statusCode, response.body).toBe(200);
  return { login, password, id: response.json().id as number };
}

async function login(user: string, password: string, options: { address?: string; headers?: Record<string, string> } = {}) {
  return server.call({
    method: 'POST',
    url: '/login',
    token: null,
    payload: { user, password },
    remoteAddress: options.address ?? newAddress(),
    headers: options.headers,
  });
}

/** The session cookie a successful sign-in set, as a `Cookie` header value. */
function cookieOf(response: { headers: Record<string, unknown> }): string {
  const setCookie = String(response.headers['set-cookie']);
  const value = new RegExp(`${SESSION_COOKIE}=([^;]*)`).exec(setCookie)?.[1];
  expect(value, setCookie).toBeTruthy();
  return `${SESSION_COOKIE}=${value}`;
}

async function signedIn(user: string, password: string) {
  const response = await login(user, password);
  expect(response.statusCode, response.body).toBe(200);
  return cookieOf(response);
}

const withCookie = (cookie: string, url: string, init: { method?: string; payload?: object; headers?: Record<string, string> } = {}) =>
  server.call({
    method: (init.method ?? 'GET') as 'GET',
    url,
    token: null,
    payload: init.payload,
    headers: { cookie, host: 'sightline.test', ...init.headers },
  });

describe('password sign-in', () => {
  it("signs in the bootstrap admin and answers Grafana's message with an HttpOnly, SameSite=Lax cookie", async () => {
    const response = await login('admin', ADMIN_PASSWORD);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ message: 'Logged in' });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie, 'plain HTTP without a trusted proxy: no Secure').not.toMatch(/Secure/);
    const me = await withCookie(cookieOf(response), '/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login: 'admin', isServiceAccount: false, orgId: 1 });
    const orgs = await withCookie(cookieOf(response), '/api/user/orgs');
    expect(orgs.json()).toEqual([{ orgId: 1, name: 'Main Org.', role: 'Admin' }]);
  });

  it('accepts the email as the login, and answers a wrong password and an unknown user alike', async () => {
    const person = await createPerson();
    const byEmail = await login(`${person.login}`, person.password);
    expect(byEmail.statusCode).toBe(200);
    const wrong = await login(person.login, 'not it');
    const unknown = await login('nobody-at-all', 'not it');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid username or password' });
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  it('refuses a body without a user or password with 400', async () => {
    for (const payload of [{}, { user: 'admin' }, { password: 'x' }, { user: '  ', password: 'x' }, { user: 5, password: 'x' }]) {
      const response = await server.call({ method: 'POST', url: '/login', token: null, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('gives roles to a session as to a token of the same role', async () => {
    const viewer = await createPerson('Viewer');
    const cookie = await signedIn(viewer.login, viewer.password);
    expect((await withCookie(cookie, '/api/search')).statusCode).toBe(200);
    const write = await withCookie(cookie, '/api/serviceaccounts/search');
    expect(write.statusCode).toBe(403);
  });

  it('counts signing in as being seen: the users list shows it at once', async () => {
    const person = await createPerson('Viewer');
    const lastSeen = async () => {
      const listed = (await server.call({ method: 'GET', url: '/api/org/users' })).json() as Array<{
        login: string;
        lastSeenAtAge: string;
      }>;
      return listed.find((user) => user.login === person.login)?.lastSeenAtAge;
    };
    expect(await lastSeen()).toBe('10y');
    await signedIn(person.login, person.password);
    expect(await lastSeen()).toBe('< 1 minute');
  });

  it('accepts basic auth login:password on the API, as Grafana does', async () => {
    const person = await createPerson('Editor');
    /** A GET with basic auth and no token. */
    const getWithBasic = (url: string, password: string) =>
      server.call({
        method: 'GET',
        url,
        token: null,
        headers: { authorization: `Basic ${Buffer.from(`${person.login}:${password}`).toString('base64')}` },
      });
    const ok = await getWithBasic('/api/user', person.password);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ login: person.login, isServiceAccount: false });
    // Served again from the verified-password cache; a changed password is seen at once.
    expect((await getWithBasic('/api/org', person.password)).statusCode).toBe(200);
    await server.call({ method: 'PUT', url: `/api/admin/users/${person.id}/password`, payload: { password: 'another one' } });
    expect((await getWithBasic('/api/org', person.password)).statusCode).toBe(401);
    expect((await getWithBasic('/api/org', 'another one')).statusCode).toBe(200);
  });
});

describe('brute force', () => {
  it('refuses a login after 5 failures within 5 minutes, even with the right password, then allows it again', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const person = await createPerson();
    for (let i = 0; i < 5; i++) expect((await login(person.login, `guess ${i}`)).statusCode).toBe(401);
    // From yet another address: the login itself is throttled.
    const refused = await login(person.login, person.password);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many failed login attempts; try again in \d+ minutes?/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(300);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    expect((await login(person.login, person.password)).statusCode).toBe(200);
  });

  it('refuses a client address after 5 failures whatever the login, and basic auth counts too', async () => {
    const address = newAddress();
    const person = await createPerson();
    for (let i = 0; i < 4; i++) expect((await login(`someone${i}`, 'guess', { address })).statusCode).toBe(401);
    const basic = `Basic ${Buffer.from('someone-else:guess').toString('base64')}`;
    const fifth = await server.call({
      method: 'GET',
      url: '/api/org',
      token: null,
      headers: { authorization: basic },
      remoteAddress: address,
    });
    expect(fifth.statusCode).toBe(401);
    expect((await login(person.login, person.password, { address })).statusCode).toBe(429);
    // Another address still signs the same person in.
    expect((await login(person.login, person.password)).statusCode).toBe(200);
  });

  it('logs each failure with the address and the login, never the password', async () => {
    const warnings: Array<{ fields: Record<string, unknown>; message: string }> = [];
    const signIn = new SignIn(server.store, DEFAULT_SIGN_IN_SETTINGS, { warn: (fields, message) => warnings.push({ fields, message }) });
    const address = newAddress();
    await expect(signIn.login('admin', 'hunter2-secret-guess', { address, userAgent: 'test' })).rejects.toMatchObject({ statusCode: 401 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.fields).toEqual({ address, login: 'admin' });
    expect(JSON.stringify(warnings)).not.toContain('hunter2');
  });
});

describe('CSRF', () => {
  it("refuses a cookie-authenticated write from another origin, and accepts the server's own", async () => {
    const editor = await createPerson('Editor');
    const cookie = await signedIn(editor.login, editor.password);
    const folder = (origin?: string, extra: Record<string, string> = {}) =>
      withCookie(cookie, '/api/folders', {
        method: 'POST',
        payload: { title: `csrf ${++unique}` },
        headers: { ...(origin ? { origin } : {}), ...extra },
      });
    const evil = await folder('http://evil.example');
    expect(evil.statusCode).toBe(403);
    expect(evil.json().message).toMatch(/origin http:\/\/evil\.example is not this server's/);
    expect((await folder('null')).statusCode).toBe(403);
    expect((await folder(undefined, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await folder('http://sightline.test')).statusCode).toBe(200);
    // Reads are not writes; a token is not a cookie.
    expect((await withCookie(cookie, '/api/folders', { headers: { origin: 'http://evil.example' } })).statusCode).toBe(200);
    const tokenWrite = await server.call({
      method: 'POST',
      url: '/api/folders',
      payload: { title: `csrf token ${++unique}` },
      headers: { origin: 'http://evil.example' },
    });
    expect(tokenWrite.statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another origin (login CSRF)', async () => {
    const response = await login('admin', ADMIN_PASSWORD, { headers: { origin: 'http://evil.example', host: 'sightline.test' } });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });
});

describe('sessions end', () => {
  it("on sign-out (POST and Grafana's GET /logout), clearing the cookie", async () => {
    const person = await createPerson();
    const first = await signedIn(person.login, person.password);
    const out = await withCookie(first, '/logout', { method: 'POST' });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    const after = await withCookie(first, '/api/org');
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toMatch(/session has ended/);

    const second = await signedIn(person.login, person.password);
    const getOut = await withCookie(second, '/logout');
    expect(getOut.statusCode).toBe(302);
    expect(getOut.headers.location).toBe('/login');
    expect((await withCookie(second, '/api/org')).statusCode).toBe(401);
  });

  it('on a password change: every other session ends, this one stays; the old password stops working', async () => {
    const person = await createPerson();
    const mine = await signedIn(person.login, person.password);
    const other = await signedIn(person.login, person.password);
    const wrongOld = await withCookie(mine, '/api/user/password', {
      method: 'PUT',
      payload: { oldPassword: 'nope', newPassword: 'brand new secret', confirmNew: 'brand new secret' },
    });
    expect(wrongOld.statusCode).toBe(401);
    expect(wrongOld.json().message).toBe('Invalid old password');
    const tooShort = await withCookie(mine, '/api/user/password', {
      method: 'PUT',
      payload: { oldPassword: person.password, newPassword: 'abc' },
    });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({ field: 'newPassword' });
    expect(tooShort.json().message).toMatch(/New password is too short/);
    const changed = await withCookie(mine, '/api/user/password', {
      method: 'PUT',
      payload: { oldPassword: person.password, newPassword: 'brand new secret', confirmNew: 'brand new secret' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: 'User password changed' });
    expect((await withCookie(mine, '/api/org')).statusCode).toBe(200);
    expect((await withCookie(other, '/api/org')).statusCode).toBe(401);
    expect((await login(person.login, person.password)).statusCode).toBe(401);
    expect((await login(person.login, 'brand new secret')).statusCode).toBe(200);
  });

  it('refuses a password change for a service account token with 400', async () => {
    const response = await server.call({ method: 'PUT', url: '/api/user/password', payload: { oldPassword: 'x', newPassword: 'yyyyyy' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Service accounts have no password/);
  });

  it('when an Admin sets the password: every session of the person ends', async () => {
    const person = await createPerson();
    const session = await signedIn(person.login, person.password);
    const set = await server.call({ method: 'PUT', url: `/api/admin/users/${person.id}/password`, payload: { password: 'set by admin' } });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ message: 'User password updated' });
    expect((await withCookie(session, '/api/org')).statusCode).toBe(401);
    expect((await login(person.login, 'set by admin')).statusCode).toBe(200);
    const short = await server.call({ method: 'PUT', url: `/api/admin/users/${person.id}/password`, payload: { password: 'abc' } });
    expect(short.statusCode).toBe(400);
    const missing = await server.call({ method: 'PUT', url: '/api/admin/users/999999/password', payload: { password: 'long enough' } });
    expect(missing.statusCode).toBe(404);
  });

  it('at once when the person is disabled or deleted; a disabled person cannot sign in', async () => {
    const person = await createPerson();
    const session = await signedIn(person.login, person.password);
    expect((await server.call({ method: 'POST', url: `/api/admin/users/${person.id}/disable` })).json()).toEqual({
      message: 'User disabled',
    });
    expect((await withCookie(session, '/api/org')).statusCode).toBe(401);
    const disabledLogin = await login(person.login, person.password);
    expect(disabledLogin.statusCode).toBe(401);
    expect(disabledLogin.json().message).toMatch(/disabled/);
    await server.call({ method: 'POST', url: `/api/admin/users/${person.id}/enable` });
    const again = await signedIn(person.login, person.password);
    expect((await withCookie(again, '/api/org')).statusCode).toBe(200);
    expect((await server.call({ method: 'DELETE', url: `/api/admin/users/${person.id}` })).json()).toEqual({ message: 'User deleted' });
    expect((await withCookie(again, '/api/org')).statusCode).toBe(401);
    expect((await login(person.login, person.password)).statusCode).toBe(401);
  });

  it('after 7 days without use, and 30 days after sign-in however used', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const person = await createPerson();
    const idle = await signedIn(person.login, person.password);
    const busy = await signedIn(person.login, person.password);
    const day = 24 * 3600 * 1000;
    for (let days = 6; days <= 29; days += 6) {
      vi.setSystemTime(Date.now() + 6 * day);
      expect((await withCookie(busy, '/api/org')).statusCode, `day ${days}`).toBe(200);
    }
    const idleAnswer = await withCookie(idle, '/api/org');
    expect(idleAnswer.statusCode).toBe(401);
    expect(idleAnswer.json().message).toMatch(/inactivity/);
    // 30.5 days after sign-in, 6.5 days after its last use.
    vi.setSystemTime(Date.now() + 6.5 * day);
    const old = await withCookie(busy, '/api/org');
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toMatch(/maximum lifetime/);
  });

  it("keeps an org Admin to their own org's people and away from themselves", async () => {
    const self = await server.call({ method: 'POST', url: '/api/admin/users/1/disable' });
    // User 1 is the bootstrap person; the admin token is a service account, so this is not "self".
    expect([200, 400]).toContain(self.statusCode);
    await server.call({ method: 'POST', url: '/api/admin/users/1/enable' });
    const admin = await signedIn('admin', ADMIN_PASSWORD);
    const me = (await withCookie(admin, '/api/user')).json().id as number;
    const refused = await withCookie(admin, `/api/admin/users/${me}/disable`, {
      method: 'POST',
      headers: { origin: 'http://sightline.test' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('You cannot disable yourself');
  });
});

describe('cookies behind a proxy', () => {
  it('are Secure when a trusted proxy says the request came over HTTPS, and the client address is the forwarded one', async () => {
    const proxied = await startTestServer({ app: { trustProxy: ['127.0.0.1'] } });
    try {
      const response = await proxied.call({
        method: 'POST',
        url: '/login',
        token: null,
        payload: { user: 'admin', password: ADMIN_PASSWORD },
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure/);
      const rows = await proxied.store.db.selectFrom('user_session').select('client_address').execute();
      expect(rows.map((row) => row.client_address)).toEqual(['203.0.113.9']);
    } finally {
      await proxied.cleanup();
    }
  });
});
