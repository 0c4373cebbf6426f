import type { Page } from '@playwright/test';
import { connect, expect, expectAccessible, test, type ServerInfo } from './fixtures';

const MIN = 60_000;
const AXIS = 32;
const LANE = 30;

interface Seeded {
  n: string;
  from: number;
  to: number;
  url: string;
}

async function seed(server: ServerInfo): Promise<Seeded> {
  const n = Date.now().toString(36);
  // A fixed hour a day ago, away from anything other tests create "now".
  const from = Math.floor((Date.now() - 26 * 60 * MIN) / MIN) * MIN;
  const to = from + 60 * MIN;
  await server.api('POST', '/api/dashboards/db', {
    dashboard: { uid: `ann-${n}`, title: `Shop ${n}`, panels: [{ id: 4, type: 'timeseries', title: 'Orders' }] },
  });
  await server.api('POST', '/api/annotations', {
    dashboardUID: `ann-${n}`,
    panelId: 4,
    time: from + 15 * MIN,
    tags: [`deploy-${n}`],
    text: `deployed ${n}`,
  });
  await server.api('POST', '/api/annotations', {
    dashboardUID: `ann-${n}`,
    time: from + 30 * MIN,
    timeEnd: from + 45 * MIN,
    tags: [`incident-${n}`],
    text: `outage ${n}`,
  });
  await server.api('POST', '/api/annotations', { time: from + 50 * MIN, tags: [`deploy-${n}`], text: `org note ${n}` });
  return { n, from, to, url: `${server.url}/annotations?from=${from}&to=${to}&q=${n}` };
}

/** Where a time in a lane is on the page, from what the canvas says about its scale. */
async function pointOf(page: Page, time: number, laneLabel: string) {
  const canvas = page.getByRole('img', { name: /Timeline of/ });
  const attr = async (name: string) => (await canvas.getAttribute(name))!;
  const scale = () =>
    Promise.all(['data-from', 'data-to', 'data-plot-left', 'data-plot-width'].map(async (n) => Number((await attr(n)) ?? NaN)));
  // The scale is written when the canvas first draws (the next animation frame), not with the element.
  await expect.poll(async () => (await scale()).every((v) => Number.isFinite(v) && v > 0)).toBe(true);
  const [from, to, left, width] = await scale();
  const box = (await canvas.boundingBox())!;
  const lanes = (await attr('data-lanes')).split('\n');
  const lane = lanes.indexOf(laneLabel);
  expect(lane, `lane ${laneLabel} in ${lanes.join(', ')}`).toBeGreaterThanOrEqual(0);
  return { x: box.x + left! + ((time - from!) / (to! - from!)) * width!, y: box.y + AXIS + lane * LANE + LANE / 2 };
}

const range = (page: Page) => {
  const url = new URL(page.url());
  return { from: Number(url.searchParams.get('from')), to: Number(url.searchParams.get('to')) };
};

/** Connects as an Editor and opens the seeded range. */
async function openSeeded(page: Page, server: ServerInfo, query = ''): Promise<Seeded> {
  const s = await seed(server);
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, `${s.url}${query}`);
  await expect(page.getByRole('img', { name: /Timeline of 3 annotations/ })).toBeVisible();
  return s;
}

const annotationTexts = async (server: ServerInfo, s: Seeded) =>
  (await server.api<Array<{ text: string }>>('GET', `/api/annotations?from=${s.from}&to=${s.to}`)).map((x) => x.text);

