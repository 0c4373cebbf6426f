/**
 * The remaining panel types (issue 28 item 3) on real data: heatmaps of a real Prometheus
 * histogram (its own request durations, `format: heatmap`) and calculated from a raw series, logs
 * from a Loki-API server, and the dashboard and annotation lists over Sightline's own API. Each
 * draws, reads out its numbers, passes axe in both themes, and is screenshotted.
 */
import { hasPrometheus, startFakeLoki, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

let prometheus: Backend | undefined;
let loki: Awaited<ReturnType<typeof startFakeLoki>> | undefined;
const HISTOGRAM = 'prometheus_http_request_duration_seconds_bucket{handler="/metrics"}';

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [prometheus, loki] = await Promise.all([startPrometheus({ scrapeSelf: true }), startFakeLoki()]);
  // A state, not a time: scrapes (1 s apart) over more than two of the panels' 5 s steps, so
  // every step-aligned range query has at least two columns however soon the page asks.
  await waitForSamples(prometheus.url, HISTOGRAM, 12);
  const nowNs = BigInt(Date.now()) * 1_000_000n;
  const second = 1_000_000_000n;
  const lines: Array<[bigint, string]> = [
    [nowNs - 40n * second, 'level=info msg="server started" port=8080'],
    [nowNs - 30n * second, 'level=warn msg="slow request" path=/api/search took=2.3s'],
    [nowNs - 20n * second, 'level=error msg="upstream failed" status=502'],
    [nowNs - 19n * second, 'level=error msg="upstream failed" status=502'],
    [nowNs - 10n * second, 'level=debug msg="cache hit" key=dashboards'],
  ];
  const pushed = await fetch(`${loki.url}/loki/api/v1/push`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      streams: [{ stream: { job: 'app', pod: 'app-1' }, values: lines.map(([ns, line]) => [String(ns), line]) }],
    }),
  });
  expect(pushed.status).toBe(204);
});

test.afterAll(async () => {
  await Promise.all([prometheus?.stop(), loki?.stop()]);
});

