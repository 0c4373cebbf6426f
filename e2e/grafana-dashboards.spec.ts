/**
 * Dashboards as older Grafana versions exported them draw as Grafana draws them: Grafana 4's
 * `rows` layout (schemaVersion < 16) becomes panels on the grid, an old `graph` keeps the legend
 * its old options describe (not the defaults saved beside them) and becomes a bar chart when its
 * x axis showed one value per series, and a Grafana 6 stat keeps its `options.fieldOptions`.
 */
import { connect, expect, test } from './fixtures';

test('a Grafana 4 dashboard with rows, old graphs and a Grafana 6 stat draws as in Grafana', async ({ page, server }) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `TestData old dashboards ${n}`;
  await server.api('POST', '/api/datasources', { name, type: 'grafana-testdata-datasource', access: 'proxy' });
  // Grafana 4 named data sources by name; three series of a random walk.
  const walk = [{ refId: 'A', scenarioId: 'random_walk', seriesCount: 3 }];
  const graph = (id: number, title: string, extra: Record<string, unknown>) => ({
    id,
    title,
    type: 'graph',
    span: 6,
    datasource: name,
    targets: walk,
    lines: true,
    fill: 1,
    linewidth: 1,
    yaxes: [
      { format: 'short', show: true },
      { format: 'short', show: true },
    ],
    // What Grafana 7+ saves beside a graph's old options: its legend defaults.
    options: { alertThreshold: true, legend: { calcs: [], displayMode: 'list', placement: 'bottom', showLegend: true } },
    ...extra,
  });
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Old Grafana dashboard ${n}`,
      schemaVersion: 14,
      time: { from: 'now-1h', to: 'now' },
      rows: [
        {
          title: 'Overview',
          showTitle: true,
          height: '250px',
          panels: [
            graph(1, 'Requests', {
              legend: { show: true, alignAsTable: true, values: true, avg: true, max: true, current: false },
              xaxis: { mode: 'time', show: true, values: [] },
            }),
            graph(2, 'Totals per series', {
              bars: true,
              lines: false,
              legend: { show: false },
              xaxis: { mode: 'series', show: true, values: ['total'] },
            }),
          ],
        },
        {
          title: 'Usage',
          showTitle: true,
          height: '200px',
          panels: [
            {
              id: 3,
              title: 'Disk used',
              type: 'stat',
              span: 4,
              pluginVersion: '6.5.0',
              datasource: name,
              targets: [{ refId: 'A', scenarioId: 'csv_metric_values', stringInput: '10,20,30' }],
              options: {
                fieldOptions: {
                  calcs: ['mean'],
                  values: false,
                  defaults: {
                    unit: 'percent',
                    decimals: 0,
                    thresholds: [
                      { color: 'green', value: null },
                      { color: 'red', value: 80 },
                    ],
                  },
                  override: {},
                },
              },
            },
          ],
        },
        { title: 'Details', collapse: true, height: '250px', panels: [graph(4, 'Latency', {})] },
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  // The rows are rows, the last one folded with its panel inside.
  await expect(page.getByRole('button', { name: 'Overview' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: 'Usage' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('button', { name: /^Details/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('region', { name: 'Latency', exact: true })).toHaveCount(0);

  // The graph's legend is the table of values its old options asked for.
  const requests = page.getByRole('region', { name: 'Requests', exact: true });
  await expect(requests.getByRole('columnheader', { name: 'Mean' })).toBeVisible({ timeout: 30_000 });
  await expect(requests.getByRole('columnheader', { name: 'Max' })).toBeVisible();
  await expect(requests.getByRole('columnheader', { name: 'Last *' })).toHaveCount(0);

  // One bar per series, summed, and no legend (the old legend was hidden).
  const totals = page.getByRole('region', { name: 'Totals per series', exact: true });
  await expect(totals.getByRole('img', { name: /^Bar chart: 3 categories, Total$/ })).toBeVisible({ timeout: 30_000 });
  await expect(totals.getByRole('list', { name: 'Legend' })).toHaveCount(0);

  // The Grafana 6 stat: the mean of 10, 20 and 30 in percent, not the last value without a unit.
  const disk = page.getByRole('region', { name: 'Disk used', exact: true });
  await expect(disk.getByTestId('stat-value')).toHaveText('20%', { timeout: 30_000 });

  // The folded row opens onto its panel, placed by the old layout.
  await page.getByRole('button', { name: /^Details/ }).click();
  await expect(page.getByRole('region', { name: 'Latency', exact: true })).toBeVisible();
});
