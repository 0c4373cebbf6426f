/**
 * Dashboards as older Grafana versions exported them draw as Grafana draws them: Grafana 4's
 * `rows` layout (schemaVersion < 16) becomes panels on the grid, an old `graph` keeps the legend
 * its old options describe (not the defaults saved beside them) and becomes a bar chart when its
 * x axis showed one value per series, and a Grafana 6 stat keeps its `options.fieldOptions`.
 */
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

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

test('a gauge writes its threshold labels, and a panel without a title shows none, as in Grafana', async ({ page, server }) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const name = `TestData gauges ${n}`;
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const datasource = { type: 'grafana-testdata-datasource', uid: created.datasource.uid };
  const gauge = (id: number, title: string, x: number) => ({
    id,
    title,
    type: 'gauge',
    datasource,
    gridPos: { x, y: 0, w: 8, h: 8 },
    pluginVersion: '10.4.0',
    targets: [{ refId: 'A', datasource, scenarioId: 'csv_metric_values', stringInput: '10,40,65' }],
    options: {
      reduceOptions: { calcs: ['lastNotNull'], fields: '', values: false },
      showThresholdLabels: true,
      showThresholdMarkers: true,
    },
    fieldConfig: {
      defaults: {
        min: 0,
        max: 100,
        thresholds: {
          mode: 'absolute',
          steps: [
            { color: 'green', value: null },
            { color: '#EAB839', value: 50 },
            { color: 'red', value: 80 },
          ],
        },
      },
      overrides: [],
    },
  });
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Gauges ${n}`,
      schemaVersion: 39,
      time: { from: 'now-1h', to: 'now' },
      panels: [gauge(1, 'Load', 0), gauge(2, '', 8)],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  // The labels Grafana's flot gauge writes: the range's ends and each threshold inside it.
  const load = page.getByRole('region', { name: 'Load', exact: true });
  await expect(load.getByRole('img', { name: 'Thresholds: 0, 100, 50, 80' })).toBeVisible({ timeout: 30_000 });
  await expect(load.getByText('65', { exact: true })).toBeVisible();

  // No title, no "Untitled": the region is named by its id, and its menu waits for the pointer.
  const untitled = page.getByRole('region', { name: 'Panel 2', exact: true });
  await expect(untitled.getByRole('img', { name: 'Thresholds: 0, 100, 50, 80' })).toBeVisible();
  await expect(page.getByText(/untitled/i)).toHaveCount(0);
  const menu = untitled.getByRole('button', { name: 'Menu for panel 2' });
  // The menu's box is what fades in and out.
  const menuBox = menu.locator('xpath=..');
  await expect(menuBox).toHaveCSS('opacity', '0');
  await untitled.hover();
  await expect(menuBox).toHaveCSS('opacity', '1');
  await page.mouse.move(0, 0);
  await expect(menuBox).toHaveCSS('opacity', '0');
  await menu.focus();
  await expect(menuBox).toHaveCSS('opacity', '1');

  await expectAccessibleInBothThemes(page);
});

test('a thresholds time series with the scheme gradient changes colour at its thresholds, and horizontal stats stack', async ({
  page,
  server,
}) => {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData colours ${n}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const datasource = { type: 'grafana-testdata-datasource', uid: created.datasource.uid };
  const thresholds = {
    mode: 'absolute',
    steps: [
      { color: 'green', value: null },
      { color: 'yellow', value: 40 },
      { color: 'red', value: 70 },
    ],
  };
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Colours by value ${n}`,
      schemaVersion: 39,
      time: { from: 'now-1h', to: 'now' },
      panels: [
        {
          id: 1,
          title: 'Temperature',
          type: 'timeseries',
          datasource,
          gridPos: { x: 0, y: 0, w: 12, h: 9 },
          targets: [{ refId: 'A', datasource, scenarioId: 'csv_metric_values', stringInput: '10,20,30,45,55,65,75,85,95' }],
          options: { legend: { displayMode: 'list', placement: 'bottom', showLegend: true } },
          fieldConfig: {
            defaults: { color: { mode: 'thresholds' }, thresholds, custom: { gradientMode: 'scheme', lineWidth: 3, fillOpacity: 25 } },
            overrides: [],
          },
        },
        {
          id: 2,
          title: 'Rooms',
          type: 'stat',
          datasource,
          gridPos: { x: 12, y: 0, w: 8, h: 9 },
          targets: [{ refId: 'A', datasource, scenarioId: 'csv_metric_values', stringInput: '10,40,75' }],
          options: { orientation: 'horizontal', graphMode: 'none', reduceOptions: { values: true, calcs: [], fields: '' } },
          fieldConfig: { defaults: { thresholds }, overrides: [] },
        },
      ],
    },
  });
  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  // The line and its fill run green, yellow and red up the scale: count the canvas' pixels of each hue.
  const temperature = page.getByRole('region', { name: 'Temperature', exact: true });
  const canvas = temperature.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 30_000 });
  const hues = () =>
    canvas.evaluate((el: HTMLCanvasElement) => {
      const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
      const count = { green: 0, yellow: 0, red: 0 };
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
        if (a < 200) continue;
        if (g > 150 && r < 140 && b < 130) count.green++;
        else if (r > 220 && g > 190 && b < 80) count.yellow++;
        else if (r > 220 && g < 100 && b < 110) count.red++;
      }
      return [count.green > 20, count.yellow > 20, count.red > 20];
    });
  await expect.poll(hues, { timeout: 30_000 }).toEqual([true, true, true]);
  await page.screenshot({ path: '/tmp/colours-by-value.png' });

  // Horizontal stats stack one under the other, each the panel's full width.
  const rooms = page.getByRole('region', { name: 'Rooms', exact: true });
  const values = rooms.getByTestId('stat-value');
  await expect(values).toHaveCount(3, { timeout: 30_000 });
  const boxes = await Promise.all([0, 1, 2].map((i) => values.nth(i).boundingBox()));
  const [first, second, third] = boxes.map((b) => b!);
  expect(second!.x).toBeCloseTo(first!.x, 0);
  expect(second!.width).toBeCloseTo(first!.width, 0);
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(third!.y).toBeGreaterThan(second!.y + second!.height - 1);
  expect(first!.width).toBeGreaterThan(first!.height * 2);
});
