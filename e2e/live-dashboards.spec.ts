/**
 * Live dashboards against real backends: Debian's Prometheus scraping itself and a throwaway
 * PostgreSQL. A dashboard is imported through the API and used in the browser as a person does.
 */
import type { Page, Request } from '@playwright/test';
import { hasPostgres, hasPrometheus, startPostgres, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessible, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

const POSTGRES_PASSWORD = 'live-dashboards-pw';
let prometheus: Backend | undefined;
let postgres: (Backend & { host: string }) | undefined;

test.skip(!hasPrometheus || !hasPostgres, 'needs Debian’s prometheus and postgresql packages (npm test installs them as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [prometheus, postgres] = await Promise.all([startPrometheus({ scrapeSelf: true }), startPostgres(POSTGRES_PASSWORD)]);
  // A state, not a time: enough scrapes for a graph and for label_values.
  await waitForSamples(prometheus.url, 'up{job="prometheus"}', 3);
});

test.afterAll(async () => {
  await Promise.all([prometheus?.stop(), postgres?.stop()]);
});

/** The marker expression of the collapsed row's panel: its request is recognisable in the traffic. */
const HIDDEN_EXPR = 'up{job="prometheus"} + 41';

async function importLiveDashboard(server: ServerInfo) {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Prometheus live ${n}`,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const pg = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `PostgreSQL live ${n}`,
    type: 'grafana-postgresql-datasource',
    access: 'proxy',
    url: postgres!.url,
    user: 'postgres',
    jsonData: { database: 'app', sslmode: 'disable' },
    secureJsonData: { password: POSTGRES_PASSWORD },
  });
  const promRef = { type: 'prometheus', uid: prom.datasource.uid };
  const pgRef = { type: 'grafana-postgresql-datasource', uid: pg.datasource.uid };
  const dashboard = {
    title: `Live ${n}`,
    time: { from: 'now-15m', to: 'now' },
    templating: {
      list: [
        { name: 'job', label: 'Job', type: 'query', datasource: promRef, query: 'label_values(up, job)', refresh: 1, current: {} },
        {
          name: 'factor',
          label: 'Factor',
          type: 'custom',
          query: '1,2,3',
          current: { text: '1', value: '1' },
          options: [],
        },
      ],
    },
    panels: [
      {
        id: 1,
        type: 'stat',
        title: 'Up',
        datasource: promRef,
        gridPos: { x: 0, y: 0, w: 6, h: 5 },
        targets: [{ refId: 'A', expr: 'up{job="$job"}' }],
      },
      {
        id: 2,
        type: 'stat',
        title: 'Scaled',
        datasource: promRef,
        gridPos: { x: 6, y: 0, w: 6, h: 5 },
        targets: [{ refId: 'A', expr: 'up{job="$job"} * $factor' }],
      },
      {
        id: 3,
        type: 'gauge',
        title: 'Gauge',
        datasource: promRef,
        gridPos: { x: 12, y: 0, w: 6, h: 5 },
        targets: [{ refId: 'A', expr: 'up' }],
      },
      {
        id: 4,
        type: 'bargauge',
        title: 'Bar gauge',
        datasource: promRef,
        gridPos: { x: 18, y: 0, w: 6, h: 5 },
        targets: [{ refId: 'A', expr: 'up' }],
      },
      {
        id: 5,
        type: 'timeseries',
        title: 'Samples scraped',
        datasource: promRef,
        gridPos: { x: 0, y: 5, w: 16, h: 8 },
        targets: [{ refId: 'A', expr: 'scrape_samples_scraped{job="$job"}', legendFormat: '{{job}}' }],
      },
      {
        id: 6,
        type: 'table',
        title: 'SQL table',
        datasource: pgRef,
        gridPos: { x: 16, y: 5, w: 8, h: 8 },
        targets: [{ refId: 'A', format: 'table', rawSql: "SELECT 'checkout' AS service, 42 AS requests UNION ALL SELECT 'cart', 7" }],
      },
      {
        id: 7,
        type: 'text',
        title: 'Notes',
        gridPos: { x: 0, y: 13, w: 12, h: 4 },
        options: { mode: 'markdown', content: '# Runbook\n\nCall **on-call**.' },
      },
      { id: 8, type: 'piechart-unknown', title: 'Unknown kind', gridPos: { x: 12, y: 13, w: 12, h: 4 }, targets: [] },
      {
        id: 9,
        type: 'row',
        title: 'Collapsed row',
        collapsed: true,
        gridPos: { x: 0, y: 17, w: 24, h: 1 },
        panels: [
          {
            id: 10,
            type: 'stat',
            title: 'Hidden stat',
            datasource: promRef,
            gridPos: { x: 0, y: 18, w: 6, h: 4 },
            targets: [{ refId: 'A', expr: HIDDEN_EXPR }],
          },
        ],
      },
    ],
  };
  const saved = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', { dashboard });
  return { ...saved, n };
}

/** Every `/api/ds/query` body the page sends, as text. */
function recordQueries(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request: Request) => {
    if (request.url().endsWith('/api/ds/query') && request.method() === 'POST') bodies.push(request.postData() ?? '');
  });
  return bodies;
}

async function prometheusValue(expr: string): Promise<string> {
  const answer = (await (await fetch(`${prometheus!.url}/api/v1/query?query=${encodeURIComponent(expr)}`)).json()) as {
    data: { result: Array<{ value: [number, string] }> };
  };
  return answer.data.result[0]!.value[1];
}

test('an imported dashboard draws real data, with variables, time range, rows and annotations', async ({ page, server }) => {
  test.setTimeout(120_000);
  const saved = await importLiveDashboard(server);
  const queries = recordQueries(page);
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${server.url}${saved.url}`);

  // The stat says what Prometheus says for the same query.
  const expected = await prometheusValue('up{job="prometheus"}');
  // The first panel waits for the dashboard, its renderer chunks and its query: long on a loaded machine.
  await expect(page.getByRole('region', { name: 'Up', exact: true })).toContainText(expected, { timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'Gauge', exact: true })).toContainText('1');
  await expect(page.getByRole('region', { name: 'Bar gauge', exact: true })).toContainText('1');

  // The graph is drawn and names its series, by legend and by its text alternative.
  const graph = page.getByRole('region', { name: 'Samples scraped', exact: true });
  await expect(graph.locator('canvas').first()).toBeVisible();
  await expect(graph.getByRole('img', { name: /prometheus/ })).toBeVisible();

  // SQL through PostgreSQL, in a real table.
  const table = page.getByRole('region', { name: 'SQL table', exact: true }).getByRole('table');
  await expect(table.getByRole('row', { name: /checkout/ })).toContainText('42');
  // Markdown, and a type Sightline does not draw yet.
  // Markdown headings become styled text, so the page keeps one clean heading outline.
  await expect(page.getByRole('region', { name: 'Notes', exact: true }).getByText('Runbook')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Notes', exact: true }).locator('strong')).toHaveText('on-call');
  await expect(page.getByRole('region', { name: 'Unknown kind', exact: true })).toContainText(
    'Panel type piechart-unknown is not supported yet',
  );

  // The variable was loaded from Prometheus; a new value changes the query and the URL.
  await expect(page.getByRole('combobox', { name: 'Job' })).toHaveValue('prometheus');
  await page.getByRole('combobox', { name: 'Factor' }).click();
  await page.getByRole('option', { name: '3' }).click();
  await expect(page).toHaveURL(/var-factor=3/);
  await expect(page.getByRole('region', { name: 'Scaled', exact: true })).toContainText('3');
  expect(queries.some((body) => body.includes('up{job=\\"prometheus\\"} * 3'))).toBe(true);

  // The collapsed row asked nothing until it is opened.
  expect(queries.some((body) => body.includes('+ 41'))).toBe(false);
  const row = page.getByRole('button', { name: 'Collapsed row' });
  await expect(row).toHaveAttribute('aria-expanded', 'false');
  await row.click();
  await expect(row).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('region', { name: 'Hidden stat', exact: true })).toContainText('42');
  expect(queries.some((body) => body.includes('+ 41'))).toBe(true);

  // The time range control and the URL agree; Back restores the previous range.
  const timeRange = page.getByRole('button', { name: /^Time range/ });
  await expect(timeRange).toHaveAccessibleName('Time range: Last 15 minutes');
  await timeRange.click();
  await page.getByRole('button', { name: 'Last 1 hour' }).click();
  await expect(page).toHaveURL(/from=now-1h/);
  await expect(timeRange).toHaveAccessibleName('Time range: Last 1 hour');
  await page.goBack();
  await expect(timeRange).toHaveAccessibleName('Time range: Last 15 minutes');
  await expect(page).not.toHaveURL(/from=now-1h/);

  // Ctrl-click on the graph adds an annotation that the API then returns.
  const canvas = graph.locator('.u-over');
  const box = (await canvas.boundingBox())!;
  await page.keyboard.down('Control');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.up('Control');
  const dialog = page.getByRole('dialog', { name: 'Add annotation' });
  await dialog.getByLabel('Description').fill(`Deploy ${saved.n}`);
  await dialog.getByRole('button', { name: 'Save annotation' }).click();
  await expect(page.getByText('Annotation added')).toBeVisible();
  const annotations = await server.api<Array<{ text: string; panelId: number }>>('GET', `/api/annotations?dashboardUID=${saved.uid}`);
  expect(annotations).toEqual([expect.objectContaining({ text: `Deploy ${saved.n}`, panelId: 5 })]);

  await expectAccessible(page);
});

