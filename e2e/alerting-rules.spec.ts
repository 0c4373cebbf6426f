/**
 * The alerting pages against a real Prometheus: a rule on `vector(1) > 0` (made through the
 * provisioning API) fires; the list shows it Firing with the totals and keeps its state filter in
 * the URL; the rule's page shows the instance and the graph; pause and resume; an instance is
 * silenced from the rule's page, listed on the silences page and expired; the rule is deleted. A
 * Viewer sees the same pages without edit controls. Every page is checked with axe in both themes.
 */
import { hasPrometheus, startPrometheus, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

let prometheus: Backend | undefined;

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prometheus = await startPrometheus();
});

test.afterAll(async () => {
  await prometheus?.stop();
});

/** Evaluation every 10 s, the first graph's renderer chunks on a loaded machine: states, never sleeps. */
const FIRES_MS = 90_000;
const FIRST_DRAW_MS = 60_000;

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface RuleStates {
  data: { groups: Array<{ rules: Array<{ uid: string; state: string }> }> };
}

/** A folder, a Prometheus data source and a rule that fires at once (`vector(1) > 0`, no pending period). */
async function firingRule(server: ServerInfo, title: string) {
  const id = unique();
  const ds = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Prometheus alerting ${id}`,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const folder = await server.api<{ uid: string; title: string }>('POST', '/api/folders', { title: `Alerts ${id}` });
  // One group evaluated every 10 s (a rule made alone would join a group of a minute).
  const uid = `e2e-${id}`;
  await server.api('PUT', `/api/v1/provisioning/folder/${folder.uid}/rule-groups/always`, {
    interval: 10,
    rules: [
      {
        uid,
        title,
        condition: 'C',
        for: '0s',
        labels: { team: 'e2e' },
        annotations: { summary: 'Always one' },
        data: [
          {
            refId: 'A',
            datasourceUid: ds.datasource.uid,
            relativeTimeRange: { from: 600, to: 0 },
            model: { refId: 'A', expr: 'vector(1)', instant: true },
          },
          { refId: 'B', datasourceUid: '__expr__', model: { refId: 'B', type: 'reduce', reducer: 'last', expression: 'A' } },
          {
            refId: 'C',
            datasourceUid: '__expr__',
            model: { refId: 'C', type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'gt', params: [0] } }] },
          },
        ],
      },
    ],
  });
  const rule = { uid };
  await expect
    .poll(
      async () => {
        const states = await server.api<RuleStates>('GET', `/api/prometheus/grafana/api/v1/rules?rule_uid=${rule.uid}`);
        return states.data.groups.flatMap((g) => g.rules).find((r) => r.uid === rule.uid)?.state;
      },
      { timeout: FIRES_MS, intervals: [1000] },
    )
    .toBe('firing');
  return { uid: rule.uid, folder };
}

test('an Editor follows a firing rule from the list to its page, pauses it, silences it, and deletes it', async ({ page, server }) => {
  test.setTimeout(300_000);
  const title = `Always firing ${unique()}`;
  const rule = await firingRule(server, title);
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token);

  // The navigation counts the firing alerts beside "Alerting" and opens to its pages.
  const nav = page.getByRole('navigation', { name: 'Sections' });
  const alerting = nav.getByRole('button', { name: /^Alerting \d+ firing alerts?$/ });
  await expect(alerting).toBeVisible({ timeout: 40_000 });
  await alerting.click();
  await nav.getByRole('link', { name: 'Alert rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert rules' })).toBeVisible();

  // The list: the rule under its folder and group, Firing, with the totals at the top.
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Firing');
  await expect(row).toContainText('Health: ok');
  await expect(page.getByRole('listitem').filter({ hasText: `${rule.folder.title} › always` })).toBeVisible();
  const firingTotal = page.getByRole('button', { name: /^Firing: \d+$/ });
  await expect(firingTotal).toBeVisible();
  await firingTotal.click();
  await expect(page).toHaveURL(/[?&]state=firing/);
  await expect(firingTotal).toHaveAttribute('aria-pressed', 'true');
  await expect(row).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // The rule's page: its instance, the graph of its query, and the threshold.
  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/alerting/grafana/${rule.uid}/view$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const instances = page.getByRole('table', { name: 'Alert instances' });
  await expect(instances.getByRole('row').filter({ hasText: 'team=e2e' })).toContainText('Firing');
  await expect(page.getByTestId('rule-graph').locator('canvas').first()).toBeVisible({ timeout: FIRST_DRAW_MS });
  await expect(page.getByText('Threshold drawn at 0.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'State history' })).toContainText('Firing');
  await page.screenshot({ path: test.info().outputPath('rule-view.png'), fullPage: true });
  await expectAccessibleInBothThemes(page);

  // Pause and resume.
  await page.getByRole('button', { name: 'Pause evaluation' }).click();
  await expect(page.getByText('Rule paused')).toBeVisible();
  await expect(page.getByText('Paused', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Resume evaluation' }).click();
  await expect(page.getByText('Rule resumed')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pause evaluation' })).toBeVisible();

  // Silence the instance: the form is prefilled with its labels and shows the alert it mutes.
  await instances
    .getByRole('link', { name: /^Silence / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'New silence' })).toBeVisible();
  await expect(page.getByLabel('Label 1')).not.toHaveValue('');
  await expect(page.getByTestId('affected-count')).toHaveText('1 alert would be silenced now.', { timeout: 30_000 });
  const comment = `Silenced in e2e ${unique()}`;
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Save silence' }).click();

  // The silences page lists it as active, muting the alert; then it is expired.
  await expect(page.getByRole('heading', { level: 1, name: 'Silences' })).toBeVisible();
  const active = page.getByRole('table', { name: 'Active silences' });
  const silenceRow = active.getByRole('row').filter({ hasText: comment });
  await expect(silenceRow).toBeVisible();
  await expect(silenceRow.getByRole('cell').nth(1)).toHaveText('1', { timeout: 30_000 });
  await expectAccessibleInBothThemes(page);
  await silenceRow.getByRole('button', { name: /^Expire silence of / }).click();
  await page.getByRole('dialog', { name: 'Expire silence' }).getByRole('button', { name: 'Expire silence' }).click();
  await expect(page.getByText('Silence expired')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Expired silences' }).getByRole('row').filter({ hasText: comment })).toBeVisible();

  // Delete the rule, after confirming; the list no longer has it.
  await page.goto(`${server.url}/alerting/grafana/${rule.uid}/view`);
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete alert rule' }).getByRole('button', { name: 'Delete rule' }).click();
  await expect(page.getByText('Rule deleted')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Alert rules' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(0);
});

test('a Viewer sees rules, states and silences without edit controls', async ({ page, server }) => {
  test.setTimeout(240_000);
  const title = `Viewer sees ${unique()}`;
  const rule = await firingRule(server, title);
  const { token } = await server.tokenFor('Viewer');
  await connect(page, server, token, '/alerting/list');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(row).toContainText('Firing');
  await expect(page.getByRole('link', { name: 'New alert rule' })).toHaveCount(0);

  await row.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Alert instances' })).toContainText('Firing');
  await expect(page.getByRole('button', { name: 'Export' })).toBeVisible();
  for (const name of ['Edit', 'Duplicate']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Silence / })).toHaveCount(0);
  for (const name of ['Pause evaluation', 'Delete']) await expect(page.getByRole('button', { name })).toHaveCount(0);

  await page.goto(`${server.url}/alerting/silences`);
  await expect(page.getByRole('heading', { level: 1, name: 'Silences' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New silence' })).toHaveCount(0);
  await server.api('DELETE', `/api/v1/provisioning/alert-rules/${rule.uid}`).catch(() => undefined);
});
