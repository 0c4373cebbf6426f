/**
 * Share, inspect and the time picker (issue 28 items 11 and 13): a share link carries the range
 * and the variables, an external export re-imports through the import page to the same panels,
 * the inspector lives in the URL, and the calendar picks an absolute range.
 */
import { readFile } from 'node:fs/promises';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

async function testDataSource(server: ServerInfo, name: string) {
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  return { type: 'grafana-testdata-datasource', uid: created.datasource.uid };
}

test('share a dashboard and a panel by link, export it for sharing externally and import it back', async ({ page, server }) => {
  test.setTimeout(180_000);
  const n = unique();
  const ref = await testDataSource(server, `TestData share ${n}`);
  const saved = await server.api<{ url: string; uid: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Share ${n}`,
      time: { from: 'now-1h', to: 'now' },
      templating: {
        list: [{ name: 'env', type: 'custom', query: 'dev,prod', current: { text: 'dev', value: 'dev' }, options: [] }],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Walk $env',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: [{ refId: 'A', datasource: ref, scenarioId: 'random_walk' }],
        },
        {
          id: 2,
          type: 'stat',
          title: 'Total',
          gridPos: { x: 12, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: [{ refId: 'A', datasource: ref, scenarioId: 'random_walk' }],
        },
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}?var-env=prod`);
  await expect(page.getByRole('region', { name: 'Walk prod', exact: true })).toBeVisible();

  // The link: variables and the range; locked by default to absolute epoch ms.
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Share Share ${n}` });
  const link = dialog.getByRole('textbox', { name: 'Link URL' });
  const lock = dialog.getByRole('switch', { name: 'Lock time range' });
  await expect(lock).toBeChecked();
  const locked = new URL(await link.inputValue());
  expect(locked.pathname).toBe(saved.url);
  expect(locked.searchParams.get('var-env')).toBe('prod');
  expect(locked.searchParams.get('from')).toMatch(/^\d{13}$/);
  expect(Number(locked.searchParams.get('to')) - Number(locked.searchParams.get('from'))).toBe(3_600_000);
  await lock.uncheck();
  const relative = new URL(await link.inputValue());
  expect([relative.searchParams.get('from'), relative.searchParams.get('to')]).toEqual(['now-1h', 'now']);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Export for sharing externally: the data source becomes an input.
  await dialog.getByRole('tab', { name: 'Export' }).click();
  await dialog.getByRole('switch', { name: 'Export for sharing externally' }).check();
  await dialog.getByRole('button', { name: 'View JSON' }).click();
  const inputName = `DS_TESTDATA_SHARE_${n.toUpperCase()}`;
  await expect(dialog.getByLabel('Exported JSON')).toContainText(`"uid": "\${${inputName}}"`);
  await expectAccessibleInBothThemes(page);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Save to file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^Share ${n}-\\d+\\.json$`));
  const file = test.info().outputPath('export.json');
  await download.saveAs(file);
  const exported = JSON.parse(await readFile(file, 'utf8'));
  expect(exported.id).toBeNull();
  expect(exported.__elements).toEqual({});
  expect(exported.__inputs).toEqual([
    {
      name: inputName,
      label: `TestData share ${n}`,
      description: '',
      type: 'datasource',
      pluginId: 'grafana-testdata-datasource',
      pluginName: 'TestData',
    },
  ]);
  expect(exported.__requires.map((r: { id: string }) => r.id)).toEqual(['grafana', 'grafana-testdata-datasource', 'stat', 'timeseries']);
  await page.keyboard.press('Escape');

  // A panel's link opens it alone.
  await page.getByRole('button', { name: 'Menu for panel Total' }).click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panelDialog = page.getByRole('dialog', { name: 'Share panel Total' });
  expect(new URL(await panelDialog.getByRole('textbox', { name: 'Link URL' }).inputValue()).searchParams.get('viewPanel')).toBe('2');
  await page.keyboard.press('Escape');

  // Import the file through the import page, mapping the input back to the data source.
  await page.goto(`${server.url}/dashboard/import`);
  await page.locator('input[type=file]').setInputFiles(file);
  await expect(page.getByLabel('Title')).toHaveValue(`Share ${n}`);
  await page.getByLabel('Title').fill(`Share ${n} imported`);
  await page.getByLabel('uid', { exact: true }).fill(`${saved.uid}-copy`);
  await page.getByLabel(`TestData share ${n}`).selectOption(ref.uid);
  await page.getByRole('button', { name: 'Import' }).click();
  await expect(page.getByText('Dashboard imported')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Walk dev', exact: true })).toBeVisible();

  const original = await server.api<{ dashboard: Record<string, unknown> }>('GET', `/api/dashboards/uid/${saved.uid}`);
  const copy = await server.api<{ dashboard: Record<string, unknown> }>('GET', `/api/dashboards/uid/${saved.uid}-copy`);
  const comparable = ({ id: _id, uid: _uid, version: _version, title: _title, ...rest }: Record<string, unknown>) => rest;
  expect(comparable(copy.dashboard)).toEqual(comparable(original.dashboard));
});

