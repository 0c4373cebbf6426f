/**
 * Building a dashboard's layout in edit mode (issue 29 items 1 and 3): from an empty dashboard,
 * add a row and a visualization, duplicate, copy and paste, remove and undo, drag and resize with
 * the mouse, move and resize with the keyboard, save, reload, and read the stored gridPos back.
 */
import type { Page } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

interface StoredPanel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
}

const panel = (page: Page, id: number) => page.locator(`[data-edit-panel-id="${id}"]`);

async function panelMenu(page: Page, id: number, item: string) {
  await panel(page, id)
    .getByRole('button', { name: /^Menu for panel/ })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

test('build a layout from an empty dashboard with the mouse and the keyboard, save it and read it back', async ({ page, server }) => {
  test.setTimeout(240_000);
  const title = `Layout edit ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', { dashboard: { title, panels: [] } });
  await connect(page, server, (await server.tokenFor('Editor')).token);
  await page.goto(`${server.url}${created.url}`);

  await test.step('an empty dashboard offers to start, and edit mode adds a row and a visualization', async () => {
    await expect(page.getByRole('heading', { name: 'Start your new dashboard by adding a visualization' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/[?&]edit/);
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await page.getByRole('button', { name: 'Add a row' }).click();
    await expect(page.getByRole('heading', { name: 'Row title' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Undo' })).toBeEnabled();

    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Visualization' }).click();
    await expect(page).toHaveURL(/[?&]editPanel=2/);
    await page.goBack();
    await expect(page).toHaveURL(/[?&]edit(=|&|$)/);
    await expect(page.getByRole('region', { name: 'New panel' })).toBeVisible();
  });

  await test.step('axe in both themes in edit mode', async () => {
    await expectAccessibleInBothThemes(page);
  });

  await test.step('duplicate, copy and paste, remove and undo', async () => {
    await panelMenu(page, 2, 'Duplicate');
    await expect(panel(page, 3)).toBeVisible();
    await panelMenu(page, 2, 'Copy');
    await expect(page.getByText('Panel copied')).toBeVisible();
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Paste panel' }).click();
    await expect(panel(page, 4)).toBeVisible();
    await expect(page.getByRole('region', { name: 'New panel' })).toHaveCount(3);

    await panelMenu(page, 3, 'Remove');
    await expect(panel(page, 3)).toHaveCount(0);
    const removed = page.getByRole('alert').filter({ hasText: 'Panel removed' });
    await removed.getByRole('button', { name: 'Undo' }).click();
    await expect(panel(page, 3)).toBeVisible();
  });

  await test.step('rename the row in its options', async () => {
    await page.getByRole('button', { name: 'Menu for row Row title' }).click();
    await page.getByRole('menuitem', { name: 'Row options' }).click();
    const dialog = page.getByRole('dialog', { name: 'Row options' });
    await dialog.getByLabel('Title').fill('Latency');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByRole('heading', { name: 'Latency' })).toBeVisible();
  });

  await test.step('drag a panel by its header, then resize it from its corner', async () => {
    const grid = (await page.getByTestId('panel-grid').boundingBox())!;
    const column = (grid.width + 8) / 24;
    const row = 38;
    // Panel 2 sits at column 1, row 9 (the pasted panel took the top); drag it 12 columns right.
    const header = (await panel(page, 2).getByRole('heading', { name: 'New panel' }).boundingBox())!;
    await page.mouse.move(header.x + 10, header.y + header.height / 2);
    await page.mouse.down();
    await page.mouse.move(header.x + 10 + column * 6, header.y + header.height / 2, { steps: 4 });
    await expect(page.getByTestId('drop-shadow')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('dragging.png') });
    await page.mouse.move(header.x + 10 + column * 12, header.y + header.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByTestId('drop-shadow')).toHaveCount(0);
    await expect(page.getByText('Moved New panel to column 13, row 9')).toBeAttached();

    const resizeHandle = panel(page, 2).getByRole('button', { name: 'Resize New panel' });
    const corner = (await resizeHandle.boundingBox())!;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x + corner.width / 2 - column * 3, corner.y + corner.height / 2 + row * 2, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByText('Resized New panel to 9 columns by 10 rows')).toBeAttached();
  });

  await test.step('move and resize with the keyboard', async () => {
    await panel(page, 2).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText('Moved New panel to column 14, row 9')).toBeAttached();
    await expect(panel(page, 2)).toBeFocused();
    await page.keyboard.press('Shift+ArrowDown');
    await expect(page.getByText('Resized New panel to 9 columns by 11 rows')).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('edit-mode.png') });
  });

  await test.step('save, reload, and the stored layout is what was built', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Latency' })).toBeVisible();
    const stored = await server.api<{ dashboard: { panels: StoredPanel[] } }>('GET', `/api/dashboards/uid/${created.uid}`);
    const byId = Object.fromEntries(stored.dashboard.panels.map((p) => [p.id, p]));
    expect(byId[4]).toMatchObject({ type: 'timeseries', title: 'New panel', gridPos: { x: 0, y: 0, w: 12, h: 8 } });
    expect(byId[3]).toMatchObject({ type: 'timeseries', gridPos: { x: 12, y: 0, w: 12, h: 8 } });
    expect(byId[2]).toMatchObject({ type: 'timeseries', gridPos: { x: 13, y: 8, w: 9, h: 11 } });
    expect(byId[1]).toMatchObject({ type: 'row', title: 'Latency', collapsed: false, gridPos: { x: 0, y: 19, w: 24, h: 1 } });
    // Grafana's order: by place, top to bottom, then left to right.
    expect(stored.dashboard.panels.map((p) => p.id)).toEqual([4, 3, 2, 1]);
  });

  await test.step('leaving with unsaved changes asks first; Ctrl+Z undoes the change', async () => {
    await panel(page, 4).focus();
    await page.keyboard.press('Shift+ArrowUp');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    await page.getByRole('link', { name: 'Dashboards', exact: true }).first().click();
    const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toHaveCount(0);
    await page.keyboard.press('ControlOrMeta+z');
    await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
    await page.keyboard.press('ControlOrMeta+Shift+z');
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
  });
});
