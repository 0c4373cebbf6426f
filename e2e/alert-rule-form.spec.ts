/**
 * The alert rule form against a real Prometheus (Debian's, scraping itself) and a webhook receiver
 * in this test: "New alert rule" from a dashboard panel's menu, the simple form prefilled from the
 * panel, its preview firing, the rule firing for real, the receiver notified and the panel showing
 * the state; then the full editor: a math expression and a label, saved and read back equal.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import { connect, expect, expectAccessibleInBothThemes, test } from './fixtures';

let prometheus: Backend | undefined;
let receiver: http.Server | undefined;
const received: Array<{ status: string; alerts: Array<{ status: string; labels: Record<string, string> }> }> = [];

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prometheus = await startPrometheus({ scrapeSelf: true });
  receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push(JSON.parse(body) as (typeof received)[number]);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(0, '127.0.0.1', resolve));
  await waitForSamples(prometheus.url, 'up{job="prometheus"}', 3);
});

test.afterAll(async () => {
  await prometheus?.stop();
  await new Promise((resolve) => (receiver ? receiver.close(resolve) : resolve(undefined)));
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('a rule made from a panel with the simple form fires, notifies, shows on the panel, and the full editor keeps its changes', async ({
  page,
  server,
}) => {
  // Evaluation every 10 s, then the notifier's 30 s group wait, on a busy machine.
  test.setTimeout(360_000);
  const id = unique();
  const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: `Prometheus alerting ${id}`,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const folder = await server.api<{ uid: string }>('POST', '/api/folders', { title: `Alerting e2e ${id}` });
  const contactPoint = `Receiver ${id}`;
  await server.api('POST', '/api/v1/provisioning/contact-points', {
    name: contactPoint,
    type: 'webhook',
    settings: { url: `http://127.0.0.1:${(receiver!.address() as AddressInfo).port}/hook` },
  });
  const dashboard = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
    folderUid: folder.uid,
    dashboard: {
      title: `Service health ${id}`,
      time: { from: 'now-15m', to: 'now' },
      panels: [
        {
          id: 4,
          type: 'timeseries',
          title: 'Targets up',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: { type: 'prometheus', uid: prom.datasource.uid },
          targets: [{ refId: 'A', expr: 'up{job="prometheus"}', datasource: { type: 'prometheus', uid: prom.datasource.uid } }],
        },
      ],
    },
  });
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token, dashboard.url);

  await test.step('New alert rule from the panel menu opens the simple form, prefilled', async () => {
    await page.getByRole('button', { name: 'Menu for panel Targets up' }).click();
    await page.getByRole('menuitem', { name: 'New alert rule' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New alert rule' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Targets up');
    await expect(page.getByRole('textbox', { name: 'PromQL query A' })).toContainText('up{job="prometheus"}');
    // The dashboard's folder.
    await expect(page.getByRole('combobox', { name: /^Folder/ })).toHaveValue(`Alerting e2e ${id}`);
  });

  await test.step('"is above 0", now, a new group every 10 s, the receiver; the preview fires', async () => {
    await expect(page.getByRole('combobox', { name: /^Condition/ })).toHaveValue('is above');
    await page.getByRole('textbox', { name: /^Threshold/ }).fill('0');
    await page.getByRole('combobox', { name: /^For \(pending period\)/ }).click();
    await page.getByRole('option', { name: '0s (fire at once)' }).click();
    await page.getByRole('textbox', { name: 'New group name' }).fill('e2e');
    await page.getByRole('textbox', { name: /^Evaluate every/ }).fill('10s');
    await page.getByRole('combobox', { name: /^Contact point/ }).click();
    await page.getByRole('option', { name: contactPoint }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('table', { name: "Preview of the rule's series" });
    await expect(preview.getByRole('row').nth(1)).toContainText('job=prometheus');
    await expect(preview.getByRole('row').nth(1)).toContainText('Firing');
    await expect(page.getByRole('group', { name: 'Graph of the queried series with the threshold' }).locator('canvas').first()).toBeVisible(
      {
        timeout: 60_000,
      },
    );
    await page.screenshot({ path: test.info().outputPath('simple-form.png'), fullPage: true });
    await expectAccessibleInBothThemes(page);
  });

  let ruleUid = '';
  await test.step('Save: the rule fires, the receiver hears of it, the panel shows it', async () => {
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page).toHaveURL(/\/alerting\/grafana\/[^/]+\/view$/);
    ruleUid = decodeURIComponent(/\/alerting\/grafana\/([^/]+)\/view/.exec(page.url())![1]!);
    const rule = await server.api<{ annotations: Record<string, string>; notification_settings: { receiver: string } }>(
      'GET',
      `/api/v1/provisioning/alert-rules/${ruleUid}`,
    );
    expect(rule.annotations).toMatchObject({ __dashboardUid__: dashboard.uid, __panelId__: '4' });
    expect(rule.notification_settings.receiver).toBe(contactPoint);

    await expect
      .poll(
        async () => {
          const states = await server.api<{ data: { groups: Array<{ rules: Array<{ uid: string; state: string }> }> } }>(
            'GET',
            `/api/prometheus/grafana/api/v1/rules?rule_uid=${ruleUid}`,
          );
          return states.data.groups.flatMap((g) => g.rules).find((r) => r.uid === ruleUid)?.state;
        },
        { timeout: 120_000 },
      )
      .toBe('firing');
    await expect
      .poll(() => received.some((n) => n.status === 'firing' && n.alerts.some((a) => a.labels.alertname === 'Targets up')), {
        timeout: 150_000,
      })
      .toBe(true);

    // The state change is an annotation the panel's built-in "Annotations & Alerts" query reads.
    const annotations = await server.api<Array<{ alertId: number; panelId: number; newState: string }>>(
      'GET',
      `/api/annotations?dashboardUID=${dashboard.uid}&type=annotation&limit=100`,
    );
    expect(annotations).toEqual(expect.arrayContaining([expect.objectContaining({ panelId: 4, newState: 'Alerting' })]));

    await page.goto(`${server.url}${dashboard.url}`);
    const panel = page.getByRole('region', { name: 'Targets up' });
    await expect(panel.getByRole('link', { name: 'Alert rule Firing' })).toBeVisible({ timeout: 60_000 });
  });

  await test.step('The full editor: a math expression and a label, saved, read back equal after a reload', async () => {
    await page.goto(`${server.url}/alerting/grafana/${ruleUid}/edit`);
    await page.getByRole('button', { name: 'Switch to the full editor' }).click();
    await page.getByRole('button', { name: 'Add expression' }).click();
    await page.getByRole('menuitem', { name: 'Math' }).click();
    await page.getByRole('textbox', { name: /^Math expression D/ }).fill('$B > 0');
    await page.getByRole('combobox', { name: /^Alert condition/ }).click();
    await page.getByRole('option', { name: 'D', exact: true }).click();
    await page.getByRole('button', { name: 'Add label' }).click();
    await page.getByRole('textbox', { name: 'Label name' }).fill('team');
    await page.getByRole('textbox', { name: 'Label value' }).fill('e2e');
    await page.getByRole('button', { name: 'Save rule' }).click();
    await expect(page).toHaveURL(new RegExp(`/alerting/grafana/${ruleUid}/view$`));

    // A new document: nothing of the last one's state is left.
    await page.goto(`${server.url}/alerting/grafana/${ruleUid}/edit`);
    // Four queries and expressions: the full editor opens by itself (a whole app load on a busy machine).
    await expect(page.getByRole('textbox', { name: /^Math expression D/ })).toHaveValue('$B > 0', { timeout: 60_000 });
    await expect(page.getByRole('combobox', { name: /^Alert condition/ })).toHaveValue('D');
    await expect(page.getByRole('textbox', { name: 'Label name' })).toHaveValue('team');
    await expect(page.getByRole('textbox', { name: 'Label value' })).toHaveValue('e2e');
    await expect(page.getByRole('combobox', { name: /^Contact point/ })).toHaveValue(contactPoint);
    const saved = await server.api<{
      condition: string;
      labels: Record<string, string>;
      data: Array<{ refId: string; model: Record<string, unknown> }>;
    }>('GET', `/api/v1/provisioning/alert-rules/${ruleUid}`);
    expect(saved.condition).toBe('D');
    expect(saved.labels).toEqual({ team: 'e2e' });
    expect(saved.data.map((q) => q.refId)).toEqual(['A', 'B', 'C', 'D']);
    expect(saved.data[3]!.model).toMatchObject({ type: 'math', expression: '$B > 0' });
    await page.screenshot({ path: test.info().outputPath('full-editor.png'), fullPage: true });
    await expectAccessibleInBothThemes(page);
  });
});
