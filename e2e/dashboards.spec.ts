import path from 'node:path';
import { connect, expect, expectAccessible, test } from './fixtures';

const fixture = path.resolve(import.meta.dirname, '../src/server/testing/fixtures/dashboards/argocd.json');

test.describe('dashboards', () => {
  test('an Editor creates a folder and a dashboard in it, then finds it by words and by tag', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token);
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

    await page.getByRole('link', { name: 'Dashboards' }).first().click();
    await page.getByLabel('Search dashboards').fill(`latency checkout ${n}`);
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toBeVisible();
    await expect(page).toHaveURL(/query=latency/);
    await page.getByLabel('Search dashboards').fill(`tag:e2e-${n}`);
    // Both searches find the one dashboard: wait for the tag search's own answer, not the previous
    // rows, which stay on screen dimmed (busy) until it comes, and which axe would measure dimmed.
    await expect(page.getByRole('list', { name: '1 result' })).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toBeVisible();
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    // Tags read as stored (lower-case), so what is read is what `tag:` finds.
    await expect(page.getByRole('button', { name: `Filter by tag e2e-${n}` })).toHaveCSS('text-transform', 'none');
    await expectAccessible(page);
  });

  test('an edit in the form and in the JSON model is saved', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', { dashboard: { title: `Checkout Latency ${n}` } });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}${saved.url}`);
    // The dashboard opens in view mode; Edit brings the tabs, Save and Exit edit, and says so in the URL.
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/[?&]edit=/);
    await expect(page.getByRole('button', { name: 'Exit edit' })).toBeVisible();
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/editview=settings/);
    await page.getByLabel('Title').fill(`Checkout Latency v2 ${n}`);
    await page.getByRole('link', { name: 'JSON Model' }).click();
    const editor = page.getByLabel('Dashboard JSON model');
    await expect(editor).toBeVisible();
    await expectAccessible(page);
    const model = JSON.parse(await editor.innerText());
    model.panels = [
      {
        id: 1,
        type: 'timeseries',
        title: 'p99 latency',
        gridPos: { x: 0, y: 0, w: 12, h: 8 },
        targets: [{ refId: 'A', expr: 'histogram_quantile(0.99, rate(http_duration_bucket[5m]))' }],
      },
    ];
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify(model, null, 2));
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Change message').fill('add latency panel');
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await page.getByRole('tab', { name: 'Panels' }).click();
    // The panel is live: with no data source of that uid it says so, inside the panel.
    await expect(page.getByRole('region', { name: 'p99 latency' })).toBeVisible();
    // Saved, so leaving edit mode asks nothing and shows the dashboard as anyone sees it.
    await page.getByRole('button', { name: 'Exit edit' }).click();
    await expect(page.getByRole('tab', { name: 'Panels' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'p99 latency' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a save that conflicts with someone else’s shows their change and can overwrite it', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const saved = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', { dashboard: { title: `Conflict ${n}` } });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}${saved.url}?editview=settings`);
    await expect(page.getByLabel('Description')).toBeVisible();
    // Someone else saves meanwhile.
    const current = await server.api<{ dashboard: Record<string, unknown> }>('GET', `/api/dashboards/uid/${saved.uid}`);
    await server.api('POST', '/api/dashboards/db', { dashboard: { ...current.dashboard, description: 'edited in another tab' } });

    await page.getByLabel('Description').fill('my description');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('dialog', { name: 'The dashboard was changed elsewhere' });
    await expect(conflict.getByText('The dashboard has been changed by someone else')).toBeVisible();
    await expect(conflict.getByText('edited in another tab')).toBeVisible();
    await expectAccessible(page);
    await conflict.getByRole('button', { name: 'Save and overwrite' }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('my description');
  });

  test('versions compare without bookkeeping noise, and an old one can be restored', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const first = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
      dashboard: { title: `Versions ${n}`, tags: ['a'] },
      message: 'first',
    });
    const current = await server.api<{ dashboard: Record<string, unknown> }>('GET', `/api/dashboards/uid/${first.uid}`);
    // The same content with its keys in another order, and one real change.
    const reordered = Object.fromEntries(Object.entries({ ...current.dashboard, description: 'second' }).reverse());
    await server.api('POST', '/api/dashboards/db', { dashboard: reordered, message: 'add a description' });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}${first.url}?editview=versions`);
    await expect(page.getByRole('cell', { name: 'add a description' })).toBeVisible();
    await page.getByLabel('Compare version 1').check();
    await page.getByLabel('Compare version 2').check();
    const diff = page.getByLabel('Differences between version 1 and version 2');
    await expect(diff).toBeVisible();
    await expect(diff.locator('ins')).toHaveText([/"description": "second"/]);
    await expect(diff.locator('del')).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Restore version 1' }).click();
    await expect(page.getByText('Restored version 1')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Versions ${n}` })).toBeVisible();
  });

  test('a Grafana export is imported from a file', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}/dashboard/import`);
    await page.locator('input[type=file]').setInputFiles(fixture);
    await expect(page.getByLabel('Title')).toHaveValue('ArgoCD');
    await page.getByLabel('uid', { exact: true }).fill(`argo-${n}`);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect(page.getByText('Dashboard imported')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'ArgoCD' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Overview/ })).toBeVisible();
    await expect(page.getByTestId('panel').first()).toBeVisible();
  });

  test('dashboards are moved and deleted in bulk; deleting a folder says what goes with it', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const folder = await server.api<{ uid: string }>('POST', '/api/folders', { title: `Ops ${n}` });
    for (const title of [`Checkout Latency ${n}`, `Payments ${n}`])
      await server.api('POST', '/api/dashboards/db', { dashboard: { title } });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token);
    await page.getByLabel('Search dashboards').fill(n);
    await expect(page.getByRole('link', { name: `Payments ${n}` })).toBeVisible();
    await page.getByLabel(`Select Checkout Latency ${n}`).check();
    await page.getByLabel(`Select Payments ${n}`).check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Move…' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Move to folder' }).click();
    await page.getByRole('option', { name: `Ops ${n}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Move' }).click();
    await expect(page.getByText('Moved 2 dashboards')).toBeVisible();
    const moved = await server.api<Array<{ folderUid?: string }>>('GET', `/api/search?query=${encodeURIComponent(n)}&type=dash-db`);
    expect(moved.map((h) => h.folderUid)).toEqual([folder.uid, folder.uid]);

    await page.getByLabel(`Select Checkout Latency ${n}`).check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('dialog').getByText('Their version history and annotations are deleted with them')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete 1' }).click();
    await expect(page.getByText('Deleted 1 dashboard')).toBeVisible();
    await expect(page.getByRole('link', { name: `Checkout Latency ${n}` })).toHaveCount(0);

    await page.getByLabel('Search dashboards').fill('');
    await page.getByRole('button', { name: `Delete folder Ops ${n}` }).click();
    await expect(page.getByRole('dialog').getByText('Its 1 dashboard is deleted too')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByText('Folder deleted')).toBeVisible();
  });

  test('an Editor who may only read a dashboard saves a copy of it, tags and all, where they may', async ({ page, server }) => {
    const n = Date.now().toString(36);
    // Editors only view what is in this folder.
    const folder = await server.api<{ uid: string }>('POST', '/api/folders', { title: `Read Here ${n}` });
    await server.api('POST', `/api/folders/${folder.uid}/permissions`, { items: [{ role: 'Viewer', permission: 1 }] });
    const original = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
      dashboard: { title: `Payments ${n}`, tags: [`e2e-${n}`] },
      folderUid: folder.uid,
    });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}${original.url}`);
    await expect(page.getByRole('heading', { level: 1, name: `Payments ${n}` })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);

    await page.getByRole('button', { name: 'Save as copy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as copy' });
    await expect(dialog.getByLabel('Title')).toHaveValue(`Payments ${n} Copy`);
    // Its own folder is refused, in the server's words, next to the folder.
    await dialog.getByRole('button', { name: 'Save copy' }).click();
    await expect(dialog.getByText(/Permissions needed: dashboards:create/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('combobox', { name: 'Folder' }).click();
    await page.getByRole('option', { name: 'General' }).click();
    await dialog.getByRole('switch', { name: /^Copy tags/ }).check({ force: true });
    await dialog.getByRole('button', { name: 'Save copy' }).click();

    await expect(page.getByText('Dashboard copied')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Payments ${n} Copy` })).toBeVisible();
    const copyUid = new URL(page.url()).pathname.split('/')[2];
    expect(copyUid).not.toBe(original.uid);
    const copy = await server.api<{ dashboard: { tags: string[]; version: number }; meta: { folderUid: string } }>(
      'GET',
      `/api/dashboards/uid/${copyUid}`,
    );
    expect(copy).toMatchObject({ dashboard: { tags: [`e2e-${n}`], version: 1 }, meta: { folderUid: '' } });
    // Now theirs to edit.
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toBeVisible();
  });

  test('a folder’s page renames it, starts a dashboard in it and deletes it with its dashboards', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const folder = await server.api<{ uid: string; url: string }>('POST', '/api/folders', { title: `Team ${n}` });
    const { token } = await server.tokenFor('Editor');
    await connect(page, server, token, `${server.url}${folder.url}`);
    await expect(page.getByRole('heading', { level: 1, name: `Team ${n}` })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill(`Squad ${n}`);
    await page.getByRole('dialog').getByRole('button', { name: 'Rename' }).click();
    await expect(page.getByText('Folder renamed')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Squad ${n}` })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/dashboards/f/${folder.uid}/squad-${n}$`));

    await page.getByRole('link', { name: 'New dashboard' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/new\\?folderUid=${folder.uid}$`));
    await expect(page.getByRole('combobox', { name: 'Folder' })).toHaveValue(`Squad ${n}`);
    await expectAccessible(page);
    await page.getByLabel('Title').fill(`Squad Board ${n}`);
    await page.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Squad Board ${n}` })).toBeVisible();
    await expect(page.getByRole('link', { name: `Squad ${n}` })).toBeVisible();

    await page.goto(`${server.url}${folder.url}`);
    await expect(page.getByRole('link', { name: `Squad Board ${n}` })).toBeVisible();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog').getByText('Its 1 dashboard is deleted too')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByText('Folder deleted')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboards$/);
    const left = await server.api<unknown[]>('GET', `/api/search?query=${encodeURIComponent(`Squad Board ${n}`)}`);
    expect(left).toEqual([]);
  });

  test('an Admin reaches a folder’s permissions from its row', async ({ page, server }) => {
    const n = Date.now().toString(36);
    const folder = await server.api<{ uid: string }>('POST', '/api/folders', { title: `Perm ${n}` });
    await connect(page, server, server.adminToken);
    await expect(page.getByRole('link', { name: `Permissions of folder Perm ${n}` })).toHaveAttribute(
      'href',
      `/dashboards/f/${folder.uid}/permissions`,
    );
  });

  test('Enter typed right after the search text opens a result of that text, not of the previous one', async ({ page, server }) => {
    const n = Date.now().toString(36);
    for (const title of [`Stale Alpha ${n}`, `Stale Beta ${n}`]) await server.api('POST', '/api/dashboards/db', { dashboard: { title } });
    await connect(page, server, server.adminToken);
    const search = page.getByLabel('Search dashboards');
    await search.fill(`stale alpha ${n}`);
    await expect(page.getByText('1 result', { exact: true })).toBeVisible();
    // "Alpha" is on screen; typing "beta" and Enter at once must open Beta.
    await search.fill(`stale beta ${n}`);
    await search.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: `Stale Beta ${n}` })).toBeVisible();
  });

  test('the keyboard finds and opens a dashboard', async ({ page, server }) => {
    const n = Date.now().toString(36);
    for (const title of [`Keyboard Alpha ${n}`, `Keyboard Beta ${n}`])
      await server.api('POST', '/api/dashboards/db', { dashboard: { title } });
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
    const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
      dashboard: {
        title: `Read Only ${Date.now()}`,
        panels: [
          {
            type: 'row',
            title: 'Collapsed row',
            collapsed: true,
            gridPos: { x: 0, y: 0, w: 24, h: 1 },
            panels: [{ type: 'stat', title: 'Hidden stat', gridPos: { x: 0, y: 1, w: 6, h: 4 } }],
          },
        ],
      },
    });
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
    // A Viewer has no edit mode: no Edit button, no tabs, even when the URL asks for them.
    await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await page.goto(`${server.url}${saved.url}?editview=settings`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await expectAccessible(page);
  });
});