test.describe('annotations timeline', () => {
  test('marks sit at their times: hovering one shows it, a click opens it and the card goes', async ({ page, server }) => {
    const s = await openSeeded(page, server);
    const point = await pointOf(page, s.from + 15 * MIN, `Shop ${s.n}`);
    await page.mouse.move(point.x, point.y);
    await expect(page.getByRole('tooltip')).toContainText(`deployed ${s.n}`);
    await page.mouse.move(point.x + 40, point.y);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    const region = await pointOf(page, s.from + 37 * MIN, `Shop ${s.n}`);
    await page.mouse.move(region.x, region.y);
    await expect(page.getByRole('tooltip')).toContainText(`outage ${s.n}`);
    await expect(page.getByRole('tooltip')).toContainText('for 15 min');
    const org = await pointOf(page, s.from + 50 * MIN, 'Organization');
    await page.mouse.move(org.x, org.y);
    await expect(page.getByRole('tooltip')).toContainText(`org note ${s.n}`);
    await expectAccessible(page);

    // A click selects: the side panel opens and the hover card does not stay over it.
    await page.mouse.click(org.x, org.y);
    await expect(page.getByRole('complementary', { name: 'Selected annotation' })).toContainText(`org note ${s.n}`);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });

  test('the wheel zooms and a drag pans; the axis and the plot say which by their cursor', async ({ page, server }) => {
    const s = await openSeeded(page, server);
    const canvas = page.getByRole('img', { name: /Timeline of/ });
    const box = (await canvas.boundingBox())!;
    const point = await pointOf(page, s.from + 15 * MIN, `Shop ${s.n}`);
    await page.mouse.move(point.x, box.y + AXIS / 2);
    await expect(canvas).toHaveCSS('cursor', 'col-resize');
    await page.mouse.move(point.x + 20, point.y);
    await expect(canvas).toHaveCSS('cursor', 'grab');

    await page.mouse.move(point.x, point.y);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => range(page).to - range(page).from).toBeLessThan(59 * MIN);
    const zoomed = range(page);
    expect(zoomed.from).toBeGreaterThan(s.from);

    // Pan by dragging right: earlier times come into view.
    await page.mouse.move(point.x, point.y + 8);
    await page.mouse.down();
    await page.mouse.move(point.x + 150, point.y + 8, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => range(page).from).toBeLessThan(zoomed.from);
    expect(range(page).to - range(page).from).toBeCloseTo(zoomed.to - zoomed.from, -3);
  });

  test('a tag filter narrows the timeline and the list', async ({ page, server }) => {
    const s = await openSeeded(page, server);
    await page.getByRole('combobox', { name: 'Tags' }).click();
    await page.getByRole('option', { name: `deploy-${s.n}` }).click();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(new RegExp(`tags=deploy-${s.n}`));
    await expect(page.getByRole('img', { name: /Timeline of 2 annotations/ })).toBeVisible();
    const table = page.getByRole('table', { name: 'Annotations in range' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table).not.toContainText(`outage ${s.n}`);
  });

  test('shift-dragging on the plot creates a region, which can then be edited', async ({ page, server }) => {
    const s = await openSeeded(page, server);
    const a = await pointOf(page, s.from + 5 * MIN, 'Organization');
    const b = await pointOf(page, s.from + 10 * MIN, 'Organization');
    await page.keyboard.down('Shift');
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
    await page.keyboard.up('Shift');
    const form = page.getByRole('dialog', { name: 'New annotation' });
    await expect(form).toBeVisible();
    await form.getByLabel('Text').fill(`maintenance ${s.n}`);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Add annotation' }).click();
    await expect(page.getByText('Annotation added')).toBeVisible();
    const created = (
      await server.api<Array<{ text: string; time: number; timeEnd: number }>>('GET', `/api/annotations?from=${s.from}&to=${s.to}`)
    ).find((x) => x.text === `maintenance ${s.n}`)!;
    expect(Math.abs(created.time - (s.from + 5 * MIN))).toBeLessThan(30_000);
    expect(Math.abs(created.timeEnd - (s.from + 10 * MIN))).toBeLessThan(30_000);

    await page.getByRole('button', { name: new RegExp(`Select annotation .*: maintenance ${s.n}`) }).click();
    const details = page.getByRole('complementary', { name: 'Selected annotation' });
    await details.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit annotation' }).getByLabel('Text').fill(`planned maintenance ${s.n}`);
    await page.getByRole('dialog', { name: 'Edit annotation' }).getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Annotation updated')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Annotations in range' }).getByText(`planned maintenance ${s.n}`)).toBeVisible();
  });

  test('a delete waits for Undo: undone, it stays after the undo window', async ({ page, server }) => {
    // The page's clock is ours: the six-second undo window passes when the test says so.
    await page.clock.install();
    const s = await openSeeded(page, server);
    const table = page.getByRole('table', { name: 'Annotations in range' });
    await page.getByRole('button', { name: new RegExp(`Select annotation .*: org note ${s.n}`) }).click();
    await page.getByRole('complementary', { name: 'Selected annotation' }).getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByText(`org note ${s.n}`)).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByText('Delete undone')).toBeVisible();
    await expect(table.getByText(`org note ${s.n}`)).toBeVisible();
    await page.clock.runFor(6_500);
    await expect(table.getByText(`org note ${s.n}`)).toBeVisible();
    expect(await annotationTexts(server, s)).toContain(`org note ${s.n}`);
  });

  test('a delete not undone happens when the undo window ends, and holds after a reload', async ({ page, server }) => {
    await page.clock.install();
    const s = await openSeeded(page, server);
    const table = page.getByRole('table', { name: 'Annotations in range' });
    await page.getByRole('button', { name: new RegExp(`Select annotation .*: org note ${s.n}`) }).click();
    await page.getByRole('complementary', { name: 'Selected annotation' }).getByRole('button', { name: 'Delete' }).click();
    await expect(table.getByText(`org note ${s.n}`)).toHaveCount(0);
    expect(await annotationTexts(server, s)).toContain(`org note ${s.n}`);
    await page.clock.runFor(6_500);
    await expect.poll(() => annotationTexts(server, s), { timeout: 15_000 }).not.toContain(`org note ${s.n}`);
    await page.reload();
    await expect(page.getByRole('img', { name: /Timeline of 2 annotations/ })).toBeVisible();
    await expect(table.getByText(`org note ${s.n}`)).toHaveCount(0);
  });

  test('a custom range is said with its dates and can be changed from there', async ({ page, server }) => {
    const s = await openSeeded(page, server);
    const day = new Date(s.from).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
    await expect(page.getByText(new RegExp(`${day}.*–.*`))).toBeVisible();
    await page.getByRole('button', { name: 'Change range' }).click();
    await expect(page.getByLabel('From', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}T/);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(/^\d{4}-\d{2}-\d{2}T/);
    await expectAccessible(page);
  });

  test('the range and filters live in the URL, and a picked range on the axis becomes the range', async ({ page, server }) => {
    const s = await seed(server);
    await connect(page, server, server.adminToken, `${s.url}&lanes=tag`);
    await expect(page.getByRole('img', { name: /Timeline of 3 annotations/ })).toBeVisible();
    expect((await page.getByRole('img', { name: /Timeline of/ }).getAttribute('data-lanes'))!.split('\n')).toEqual([
      `deploy-${s.n}`,
      `incident-${s.n}`,
    ]);
    const canvas = (await page.getByRole('img', { name: /Timeline of/ }).boundingBox())!;
    const start = await pointOf(page, s.from + 20 * MIN, `deploy-${s.n}`);
    const end = await pointOf(page, s.from + 40 * MIN, `deploy-${s.n}`);
    await page.mouse.move(start.x, canvas.y + 10);
    await page.mouse.down();
    await page.mouse.move(end.x, canvas.y + 10, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => range(page).from).toBeGreaterThan(s.from + 19 * MIN);
    expect(range(page).to).toBeLessThan(s.from + 41 * MIN);
    await expect(page.getByRole('img', { name: /Timeline of 1 annotation / })).toBeVisible();
  });

  test('a Viewer sees no create, edit or delete', async ({ page, server }) => {
    const s = await seed(server);
    const { token } = await server.tokenFor('Viewer');
    await connect(page, server, token, s.url);
    await expect(page.getByRole('img', { name: /Timeline of 3 annotations/ })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add annotation' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Delete .* shown/ })).toHaveCount(0);
    const empty = await pointOf(page, s.from + 5 * MIN, 'Organization');
    await page.mouse.click(empty.x, empty.y);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: new RegExp(`Select annotation .*: deployed ${s.n}`) }).click();
    const details = page.getByRole('complementary', { name: 'Selected annotation' });
    await expect(details).toContainText(`deployed ${s.n}`);
    await expect(details.getByRole('button', { name: /Edit|Delete/ })).toHaveCount(0);
    await expectAccessible(page);
  });
});
