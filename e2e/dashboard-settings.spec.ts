/**
 * The dashboard settings against a real Prometheus (Debian's, scraping itself), as one journey: a
 * query variable whose preview shows real label values, used in a panel title through the JSON
 * model; a Prometheus annotation query; a dashboards-by-tag link; the time zone; Save, reload, and
 * the stored JSON checked field by field against Grafana's shapes; Undo after deleting a variable;
 * axe in both themes on each settings page.
 */
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../src/server/testing/backends';
import type { Page } from '@playwright/test';
import { connect, expect, expectAccessibleInBothThemes as axeInBothThemes, test } from './fixtures';

/** axe checks the page at rest: the pointer left on a link would be checked in its hover colours. */
async function expectAccessibleInBothThemes(page: Page) {
  await page.mouse.move(0, 0);
  await axeInBothThemes(page);
}

let prometheus: Backend | undefined;

test.skip(!hasPrometheus, 'needs Debian’s prometheus package (npm test installs it as root)');

test.beforeAll(async () => {
  test.setTimeout(120_000);
  prometheus = await startPrometheus({ scrapeSelf: true });
  // A state, not a time: the `up` series exists once Prometheus has scraped itself.
  await waitForSamples(prometheus.url, 'up{job="prometheus"}', 1);
});

test.afterAll(async () => {
  await prometheus?.stop();
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

interface Stored {
  dashboard: {
    title: string;
    schemaVersion: number;
    timezone: string;
    panels: Array<{ title: string }>;
    templating: { list: Array<Record<string, unknown>> };
    annotations: { list: Array<Record<string, unknown>> };
    links: Array<Record<string, unknown>>;
  };
}

test('variables, annotations, links and time zone are edited in the settings, saved in Grafana’s shapes, and undoable', async ({
  page,
  server,
}) => {
  test.setTimeout(300_000);
  const n = unique();
  const promName = `Prometheus settings ${n}`;
  const prom = await server.api<{ datasource: { uid: string } }>('POST', '/api/datasources', {
    name: promName,
    type: 'prometheus',
    access: 'proxy',
    url: prometheus!.url,
  });
  const promUid = prom.datasource.uid;
  const tag = `runbooks-${n}`;
  await server.api('POST', '/api/dashboards/db', { dashboard: { title: `Runbook ${n}`, tags: [tag] } });
  const saved = await server.api<{ uid: string; url: string }>('POST', '/api/dashboards/db', {
    dashboard: {
      title: `Settings journey ${n}`,
      schemaVersion: 27,
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'Requests',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: { type: 'prometheus', uid: promUid },
          targets: [{ refId: 'A', expr: 'up' }],
        },
      ],
    },
  });
  const { token } = await server.tokenFor('Editor');
  await connect(page, server, token);
  await page.goto(`${server.url}${saved.url}`);

  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByRole('tab', { name: 'Settings' }).click();
  const nav = page.getByRole('navigation', { name: 'Dashboard settings' });
  await expect(nav.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
  await expect(page).toHaveURL(/editview=settings/);

  await test.step('General: the time zone', async () => {
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await zone.click();
    await zone.fill('Coordinated');
    await page.getByRole('option', { name: 'Coordinated Universal Time (UTC)' }).click();
    await expect(zone).toHaveValue('Coordinated Universal Time (UTC)');
    await expectAccessibleInBothThemes(page);
  });

  await test.step('JSON model: a panel title that uses $job (small enough to read whole)', async () => {
    await nav.getByRole('link', { name: 'JSON Model' }).click();
    await expect(page).toHaveURL(/editview=dashboard_json/);
    const editor = page.getByLabel('Dashboard JSON model');
    await expect(editor).toBeVisible();
    const model = JSON.parse(await editor.innerText()) as { panels: Array<{ title: string }> };
    model.panels[0]!.title = 'Requests of $job';
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(JSON.stringify(model, null, 2));
    await expectAccessibleInBothThemes(page);
  });

  await test.step('Variables: a query variable with a preview of real values', async () => {
    await nav.getByRole('link', { name: 'Variables' }).click();
    await expect(page).toHaveURL(/editview=variables/);
    await page.getByRole('button', { name: 'Add variable' }).click();
    await expect(page).toHaveURL(/editIndex=0/);
    const name = page.getByRole('textbox', { name: /^Name/ });
    await name.fill('job');
    await expect(page.getByRole('heading', { name: 'Variable job' })).toBeVisible();
    const dataSource = page.getByRole('combobox', { name: 'Data source' });
    await dataSource.click();
    await dataSource.fill(promName);
    await page.getByRole('option', { name: promName }).click();
    await page.getByRole('textbox', { name: 'Query' }).fill('label_values(up, job)');
    const preview = page.getByRole('list', { name: 'Values of job' });
    await expect(preview).toContainText('prometheus');
    await expect(page.getByRole('list', { name: 'Uses of job' })).toContainText('Panel “Requests of $job”');
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(page.getByRole('row', { name: /job/ })).toContainText('label_values(up, job)');
  });

  await test.step('Annotations: a Prometheus query', async () => {
    await nav.getByRole('link', { name: 'Annotations' }).click();
    await expect(page.getByRole('button', { name: 'Annotations & Alerts', exact: true })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'New query' }).click();
    const dataSource = page.getByRole('combobox', { name: 'Data source' });
    await dataSource.click();
    await dataSource.fill(promName);
    await page.getByRole('option', { name: promName }).click();
    await page.getByRole('textbox', { name: /^Name/ }).fill('Restarts');
    await page.getByRole('textbox', { name: 'PromQL query' }).fill('changes(process_start_time_seconds[2m]) > 0');
    await page.getByRole('textbox', { name: /^Title/ }).fill('{{job}} restarted');
    await page.getByRole('textbox', { name: /^Tags/ }).fill('job');
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(page.getByRole('button', { name: 'Restarts', exact: true })).toBeVisible();
  });

  await test.step('Links: dashboards by tag', async () => {
    await nav.getByRole('link', { name: 'Links' }).click();
    await page.getByRole('button', { name: 'Add dashboard link' }).click();
    const tags = page.getByRole('combobox', { name: 'With tags' });
    await tags.fill(tag);
    await page.getByRole('option', { name: tag }).click();
    // The tag list stays open after a pick (it takes several); leaving the field closes it, as it
    // would for a person, before it can cover the options below.
    await tags.press('Tab');
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByRole('checkbox', { name: 'Include current time range' }).check();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'Back to list' }).click();
    await expect(page.getByRole('row', { name: /New link/ })).toContainText(`Dashboards tagged ${tag}`);
  });

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByRole('dialog', { name: 'Save dashboard' }).getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Dashboard saved')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Dashboard settings' }).getByRole('link', { name: 'Links' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('row', { name: /New link/ })).toBeVisible();

  const stored = await server.api<Stored>('GET', `/api/dashboards/uid/${saved.uid}`);
  const { dashboard } = stored;
  expect(dashboard.schemaVersion).toBe(41);
  expect(dashboard.timezone).toBe('utc');
  expect(dashboard.panels[0]!.title).toBe('Requests of $job');
  expect(dashboard.templating.list[0]).toEqual({
    name: 'job',
    type: 'query',
    label: '',
    description: '',
    hide: 0,
    skipUrlSync: false,
    current: {},
    options: [],
    multi: false,
    includeAll: false,
    allValue: null,
    datasource: { type: 'prometheus', uid: promUid },
    query: { qryType: 1, query: 'label_values(up, job)', refId: 'PrometheusVariableQueryEditor-VariableQuery' },
    definition: 'label_values(up, job)',
    regex: '',
    refresh: 1,
    sort: 0,
  });
  expect(dashboard.annotations.list).toEqual([
    {
      builtIn: 1,
      datasource: { type: 'grafana', uid: '-- Grafana --' },
      enable: true,
      hide: true,
      iconColor: 'rgba(0, 211, 255, 1)',
      name: 'Annotations & Alerts',
      type: 'dashboard',
    },
    {
      datasource: { type: 'prometheus', uid: promUid },
      enable: true,
      hide: false,
      iconColor: 'red',
      name: 'Restarts',
      target: { expr: 'changes(process_start_time_seconds[2m]) > 0', refId: 'Anno' },
      step: '',
      titleFormat: '{{job}} restarted',
      tagKeys: 'job',
      textFormat: '',
      useValueForTime: false,
    },
  ]);
  expect(dashboard.links).toEqual([
    {
      asDropdown: false,
      icon: 'external link',
      includeVars: false,
      keepTime: true,
      tags: [tag],
      targetBlank: false,
      title: 'New link',
      tooltip: '',
      type: 'dashboards',
      url: '',
    },
  ]);

  await test.step('Undo brings back a deleted variable', async () => {
    await page.getByRole('navigation', { name: 'Dashboard settings' }).getByRole('link', { name: 'Variables' }).click();
    await page.getByRole('button', { name: 'Delete job' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete variable job?' });
    await expect(confirm).toContainText('Panel “Requests of $job”');
    await confirm.getByRole('button', { name: 'Delete variable' }).click();
    await expect(page.getByRole('button', { name: 'job', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeEnabled();
    await page.getByRole('alert').filter({ hasText: 'Variable job deleted' }).getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('button', { name: 'job', exact: true })).toBeVisible();
    // Back to what was saved: nothing left to save.
    await expect(page.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  // The dashboard itself shows the variable, its values from Prometheus, and the link.
  await page.getByRole('button', { name: 'Exit edit' }).click();
  await expect(page.getByRole('region', { name: 'Requests of prometheus' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard links' })).toContainText(`Runbook ${n}`);
});
