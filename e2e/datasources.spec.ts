import type { Page } from '@playwright/test';
import {
  freePort,
  hasPostgres,
  hasPrometheus,
  startPostgres,
  startPrometheus,
  startSilentTcp,
  type Backend,
} from '../src/server/testing/backends';
import { connect, expect, expectAccessible, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

const POSTGRES_PASSWORD = 'pg-Secret-4711';
let prometheus: Backend | undefined;
let postgres: Backend | undefined;
let counter = 0;

/** Names are unique per test: the server is shared by every spec file of the run. */
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${++counter}`;

test.beforeAll(async () => {
  test.setTimeout(60_000);
  [prometheus, postgres] = await Promise.all([
    hasPrometheus ? startPrometheus() : undefined,
    hasPostgres ? startPostgres(POSTGRES_PASSWORD) : undefined,
  ]);
});

test.afterAll(async () => {
  await Promise.all([prometheus?.stop(), postgres?.stop()]);
});

async function openNewForm(page: Page, server: ServerInfo, typeName: string) {
  await page.getByRole('link', { name: 'Data sources' }).click();
  // The header's link (an empty list offers a second one).
  await page.getByRole('link', { name: 'Add data source' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add data source' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(`^${typeName}`) }).click();
  await expect(page.getByRole('heading', { level: 1, name: `New ${typeName} data source` })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${server.url}/datasources/new\\?type=`));
}

const saveAndTest = (page: Page) => page.getByRole('button', { name: 'Save & test' }).click();
const passed = (page: Page) => page.getByRole('status').filter({ hasText: 'Test passed' });
const failed = (page: Page) => page.getByRole('alert').filter({ hasText: 'Test failed' });

async function createPrometheus(server: ServerInfo, name: string, url: string): Promise<string> {
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name,
    type: 'prometheus',
    access: 'proxy',
    url,
  });
  return created.datasource.uid;
}

