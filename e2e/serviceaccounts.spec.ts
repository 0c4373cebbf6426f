import type { Browser, Page } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

interface Account {
  id: number;
  name: string;
  login: string;
}

let counter = 0;
/** Names unique across runs and tests: the server is shared by every spec file. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${++counter}`;
}

async function connectAsAdmin(page: Page, server: ServerInfo): Promise<void> {
  await connect(page, server, server.adminToken);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
}

function createAccount(server: ServerInfo, body: { name: string; role?: string; isDisabled?: boolean }): Promise<Account> {
  return server.api<Account>('POST', '/api/serviceaccounts', body);
}

function mintToken(server: ServerInfo, accountId: number, name: string, secondsToLive = 0): Promise<{ id: number; key: string }> {
  return server.api('POST', `/api/serviceaccounts/${accountId}/tokens`, { name, secondsToLive });
}

/** Connects with `token` in a fresh browser context, as another person or tool would. */
async function connectElsewhere(browser: Browser, server: ServerInfo, token: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await connect(page, server, token);
  return { page, close: () => context.close() };
}

test.describe('service accounts and tokens', () => {
  test('an Admin creates an Editor account, mints a 30-day token, copies it, and the token connects as Editor', async ({
    page,
    server,
    browser,
  }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await connectAsAdmin(page, server);
    await page.getByRole('link', { name: 'Service accounts' }).click();
    await page.getByRole('button', { name: 'Add service account' }).click();

    const name = unique('e2e editor');
    const create = page.getByRole('dialog', { name: 'Add service account' });
    await create.getByRole('textbox', { name: 'Display name' }).fill(name);
    await create.getByRole('combobox', { name: 'Role' }).selectOption('Editor');
    await create.getByRole('button', { name: 'Create' }).click();
    // First: the notification closes by itself after 4 s, which loading the account's page can take.
    await expect(page.getByText('Service account created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No tokens', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add token' }).first().click();
    const mint = page.getByRole('dialog', { name: 'Add service account token' });
    const tokenName = await mint.getByRole('textbox', { name: 'Token name' }).inputValue();
    expect(tokenName).toMatch(/^sa-e2e-editor-/);
    await mint.getByRole('radio', { name: '30 days' }).check();
    await mint.getByRole('button', { name: 'Generate token' }).click();

    const shown = page.getByRole('dialog', { name: 'Token created' });
    await expect(shown.getByText('It will not be shown again', { exact: false })).toBeVisible();
    const key = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(key).toMatch(/^glsa_/);
    await shown.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(shown.getByText('Copied to the clipboard')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(key);
    await shown.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The list shows the token at once, expiring on the date 30 days from now; the key is gone.
    const expectedDate = await page.evaluate(() =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(Date.now() + 30 * 86400_000)),
    );
    const row = page.getByRole('table', { name: `Tokens of ${name}` }).getByRole('row', { name: new RegExp(tokenName) });
    await expect(row).toContainText(expectedDate);
    await expect(row).toContainText('Never');
    await expect(page.getByText(key)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('table', { name: `Tokens of ${name}` }).getByRole('row', { name: new RegExp(tokenName) })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Token', exact: true })).toHaveCount(0);

    const elsewhere = await connectElsewhere(browser, server, copied);
    await expect(elsewhere.page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await expect(elsewhere.page.getByLabel('Role: Editor')).toBeVisible();
    await elsewhere.close();
  });

  test('a token with a custom lifetime of a few seconds counts down in the page and shows as expired', async ({ page, server }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    // The page's clock is ours: the six seconds pass when the test says so.
    await page.clock.install();
    const account = await createAccount(server, { name: unique('e2e short-lived'), role: 'Viewer' });
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts/${account.id}`);
    await expect(page.getByRole('heading', { level: 1, name: account.name })).toBeVisible();

    await page.getByRole('button', { name: 'Add token' }).first().click();
    const mint = page.getByRole('dialog', { name: 'Add service account token' });
    await mint.getByRole('textbox', { name: 'Token name' }).fill('lapsing');
    await mint.getByRole('radio', { name: 'Custom lifetime' }).check();
    await mint.getByRole('textbox', { name: 'Lifetime' }).fill('6');
    await mint.getByRole('combobox', { name: 'Unit' }).selectOption('seconds');
    await mint.getByRole('button', { name: 'Generate token' }).click();
    const shown = page.getByRole('dialog', { name: 'Token created' });
    const key = await shown.getByRole('textbox', { name: 'Token' }).inputValue();
    expect(key).toMatch(/^glsa_/);
    await shown.getByRole('button', { name: 'Copy and close' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText('is on the clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);

    const row = page.getByRole('table', { name: `Tokens of ${account.name}` }).getByRole('row', { name: /lapsing/ });
    await expect(row.getByText(/^Expires in \d seconds?$/)).toBeVisible();
    // The label counts down in the page; no reload is needed to see the token lapse.
    await page.clock.runFor(7_000);
    await expect(row.getByText('Expired', { exact: true })).toBeVisible();
  });

  test('a lapsed token shows as expired after a reload and is refused', async ({ page, server, browser }) => {
    const account = await createAccount(server, { name: unique('e2e lapsed'), role: 'Viewer' });
    const { key } = await mintToken(server, account.id, 'lapsed', 1);
    // The server's clock decides: wait until it says the token has expired, not for a fixed time.
    await expect
      .poll(
        async () =>
          (await server.api<Array<{ name: string; hasExpired: boolean }>>('GET', `/api/serviceaccounts/${account.id}/tokens`))[0]
            ?.hasExpired,
        { timeout: 15_000 },
      )
      .toBe(true);
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts/${account.id}`);
    await expect(
      page
        .getByRole('table', { name: `Tokens of ${account.name}` })
        .getByRole('row', { name: /lapsed/ })
        .getByText('Expired', { exact: true }),
    ).toBeVisible();

    const elsewhere = await connectElsewhere(browser, server, key);
    await expect(elsewhere.page.getByLabel('Service account token')).toHaveAccessibleDescription(/Expired API key: token expired at/);
    await elsewhere.close();
  });

  test('a revoked token leaves the list and is refused', async ({ page, server, browser }) => {
    const { id, token } = await server.tokenFor('Viewer');
    const account = await server.api<Account>('GET', `/api/serviceaccounts/${id}`);
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts/${id}`);
    await page.getByRole('button', { name: 'Revoke token e2e' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token' });
    await expect(confirm).toContainText(`Revoke token e2e of ${account.name}? Anything using it stops working at once.`);
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await expect(page.getByText('Token revoked')).toBeVisible();
    await expect(page.getByText('No tokens', { exact: true })).toBeVisible();

    const elsewhere = await connectElsewhere(browser, server, token);
    await expect(elsewhere.page.getByLabel('Service account token')).toHaveAccessibleDescription(
      /Invalid API key: this token has been revoked/,
    );
    await elsewhere.close();
  });

  test('pages through 60 accounts with the page and page size in the URL', async ({ page, server }) => {
    const prefix = `paging${Date.now().toString(36)}`;
    for (let i = 1; i <= 60; i++) await createAccount(server, { name: `${prefix}-${String(i).padStart(2, '0')}` });
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts?query=${prefix}`);
    const links = page.getByRole('table', { name: 'Service accounts' }).getByRole('link', { name: new RegExp(prefix) });
    const count = page.getByTestId('service-account-count');
    await expect(count).toHaveText('1–30 of 60 service accounts');
    await expect(links).toHaveCount(30);

    await page.getByLabel('Per page').selectOption('10');
    await expect(count).toHaveText('1–10 of 60 service accounts');
    await expect(links).toHaveCount(10);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(count).toHaveText('11–20 of 60 service accounts');
    await expect(links.first()).toHaveText(`${prefix}-11`);
    await expect(page).toHaveURL(new RegExp(`\\?query=${prefix}&page=2&perpage=10$`));

    await page.getByRole('button', { name: 'Last page' }).click();
    await expect(count).toHaveText('51–60 of 60 service accounts');
    await expect(links.last()).toHaveText(`${prefix}-60`);
    await page.reload();
    await expect(count).toHaveText('51–60 of 60 service accounts');
    await page.goBack();
    await expect(count).toHaveText('11–20 of 60 service accounts');

    await page.getByLabel('Per page').selectOption('100');
    await expect(count).toHaveText('1–60 of 60 service accounts');
    await expect(links).toHaveCount(60);
  });

  test('a disabled account’s token is refused until the account is enabled again', async ({ page, server, browser }) => {
    const { id, token } = await server.tokenFor('Editor');
    const account = await server.api<Account>('GET', `/api/serviceaccounts/${id}`);
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts?query=${encodeURIComponent(account.name)}`);
    const row = page.getByRole('row', { name: new RegExp(account.name) });
    await row.getByRole('button', { name: `Disable ${account.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Disable service account' });
    await expect(confirm).toContainText(`Disable service account ${account.name}? Its 1 token is refused until you enable it again`);
    await confirm.getByRole('button', { name: 'Disable service account' }).click();
    await expect(page.getByText('Service account disabled')).toBeVisible();
    await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: `Add token for ${account.name}` })).toBeDisabled();

    const refused = await connectElsewhere(browser, server, token);
    await expect(refused.page.getByLabel('Service account token')).toHaveAccessibleDescription(
      /Invalid API key: the service account of this token is disabled/,
    );
    await refused.close();

    await row.getByRole('button', { name: `Enable ${account.name}` }).click();
    await expect(page.getByText('Service account enabled')).toBeVisible();
    await expect(row.getByText('Enabled', { exact: true })).toBeVisible();
    const accepted = await connectElsewhere(browser, server, token);
    await expect(accepted.page.getByLabel('Role: Editor')).toBeVisible();
    await accepted.close();
  });

  test('changes a role in the list, and deletes an account after a confirm naming its tokens', async ({ page, server }) => {
    const account = await createAccount(server, { name: unique('e2e rolechange'), role: 'Viewer' });
    await mintToken(server, account.id, 'one');
    await mintToken(server, account.id, 'two', 3600);
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts?query=${encodeURIComponent(account.name)}`);
    const row = page.getByRole('row', { name: new RegExp(account.name) });
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');

    await row.getByRole('combobox', { name: `Role of ${account.name}` }).selectOption('Admin');
    await expect(page.getByText(`${account.name} is now Admin`)).toBeVisible();
    expect((await server.api<{ role: string }>('GET', `/api/serviceaccounts/${account.id}`)).role).toBe('Admin');

    await row.getByRole('button', { name: `Delete service account ${account.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete service account' });
    await expect(confirm).toContainText(`Delete service account ${account.name} and its 2 tokens? Anything using them stops working.`);
    await confirm.getByRole('button', { name: 'Delete service account' }).click();
    await expect(page.getByText('Service account deleted')).toBeVisible();
    await expect(page.getByText('No service account matches')).toBeVisible();
    await expect(server.api('GET', `/api/serviceaccounts/${account.id}`)).rejects.toThrow(/404/);
  });

  test('edits an account’s name and role on its page', async ({ page, server }) => {
    const account = await createAccount(server, { name: unique('e2e rename'), role: 'Viewer' });
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts/${account.id}`);
    const renamed = `${account.name} renamed`;
    await page.getByRole('textbox', { name: 'Display name' }).fill(renamed);
    await page.getByRole('combobox', { name: 'Role' }).selectOption('Editor');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Service account updated')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    const stored = await server.api<Account & { role: string }>('GET', `/api/serviceaccounts/${account.id}`);
    expect(stored).toMatchObject({ name: renamed, role: 'Editor' });
    await expect(page.getByText(stored.login, { exact: true })).toBeVisible();
  });

  test('filters by disabled accounts and by accounts with expiring tokens, kept in the URL', async ({ page, server }) => {
    const prefix = `filter${Date.now().toString(36)}`;
    await createAccount(server, { name: `${prefix}-disabled`, isDisabled: true });
    const expiring = await createAccount(server, { name: `${prefix}-expiring` });
    await mintToken(server, expiring.id, 'weekly', 7 * 86400);
    const plain = await createAccount(server, { name: `${prefix}-plain` });
    await mintToken(server, plain.id, 'forever');
    await connectAsAdmin(page, server);
    await page.goto(`${server.url}/serviceaccounts?query=${prefix}`);
    const links = page.getByRole('table', { name: 'Service accounts' }).getByRole('link');
    await expect(links).toHaveText([`${prefix}-disabled`, `${prefix}-expiring`, `${prefix}-plain`]);

    await page.getByRole('radiogroup', { name: 'Show' }).getByText('Disabled', { exact: true }).click();
    await expect(links).toHaveText([`${prefix}-disabled`]);
    await expect(page).toHaveURL(/filter=disabled/);
    await page.getByRole('radiogroup', { name: 'Show' }).getByText('With expiring tokens').click();
    await expect(links).toHaveText([`${prefix}-expiring`]);
    await page.reload();
    await expect(links).toHaveText([`${prefix}-expiring`]);
    await expect(page.getByRole('radio', { name: 'With expiring tokens' })).toBeChecked();
  });

  test('a non-Admin sees that these pages need the Admin role, and no actions', async ({ page, server }) => {
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token);
    await expect(page.getByLabel('Role: Editor')).toBeVisible();
    for (const path of ['/serviceaccounts', '/serviceaccounts/1']) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByText('Needs the Admin role', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: /Add service account|Add token|Delete|Disable/ })).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });
});

test.describe('accessibility of the service account pages', () => {
  test(`the list, an account with every kind of expiry, and the token dialog pass axe in the light and dark themes`, async ({
    page,
    server,
  }) => {
    const prefix = `axe${Date.now().toString(36)}`;
    await createAccount(server, { name: `${prefix}-disabled`, role: 'None', isDisabled: true });
    const account = await createAccount(server, { name: `${prefix}-tokens`, role: 'Editor' });
    await mintToken(server, account.id, 'forever');
    await mintToken(server, account.id, 'monthly', 30 * 86400);
    await mintToken(server, account.id, 'soon', 3 * 86400);
    await mintToken(server, account.id, 'lapsed', 1);
    await connectAsAdmin(page, server);

    await page.goto(`${server.url}/serviceaccounts?query=${prefix}`);
    await expect(page.getByRole('table', { name: 'Service accounts' }).getByRole('link')).toHaveCount(2);
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);

    await page.goto(`${server.url}/serviceaccounts/${account.id}`);
    const tokens = page.getByRole('table', { name: `Tokens of ${account.name}` });
    await expect(tokens.getByRole('row', { name: /soon/ })).toContainText('Expires in 3 days');
    await expect(tokens.getByRole('row', { name: /lapsed/ }).getByText('Expired', { exact: true })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);

    await page.getByRole('button', { name: 'Add token' }).first().click();
    const mint = page.getByRole('dialog', { name: 'Add service account token' });
    await mint.getByRole('radio', { name: 'Custom lifetime' }).check();
    await expect(mint.getByRole('textbox', { name: 'Lifetime' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await mint.getByRole('button', { name: 'Generate token' }).click();
    await expect(page.getByRole('dialog', { name: 'Token created' })).toBeVisible();
    // Mantine's notification text is below AA contrast app-wide (reported separately); the scan is of the dialog.
    await page.getByRole('button', { name: 'Close notification' }).click();
    await expect(page.getByRole('button', { name: 'Close notification' })).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
  });
});
