import type { Page } from '@playwright/test';
import { connect, expect, expectAccessible, signIn, test } from './fixtures';

let counter = 0;
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${++counter}`;

const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test('a person picks a home dashboard and the dark theme on their profile, and signs in again to that dashboard, dark', async ({
  page,
  server,
}) => {
  const password = 'correct horse battery';
  const login = unique('prefs');
  await server.api('POST', '/api/admin/users', { login, email: `${login}@example.com`, name: `Person ${login}`, password, role: 'Viewer' });
  const title = unique('Home of ');
  const { uid } = await server.api<{ uid: string }>('POST', '/api/dashboards/db', { dashboard: { title, panels: [] } });
  await page.emulateMedia({ colorScheme: 'light' });

  await signIn(page, server, login, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('light');
  await page.getByRole('link', { name: `Profile and preferences of ${login}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const form = page.getByRole('region', { name: 'Preferences' });
  await form.getByLabel('Interface theme').selectOption('dark');
  await expect(form.getByRole('option', { name: title })).toBeAttached();
  await form.getByLabel('Home dashboard').selectOption({ label: title });
  await form.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Preferences saved')).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('dark');

  // A reload keeps it; signing out and in again (the browser's remembered scheme forgotten) lands
  // on the home dashboard, dark: both come from the server.
  await page.reload();
  await expect.poll(() => scheme(page)).toBe('dark');
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, server, login, password);
  await expect(page).toHaveURL(new RegExp(`/d/${uid}/`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scheme(page)).toBe('dark');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`in the ${colorScheme} theme, the profile and the organization pages pass axe`, async ({ page, server }) => {
    await page.emulateMedia({ colorScheme });
    // A new Admin account: its theme is the default, the system's (emulated here).
    await connect(page, server, (await server.tokenFor('Admin')).token, '/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preferences' }).getByLabel('Interface theme')).toBeVisible();
    await expect.poll(() => scheme(page)).toBe(colorScheme);
    await expect(page.getByRole('main')).toHaveCount(1);
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Organization' }).click();
    await expect(page).toHaveURL(/\/org$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Organization' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Preferences' }).getByLabel('Week start')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expectAccessible(page);
  });
}
