import path from 'node:path';
import { connect, expect, expectAccessible, test } from './fixtures';

const fixture = path.resolve(import.meta.dirname, '../src/server/testing/fixtures/dashboards/argocd.json');

test.describe('dashboards', () => {
  test('create, find, edit, save, conflict, restore, import, move and delete', async ({ page, server, browser }) => {
    test.slow(); // one long journey through every screen
    const n = Date.now().toString(36);
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token);

    // Create a folder and a dashboard in it.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByLabel('Folder name').fill(`Ops ${n}`);
    await page.getByRole('button', { name: 'Create folder' }).click();
    await expect(page.getByText('Folder created')).toBeVisible();
    await page.getByRole('button', { name: 'New dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByLabel('Title').fill(`Checkout Latency ${n}`);
    await dialog.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: `Ops ${n}` }).click();
    await dialog.getByLabel('Tags').fill(`e2e-${n}`);
    await dialog.getByLabel('Tags').press('Enter');
    await dialog.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Checkout Latency ${n}` })).toBeVisible();
    const dashboardUrl = page.url();

    // Find it by words in reverse order, and by tag.
    await page.getByRole('link', { name: 'Dashboards' }).first().click();
    await page.getByLabel('Search dashboards').fill(`latency checkout ${n}`);
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toBeVisible();
    await expect(page).toHaveURL(/query=latency/);
    await page.getByLabel('Search dashboards').fill(`tag:e2e-${n}`);
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toBeVisible();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // Open it; edit the title in the form and a panel in the JSON model; save.
    await page.getByRole('link', { name: `Checkout Latency ${n}` }).click();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Title').fill(`Checkout Latency v2 ${n}`);
    await page.getByRole('tab', { name: 'JSON model' }).click();
    const editor = page.getByLabel('Dashboard JSON model');
    await expect(editor).toBeVisible();
    await expectAccessible(page);
    const model = JSON.parse(await editor.innerText());
    model.panels = [{ id: 1, type: 'timeseries', title: 'p99 latency', gridPos: { x: 0, y: 0, w: 12, h: 8 }, targets: [{ refId: 'A', expr: 'histogram_quantile(0.99, rate(http_duration_bucket[5m]))' }] }];
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify(model, null, 2));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Change message').fill('add latency panel');
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await page.getByRole('tab', { name: 'Panels' }).click();
    await expect(page.getByRole('region', { name: 'Panel p99 latency' })).toBeVisible();
    await expect(page.getByText('histogram_quantile(0.99')).toBeVisible();
    await expectAccessible(page);

    // Someone else saves meanwhile (another browser context); our save gets a 412 and overwrites.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await connect(otherPage, server, token);
    await otherPage.goto(page.url().replace(/\?.*$/, '') + '?editview=settings');
    await otherPage.getByLabel('Description').fill('edited in another tab');
    await otherPage.getByRole('button', { name: 'Save', exact: true }).click();
    await otherPage.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save' }).click();
    await expect(otherPage.getByText('Dashboard saved')).toBeVisible();
    await other.close();

    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('Description').fill('my description');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save' }).click();
    const conflict = page.getByRole('dialog', { name: 'The dashboard was changed elsewhere' });
    await expect(conflict.getByText('The dashboard has been changed by someone else')).toBeVisible();
    await expect(conflict.getByText('edited in another tab')).toBeVisible();
    await expectAccessible(page);
    await conflict.getByRole('button', { name: 'Save and overwrite' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('my description');

    // Restore the first version.
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByRole('cell', { name: 'add latency panel' })).toBeVisible();
    await page.getByLabel('Compare version 1').check();
    await page.getByLabel('Compare version 2').check();
    await expect(page.getByLabel('Differences between version 1 and version 2')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Restored version 1')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Checkout Latency ${n}` })).toBeVisible();
    expect(page.url()).toContain(new URL(dashboardUrl).pathname.split('/')[2]!);

    // Import a real Grafana export from a file.
    await page.goto(`${server.url}/dashboard/import`);
    await page.locator('input[type=file]').setInputFiles(fixture);
    await expect(page.getByLabel('Title')).toHaveValue('ArgoCD');
    await page.getByLabel('uid', { exact: true }).fill(`argo-${n}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Dashboard imported')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'ArgoCD' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Overview/ })).toBeVisible();
    await expect(page.getByTestId('panel').first()).toBeVisible();

    // Bulk move both into the folder, then bulk delete them.
    await page.goto(`${server.url}/dashboards`);
    await page.getByLabel('Search dashboards').fill(n);
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toBeVisible();
    await page.getByLabel(`Select Checkout Latency ${n}`).check();
    await page.getByLabel('Search dashboards').fill('ArgoCD');
    await page.getByLabel('Select ArgoCD').first().check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Move…' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Move to folder' }).click();
    await page.getByRole('option', { name: `Ops ${n}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved 2 dashboards')).toBeVisible();
    const moved = await server.api<Array<{ title: string; folderTitle?: string }>>('GET', `/api/search?query=${encodeURIComponent(n)}&type=dash-db`);
    expect(moved.map((h) => h.folderTitle)).toEqual([`Ops ${n}`]);

    await page.getByLabel('Search dashboards').fill(n);
    await page.getByLabel(`Select Checkout Latency ${n}`).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Their version history and annotations are deleted with them')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 1' }).click();
    await expect(page.getByText('Deleted 1 dashboard')).toBeVisible();
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toHaveCount(0);

    // Deleting the folder says how many dashboards go with it.
    await page.getByLabel('Search dashboards').fill('');
    await page.getByRole('button', { name: `Delete folder Ops ${n}` }).click();
    await expect(page.getByRole('dialog').getByText('Its 1 dashboard is deleted too')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByText('Folder deleted')).toBeVisible();
  });

  test('the keyboard finds and opens a dashboard', async ({ page, server }) => {
    const n = Date.now().toString(36);
    for (const title of [`Keyboard Alpha ${n}`, `Keyboard Beta ${n}`]) await server.api('POST', '/api/dashboards/db', { dashboard: { title } });
    await connect(page, server, server.adminToken);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
    await page.locator('body').press('/');
    await expect(page.getByLabel('Search dashboards')).toBeFocused();
    await page.keyboard.type(`keyboard ${n}`);
    await expect(page.getByLabel('Search dashboards')).toHaveValue(`keyboard ${n}`);
    await expect(page.getByText('2 results', { exact: true })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: `Keyboard Alpha ${n}` })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('link', { name: `Keyboard Beta ${n}` })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Keyboard Beta ${n}` })).toBeVisible();
  });

  test('a Viewer can look but not edit', async ({ page, server }) => {
    const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', { dashboard: { title: `Read Only ${Date.now()}`, panels: [{ type: 'row', title: 'Collapsed row', collapsed: true, gridPos: { x: 0, y: 0, w: 24, h: 1 }, panels: [{ type: 'stat', title: 'Hidden stat', gridPos: { x: 0, y: 1, w: 6, h: 4 } }] }] } });
    const { token } = await server.tokenFor('Viewer');
    await connect(page, server, token);
    await expect(page.getByRole('button', { name: 'New dashboard' })).toHaveCount(0);
    await page.goto(`${server.url}${saved.url}`);
    await expect(page.getByText('You can view this dashboard; saving needs Edit permission')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    // Rows fold and unfold for anyone.
    await expect(page.getByText('Hidden stat')).toHaveCount(0);
    await page.getByRole('button', { name: /Collapsed row/ }).click();
    await expect(page.getByText('Hidden stat')).toBeVisible();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByLabel('Title')).toHaveAttribute('readonly', '');
    await expectAccessible(page);
  });
});
