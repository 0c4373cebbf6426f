/**
 * The panel editor against a real Prometheus (Debian's, scraping itself): opened by Grafana's URL,
 * a PromQL query written and drawn, a second query added and hidden, a transformation added, the
 * visualization switched to Stat; Discard leaves the panel as it was. Opened again, edited, kept
 * with Back to dashboard, saved: the stored JSON has the queries, the type and the title.
 */
import type { Page } from '@playwright/test';
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

let prometheus: Backend | undefined;

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prometheus = await startPrometheus({ scrapeSelf: true });
  await waitForSamples(prometheus.url, 'up{job="prometheus"}', 3);
});

test.afterAll(async () => {
  await prometheus?.stop();
});

/** The first graph waits for the renderer's chunks and the query: on a loaded 2-core machine that can pass 20 s. */
const FIRST_DRAW_MS = 60_000;
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface StoredPanel {
  id: number;
  type: string;
  title: string;
  targets: Array<Record<string, unknown>>;
  transformations?: unknown[];
}

async function setUp(server: ServerInfo) {
  const name = `Prometheus editor ${unique()}`;
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const promRef = { type: 'prometheus', uid: created.datasource.uid };
  const saved = await server.api<{ uid: string; slug: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Panel editor ${unique()}`,
      time: { from: 'now-5m', to: 'now' },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Scrapes',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: promRef,
          targets: [{ refId: 'A', datasource: promRef, expr: '' }],
        },
      ],
    },
  });
  return { ...saved, promRef };
}

async function storedPanel(server: ServerInfo, uid: string): Promise<StoredPanel> {
  const { dashboard } = await server.api<{ dashboard: { panels: StoredPanel[] } }>('GET', `/api/dashboards/uid/${uid}`);
  return dashboard.panels[0]!;
}

async function writeQuery(page: Page, refId: string, text: string) {
  const editor = page.getByRole('textbox', { name: `PromQL query ${refId}` });
  await editor.click();
  await page.keyboard.type(text);
  await page.keyboard.press('Shift+Enter');
}

test('a panel is edited in its editor: preview, queries, transformations, visualization; Discard, then Back and Save', async ({
  page,
  server,
}) => {
  test.setTimeout(360_000);
  const dashboard = await setUp(server);
  const before = await storedPanel(server, dashboard.uid);
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `/d/${dashboard.uid}/${dashboard.slug}?editPanel=1`);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit panel: Scrapes' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Queries (1)' })).toHaveAttribute('aria-selected', 'true');

  await writeQuery(page, 'A', 'up{job="prometheus"}');
  const preview = page.getByRole('region', { name: 'Scrapes' });
  await expect(preview.locator('canvas').first()).toBeVisible({ timeout: FIRST_DRAW_MS });

  await page.getByRole('button', { name: 'Add query' }).click();
  await expect(page.getByRole('tab', { name: 'Queries (2)' })).toBeVisible();
  await writeQuery(page, 'B', 'prometheus_build_info');
  await page.getByRole('button', { name: 'Hide query B' }).click();
  await expect(page.getByRole('button', { name: 'Hide query B' })).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('tab', { name: 'Transformations (0)' }).click();
  await page.getByRole('button', { name: 'Add transformation' }).click();
  await page.getByRole('textbox', { name: 'Search transformations' }).fill('reduce');
  await page.getByRole('button', { name: 'Reduce', exact: true }).click();
  await expect(page.getByRole('region', { name: '1. Reduce' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transformations (1)' })).toBeVisible();

  await page.getByRole('button', { name: 'Time series' }).click();
  await page.getByRole('textbox', { name: 'Search visualizations' }).fill('stat');
  await page.getByRole('list', { name: 'Visualizations' }).getByRole('button', { name: 'Stat', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Stat', exact: true })).toBeVisible();
  // The stat draws the reduced value of the visible query.
  await expect(preview.getByText('1', { exact: true }).first()).toBeVisible({ timeout: FIRST_DRAW_MS });
  await page.screenshot({ path: test.info().outputPath('panel-editor.png'), fullPage: true });
  await expectAccessibleInBothThemes(page);

  await page.getByRole('button', { name: 'Discard' }).click();
  await expect(page).not.toHaveURL(/editPanel=/);
  const unchanged = page.getByRole('region', { name: 'Scrapes' });
  await expect(unchanged).toBeVisible();
  await expect(page.getByText(/You have unsaved changes/)).toHaveCount(0);
  expect(await storedPanel(server, dashboard.uid)).toEqual(before);

  // Again, from the same URL; this time the changes are kept and saved.
  await page.goto(`${server.url}/d/${dashboard.uid}/${dashboard.slug}?editPanel=1`);
  await writeQuery(page, 'A', 'up{job="prometheus"}');
  await page.getByRole('button', { name: 'Time series' }).click();
  await page.getByRole('list', { name: 'Visualizations' }).getByRole('button', { name: 'Stat', exact: true }).click();
  const title = page.getByRole('region', { name: 'Panel options' }).getByRole('textbox', { name: 'Title' });
  await title.fill('Prometheus up');
  await expect(page.getByRole('heading', { level: 1, name: 'Edit panel: Prometheus up' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to dashboard' }).click();
  await expect(page).not.toHaveURL(/editPanel=/);
  await expect(page.getByRole('region', { name: 'Prometheus up' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Dashboard saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Prometheus up' })).toBeVisible();

  const saved = await storedPanel(server, dashboard.uid);
  expect(saved).toMatchObject({
    id: 1,
    type: 'stat',
    title: 'Prometheus up',
    targets: [{ refId: 'A', expr: 'up{job="prometheus"}', datasource: dashboard.promRef }],
    options: { reduceOptions: { calcs: ['lastNotNull'] } },
  });
});
