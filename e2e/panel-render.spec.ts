/**
 * Rendering details of the existing panels as Grafana draws them (issue 28 item 6, and data links
 * from item 5): a bottom table legend keeps to a third of its panel and scrolls, a right legend
 * fits its names, a gauge in a 4-row panel stays inside its box, a stat on a coloured background
 * keeps readable text, markdown headings sit one level below the panel title, and a data link in
 * the graph's tooltip can be clicked.
 */
import type { Locator } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element has no box');
  return found;
}

test('panels keep their legends, gauges, stat text, headings and data links as Grafana', async ({ page, server }) => {
  test.setTimeout(150_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const testData = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData render ${n}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const ref = { type: 'grafana-testdata-datasource', uid: testData.datasource.uid };
  const walk = (seriesCount: number, extra: Record<string, unknown> = {}) => [
    { refId: 'A', datasource: ref, scenarioId: 'random_walk', seriesCount, ...extra },
  ];
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Render ${n}`,
      time: { from: 'now-1h', to: 'now' },
      templating: {
        list: [
          {
            name: 'zone',
            type: 'custom',
            query: 'eu,us,ap',
            multi: true,
            includeAll: true,
            current: { text: ['eu', 'us'], value: ['eu', 'us'] },
            options: [],
          },
        ],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Table legend',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: walk(12),
          options: { legend: { displayMode: 'table', placement: 'bottom', calcs: ['mean', 'max'] }, tooltip: { mode: 'single' } },
        },
        {
          id: 2,
          type: 'timeseries',
          title: 'Right legend',
          gridPos: { x: 12, y: 0, w: 12, h: 8 },
          datasource: ref,
          targets: [
            { refId: 'A', datasource: ref, scenarioId: 'random_walk', alias: 'reads' },
            { refId: 'B', datasource: ref, scenarioId: 'random_walk', alias: 'write' },
          ],
          options: { legend: { displayMode: 'table', placement: 'right', calcs: ['lastNotNull'] }, tooltip: { mode: 'multi' } },
          fieldConfig: {
            defaults: {
              links: [{ title: 'Details of ${__series.name}', url: 'https://example.test/series?name=${__series.name}&v=${__value.raw}' }],
            },
            overrides: [],
          },
        },
        {
          id: 3,
          type: 'gauge',
          title: 'Small gauge',
          gridPos: { x: 0, y: 8, w: 4, h: 4 },
          datasource: ref,
          targets: walk(1),
          fieldConfig: { defaults: { min: 0, max: 200, unit: 'percent' }, overrides: [] },
        },
        {
          id: 4,
          type: 'stat',
          title: 'Bright stat',
          gridPos: { x: 4, y: 8, w: 4, h: 4 },
          datasource: ref,
          targets: walk(1),
          options: { colorMode: 'background', graphMode: 'none' },
          fieldConfig: { defaults: { color: { mode: 'fixed', fixedColor: 'yellow' } }, overrides: [] },
        },
        {
          id: 5,
          type: 'text',
          title: 'Notes',
          gridPos: { x: 8, y: 8, w: 8, h: 4 },
          options: { mode: 'markdown', content: '# Runbook\n\nRestart the **service**.\n\n## Escalation\n\nCall the on-call.' },
        },
        {
          id: 6,
          type: 'stat',
          title: 'Dark stat',
          gridPos: { x: 16, y: 8, w: 8, h: 4 },
          datasource: ref,
          targets: walk(1),
          options: { colorMode: 'background_solid', graphMode: 'none' },
          fieldConfig: { defaults: { color: { mode: 'fixed', fixedColor: 'dark-blue' } }, overrides: [] },
        },
        { id: 7, type: 'row', title: 'Zone $zone', collapsed: false, gridPos: { x: 0, y: 12, w: 24, h: 1 }, panels: [] },
        {
          id: 8,
          type: 'text',
          title: 'Zone notes',
          gridPos: { x: 0, y: 13, w: 12, h: 4 },
          options: { mode: 'markdown', content: '# Inside the row\n\nText.' },
        },
      ],
    },
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await connect(page, server, server.adminToken, saved.url);
  for (const id of [1, 2, 3, 4, 5, 6, 8]) {
    await expect(page.locator(`[data-panel-id="${id}"]`)).toHaveAttribute('data-panel-state', 'done', { timeout: 30_000 });
  }
  await expect(page.locator('[data-panel-id="2"] [data-testid="graph-canvas"] canvas')).toHaveCount(1);

  await test.step('a bottom table legend keeps to about a third of its panel and scrolls', async () => {
    const body = await box(page.locator('[data-panel-id="1"] [data-panel-body]'));
    const legend = page.locator('[data-panel-id="1"] [data-testid="graph-legend"]');
    expect((await box(legend)).height).toBeLessThanOrEqual(body.height * 0.35 + 1);
    expect(await legend.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  });

  await test.step('a right legend shows its five-letter names whole', async () => {
    for (const name of ['reads', 'write']) {
      const label = page.locator('[data-panel-id="2"] [data-testid="graph-legend"]').getByText(name, { exact: true });
      await expect(label).toBeVisible();
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
  });

  await test.step('the gauge of a 4-row panel stays inside its box, and content keeps the panel padding', async () => {
    const body = await box(page.locator('[data-panel-id="3"] [data-panel-body]'));
    const extents = await page.locator('[data-panel-id="3"] [data-testid="gauge"] svg').evaluate((svg) => {
      const origin = svg.getBoundingClientRect();
      return Array.from(svg.querySelectorAll('path')).map((path) => {
        const b = path.getBBox();
        const half = Number(path.getAttribute('stroke-width') ?? 0) / 2;
        return {
          top: origin.top + b.y - half,
          // The arc's lowest points are its ends at ±120°, where the butt cap reaches half of half the stroke further down.
          bottom: origin.top + b.y + b.height + half / 2,
          left: origin.left + b.x - half,
          right: origin.left + b.x + b.width + half,
        };
      });
    });
    expect(extents.length).toBeGreaterThan(1);
    for (const extent of extents) {
      expect(extent.top).toBeGreaterThanOrEqual(body.y - 0.5);
      expect(extent.bottom).toBeLessThanOrEqual(body.y + body.height + 0.5);
      expect(extent.left).toBeGreaterThanOrEqual(body.x - 0.5);
      expect(extent.right).toBeLessThanOrEqual(body.x + body.width + 0.5);
    }
    const section = await box(page.locator('[data-panel-id="1"]'));
    const canvas = await box(page.locator('[data-panel-id="1"] [data-testid="graph-canvas"] canvas'));
    expect(section.x + section.width - (canvas.x + canvas.width)).toBeGreaterThanOrEqual(8);
  });

  await test.step('markdown headings sit one level below their panel title, and titles read variables as text', async () => {
    const notes = page.getByRole('region', { name: 'Notes', exact: true });
    await expect(notes.getByRole('heading', { level: 2, name: 'Notes' })).toBeVisible();
    await expect(notes.getByRole('heading', { level: 3, name: 'Runbook' })).toBeVisible();
    await expect(notes.getByRole('heading', { level: 4, name: 'Escalation' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 2, name: 'Zone eu + us' })).toBeVisible();
    const inRow = page.getByRole('region', { name: 'Zone notes', exact: true });
    await expect(inRow.getByRole('heading', { level: 3, name: 'Zone notes' })).toBeVisible();
    await expect(inRow.getByRole('heading', { level: 4, name: 'Inside the row' })).toBeVisible();
  });

  await test.step('a click pins the graph tooltip, whose data link can then be followed', async () => {
    const plot = await box(page.locator('[data-panel-id="2"] .u-over'));
    await page.mouse.move(plot.x + plot.width * 0.5, plot.y + plot.height * 0.5);
    const tooltip = page.locator('[data-panel-id="2"] .uplot > [data-testid="graph-tooltip"]');
    await expect(tooltip).toBeVisible();
    await expect(tooltip).toContainText('Click the graph to use the links');
    await page.mouse.down();
    await page.mouse.up();
    const pinned = page.getByRole('group', { name: 'Pinned tooltip' });
    await expect(pinned).toBeVisible();
    const link = pinned.getByRole('link', { name: /^Details of (reads|write)$/ });
    await expect(link).toHaveAttribute('href', /^https:\/\/example\.test\/series\?name=(reads|write)&v=-?\d/);
    await page.screenshot({ path: test.info().outputPath('panel-render-tooltip.png') });
    // Escape lets it go; hovering again shows it unpinned.
    await page.keyboard.press('Escape');
    await expect(pinned).toHaveCount(0);
    await page.mouse.move(plot.x + plot.width * 0.4, plot.y + plot.height * 0.5);
    await expect(tooltip).toBeVisible();
    await page.mouse.down();
    await page.mouse.up();
    await page.route('https://example.test/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Series</title>' }));
    await page.getByRole('group', { name: 'Pinned tooltip' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/^https:\/\/example\.test\/series\?name=(reads|write)&v=/);
    await page.goBack();
    await expect(page.locator('[data-panel-id="2"]')).toHaveAttribute('data-panel-state', 'done', { timeout: 30_000 });
  });

  await page.mouse.move(0, 0);
  await page.screenshot({ path: test.info().outputPath('panel-render-light.png'), fullPage: true });
  await expectAccessibleInBothThemes(page);
  await page.screenshot({ path: test.info().outputPath('panel-render-dark.png'), fullPage: true });
});