test.describe('data sources with a real Prometheus', () => {
  test.skip(!hasPrometheus, 'Debian’s prometheus package is not installed');

  test('create a Prometheus data source, Save & test OK, then a closed port answers ERROR naming the address', async ({ page, server }) => {
    const name = uniqueName('Prometheus e2e');
    await connect(page, server, server.adminToken);
    await openNewForm(page, server, 'Prometheus');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(prometheus!.url);
    await saveAndTest(page);

    // First: the notification closes by itself after 4 s.
    await expect(page.getByText('Data source added')).toBeVisible();
    await expect(page).toHaveURL(/\/datasources\/edit\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(passed(page)).toContainText('Successfully queried the Prometheus API.');

    const closed = await freePort();
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(`http://127.0.0.1:${closed}`);
    await saveAndTest(page);
    await expect(page.getByText('Data source saved')).toBeVisible();
    await expect(failed(page)).toContainText(`connection refused at http://127.0.0.1:${closed}`);
    // The last result stays until the next one replaces it.
    await expect(passed(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'All data sources' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Prometheus');
    await expect(row).toContainText(`http://127.0.0.1:${closed}`);
  });

  test('while the check runs the button shows progress and cannot be pressed twice', async ({ page, server }) => {
    const silent = await startSilentTcp();
    try {
      const uid = await createPrometheus(server, uniqueName('Slow e2e'), `http://127.0.0.1:${silent.port}`);
      await connect(page, server, server.adminToken, `/datasources/edit/${uid}`);
      // Long enough that the check is still running when the page is looked at on a busy machine.
      await page.getByLabel('Timeout (seconds)').fill('10');
      let healthCalls = 0;
      page.on('request', (request) => {
        if (request.url().endsWith('/health')) healthCalls++;
      });
      const button = page.getByRole('button', { name: 'Save & test' });
      await button.click();
      await expect(page.getByRole('status').filter({ hasText: 'Testing the connection…' })).toBeVisible();
      await expect(button).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Test', exact: true })).toBeDisabled();
      await expect(failed(page)).toContainText('timed out after 10 s', { timeout: 30_000 });
      await expect(button).toBeEnabled();
      expect(healthCalls).toBe(1);
    } finally {
      await silent.stop();
    }
  });

  test('the list shows name, type, URL and the default marker, and filters by name and type', async ({ page, server }) => {
    const prefix = uniqueName('Filter e2e');
    await createPrometheus(server, `${prefix} metrics`, prometheus!.url);
    await server.api('POST', '/api/datasources', {
      name: `${prefix} logs`,
      type: 'loki',
      access: 'proxy',
      url: 'http://127.0.0.1:3100',
      isDefault: true,
    });
    await connect(page, server, server.adminToken);
    await page.getByRole('link', { name: 'Data sources' }).click();

    await page.getByLabel('Search by name').fill(prefix);
    await expect(page.getByRole('row')).toHaveCount(3);
    await expect(page.getByRole('row').filter({ hasText: `${prefix} logs` })).toContainText('default');
    await expect(page.getByRole('row').filter({ hasText: `${prefix} metrics` })).not.toContainText('default');
    await page.getByLabel('Type').selectOption('Loki');
    await expect(page).toHaveURL(/type=loki/);
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('row').nth(1)).toContainText(`${prefix} logs`);
    await expect(page.getByRole('row').nth(1)).toContainText('http://127.0.0.1:3100');
    await page.reload();
    await expect(page.getByLabel('Search by name')).toHaveValue(prefix);
    await expect(page.getByRole('row')).toHaveCount(2);
  });

  test('a duplicate name shows the server’s 409 message on the Name field', async ({ page, server }) => {
    const name = uniqueName('Taken e2e');
    await createPrometheus(server, name, prometheus!.url);
    await connect(page, server, server.adminToken);
    await openNewForm(page, server, 'Prometheus');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill(prometheus!.url);
    await saveAndTest(page);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(
      new RegExp(`data source with the same name already exists: "${name}"`),
    );
    await expect(page).toHaveURL(/\/datasources\/new/);
  });

  test('the form checks fields before sending', async ({ page, server }) => {
    await connect(page, server, server.adminToken);
    await openNewForm(page, server, 'Prometheus');
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/datasources')) posts++;
    });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByRole('textbox', { name: 'URL', exact: true }).fill('localhost:9090');
    await saveAndTest(page);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(/Name cannot be empty/);
    await expect(page.getByRole('textbox', { name: 'URL', exact: true })).toHaveAccessibleDescription(
      /URL must be an http:\/\/ or https:\/\/ address/,
    );
    expect(posts).toBe(0);
  });

  test('delete asks first, naming what is lost', async ({ page, server }) => {
    const name = uniqueName('Doomed e2e');
    const uid = await createPrometheus(server, name, prometheus!.url);
    await connect(page, server, server.adminToken, `/datasources/edit/${uid}`);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(dialog).toContainText('Dashboards and panels that use it will stop working');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete data source' }).click();
    await expect(page.getByText('Data source deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/datasources$/);
    await expect(page.getByRole('link', { name })).toHaveCount(0);
  });

  test('a Viewer sees no Add, cannot open the create form, and may only test', async ({ page, server }) => {
    const name = uniqueName('Viewer e2e');
    const uid = await createPrometheus(server, name, prometheus!.url);
    const { token } = await server.tokenFor('Viewer');
    await connect(page, server, token);
    await page.getByRole('link', { name: 'Data sources' }).click();
    await expect(page.getByRole('link', { name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add data source' })).toHaveCount(0);

    await page.goto(`${server.url}/datasources/new?type=prometheus`);
    await expect(page.getByText('Needs the Admin role', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save & test' })).toHaveCount(0);

    await page.goto(`${server.url}/datasources/edit/${uid}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).not.toBeEditable();
    await expect(page.getByRole('textbox', { name: 'URL', exact: true })).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Save & test' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(passed(page)).toContainText('Successfully queried the Prometheus API.');
    await expectAccessible(page);
  });
});

test.describe('data sources with a real PostgreSQL', () => {
  test.skip(!hasPostgres, 'Debian’s postgresql package is not installed');

  test('a wrong password fails with "authentication failed"; fixed, it passes; the secret is never shown', async ({ page, server }) => {
    const name = uniqueName('PostgreSQL e2e');
    const wrongPassword = 'not-the-password-93';
    await connect(page, server, server.adminToken);
    await openNewForm(page, server, 'PostgreSQL');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByLabel('Host URL').fill(postgres!.url);
    await page.getByLabel('Database name').fill('app');
    await page.getByLabel('Username').fill('postgres');
    await page.getByLabel('Password', { exact: true }).fill(wrongPassword);
    await page.getByLabel('TLS/SSL mode').selectOption('disable');
    await saveAndTest(page);

    await expect(failed(page)).toContainText(`authentication failed for user "postgres" at ${postgres!.url}`);
    const password = page.getByLabel('Password', { exact: true });
    await expect(password).toHaveValue('configured');
    await expect(password).not.toBeEditable();
    expect(await page.content()).not.toContain(wrongPassword);

    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByLabel('Password', { exact: true }).fill(POSTGRES_PASSWORD);
    await saveAndTest(page);
    await expect(passed(page)).toContainText('Database Connection OK');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('configured');
    expect(await page.content()).not.toContain(POSTGRES_PASSWORD);

    await page.reload();
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('configured');
    expect(await page.content()).not.toContain(POSTGRES_PASSWORD);
    const uid = page.url().split('/').pop()!;
    const stored = JSON.stringify(await server.api('GET', `/api/datasources/uid/${uid}`));
    expect(stored).not.toContain(POSTGRES_PASSWORD);
    expect(stored).toContain('"password":true');
  });
});

test.describe('data source pages pass axe in the light and dark themes', () => {
  test('the list and the type picker', async ({ page, server }) => {
    await createPrometheus(server, uniqueName('Axe'), 'http://127.0.0.1:9090');
    await connect(page, server, server.adminToken);
    await page.getByRole('link', { name: 'Data sources' }).click();
    await expect(page.getByRole('table')).toBeVisible();
    await expectAccessibleInBothThemes(page);
    // The header's link (an empty list offers a second one).
    await page.getByRole('link', { name: 'Add data source' }).first().click();
    // The picker, not the list behind it (whose rows may name Prometheus data sources).
    await expect(page.getByRole('heading', { level: 1, name: 'Add data source' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /^Prometheus/ })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test('the create forms, with errors next to fields', async ({ page, server }) => {
    await connect(page, server, server.adminToken, '/datasources/new?type=grafana-postgresql-datasource');
    await expect(page.getByRole('heading', { level: 1, name: 'New PostgreSQL data source' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.goto(`${server.url}/datasources/new?type=prometheus`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
    await page.getByLabel('Authentication method').selectOption('Basic authentication');
    await page.getByRole('button', { name: 'Add header' }).click();
    await saveAndTest(page);
    await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAccessibleDescription(/Name cannot be empty/);
    await expectAccessibleInBothThemes(page);
  });

  test('the edit page with OK and ERROR results and the delete dialog', async ({ page, server }) => {
    test.skip(!hasPrometheus, 'Debian’s prometheus package is not installed');
    const name = uniqueName('Axe');
    const uid = await createPrometheus(server, name, prometheus!.url);
    // Results from Test alone: no notification, whose own contrast is the shell's concern.
    await connect(page, server, server.adminToken, `/datasources/edit/${uid}`);
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(passed(page)).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await server.api('PUT', `/api/datasources/uid/${uid}`, {
      name,
      type: 'prometheus',
      access: 'proxy',
      url: `http://127.0.0.1:${await freePort()}`,
    });
    await page.reload();
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await expect(failed(page)).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
