/**
 * The dashboard's chrome (issue 28 items 2, 7 and 10): a compact header (title, star, time picker,
 * zoom and a readable refresh picker on one line, variables on one row below), the app's menu on a
 * phone, kiosk mode (`?kiosk`, Esc leaves) and Grafana's keyboard shortcuts.
 */
import type { Page } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 800 };

async function createDashboard(server: ServerInfo): Promise<{ url: string; title: string }> {
  const n = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const testData = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `TestData header ${n}`,
    type: 'grafana-testdata-datasource',
    access: 'proxy',
  });
  const ref = { type: 'grafana-testdata-datasource', uid: testData.datasource.uid };
  const panel = (id: number, title: string, x: number, y: number) => ({
    id,
    type: 'timeseries',
    title,
    gridPos: { x, y, w: 12, h: 8 },
    datasource: ref,
    targets: [{ refId: 'A', datasource: ref, scenarioId: 'random_walk' }],
  });
  const title = `Checkout service overview ${n}`;
  const saved = await server.api<{ url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title,
      tags: ['checkout', 'production'],
      time: { from: 'now-1h', to: 'now' },
      refresh: '30s',
      links: [{ title: 'Runbook', type: 'link', url: 'https://runbooks.example/checkout' }],
      templating: {
        list: [
          {
            name: 'zone',
            label: 'Zone',
            type: 'custom',
            query: 'eu-west,us-east,ap-south',
            multi: true,
            includeAll: true,
            current: { text: ['eu-west'], value: ['eu-west'] },
            options: [],
          },
          {
            name: 'instance',
            label: 'Instance',
            type: 'custom',
            query: 'checkout-1,checkout-2',
            current: { text: 'checkout-1', value: 'checkout-1' },
            options: [],
          },
          { name: 'cluster', label: 'Cluster', type: 'textbox', query: 'prod' },
        ],
      },
      panels: [panel(1, 'Requests', 0, 0), panel(2, 'Errors', 12, 0), panel(3, 'Latency', 0, 8), panel(4, 'Saturation', 12, 8)],
    },
  });
  return { url: saved.url, title };
}

async function openDashboard(page: Page, server: ServerInfo, url: string) {
  await page.goto(`${server.url}${url}`);
  // The first visit also loads the app's code, on a machine other tests keep busy.
  await expect(page.getByRole('region', { name: 'Requests', exact: true })).toBeVisible({ timeout: 60_000 });
}

// Journeys with several axe runs on a busy two-core machine: room for them, never a wait.
test.describe.configure({ timeout: 300_000 });

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the header is one line above one row of variables, and the first panel starts within 150 px of the top', async ({ page, server }) => {
  const { url, title } = await createDashboard(server);
  await page.setViewportSize(DESKTOP);
  await connect(page, server, server.adminToken);
  await openDashboard(page, server, url);

  const heading = page.getByRole('heading', { level: 1, name: title });
  const timeRange = page.getByRole('button', { name: /^Time range/ });
  const refreshPicker = page.getByRole('button', { name: 'Auto refresh: 30s' });
  await expect(refreshPicker).toHaveText('30s');
  const star = page.getByRole('button', { name: 'Mark as favorite' });
  const zoom = page.getByRole('button', { name: 'Zoom out time range' });
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  // One line: every control's middle within a few pixels of the title's.
  const middle = async (locator: ReturnType<Page['locator']>) => {
    const box = (await locator.boundingBox())!;
    return box.y + box.height / 2;
  };
  const titleMiddle = await middle(heading);
  for (const control of [star, timeRange, zoom, refreshPicker, edit])
    expect(Math.abs((await middle(control)) - titleMiddle)).toBeLessThan(6);

  // The variables on one row below it.
  const variables = page.getByRole('region', { name: 'Variables' });
  const zone = variables.getByRole('combobox', { name: 'Zone' });
  const instance = variables.getByRole('combobox', { name: 'Instance' });
  const cluster = variables.getByRole('textbox', { name: 'Cluster' });
  const rowMiddle = await middle(instance);
  expect(rowMiddle).toBeGreaterThan(titleMiddle);
  for (const control of [zone, cluster]) expect(Math.abs((await middle(control)) - rowMiddle)).toBeLessThan(6);
  await expect(page.getByRole('navigation', { name: 'Dashboard links' }).getByRole('link', { name: 'Runbook' })).toBeVisible();

  const firstPanel = (await page.getByRole('region', { name: 'Requests', exact: true }).boundingBox())!;
  expect(firstPanel.y).toBeLessThanOrEqual(150);

  // The refresh picker is a menu of intervals; picking one shows it and puts it in the URL.
  await refreshPicker.click();
  await page.getByRole('menuitem', { name: '1m' }).click();
  await expect(page.getByRole('button', { name: 'Auto refresh: 1m' })).toHaveText('1m');
  await expect(page).toHaveURL(/refresh=1m/);

  await expect(page.locator('[data-panel-state="done"]')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('header-1440x900.png') });
  await expectAccessibleInBothThemes(page);
  await page.screenshot({ path: test.info().outputPath('header-1440x900-dark.png') });
});

