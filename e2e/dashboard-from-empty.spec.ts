/**
 * Issue 29's whole journey against a real Prometheus (scraping itself) and PostgreSQL: from a new
 * empty dashboard, with only clicks and typing, a time series on Prometheus (its metric picked from
 * the completion list), a stat with a unit and two thresholds, a table from PostgreSQL with an
 * override, a query variable the stat uses, a row, an annotation query and a link; a panel moved
 * and resized with the mouse and with the keyboard; saved, reloaded, and the stored JSON read back
 * field by field against the shapes Grafana stores for the same choices.
 */
import type { Page } from '@playwright/test';
import { hasPostgres, hasPrometheus, startPostgres, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

const POSTGRES_PASSWORD = 'from-empty-pw';
let prometheus: Backend | undefined;
let postgres: (Backend & { host: string }) | undefined;

test.skip(!hasPrometheus || !hasPostgres, 'needs Debian’s prometheus and postgresql packages (npm test installs them as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [prometheus, postgres] = await Promise.all([startPrometheus({ scrapeSelf: true }), startPostgres(POSTGRES_PASSWORD)]);
  // A state, not a time: the metric names and the `job` label exist once Prometheus has scraped itself,
  // and a 6-hour graph (a 30 s step, its points aligned to the step as Grafana aligns them) has a
  // point only once a sample is older than the last aligned step: 35 scrapes, one a second.
  await waitForSamples(prometheus.url, 'up{job="prometheus"}', 35);
});

test.afterAll(async () => {
  await Promise.all([prometheus?.stop(), postgres?.stop()]);
});

/** The first drawing waits for the renderer's chunk and the query: on a loaded 2-core machine that can pass 20 s. */
const FIRST_DRAW_MS = 60_000;

const panel = (page: Page, id: number) => page.locator(`[data-edit-panel-id="${id}"]`);

interface StoredPanel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: unknown;
  targets?: unknown[];
  fieldConfig?: { defaults: Record<string, unknown>; overrides: unknown[] };
  options?: Record<string, unknown>;
  collapsed?: boolean;
  panels?: unknown[];
}

interface Stored {
  dashboard: {
    uid: string;
    title: string;
    panels: StoredPanel[];
    templating: { list: Array<Record<string, unknown>> };
    annotations: { list: Array<Record<string, unknown>> };
    links: Array<Record<string, unknown>>;
  };
}

/** Picks an option of a searchable select by typing part of its name. */
async function choose(page: Page, label: string, typed: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addVisualization(page: Page, id: number) {
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Visualization' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]editPanel=${id}`));
}

async function setTitle(page: Page, title: string) {
  await page.getByRole('region', { name: 'Panel options' }).getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await expect(page.getByRole('heading', { level: 1, name: `Edit panel: ${title}` })).toBeVisible();
}

async function pickVisualization(page: Page, current: string, name: string) {
  await page.getByRole('button', { name: current, exact: true }).click();
  await page.getByRole('textbox', { name: 'Search visualizations' }).fill(name.toLowerCase());
  await page.getByRole('list', { name: 'Visualizations' }).getByRole('button', { name, exact: true }).click();
  await expect(page.getByRole('button', { name, exact: true }).first()).toBeVisible();
}

async function backToDashboard(page: Page) {
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).not.toHaveURL(/editPanel=/);
}

