import type { BrowserContext, Page } from '@playwright/test';
import { connect, expect, expectAccessible, signIn, test, type ServerInfo } from './fixtures';

let counter = 0;
/** Logins unique across runs and tests: the server is shared by every spec file. */
function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${++counter}`;
}

/** A person (not a service account) with a password, created through the API with the admin token. */
async function createPerson(server: ServerInfo, role: 'Viewer' | 'Editor', password: string) {
  const login = uniqueLogin('person');
  const { id } = await server.api<{ id: number }>('POST', '/api/admin/users', {
    login,
    email: `${login}@example.com`,
    name: `Person ${login}`,
    password,
    role,
  });
  return { id, login };
}

async function sessionCookie(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === 'sightline_session');
}

/** What this tab keeps of its session: never the cookie, which scripts cannot read. */
async function storedSession(page: Page): Promise<Record<string, unknown> | null> {
  return page.evaluate(() => JSON.parse(window.sessionStorage.getItem('sightline.session') ?? 'null') as Record<string, unknown> | null);
}

test.describe('people sign in with a password', () => {
  test('sign in, open a dashboard in a new tab without signing in again, sign out, and both tabs are signed out', async ({
    page,
    context,
    server,
  }) => {
    const password = 'correct horse battery';
    const { login } = await createPerson(server, 'Editor', password);
    const title = `Sign-in ${uniqueLogin('d')}`;
    const { uid } = await server.api<{ uid: string }>('POST', '/api/dashboards/db', { dashboard: { title, panels: [] } });

    // A guarded page without a session leads to /login, and back after signing in.
    await page.goto(`${server.url}/dashboards`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboards$/);
    await signIn(page, server, login, password);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page.getByLabel('Role: Editor')).toBeVisible();
    const cookie = await sessionCookie(context);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    const stored = await storedSession(page);
    expect(stored).toMatchObject({ kind: 'cookie', login, role: 'Editor' });
    expect(JSON.stringify(stored)).not.toContain(cookie!.value);

    // A new tab of the same browser: it asks the open tab, not the person (nor the cookie).
    const second = await context.newPage();
    const askedWhoAmI: string[] = [];
    second.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/user') askedWhoAmI.push(request.url());
    });
    await second.goto(`${server.url}/d/${uid}`);
    await expect(second.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(second.getByLabel('Role: Editor')).toBeVisible();
    expect(await storedSession(second)).toMatchObject({ kind: 'cookie', login });
    expect(askedWhoAmI).toEqual([]);

    // Sign out in one tab: both tabs are signed out, and the cookie's session is over on the server.
    await second.getByRole('button', { name: 'Sign out' }).click();
    await expect(second.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('You signed out in another tab.')).toBeVisible();
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboards/);
    expect(await storedSession(page)).toBeNull();
    expect(await storedSession(second)).toBeNull();
    const revoked = await fetch(`${server.url}/api/user`, { headers: { cookie: `${cookie!.name}=${cookie!.value}` } });
    expect(revoked.status).toBe(401);

    // A tab opened now finds no session anywhere: /login.
    const third = await context.newPage();
    await third.goto(`${server.url}/d/${uid}`);
    await expect(third.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(third).toHaveURL(new RegExp(`/login\\?next=%2Fd%2F${uid}$`));
  });

  test('a reload keeps the sign-in; a wrong password is refused in the server’s words', async ({ page, server }) => {
    const password = 'first password';
    const { login } = await createPerson(server, 'Viewer', password);
    // One failure only: five from one address within five minutes would hold back every spec's sign-in.
    await signIn(page, server, login, 'not the password');
    await expect(page.getByRole('alert')).toContainText('Invalid username or password');
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page.getByLabel('Role: Viewer')).toBeVisible();
  });

  test('an Admin sets a person’s password on the Users page; the person signs in with it and changes it', async ({
    page,
    browser,
    server,
  }) => {
    const { login } = await createPerson(server, 'Viewer', 'set by the api');
    // The Admin connects with a token: another Admin person would break users.spec's "last admin".
    await connect(page, server, server.adminToken);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('textbox', { name: 'Search users' }).fill(login);
    const row = page.getByRole('row', { name: new RegExp(`^${login} `) });
    await row.getByRole('button', { name: `Set the password of ${login}` }).click();
    const dialog = page.getByRole('dialog', { name: `Set the password of ${login}` });
    await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('set by an admin');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByText('Password set')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The person, in a browser of their own.
    const theirs = await browser.newContext();
    const person = await theirs.newPage();
    await signIn(person, server, `${login}@example.com`, 'set by an admin');
    await expect(person.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await person.getByRole('link', { name: `Change password of ${login}` }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible();
    await person.getByRole('textbox', { name: 'Old password', exact: true }).fill('set by an admin');
    await person.getByRole('textbox', { name: 'New password', exact: true }).fill('chosen by me');
    await person.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('chosen by me');
    await expectAccessible(person);
    await person.getByRole('button', { name: 'Change password' }).click();
    await expect(person.getByText('Password changed')).toBeVisible();
    // This tab stays signed in; the new password is the one that works from now on.
    await person.getByRole('link', { name: 'Dashboards' }).click();
    await expect(person.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    const accepted = await fetch(`${server.url}/api/user`, {
      headers: { authorization: `Basic ${Buffer.from(`${login}:chosen by me`).toString('base64')}` },
    });
    expect(accepted.status).toBe(200);
    await theirs.close();
  });
});
