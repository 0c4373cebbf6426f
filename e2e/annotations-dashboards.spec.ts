/**
 * Annotation queries on live dashboards (Debian's Prometheus scraping itself and a throwaway
 * PostgreSQL), their switches, and the smaller things of issue 28: an unknown address inside the
 * app's frame, the folder page, starred and recently viewed dashboards, and a clean console.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { hasPostgres, hasPrometheus, startPostgres, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessible, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

const POSTGRES_PASSWORD = 'annotations-dashboards-pw';
let prometheus: Backend | undefined;
let postgres: (Backend & { host: string }) | undefined;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test.describe('annotation queries against real data sources', () => {
  test.skip(!hasPrometheus || !hasPostgres, 'needs Debian’s prometheus and postgresql packages (npm test installs them as root)');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    [prometheus, postgres] = await Promise.all([startPrometheus({ scrapeSelf: true }), startPostgres(POSTGRES_PASSWORD)]);
    // Scrapes (1 s apart) over more than two of the annotation query's 5 s steps: fewer, and the
    // step-aligned answer can hold one point, drawn as a point rather than the region asserted.
    await waitForSamples(prometheus.url, 'up{job="prometheus"}', 12);
  });

  test.afterAll(async () => {
    await Promise.all([prometheus?.stop(), postgres?.stop()]);
  });

  async function importAnnotatedDashboard(server: ServerInfo) {
    const n = unique();
    const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
      name: `Prometheus annotations ${n}`,
      type: 'prometheus',
      access: 'proxy',
      url: prometheus!.url,
    });
    const pg = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
      name: `PostgreSQL annotations ${n}`,
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
      title: `Annotated ${n}`,
      time: { from: 'now-15m', to: 'now' },
      annotations: {
        list: [
          { builtIn: 1, datasource: { type: 'grafana', uid: '-- Grafana --' }, enable: true, hide: true, name: 'Annotations & Alerts' },
          // Grafana's older Prometheus shape: expr, step and formats at the top.
          {
            datasource: promRef,
            enable: true,
            name: 'Targets up',
            iconColor: 'green',
            expr: 'up{job="prometheus"}',
            step: '5s',
            titleFormat: 'Up: {{job}}',
            tagKeys: 'job',
          },
          // Grafana's older SQL shape: rawQuery; the text is HTML, sanitised when shown.
          {
            datasource: pgRef,
            enable: true,
            name: 'Deploys',
            iconColor: 'purple',
            rawQuery:
              "SELECT now() - interval '5 minutes' AS time, 'Deploy <b>v2</b><img src=x onerror=\"window.__annotationXss=1\">' AS text, 'deploy,sql' AS tags",
          },
          { datasource: promRef, enable: true, name: 'Broken', expr: 'up{' },
        ],
      },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Up over time',
          datasource: promRef,
          gridPos: { x: 0, y: 0, w: 24, h: 9 },
          targets: [{ refId: 'A', expr: 'up{job="prometheus"}' }],
        },
      ],
    };
    return server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', { dashboard });
  }

  test('Prometheus and PostgreSQL annotation queries draw marks; switches hide them; a failed query says why on its switch', async ({
    page,
    server,
  }) => {
    const { url } = await importAnnotatedDashboard(server);
    await connect(page, server, (await server.tokenFor('Editor')).token, `${server.url}${url}`);
    const panel = page.getByRole('region', { name: 'Up over time' });
    const sqlMark = panel.getByRole('button', { name: /^Annotation at .*: Deploy v2, tags: deploy, sql$/ });
    const promMark = panel.getByRole('button', { name: /^Annotation at .* to .*: Up: prometheus, tags: prometheus$/ });
    await expect(sqlMark).toBeVisible({ timeout: 30_000 });
    await expect(promMark.first()).toBeVisible();

    const controls = page.getByRole('region', { name: 'Annotations', exact: true });
    // The built-in query is hidden: no switch of its own.
    await expect(controls.getByRole('switch')).toHaveCount(3);
    await expect(controls.getByRole('button', { name: /^Annotations Broken failed: .*parse error/i })).toBeVisible();

    // The text is HTML made safe: the emphasis stays, the script does not run.
    await sqlMark.hover();
    const tooltip = panel.locator('[data-testid="graph-tooltip"]').last();
    await expect(tooltip.locator('b')).toHaveText('v2');
    await expect(tooltip.locator('img[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __annotationXss?: number }).__annotationXss)).toBeUndefined();

    const deploys = controls.getByRole('switch', { name: 'Deploys' });
    await expect(deploys).toBeChecked();
    await deploys.uncheck({ force: true });
    await expect(sqlMark).toHaveCount(0);
    await expect(promMark.first()).toBeVisible();
    await deploys.check({ force: true });
    await expect(sqlMark).toBeVisible();

    await controls.getByRole('switch', { name: 'Targets up' }).uncheck({ force: true });
    await expect(promMark).toHaveCount(0);
    await expect(sqlMark).toBeVisible();
    await expectAccessible(page);
  });
});

test('an unknown address shows "Page not found" inside the app, with the navigation and a way home', async ({ page, server }) => {
  await connect(page, server, (await server.tokenFor('Viewer')).token, `${server.url}/no/such/page`);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Data sources' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to dashboards' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
});

test('a folder name opens the folder page with its dashboards and its permissions', async ({ page, server }) => {
  const n = unique();
  const folder = await server.api<{ uid: string; title: string }>('POST', '/api/folders', { title: `Folder page ${n}` });
  await server.api('POST', '/api/dashboards/db', { folderUid: folder.uid, dashboard: { title: `In the folder ${n}`, panels: [] } });
  await connect(page, server, (await server.tokenFor('Admin')).token, `${server.url}/dashboards`);
  await page.getByRole('link', { name: folder.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboards/f/${folder.uid}/`));
  await expect(page.getByRole('heading', { level: 1, name: folder.title })).toBeVisible();
  const contents = page.getByRole('list', { name: `Contents of ${folder.title}` });
  await expect(contents.getByRole('link', { name: `In the folder ${n}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Permissions' })).toHaveAttribute('href', `/dashboards/f/${folder.uid}/permissions`);
  await expectAccessibleInBothThemes(page);
});

test('the dashboards page shows starred and recently viewed dashboards, newest visit first', async ({ page, server }) => {
  const n = unique();
  const viewer = await server.tokenFor('Viewer');
  const first = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
    dashboard: { title: `Seen first ${n}`, panels: [] },
  });
  const second = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
    dashboard: { title: `Seen second ${n}`, panels: [] },
  });
  const starred = await server.api<{ uid: string }>('POST', '/api/dashboards/db', { dashboard: { title: `Starred one ${n}`, panels: [] } });
  await server.api('POST', `/api/user/stars/dashboard/uid/${starred.uid}`, undefined, viewer.token);

  await connect(page, server, viewer.token);
  for (const { url } of [first, second]) {
    await page.goto(`${server.url}${url}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Seen');
  }
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Dashboards' }).click();
  const recent = page.getByRole('region', { name: 'Recently viewed dashboards' });
  await expect(recent.getByRole('link')).toHaveText([`Seen second ${n}`, `Seen first ${n}`]);
  await expect(page.getByRole('region', { name: 'Starred dashboards' }).getByRole('link', { name: `Starred one ${n}` })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // A search shows results only.
  await page.getByLabel('Search dashboards').fill(`Seen first ${n}`);
  await expect(recent).toHaveCount(0);
});

test('no console error or warning while visiting each section', async ({ page, server }) => {
  const n = unique();
  const ds = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Console clean ${n}`,
    type: 'prometheus',
    access: 'proxy',
    url: 'http://127.0.0.1:9',
  });
  const dashboard = await server.api<{ url: string }>('POST', '/api/dashboards/db', { dashboard: { title: `Console ${n}`, panels: [] } });
  await connect(page, server, (await server.tokenFor('Admin')).token);
  const logged: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') logged.push(`${page.url()}: ${message.type()}: ${message.text()}`);
  };
  page.on('console', listen);
  page.on('pageerror', (error) => logged.push(`${page.url()}: uncaught: ${error.message}`));
  const sections: Array<[string, (p: Page) => Promise<void>]> = [
    ['/dashboards', (p) => expect(p.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible()],
    [dashboard.url, (p) => expect(p.getByRole('heading', { level: 1 })).toContainText(`Console ${n}`)],
    ['/datasources', (p) => expect(p.getByRole('heading', { level: 1, name: 'Data sources' })).toBeVisible()],
    ['/datasources/new', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    [
      `/datasources/edit/${ds.datasource.uid}`,
      (p) => expect(p.getByRole('heading', { level: 1, name: `Console clean ${n}` })).toBeVisible(),
    ],
    ['/serviceaccounts', (p) => expect(p.getByRole('heading', { level: 1, name: 'Service accounts' })).toBeVisible()],
    ['/users', (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/org/teams', (p) => expect(p.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible()],
    ['/annotations', (p) => expect(p.getByRole('heading', { level: 1, name: 'Annotations' })).toBeVisible()],
  ];
  for (const [path, loaded] of sections) {
    // A full load each: the route preload only runs on the first page of a visit.
    await page.goto(`${server.url}${path}`);
    await loaded(page);
    await page.waitForLoadState('load');
  }
  expect(logged).toEqual([]);
});