test('a Viewer sees the same data; panel view and inspect work from the panel menu', async ({ page, server }) => {
  test.setTimeout(90_000);
  const saved = await importLiveDashboard(server);
  const { token } = await server.tokenFor('Viewer');
  await connect(page, server, token, `${server.url}${saved.url}?var-factor=2`);
  await expect(page.getByRole('region', { name: 'Scaled', exact: true })).toContainText('2', { timeout: 90_000 });

  await page.getByRole('button', { name: 'Menu for panel Up' }).click();
  await page.getByRole('menuitem', { name: 'View' }).click();
  await expect(page).toHaveURL(/viewPanel=1/);
  await expect(page.getByRole('region', { name: 'Gauge', exact: true })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Up', exact: true })).toContainText('1');
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Gauge', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Menu for panel SQL table' }).click();
  await page.getByRole('menuitem', { name: 'Inspect data' }).click();
  const inspect = page.getByRole('dialog', { name: /Inspect: SQL table/ });
  await expect(inspect.getByRole('table')).toContainText('checkout');
  await expect(inspect.getByRole('button', { name: 'Download CSV' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(inspect).toHaveCount(0);
});

test(`a live dashboard passes axe in the light and dark themes`, async ({ page, server }) => {
  test.setTimeout(90_000);
  const saved = await importLiveDashboard(server);
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);
  await expect(page.getByRole('region', { name: 'Up', exact: true })).toContainText('1', { timeout: 90_000 });
  await expect(page.getByRole('region', { name: 'SQL table', exact: true }).getByRole('table')).toBeVisible();
  await expectAccessibleInBothThemes(page);
});