test('heatmap, logs, dashboard list and annotation list draw real data and pass axe', async ({ page, server }) => {
  test.setTimeout(300_000);
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Prometheus panel types 2 ${n}`,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
    jsonData: { timeInterval: '1s' },
  });
  const lokiDs = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Loki panel types 2 ${n}`,
    type: 'loki',
    access: 'proxy',
    url: loki!.url,
  });
  const promRef = { type: 'prometheus', uid: prom.datasource.uid };
  const lokiRef = { type: 'loki', uid: lokiDs.datasource.uid };
  const panel = (id: number, type: string, title: string, extra: Record<string, unknown>) => ({
    id,
    type,
    title,
    gridPos: { x: ((id - 1) % 2) * 12, y: Math.floor((id - 1) / 2) * 9, w: 12, h: 9 },
    ...extra,
  });
  const title = `Panel types two ${n}`;
  const saved = await server.api<{ url: string; uid: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title,
      time: { from: 'now-5m', to: 'now' },
      panels: [
        panel(1, 'heatmap', 'Request durations', {
          datasource: promRef,
          targets: [
            { refId: 'A', datasource: promRef, expr: HISTOGRAM, format: 'heatmap', legendFormat: '{{le}}', range: true, interval: '5s' },
          ],
          options: {
            calculate: false,
            color: { mode: 'scheme', scheme: 'Spectral', steps: 64, exponent: 0.5, fill: 'dark-orange', reverse: false },
            yAxis: { axisPlacement: 'left', unit: 's' },
            legend: { show: true },
            tooltip: { mode: 'single' },
          },
        }),
        panel(2, 'heatmap', 'Scrape durations', {
          datasource: promRef,
          targets: [{ refId: 'A', datasource: promRef, expr: 'scrape_duration_seconds', range: true, interval: '5s' }],
          options: { calculate: true, color: { mode: 'opacity', fill: 'dark-orange', scale: 'exponential', exponent: 0.5, steps: 32 } },
          fieldConfig: { defaults: { unit: 's' }, overrides: [] },
        }),
        panel(3, 'logs', 'App logs', {
          datasource: lokiRef,
          targets: [{ refId: 'A', datasource: lokiRef, expr: '{job="app"}', queryType: 'range' }],
          options: { showTime: true, wrapLogMessage: true, sortOrder: 'Descending', enableLogDetails: true, dedupStrategy: 'exact' },
        }),
        panel(4, 'dashlist', 'Dashboards', {
          options: { showStarred: true, showRecentlyViewed: true, showSearch: true, query: title, maxItems: 5, keepTime: true },
        }),
        panel(5, 'annolist', 'Changes', {
          options: {
            onlyFromThisDashboard: true,
            showUser: true,
            showTime: true,
            showTags: true,
            navigateBefore: '10m',
            navigateAfter: '10m',
          },
        }),
      ],
    },
  });
  const annotationTime = Date.now() - 60_000;
  await server.api('POST', '/api/annotations', {
    dashboardUID: saved.uid,
    panelId: 1,
    time: annotationTime,
    text: 'Deployed the <b>new</b> build',
    tags: ['deploy'],
  });
  await server.api('POST', `/api/user/stars/dashboard/uid/${saved.uid}`);

  await connect(page, server, server.adminToken, `${server.url}${saved.url}`);

  const durations = page.getByRole('region', { name: 'Request durations', exact: true });
  // The first panel waits for the dashboard, its chunks and its query: long on a loaded machine.
  await expect(durations.getByRole('img', { name: /^Heatmap: \d+ buckets over \d+ intervals/ })).toBeVisible({ timeout: 90_000 });
  // The histogram's bounds label the y axis in the panel's unit; the counts are readable as a table.
  await expect(durations.getByRole('table', { name: 'Request durations' })).toContainText('+Inf');
  await expect(durations.getByText('No data')).toHaveCount(0);
  const scrapes = page.getByRole('region', { name: 'Scrape durations', exact: true });
  await expect(scrapes.getByRole('img', { name: /^Heatmap: \d+ buckets over \d+ intervals, count from/ })).toBeVisible({ timeout: 60_000 });

  const logs = page.getByRole('region', { name: 'App logs', exact: true });
  // Five lines, the two equal errors folded into one.
  const lines = logs.getByRole('list', { name: 'Log lines of App logs: 4' });
  await expect(lines).toBeVisible({ timeout: 60_000 });
  await expect(lines.getByRole('listitem').first()).toContainText('cache hit');
  await expect(lines.getByRole('listitem').nth(1)).toContainText('2x');
  await lines.getByRole('button', { name: /upstream failed/ }).click();
  await expect(lines.getByRole('table', { name: 'Details of the line' })).toContainText('podapp-1');

  const dashboards = page.getByRole('region', { name: 'Dashboards', exact: true });
  await expect(dashboards.getByRole('region', { name: 'Starred dashboards' }).getByRole('link', { name: title })).toBeVisible({
    timeout: 60_000,
  });
  await expect(dashboards.getByRole('region', { name: 'Recently viewed dashboards' }).getByRole('link', { name: title })).toBeVisible();
  await expect(dashboards.getByRole('region', { name: 'Search' }).getByRole('link', { name: title })).toHaveAttribute(
    'href',
    /\?from=now-5m&to=now$/,
  );

  const changes = page.getByRole('region', { name: 'Changes', exact: true });
  await expect(changes.getByRole('button', { name: /Deployed the new build/ })).toBeVisible({ timeout: 60_000 });
  await expect(changes.getByRole('button', { name: 'Show only annotations tagged deploy' })).toBeVisible();

  await page.mouse.move(0, 0);
  await expectAccessibleInBothThemes(page);
  await page.screenshot({ path: test.info().outputPath('panel-types-2-dark.png'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
  await page.screenshot({ path: test.info().outputPath('panel-types-2-light.png'), fullPage: true });

  // Choosing the annotation moves the dashboard to 10 minutes either side of it and opens its panel.
  await changes.getByRole('button', { name: /Deployed the new build/ }).click();
  await expect(page).toHaveURL(new RegExp(`from=${annotationTime - 600_000}&to=${annotationTime + 600_000}&viewPanel=1`));
});