test('the inspector lives in the URL and the calendar picks an absolute range', async ({ page, server }) => {
  test.setTimeout(180_000);
  const n = unique();
  const ref = await testDataSource(server, `TestData inspect ${n}`);
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Inspect ${n}`,
      timezone: 'utc',
      time: { from: 'now-1h', to: 'now' },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Walk',
          gridPos: { x: 0, y: 0, w: 24, h: 8 },
          datasource: ref,
          targets: [{ refId: 'A', datasource: ref, scenarioId: 'random_walk' }],
        },
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  // Opening the inspector writes it to the URL; its times are in the dashboard's zone (UTC).
  await page.getByRole('button', { name: 'Menu for panel Walk' }).click();
  await page.getByRole('menuitem', { name: 'Inspect data' }).click();
  await expect(page).toHaveURL(/[?&]inspect=1&inspectTab=data/);
  const inspector = page.getByRole('dialog', { name: 'Inspect: Walk' });
  const firstTime = inspector.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstTime).toHaveText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  await inspector.getByRole('tab', { name: 'JSON' }).click();
  await expect(page).toHaveURL(/inspectTab=json/);

  // A reload opens it again at the same tab; Back closes it.
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Inspect: Walk' }).getByRole('tab', { name: 'JSON' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Inspect: Walk' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/inspect=/);

  // The picker marks the current quick range and says the zone.
  const picker = page.getByRole('button', { name: 'Time range: Last 1 hour UTC' });
  await picker.click();
  await expect(page.getByRole('button', { name: 'Last 1 hour', exact: true })).toHaveAttribute('aria-current', 'true');
  await expectAccessibleInBothThemes(page);

  // Two days from the calendar, the second by keyboard.
  const calendar = page.getByRole('grid');
  const month = await page
    .locator('[aria-live="polite"]')
    .filter({ hasText: /^\w+ \d{4}$/ })
    .innerText();
  const [monthName, year] = month.split(' ');
  const monthIndex = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ].indexOf(monthName!);
  await calendar.getByRole('button', { name: / 10 / }).click();
  await calendar.getByRole('button', { name: / 10 / }).press('ArrowRight');
  await expect(calendar.getByRole('button', { name: / 11 / })).toBeFocused();
  await page.keyboard.press('Enter');
  const from = Date.UTC(Number(year), monthIndex, 10);
  const to = Date.UTC(Number(year), monthIndex, 12) - 1000;
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(/ 00:00:00$/);
  await page.getByRole('button', { name: 'Apply time range' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));

  // The range is now among the recently used ones.
  await page.getByRole('button', { name: /^Time range: / }).click();
  const recent = page.getByRole('group', { name: 'Recently used absolute ranges' });
  await expect(recent.getByRole('button')).toHaveCount(1);
  await expect(recent.getByRole('button').first()).toHaveAttribute('aria-current', 'true');
  await page.getByRole('combobox', { name: 'Time zone' }).selectOption('browser');
  await expect(page).toHaveURL(/timezone=browser/);
});