test('keyboard shortcuts: ? lists them, v views the hovered panel, t z zooms out, d k enters kiosk, Esc leaves', async ({
  page,
  server,
}) => {
  const { url } = await createDashboard(server);
  await page.setViewportSize(DESKTOP);
  await connect(page, server, server.adminToken);
  await openDashboard(page, server, url);

  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('rowheader', { name: 'D then K' })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // v with the mouse over a panel: that panel alone, filling the window below the header.
  await page.getByRole('region', { name: 'Latency', exact: true }).hover();
  await page.keyboard.press('v');
  await expect(page).toHaveURL(/viewPanel=3/);
  await expect(page.getByRole('region', { name: 'Requests', exact: true })).toHaveCount(0);
  const viewed = (await page.getByRole('region', { name: 'Latency', exact: true }).boundingBox())!;
  expect(viewed.y + viewed.height).toBeGreaterThan(DESKTOP.height - 40);
  expect(viewed.y + viewed.height).toBeLessThanOrEqual(DESKTOP.height);
  expect(viewed.width).toBeGreaterThan(1000);
  await page.screenshot({ path: test.info().outputPath('view-panel-1440x900.png') });
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/viewPanel/);
  await expect(page.getByRole('region', { name: 'Requests', exact: true })).toBeVisible();

  // Typing in a field is typing: a variable's textbox takes "v" and "d k" as text.
  const cluster = page.getByRole('textbox', { name: 'Cluster' });
  await cluster.click();
  await page.keyboard.type('vdk');
  await expect(cluster).toHaveValue('prodvdk');
  await expect(page).not.toHaveURL(/viewPanel|kiosk/);
  await cluster.blur();

  // t z: zoom out, written to the URL as an absolute range.
  const timeRange = page.getByRole('button', { name: /^Time range/ });
  await expect(timeRange).toHaveAccessibleName('Time range: Last 1 hour');
  await page.mouse.move(5, DESKTOP.height - 5);
  await page.keyboard.press('t');
  await page.keyboard.press('z');
  await expect(page).toHaveURL(/from=\d+&to=\d+/);
  await expect(timeRange).not.toHaveAccessibleName('Time range: Last 1 hour');

  // d k: kiosk; Esc leaves it.
  await page.keyboard.press('d');
  await page.keyboard.press('k');
  await expect(page).toHaveURL(/kiosk/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page).not.toHaveURL(/kiosk/);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Time range/ })).toBeVisible();
});

test('kiosk mode from the URL shows the panels alone, and Esc brings the header back', async ({ page, server }) => {
  const { url, title } = await createDashboard(server);
  await page.setViewportSize(DESKTOP);
  await connect(page, server, server.adminToken, `${server.url}${url}?kiosk`);
  const first = page.getByRole('region', { name: 'Requests', exact: true });
  await expect(first).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Time controls' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Variables' })).toHaveCount(0);
  // The page keeps its heading for assistive technology, and the panels take the whole width.
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(1);
  const box = (await first.boundingBox())!;
  expect(box.y).toBeLessThan(20);
  expect(box.x).toBeLessThan(20);
  await expect(page.locator('[data-panel-state="done"]')).toHaveCount(4);
  await page.screenshot({ path: test.info().outputPath('kiosk-1440x900.png') });
  await expectAccessibleInBothThemes(page);

  await page.keyboard.press('Escape');
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Time controls' })).toBeVisible();
  await expect(page).not.toHaveURL(/kiosk/);

  // kiosk=1 and kiosk=true mean the same; kiosk=false does not.
  await page.goto(`${server.url}${url}?kiosk=1`);
  await expect(first).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(0);
  await page.goto(`${server.url}${url}?kiosk=false`);
  await expect(page.getByRole('banner')).toBeVisible();
});

test('on a phone the navigation is a menu that reaches Sign out, and nothing scrolls sideways', async ({ page, server }) => {
  const { url, title } = await createDashboard(server);
  await page.setViewportSize(PHONE);
  await connect(page, server, server.adminToken);
  await openDashboard(page, server, url);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Variables' }).getByRole('textbox', { name: 'Cluster' })).toBeVisible();
  await expect(page.locator('[data-panel-state="done"]').first()).toBeVisible();
  expect(await noHorizontalScroll(page)).toBe(true);
  // Everything in the header fits inside the screen.
  for (const control of [
    page.getByRole('button', { name: /^Time range/ }),
    page.getByRole('button', { name: /^Auto refresh/ }),
    page.getByRole('button', { name: 'Edit', exact: true }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await expect(signOut).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('phone-375x800.png'), fullPage: true });

  const menu = page.getByRole('button', { name: 'Open menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
  const navigation = page.getByRole('navigation', { name: 'Sections' });
  await expect(navigation.getByRole('link', { name: 'Data sources' })).toBeVisible();
  await expect(signOut).toBeVisible();
  await expect(signOut).toBeInViewport({ ratio: 1 });
  expect(await noHorizontalScroll(page)).toBe(true);
  await page.screenshot({ path: test.info().outputPath('phone-375x800-menu.png') });
  await expectAccessibleInBothThemes(page);
  await signOut.click();
  await expect(page).toHaveURL(/\/(login|connect)/);
});
