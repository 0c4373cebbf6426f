/**
 * Library panels end to end: a Grafana export that brings its library panel in `__elements`
 * imports with it, the dashboard draws the library's panel, the library panels page lists it and
 * refuses to delete it while the dashboard uses it, in the server's words.
 */
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

test('importing an export with __elements creates the library panel; the dashboard draws it; delete is refused while used', async ({
  page,
  server,
}) => {
  const n = Date.now().toString(36);
  const exported = {
    __inputs: [],
    __elements: {
      [`lp-${n}`]: {
        name: `Shared notes ${n}`,
        uid: `lp-${n}`,
        kind: 1,
        model: { type: 'text', title: `Shared notes ${n}`, options: { mode: 'markdown', content: `Drawn from the library ${n}` } },
      },
    },
    __requires: [],
    title: `Uses the library ${n}`,
    uid: `lp-dash-${n}`,
    schemaVersion: 39,
    panels: [{ id: 1, gridPos: { x: 0, y: 0, w: 12, h: 6 }, libraryPanel: { uid: `lp-${n}`, name: `Shared notes ${n}` } }],
  };
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${server.url}/dashboard/import`);
  await page.getByRole('textbox', { name: 'Dashboard JSON' }).fill(JSON.stringify(exported));
  await page.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Uses the library ${n}` })).toBeVisible();
  const panel = page.getByRole('region', { name: `Shared notes ${n}` });
  await expect(panel.getByText(`Drawn from the library ${n}`)).toBeVisible();

  await page.goto(`${server.url}/library-panels`);
  await expect(page.getByRole('heading', { level: 1, name: 'Library panels' })).toBeVisible();
  await page.getByLabel('Search library panels').fill(`Shared notes ${n}`);
  const row = page.getByRole('table', { name: 'Library panels' }).getByRole('row', { name: new RegExp(`Shared notes ${n}`) });
  await expect(row).toContainText('text');
  await expectAccessibleInBothThemes(page);

  await row.getByRole('button', { name: `Delete the library panel Shared notes ${n}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete library panel' });
  await expect(dialog).toContainText('1 dashboard uses it');
  await dialog.getByRole('button', { name: 'Delete library panel' }).click();
  await expect(row).toContainText('the library element has connections');
  const still = await server.api<{ result: { uid: string } }>('GET', `/api/library-elements/lp-${n}`);
  expect(still.result.uid).toBe(`lp-${n}`);
});

test('a library panel changed in the panel editor and saved (Update all) is drawn changed in another dashboard using it', async ({
  page,
  server,
}) => {
  const n = Date.now().toString(36);
  const model = { type: 'text', title: `Team notes ${n}`, options: { mode: 'markdown', content: `Shared ${n}` } };
  await server.api('POST', '/api/library-elements', { uid: `lpe-${n}`, name: `Team notes ${n}`, kind: 1, model });
  const uses = (uid: string, title: string) =>
    server.api('POST', '/api/dashboards/db', {
      dashboard: {
        uid,
        title,
        schemaVersion: 39,
        panels: [{ id: 1, gridPos: { x: 0, y: 0, w: 12, h: 6 }, libraryPanel: { uid: `lpe-${n}`, name: `Team notes ${n}` } }],
      },
      overwrite: false,
    });
  await uses(`lpe-a-${n}`, `First use ${n}`);
  await uses(`lpe-b-${n}`, `Second use ${n}`);

  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${server.url}/d/lpe-a-${n}?editPanel=1`);
  await expect(page.getByRole('heading', { level: 1, name: `Edit panel: Team notes ${n}` })).toBeVisible();
  await page.getByRole('region', { name: 'Panel options' }).getByRole('textbox', { name: 'Title', exact: true }).fill(`Renamed notes ${n}`);
  await page.getByRole('button', { name: 'Save library panel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save library panel' });
  await expect(dialog).toContainText('This update will affect 2 dashboards');
  await expect(dialog.getByRole('list', { name: 'Affected dashboards' })).toContainText(`Second use ${n}`);
  await dialog.getByRole('button', { name: 'Update all' }).click();
  await expect(page.getByText('Library panel saved')).toBeVisible();

  await page.goto(`${server.url}/d/lpe-b-${n}`);
  await expect(page.getByRole('heading', { level: 1, name: `Second use ${n}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Renamed notes ${n}` }).getByText(`Shared ${n}`)).toBeVisible();
  const element = await server.api<{ result: { version: number; model: { title: string } } }>('GET', `/api/library-elements/lpe-${n}`);
  expect(element.result.model.title).toBe(`Renamed notes ${n}`);
  expect(element.result.version).toBe(2);
});
