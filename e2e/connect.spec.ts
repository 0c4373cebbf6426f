import { connect, connectThroughPage, expect, expectAccessible, test } from './fixtures';

test.describe('connecting with a token', () => {
  test('a good token opens the shell with the org name and role', async ({ page, server }) => {
    await connectThroughPage(page, server, server.adminToken);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboards$/);
    await expect(page.getByTestId('org-name')).toHaveText('Main Org.');
    await expect(page.getByLabel('Role: Admin')).toBeVisible();
    await expect(page).toHaveTitle('Dashboards · Sightline');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link')).toHaveText([
      'Dashboards',
      'Library panels',
      'Explore',
      'Data sources',
      'Service accounts',
      'Users',
      'Teams',
      'Annotations',
      'Organization',
    ]);
  });

  test('a bad token shows why, next to the field', async ({ page, server }) => {
    await connectThroughPage(page, server, 'glsa_notARealTokenAtAll0000000000000_00000000');
    const field = page.getByLabel('Service account token');
    await expect(field).toHaveAccessibleDescription(/Invalid API key: this token is not known to this server/);
    await expect(page).toHaveURL(/\/connect/);
  });

  test('an expired token shows that it expired', async ({ page, server }) => {
    const { token } = await server.tokenFor('Viewer', 1);
    // The server's clock decides: wait until it refuses the token as expired, not for a fixed time.
    await expect
      .poll(
        async () =>
          (await fetch(`${server.url}/api/user`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.json())).message,
        { timeout: 15_000 },
      )
      .toMatch(/^Expired API key/);
    await connectThroughPage(page, server, token);
    await expect(page.getByLabel('Service account token')).toHaveAccessibleDescription(/Expired API key: token expired at/);
  });

  test('an unreachable server address is named next to the address field', async ({ page, server }) => {
    await page.goto(`${server.url}/connect`);
    await page.getByLabel('Service account token').fill(server.adminToken);
    await page.getByLabel('Server address').fill('http://127.0.0.1:9');
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByLabel('Server address')).toHaveAccessibleDescription(/Cannot reach the server at http:\/\/127\.0\.0\.1:9/);
  });

  test('reload keeps the session; a new browser context does not', async ({ page, server, browser }) => {
    await connect(page, server, server.adminToken);
    await page.getByRole('link', { name: 'Data sources' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible();
    await expect(page.getByTestId('org-name')).toHaveText('Main Org.');

    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(`${server.url}/datasources`);
    await expect(fresh.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expect(fresh).toHaveURL(/\/login\?next=%2Fdatasources/);
    await other.close();
  });

  test('Sign out clears the session', async ({ page, server }) => {
    await connect(page, server, server.adminToken);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    // Only people have a password to change; a token is a service account's.
    await expect(page.getByRole('link', { name: /Change password/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    await page.goto(`${server.url}/dashboards`);
    await expect(page).toHaveURL(/\/login\?next=%2Fdashboards/);
  });

  test('a token revoked while connected sends the person to sign in, saying why', async ({ page, server }) => {
    const { id, token, tokenId } = await server.tokenFor('Viewer');
    await connect(page, server, token);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await server.api('DELETE', `/api/serviceaccounts/${id}/tokens/${tokenId}`);
    const signIn = page.getByRole('heading', { level: 1, name: 'Sign in' });
    await page
      .getByRole('link', { name: 'Data sources' })
      .click({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        // The page may notice the revocation first, on a request of its own (the firing alerts
        // count), and leave for sign-in before the click: the link is gone, and that is as good.
        if (!(await signIn.isVisible())) throw error;
      });
    await expect(signIn).toBeVisible();
    await expect(page.getByText('Invalid API key: this token has been revoked')).toBeVisible();
    // The notice's title reads at 4.5:1 or better in both themes.
    await expect(page.getByText('You were signed out')).toBeVisible();
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectAccessible(page);
  });
});

test.describe('roles', () => {
  test('a Viewer token sees no create buttons', async ({ page, server }) => {
    const { token } = await server.tokenFor('Viewer');
    await connect(page, server, token);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(page.getByLabel('Role: Viewer')).toBeVisible();
    await expect(page.getByRole('button', { name: /New dashboard|New folder/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Service accounts' }).click();
    await expect(page.getByText('Needs the Admin role', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add service account' })).toHaveCount(0);
  });

  test('an Editor creates a folder and a dashboard, confirmed by a notification', async ({ page, server }) => {
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token);
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill('E2E Folder');
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByText('Folder created')).toBeVisible();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    await page.getByRole('dialog', { name: 'New dashboard' }).getByLabel('Title').fill('E2E Dashboard');
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByText('Dashboard created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'E2E Dashboard' })).toBeVisible();
  });
});

test.describe('accessibility', () => {
  // One journey per theme through every page, as a person clicks through them: a new browser and a
  // new connection per page cost more than the pages themselves. Each page is its own step, so a
  // failure names it, and each axe run adds to the test's budget (expectAccessible).
  const pages = [
    ['/dashboards', 'Dashboards'],
    ['/datasources', 'Data sources'],
    ['/serviceaccounts', 'Service accounts'],
    ['/users', 'Users'],
    ['/teams', 'Teams'],
    ['/annotations', 'Annotations'],
  ] as const;
  for (const scheme of ['light', 'dark'] as const) {
    test(`in the ${scheme} theme, the connect and sign-in pages and every section pass axe`, async ({ page, server }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await server.api('POST', '/api/annotations', { text: 'axe check', tags: ['a11y'] });
      await test.step('the sign-in page', async () => {
        await page.goto(`${server.url}/login`);
        await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
        await expectAccessible(page);
      });
      await test.step('the connect page', async () => {
        await page.goto(`${server.url}/connect`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page);
      });
      await connect(page, server, server.adminToken);
      for (const [path, heading] of pages) {
        await test.step(`${heading}, reached from the navigation`, async () => {
          await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: heading }).click();
          await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page.getByRole('status')).toHaveCount(0);
          await expectAccessible(page);
        });
      }
    });
  }
});