test('a dashboard built from empty with clicks and typing is stored as Grafana stores it', async ({ page, server }) => {
  test.setTimeout(600_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const promName = `Prometheus from empty ${n}`;
  const pgName = `PostgreSQL from empty ${n}`;
  const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: promName,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const pg = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: pgName,
    type: 'grafana-postgresql-datasource',
    access: 'proxy',
    url: postgres!.url,
    user: 'postgres',
    jsonData: { database: 'app', sslmode: 'disable' },
    secureJsonData: { password: POSTGRES_PASSWORD },
  });
  const promRef = { type: 'prometheus', uid: prom.datasource.uid };
  const pgRef = { type: 'grafana-postgresql-datasource', uid: pg.datasource.uid };
  const title = `From empty ${n}`;

  await connect(page, server, (await server.tokenFor('Editor')).token);

  await test.step('a new, empty dashboard', async () => {
    await page.getByRole('button', { name: 'New dashboard' }).click();
    const dialog = page.getByRole('dialog', { name: 'New dashboard' });
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await dialog.getByRole('button', { name: 'Create dashboard' }).click();
    await expect(page.getByRole('heading', { name: 'Start your new dashboard by adding a visualization' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page).toHaveURL(/[?&]edit/);
  });

  await test.step('Settings: a query variable on Prometheus', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const nav = page.getByRole('navigation', { name: 'Dashboard settings' });
    await nav.getByRole('link', { name: 'Variables' }).click();
    await page.getByRole('button', { name: 'Add variable' }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('job');
    await choose(page, 'Data source', promName, promName);
    await page.getByRole('textbox', { name: 'Query' }).fill('label_values(up, job)');
    await expect(page.getByRole('list', { name: 'Values of job' })).toContainText('prometheus');
    await page.getByRole('button', { name: 'Back to list' }).click();
    await page.getByRole('tab', { name: 'Panels' }).click();
  });

  await test.step('a time series on Prometheus, its metric name completed', async () => {
    await addVisualization(page, 1);
    await choose(page, 'Data source', promName, promName);
    const editor = page.getByRole('textbox', { name: 'PromQL query A' });
    await editor.click();
    await page.keyboard.type('prometheus_http_requests_tot');
    await page.getByRole('listbox').getByRole('option', { name: 'prometheus_http_requests_total counter' }).click();
    await expect(editor).toHaveText('prometheus_http_requests_total');
    await page.keyboard.press('Shift+Enter');
    await setTitle(page, 'Requests');
    await expect(page.getByRole('region', { name: 'Requests' }).locator('canvas').first()).toBeVisible({ timeout: FIRST_DRAW_MS });
    await backToDashboard(page);
  });

  await test.step('a stat of up{job="$job"} in percent, with two thresholds', async () => {
    await addVisualization(page, 2);
    await choose(page, 'Data source', promName, promName);
    await page.getByRole('textbox', { name: 'PromQL query A' }).click();
    await page.keyboard.type('up{job="$job"}');
    await page.keyboard.press('Shift+Enter');
    await pickVisualization(page, 'Time series', 'Stat');
    await setTitle(page, 'Up');
    await choose(page, 'Unit', 'Percent (0-100)', 'Percent (0-100)');
    // Grafana's default is one step at 80 above the base; a second one makes two.
    await page.getByRole('button', { name: 'Add threshold' }).click();
    const first = page.getByRole('textbox', { name: 'Threshold 1', exact: true });
    await first.fill('50');
    await first.blur();
    await expect(page.getByRole('textbox', { name: 'Threshold 2', exact: true })).toHaveValue('90');
    await expect(page.getByRole('region', { name: 'Up' }).getByText('1%', { exact: true })).toBeVisible({ timeout: FIRST_DRAW_MS });
    await backToDashboard(page);
  });

  await test.step('a table from PostgreSQL, with an override on one column', async () => {
    await addVisualization(page, 3);
    await choose(page, 'Data source', pgName, pgName);
    await page.getByRole('textbox', { name: 'SQL query A' }).click();
    await page.keyboard.type("SELECT 'checkout' AS service, 42 AS requests");
    await page.keyboard.press('Shift+Enter');
    await pickVisualization(page, 'Time series', 'Table');
    await setTitle(page, 'Services');
    const preview = page.getByRole('region', { name: 'Services' });
    await expect(preview.getByRole('cell', { name: 'checkout' })).toBeVisible({ timeout: FIRST_DRAW_MS });
    await page.getByRole('combobox', { name: 'Add field override' }).click();
    await page.getByRole('option', { name: 'Fields with name', exact: true }).click();
    await choose(page, 'Fields with name', 'req', 'requests');
    await choose(page, 'Add override property', 'display', 'Standard options > Display name');
    await page.getByRole('group', { name: 'Override 1' }).getByRole('textbox', { name: 'Display name' }).fill('Requests served');
    await expect(preview.getByRole('columnheader', { name: /Requests served/ })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('table-editor.png'), fullPage: true });
    await expectAccessibleInBothThemes(page);
    await backToDashboard(page);
  });

  await test.step('a row', async () => {
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Row' }).click();
    await expect(page.getByRole('heading', { name: 'Row title' })).toBeVisible();
  });

  await test.step('move and resize the table with the mouse, then the stat with the keyboard', async () => {
    const grid = (await page.getByTestId('panel-grid').boundingBox())!;
    const column = (grid.width + 8) / 24;
    const row = 38;
    const header = (await panel(page, 3).getByRole('heading', { name: 'Services' }).boundingBox())!;
    await page.mouse.move(header.x + 10, header.y + header.height / 2);
    await page.mouse.down();
    await page.mouse.move(header.x + 10 + column * 6, header.y + header.height / 2, { steps: 4 });
    await expect(page.getByTestId('drop-shadow')).toBeVisible();
    await page.mouse.move(header.x + 10 + column * 12, header.y + header.height / 2, { steps: 4 });
    await page.mouse.up();
    await expect(page.getByText(/^Moved Services to column 13, row \d+$/)).toBeAttached();

    const corner = (await panel(page, 3).getByRole('button', { name: 'Resize Services' }).boundingBox())!;
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
    await page.mouse.down();
    await page.mouse.move(corner.x + corner.width / 2 - column * 4, corner.y + corner.height / 2 + row * 2, { steps: 6 });
    await page.mouse.up();
    await expect(page.getByText('Resized Services to 8 columns by 10 rows')).toBeAttached();

    await panel(page, 2).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/^Moved Up to column 2, row \d+$/)).toBeAttached();
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(page.getByText(/^Resized Up to 11 columns by 8 rows$/)).toBeAttached();
    await page.screenshot({ path: test.info().outputPath('layout.png'), fullPage: true });
  });

  await test.step('Settings: a Prometheus annotation query and a link', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    const nav = page.getByRole('navigation', { name: 'Dashboard settings' });
    await nav.getByRole('link', { name: 'Annotations' }).click();
    await page.getByRole('button', { name: 'New query' }).click();
    await choose(page, 'Data source', promName, promName);
    await page.getByRole('textbox', { name: /^Name/ }).fill('Restarts');
    await page.getByRole('textbox', { name: 'PromQL query' }).fill('changes(process_start_time_seconds[2m]) > 0');
    await page.getByRole('textbox', { name: /^Title/ }).fill('{{job}} restarted');
    await page.getByRole('button', { name: 'Back to list' }).click();

    await nav.getByRole('link', { name: 'Links' }).click();
    await page.getByRole('button', { name: 'Add dashboard link' }).click();
    // Mantine's segmented control draws its label over the radio: the label is what takes the click.
    await page.getByText('Link', { exact: true }).click();
    await expect(page.getByRole('radio', { name: 'Link', exact: true })).toBeChecked();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Runbook');
    await page.getByRole('textbox', { name: 'URL' }).fill('https://runbooks.example.com/checkout');
    await page.getByRole('checkbox', { name: 'Open link in new tab' }).check();
    await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(page.getByRole('row', { name: /Runbook/ })).toContainText('https://runbooks.example.com/checkout');
    await page.getByRole('tab', { name: 'Panels' }).click();
  });

  await test.step('save and reload', async () => {
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Dashboard saved')).toBeVisible();
    await page.getByRole('button', { name: 'Exit edit' }).click();
    await page.reload();
    await expect(page.getByRole('region', { name: 'Requests' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Up' }).getByText('1%', { exact: true })).toBeVisible({ timeout: FIRST_DRAW_MS });
    await expect(page.getByRole('region', { name: 'Services' }).getByRole('columnheader', { name: /Requests served/ })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Dashboard links' }).getByRole('link', { name: 'Runbook' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('saved.png'), fullPage: true });
  });

  const url = new URL(page.url());
  const uid = url.pathname.split('/')[2]!;
  const { dashboard } = await server.api<Stored>('GET', `/api/dashboards/uid/${uid}`);
  const byTitle = Object.fromEntries(dashboard.panels.map((p) => [p.title, p]));
  // Grafana's order: by place, top to bottom, then left to right; the row holds the panels under it.
  expect(dashboard.panels.map((p) => p.title)).toEqual(['Row title', 'Up', 'Services', 'Requests']);
  expect(byTitle['Row title']!.gridPos).toEqual({ x: 0, y: 0, w: 24, h: 1 });
  // Moved one column right and narrowed by one with the keyboard.
  expect(byTitle.Up!.gridPos).toEqual({ x: 1, y: 1, w: 11, h: 8 });
  // Dragged 12 columns right, then 4 columns narrower and 2 rows taller from its corner.
  expect(byTitle.Services!.gridPos).toEqual({ x: 12, y: 1, w: 8, h: 10 });
  expect(byTitle.Requests!.gridPos).toEqual({ x: 0, y: 9, w: 12, h: 8 });

  expect(byTitle.Requests).toMatchObject({
    type: 'timeseries',
    datasource: promRef,
    // A new panel is stored with its type's defaults, as Grafana saves one.
    options: { legend: { showLegend: true, displayMode: 'list', placement: 'bottom' }, tooltip: { mode: 'single' } },
    fieldConfig: { defaults: { color: { mode: 'palette-classic' }, custom: { drawStyle: 'line', lineWidth: 1 } }, overrides: [] },
  });
  expect(byTitle.Requests!.targets).toEqual([
    { refId: 'A', datasource: promRef, expr: 'prometheus_http_requests_total', range: true, instant: false },
  ]);

  expect(byTitle.Up).toMatchObject({ type: 'stat', datasource: promRef });
  expect(byTitle.Up!.targets).toEqual([{ refId: 'A', datasource: promRef, expr: 'up{job="$job"}', range: true, instant: false }]);
  expect(byTitle.Up!.fieldConfig!.defaults.unit).toBe('percent');
  expect(byTitle.Up!.fieldConfig!.defaults.thresholds).toEqual({
    mode: 'absolute',
    steps: [
      { color: 'green', value: null },
      { color: 'red', value: 50 },
      { color: '#EAB839', value: 90 },
    ],
  });

  expect(byTitle.Services).toMatchObject({ type: 'table', datasource: pgRef });
  expect(byTitle.Services!.targets).toEqual([
    {
      refId: 'A',
      datasource: pgRef,
      rawSql: "SELECT 'checkout' AS service, 42 AS requests",
      format: 'table',
      rawQuery: true,
      editorMode: 'code',
    },
  ]);
  expect(byTitle.Services!.fieldConfig!.overrides[0]).toEqual({
    matcher: { id: 'byName', options: 'requests' },
    properties: [{ id: 'displayName', value: 'Requests served' }],
  });

  expect(byTitle['Row title']).toMatchObject({ type: 'row', collapsed: false, panels: [] });

  expect(dashboard.templating.list[0]).toEqual({
    name: 'job',
    type: 'query',
    label: '',
    description: '',
    hide: 0,
    skipUrlSync: false,
    current: {},
    options: [],
    multi: false,
    includeAll: false,
    allValue: null,
    datasource: promRef,
    query: { qryType: 1, query: 'label_values(up, job)', refId: 'PrometheusVariableQueryEditor-VariableQuery' },
    definition: 'label_values(up, job)',
    regex: '',
    refresh: 1,
    sort: 0,
  });
  expect(dashboard.annotations.list).toEqual([
    {
      builtIn: 1,
      datasource: { type: 'grafana', uid: '-- Grafana --' },
      enable: true,
      hide: true,
      iconColor: 'rgba(0, 211, 255, 1)',
      name: 'Annotations & Alerts',
      type: 'dashboard',
    },
    {
      datasource: promRef,
      enable: true,
      hide: false,
      iconColor: 'red',
      name: 'Restarts',
      target: { expr: 'changes(process_start_time_seconds[2m]) > 0', refId: 'Anno' },
      step: '',
      titleFormat: '{{job}} restarted',
      tagKeys: '',
      textFormat: '',
      useValueForTime: false,
    },
  ]);
  expect(dashboard.links).toEqual([
    {
      asDropdown: false,
      icon: 'external link',
      includeVars: false,
      keepTime: false,
      tags: [],
      targetBlank: true,
      title: 'Runbook',
      tooltip: '',
      type: 'link',
      url: 'https://runbooks.example.com/checkout',
    },
  ]);
});
