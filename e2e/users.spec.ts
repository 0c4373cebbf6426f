import type { Page } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

interface OrgUserRow {
  userId: number;
  login: string;
  role: string;
}

let counter = 0;
/** Logins unique across runs and tests: the server is shared by every spec file. */
function uniqueLogin(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${++counter}`;
}

async function openUsers(page: Page, server: ServerInfo, query = ''): Promise<void> {
  await connect(page, server, server.adminToken, `/users${query ? `?query=${encodeURIComponent(query)}` : ''}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
}

async function roleOf(server: ServerInfo, login: string): Promise<string | undefined> {
  const users = await server.api<OrgUserRow[]>('GET', `/api/org/users?query=${encodeURIComponent(login)}`);
  return users.find((user) => user.login === login)?.role;
}

test.describe('users of the organization', () => {
  test('an Admin creates a user, who is listed as never seen, and changes their role', async ({ page, server }) => {
    const login = uniqueLogin('carol');
    await openUsers(page, server);
    await page.getByRole('button', { name: 'New user' }).click();
    const dialog = page.getByRole('dialog', { name: 'New user' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Carol Danvers');
    await dialog.getByRole('textbox', { name: 'Email' }).fill(`${login}@example.com`);
    await dialog.getByRole('textbox', { name: 'Login' }).fill(login);
    await dialog.getByRole('textbox', { name: 'Password' }).fill('correct horse');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await expect(page.getByText('User created')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Search users' }).fill(login);
    await expect(page).toHaveURL(new RegExp(`\\?query=${login}$`));
    const row = page.getByRole('row', { name: new RegExp(`^${login} `) });
    await expect(row).toContainText(`${login}@example.com`);
    await expect(row).toContainText('Carol Danvers');
    await expect(row.getByRole('cell').nth(4)).toHaveText('Never');
    const role = row.getByRole('combobox', { name: `Role of ${login}` });
    await expect(role).toHaveValue('Viewer');

    await role.selectOption('Editor');
    await expect(page.getByText(`${login} is now Editor in Main Org.`)).toBeVisible();
    expect(await roleOf(server, login)).toBe('Editor');
    await page.reload();
    await expect(page.getByRole('combobox', { name: `Role of ${login}` })).toHaveValue('Editor');
  });

  test('removes a user after a confirm, then adds them back by email', async ({ page, server }) => {
    const login = uniqueLogin('dave');
    await server.api('POST', '/api/admin/users', { login, email: `${login}@example.com`, name: 'Dave', password: 'secret-pass' });
    await openUsers(page, server, login);
    await page.getByRole('button', { name: `Remove ${login} from Main Org.` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove user' });
    await expect(confirm).toContainText(`Remove ${login} (Viewer) from Main Org.?`);
    await confirm.getByRole('button', { name: 'Remove user' }).click();
    await expect(page.getByText(`${login} left Main Org.`)).toBeVisible();
    await expect(page.getByText('No user matches')).toBeVisible();
    expect(await roleOf(server, login)).toBeUndefined();

    await page.getByRole('button', { name: 'Add existing user' }).click();
    const add = page.getByRole('dialog', { name: 'Add an existing user to Main Org.' });
    await add.getByRole('textbox', { name: 'Login or email' }).fill(`${login}@example.com`);
    await add.getByRole('combobox', { name: 'Role' }).selectOption('Editor');
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(page.getByText('User added')).toBeVisible();
    await expect(page.getByRole('combobox', { name: `Role of ${login}` })).toHaveValue('Editor');
  });

  test('an unknown login is named next to the field', async ({ page, server }) => {
    await openUsers(page, server);
    await page.getByRole('button', { name: 'Add existing user' }).click();
    const add = page.getByRole('dialog', { name: 'Add an existing user to Main Org.' });
    const field = add.getByRole('textbox', { name: 'Login or email' });
    await field.fill('nobody-at-all');
    await add.getByRole('button', { name: 'Add user' }).click();
    await expect(field).toHaveAccessibleDescription(/User not found: no user has the login or email "nobody-at-all"/);
  });

  test('the last organization admin cannot be demoted, and the page says why', async ({ page, server }) => {
    // Sightline's tests create no Admin people, so the bootstrap "admin" is the org's only one.
    const admins = (await server.api<OrgUserRow[]>('GET', '/api/org/users')).filter((user) => user.role === 'Admin');
    expect(admins.map((user) => user.login)).toEqual(['admin']);
    await openUsers(page, server, 'admin@localhost');
    const role = page.getByRole('combobox', { name: 'Role of admin' });
    await role.selectOption('Viewer');
    await expect(role).toHaveAccessibleDescription('Cannot change role so that there is no organization admin left');
    await expect(role).toHaveValue('Admin');

    await page.getByRole('button', { name: 'Remove admin from Main Org.' }).click();
    await page.getByRole('dialog', { name: 'Remove user' }).getByRole('button', { name: 'Remove user' }).click();
    await expect(page.getByRole('row', { name: /^admin / }).getByRole('alert')).toHaveText('Cannot remove last organization admin');
    expect(await roleOf(server, 'admin')).toBe('Admin');
  });

  test('a non-Admin sees that the page needs the Admin role, and no actions', async ({ page, server }) => {
    const { token } = await server.tokenFor('Viewer');
    await connect(page, server, token);
    await expect(page.getByLabel('Role: Viewer')).toBeVisible();
    await page.getByRole('link', { name: 'Users' }).click();
    await expect(page.getByText('Needs the Admin role', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /New user|Add existing user|Remove/ })).toHaveCount(0);
  });

  test(`the users page and its dialogs pass axe in the light and dark themes`, async ({ page, server }) => {
    await openUsers(page, server);
    await expect(page.getByRole('table', { name: 'Users of Main Org.' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'New user' }).click();
    await expect(page.getByRole('dialog', { name: 'New user' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('dialog', { name: 'New user' }).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Add existing user' }).click();
    await expect(page.getByRole('dialog', { name: 'Add an existing user to Main Org.' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
