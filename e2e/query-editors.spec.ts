/**
 * The query editors against a real Prometheus (Debian's, scraping itself), in Explore: a metric
 * name completed from the data source and picked from the keyboard, a function with its signature,
 * the query run and drawn; a query that does not parse says where under the editor; axe in both
 * themes with the error shown and the completion list open.
 */
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

let prometheus: Backend | undefined;

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prometheus = await startPrometheus({ scrapeSelf: true });
  // A state, not a time: enough scrapes for a graph and for the metric names to be known.
  await waitForSamples(prometheus.url, 'prometheus_http_requests_total', 3);
});

test.afterAll(async () => {
  await prometheus?.stop();
});

/** The first graph waits for the renderer's chunks and the query: on a loaded 2-core machine that passed 20 s. */
const FIRST_DRAW_MS = 60_000;

test('PromQL completes from the data source, runs and draws; a bad query says where; axe in both themes', async ({ page, server }) => {
  test.setTimeout(180_000);
  const name = `Prometheus editors ${Date.now().toString(36)}`;
  const created = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const { token } = await server.tokenFor('Editor');
  const panes = { qe: { datasource: created.datasource.uid, queries: [{ refId: 'A', expr: '' }], range: { from: 'now-15m', to: 'now' } } };
  await connect(page, server, token, `/explore?schemaVersion=1&panes=${encodeURIComponent(JSON.stringify(panes))}&orgId=1`);

  const editor = page.getByRole('textbox', { name: 'PromQL query A' });
  await editor.click();

  // A function, with its signature beside it.
  await page.keyboard.type('su');
  const completions = page.getByRole('listbox');
  // Named as read aloud: the name, then its arguments.
  await expect(completions.getByRole('option', { name: 'sum [by|without (label, …)] (v instant-vector)' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.keyboard.press('Backspace');
  await page.keyboard.press('Backspace');

  // A metric name of this Prometheus, picked from the keyboard.
  await page.keyboard.type('prometheus_http_requests_tot');
  const metric = completions.getByRole('option', { name: 'prometheus_http_requests_total counter' });
  await expect(metric).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveText('prometheus_http_requests_total');

  // A label of that metric inside {}, then one of its values.
  await page.keyboard.type('{ha');
  await expect(completions.getByRole('option', { name: 'handler' })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(editor).toHaveText('prometheus_http_requests_total{handler=""}');
  await expect(completions.getByRole('option', { name: '/metrics' })).toBeVisible();
  await page.keyboard.type('/metr');
  await page.keyboard.press('Enter');
  await expect(editor).toHaveText('prometheus_http_requests_total{handler="/metrics"}');
  await page.screenshot({ path: test.info().outputPath('query-editor-completed.png'), fullPage: true });

  await page.keyboard.press('Shift+Enter');
  const graph = page.getByRole('region', { name: 'Graph' });
  await expect(graph.locator('canvas').first()).toBeVisible({ timeout: FIRST_DRAW_MS });
  await expect(graph.getByRole('img', { name: /prometheus_http_requests_total/ })).toBeVisible();

  // A query that does not parse: the editor says where, before and after the server says why.
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' +');
  const syntax = page.getByText(/^Syntax error at line 1, column \d+: the query ends too soon$/);
  await expect(syntax).toBeVisible();
  const syntaxId = await syntax.getAttribute('id');
  await expect(editor).toHaveAttribute('aria-describedby', new RegExp(syntaxId!.replace(/[^\w]/g, '\\$&')));
  await page.keyboard.press('Shift+Enter');
  await expect(page.getByRole('group', { name: 'Query A' }).getByRole('alert')).toContainText(/parse error/);
  // One axe pass per theme (each is seconds of CPU), over the error and an open list of completions.
  await editor.click();
  await page.keyboard.press('Control+End');
  // A stray ")" keeps the query broken while the list offers the metric again.
  await page.keyboard.type(' ) prometheus_http_requests_tot');
  await expect(page.getByText(/^Syntax error at line 1, column \d+: unexpected "\)/)).toBeVisible();
  await expect(metric).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await expect(metric).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('query-editor-error-dark.png'), fullPage: true });
});
