/**
 * The panel types drawn in SVG (issue 28 item 3): pie chart (and the legacy plugin), bar chart,
 * histogram and state timeline, each over the TestData data source, each drawing and accessible.
 */
import { connect, expect, expectAccessible, test } from './fixtures';

test('pie chart, bar chart, histogram and state timeline draw TestData and pass axe', async ({ page, server }) => {
  test.setTimeout(120_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const testData = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData panel types ${n}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const ref = { type: 'grafana-testdata-datasource', uid: testData.datasource.uid };
  const walk = (seriesCount: number) => [{ refId: 'A', datasource: ref, scenarioId: 'random_walk', seriesCount }];
  const panel = (id: number, type: string, title: string, targets: unknown[], extra: Record<string, unknown> = {}) => ({
    id,
    type,
    title,
    gridPos: { x: ((id - 1) % 2) * 12, y: Math.floor((id - 1) / 2) * 8, w: 12, h: 8 },
    datasource: ref,
    targets,
    ...extra,
  });
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Panel types ${n}`,
      time: { from: 'now-1h', to: 'now' },
      panels: [
        panel(1, 'piechart', 'Shares', walk(3), {
          options: {
            pieType: 'donut',
            displayLabels: ['percent'],
            legend: { displayMode: 'table', placement: 'right', values: ['value', 'percent'] },
          },
        }),
        panel(
          2,
          'barchart',
          'Pools',
          [
            {
              refId: 'A',
              datasource: ref,
              scenarioId: 'csv_content',
              csvContent: 'pool,reads,writes\nrbd,120,40\ncephfs,60,25\nrgw,90,70',
            },
          ],
          { options: { stacking: 'normal', showValue: 'auto', legend: { displayMode: 'list', placement: 'bottom' } } },
        ),
        panel(3, 'histogram', 'Spread', walk(2), { options: { bucketCount: 12 } }),
        panel(4, 'state-timeline', 'States', walk(2), {
          fieldConfig: {
            defaults: {
              mappings: [{ type: 'range', options: { from: null, to: 50, result: { text: 'low', color: 'green' } } }],
              thresholds: {
                mode: 'absolute',
                steps: [
                  { value: null, color: 'green' },
                  { value: 50, color: 'red' },
                ],
              },
            },
            overrides: [],
          },
        }),
        panel(5, 'grafana-piechart-panel', 'Legacy pie', walk(2), {
          pieType: 'pie',
          legendType: 'Under graph',
          legend: { show: true, values: true },
        }),
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  for (const [title, name] of [
    ['Shares', /^Donut chart: /],
    ['Pools', /^Bar chart: 3 categories, reads, writes$/],
    ['Spread', /^Histogram: \d+ buckets/],
    ['States', /^State timeline: /],
    ['Legacy pie', /^Pie chart: /],
  ] as const) {
    const region = page.getByRole('region', { name: title, exact: true });
    await expect(region.getByRole('img', { name })).toBeVisible({ timeout: 30_000 });
    await expect(region.getByText('No data')).toHaveCount(0);
    await expect(region.getByText(/could not be drawn|not supported/)).toHaveCount(0);
  }
  // The numbers behind the drawings are readable as tables.
  await expect(page.getByRole('region', { name: 'Pools', exact: true }).getByRole('table', { name: 'Pools' })).toContainText('rbd');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('panel-types-light.png'), fullPage: true });
  // The app follows the system's theme until a person picks one.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('panel-types-dark.png'), fullPage: true });
});
