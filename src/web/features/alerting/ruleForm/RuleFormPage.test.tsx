import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { alertRuleDefaultsSearch, panelAlertRuleDefaults } from '../../../lib/alertRuleDefaults';
import { renderRoutes } from '../../../test/render';
import { answer, API, connectedSession, fixtures, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { RuleFormPage } from './RuleFormPage';
import { preloadEditor } from '../../../queryEditors/registry';

// CodeMirror measures text ranges, which jsdom lacks.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;

/** Replaces a text input's value as one paste (the full editor re-renders on each keystroke). */
async function fill(input: HTMLElement, text: string) {
  await userEvent.clear(input);
  await userEvent.click(input);
  await userEvent.paste(text);
}

// CodeMirror loads once here, not inside the first test's waits.
beforeAll(async () => {
  await Promise.all([preloadEditor('promql'), preloadEditor('testdata')]);
}, 60_000);

const prometheus = fixtures.dataSource();

const routes = [
  { path: '/alerting/new', element: <RuleFormPage /> },
  { path: '/alerting/grafana/:uid/edit', element: <RuleFormPage /> },
  { path: '/alerting/grafana/:uid/view', element: <h1>Rule view page</h1> },
];

function backend() {
  server.use(
    answer('get', '/api/datasources', [prometheus]),
    answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]),
    answer('get', '/api/ruler/grafana/api/v1/rules/ops', { Ops: [{ name: 'cpu', interval: '1m', rules: [] }] }),
    answer('get', '/api/v1/provisioning/contact-points', [
      { uid: 'w1', name: 'Ops webhook', type: 'webhook', settings: { url: 'http://hook' }, disableResolveMessage: false },
    ]),
  );
}

/** Picks an option of a (non-searchable) Select by its visible text. */
async function choose(label: string | RegExp, option: string | RegExp) {
  const combobox = screen.getByRole('combobox', { name: label });
  await userEvent.click(combobox);
  // Its own list (Mantine keeps every closed list in the document, hidden).
  const listbox = await waitFor(() => document.getElementById(combobox.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

const numberFrame = (refId: string, labels: Record<string, string>, value: number) => ({
  schema: { refId, fields: [{ name: refId, type: 'number', labels }] },
  data: { values: [[value]] },
});

// The two journeys fill a whole form each: on a busy 2-core machine that takes longer than one interaction.
describe('the simple alert rule form', () => {
  it('starts from a panel, previews which series fire, and sends exactly the rule a person chose', async () => {
    startSession(connectedSession('Editor'));
    backend();
    const sent: Array<{ body: unknown; provenance: string | null }> = [];
    server.use(
      answer('post', '/api/v1/eval', {
        results: {
          A: { status: 200, frames: [] },
          B: { frames: [numberFrame('B', { instance: 'web-1' }, 93.5)] },
          C: { frames: [numberFrame('C', { instance: 'web-1' }, 1)] },
        },
      }),
      http.post(`${API}/api/v1/provisioning/alert-rules`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ body, provenance: request.headers.get('x-disable-provenance') });
        return HttpResponse.json(
          { ...body, id: 7, uid: 'new-rule', orgID: 1, updated: '2026-01-01T00:00:00Z', for: '5m', keep_firing_for: '0s', isPaused: false },
          { status: 201 },
        );
      }),
    );
    const defaults = panelAlertRuleDefaults({
      title: 'CPU busy',
      panelId: 2,
      dashboardUid: 'dash-1',
      folderUid: 'ops',
      queries: [{ refId: 'A', expr: 'cpu_busy', datasource: { type: 'prometheus', uid: 'prom' }, intervalMs: 15000 }],
      range: { from: 1_000_000 - 3_600_000, to: 1_000_000 },
      now: 1_000_000,
    });
    renderRoutes(routes, `/alerting/new?${alertRuleDefaultsSearch(defaults)}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'New alert rule' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('CPU busy');
    expect(await screen.findByRole('textbox', { name: 'PromQL query A' })).toHaveTextContent('cpu_busy');

    await choose(/^Reduced value/, 'Mean');
    await choose(/^Condition/, 'is above');
    const threshold = screen.getByRole('textbox', { name: /^Threshold/ });
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '80');
    await choose(/^For \(pending period\)/, '5m');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Folder/ })).toHaveValue('Ops'));
    await choose(/^Evaluation group/, 'cpu (every 1m)');
    await choose(/^Contact point/, 'Ops webhook');

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('table', { name: "Preview of the rule's series" });
    const row = within(preview).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('instance=web-1');
    expect(row).toHaveTextContent('93.5');
    expect(row).toHaveTextContent('Firing');

    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('heading', { name: 'Rule view page' })).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.provenance).toBe('true');
    expect(sent[0]!.body).toEqual({
      title: 'CPU busy',
      folderUID: 'ops',
      ruleGroup: 'cpu',
      condition: 'C',
      data: [
        {
          refId: 'A',
          relativeTimeRange: { from: 3600, to: 0 },
          datasourceUid: 'prom',
          model: { refId: 'A', expr: 'cpu_busy', datasource: { type: 'prometheus', uid: 'prom' }, intervalMs: 15000 },
        },
        {
          refId: 'B',
          relativeTimeRange: { from: 0, to: 0 },
          datasourceUid: '__expr__',
          model: { refId: 'B', type: 'reduce', datasource: { type: '__expr__', uid: '__expr__' }, expression: 'A', reducer: 'mean' },
        },
        {
          refId: 'C',
          relativeTimeRange: { from: 0, to: 0 },
          datasourceUid: '__expr__',
          model: {
            refId: 'C',
            type: 'threshold',
            datasource: { type: '__expr__', uid: '__expr__' },
            expression: 'B',
            conditions: [{ type: 'query', evaluator: { type: 'gt', params: [80] } }],
          },
        },
      ],
      noDataState: 'NoData',
      execErrState: 'Error',
      for: '5m',
      keep_firing_for: '0s',
      annotations: { __dashboardUid__: 'dash-1', __panelId__: '2' },
      labels: {},
      isPaused: false,
      notification_settings: { receiver: 'Ops webhook' },
    });
  }, 120_000);

  it('says what is missing next to the field before asking the server', async () => {
    startSession(connectedSession('Editor'));
    backend();
    renderRoutes(routes, '/alerting/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New alert rule' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save rule' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/Name is required/);
    expect(screen.getByText('Choose a folder')).toBeInTheDocument();
  });
});

const savedRule = {
  id: 7,
  uid: 'r1',
  orgID: 1,
  folderUID: 'ops',
  ruleGroup: 'cpu',
  title: 'CPU busy',
  condition: 'C',
  data: [
    {
      refId: 'A',
      queryType: '',
      relativeTimeRange: { from: 600, to: 0 },
      datasourceUid: 'prom',
      model: { refId: 'A', expr: 'cpu_busy', datasource: { type: 'prometheus', uid: 'prom' } },
    },
    {
      refId: 'B',
      queryType: '',
      relativeTimeRange: { from: 0, to: 0 },
      datasourceUid: '__expr__',
      model: { refId: 'B', type: 'reduce', expression: 'A', reducer: 'last' },
    },
    {
      refId: 'C',
      queryType: '',
      relativeTimeRange: { from: 0, to: 0 },
      datasourceUid: '__expr__',
      model: { refId: 'C', type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'lt', params: [3] } }] },
    },
  ],
  updated: '2026-01-01T00:00:00Z',
  noDataState: 'KeepLast',
  execErrState: 'Alerting',
  for: '10m',
  keep_firing_for: '2m',
  annotations: {
    summary: 'CPU is {{ $values.B }}',
    runbook_url: 'http://runbooks/cpu',
    __dashboardUid__: 'dash-1',
    __panelId__: '2',
    team_page: 'http://ops',
  },
  labels: { severity: 'page' },
  provenance: '',
  isPaused: true,
  notification_settings: { receiver: 'Ops webhook', group_by: ['alertname', 'instance'], repeat_interval: '1h' },
};

/** The saved rule and its group, as the editor reads them. */
const savedRuleAnswers = () => [
  answer('get', '/api/v1/provisioning/alert-rules/r1', savedRule),
  answer('get', '/api/v1/provisioning/folder/ops/rule-groups/cpu', { title: 'cpu', folderUid: 'ops', interval: 60, rules: [savedRule] }),
];

describe('the full editor', () => {
  it('keeps every field of a saved rule, adds a math expression and a label, and shows a refusal next to its field', async () => {
    startSession(connectedSession('Editor'));
    backend();
    const sent: unknown[] = [];
    server.use(
      ...savedRuleAnswers(),
      http.put(`${API}/api/v1/provisioning/alert-rules/r1`, async ({ request }) => {
        const body = await request.json();
        sent.push(body);
        if (sent.length === 1) return HttpResponse.json({ message: 'label name "bad key" is not valid', field: 'labels' }, { status: 400 });
        return HttpResponse.json({ ...savedRule, ...(body as object) });
      }),
    );
    renderRoutes(routes, '/alerting/grafana/r1/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit alert rule' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Switch to the full editor' }));

    expect(screen.getByRole('group', { name: 'Expression C (Threshold)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Summary' })).toHaveValue('CPU is {{ $values.B }}');
    expect(screen.getByRole('textbox', { name: /^Dashboard UID/ })).toHaveValue('dash-1');

    await userEvent.click(screen.getByRole('button', { name: 'Add expression' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Math', hidden: true }));
    const math = screen.getByRole('textbox', { name: /^Math expression D/ });
    expect(math).toHaveValue('$C > 0');
    await fill(math, '$B < 3 && $B > 0');
    await choose(/^Alert condition/, 'D');
    await userEvent.click(screen.getByRole('button', { name: 'Add label' }));
    const names = screen.getAllByRole('textbox', { name: 'Label name' });
    await fill(names[1]!, 'bad key');
    await fill(screen.getAllByRole('textbox', { name: 'Label value' })[1]!, 'ops');

    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findAllByText(/label name "bad key" is not valid/)).not.toHaveLength(0);
    await fill(screen.getAllByRole('textbox', { name: 'Label name' })[1]!, 'team');
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('heading', { name: 'Rule view page' })).toBeInTheDocument();

    expect(sent[1]).toEqual({
      uid: 'r1',
      title: 'CPU busy',
      folderUID: 'ops',
      ruleGroup: 'cpu',
      condition: 'D',
      data: [
        ...savedRule.data.map(({ queryType: _unused, ...query }) => query),
        {
          refId: 'D',
          relativeTimeRange: { from: 0, to: 0 },
          datasourceUid: '__expr__',
          model: { refId: 'D', type: 'math', datasource: { type: '__expr__', uid: '__expr__' }, expression: '$B < 3 && $B > 0' },
        },
      ],
      noDataState: 'KeepLast',
      execErrState: 'Alerting',
      for: '10m',
      keep_firing_for: '2m',
      annotations: savedRule.annotations,
      labels: { severity: 'page', team: 'ops' },
      isPaused: true,
      notification_settings: savedRule.notification_settings,
    });
  }, 120_000);
});

describe('duplicating a rule', () => {
  it('opens the new rule form as a copy of the rule (copyFrom) and saves it as a new rule', async () => {
    startSession(connectedSession('Editor'));
    backend();
    const created: Array<Record<string, unknown>> = [];
    server.use(
      ...savedRuleAnswers(),
      http.post(`${API}/api/v1/provisioning/alert-rules`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        created.push(body);
        return HttpResponse.json({ ...savedRule, ...body, uid: 'copy-1' }, { status: 201 });
      }),
    );
    renderRoutes(routes, '/alerting/new?copyFrom=r1');

    expect(await screen.findByRole('heading', { level: 1, name: 'New alert rule' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('CPU busy (copy)');
    // The folder's groups are known before saving, so the copy joins the existing group.
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Evaluation group/ })).toHaveValue('cpu (every 1m)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('heading', { name: 'Rule view page' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ title: 'CPU busy (copy)', folderUID: 'ops', ruleGroup: 'cpu', labels: { severity: 'page' } });
    expect(created[0]!.uid).toBeUndefined();
  }, 120_000);
});

describe('the data query of a rule', () => {
  const testData = fixtures.dataSource({
    uid: 'td',
    name: 'TestData',
    type: 'grafana-testdata-datasource',
    typeName: 'TestData',
    url: 'http://testdata.internal',
    user: 'reader',
    basicAuthUser: 'reader',
    jsonData: { timeout: 30 },
  });
  // What the panel editor starts for the same data source: a reference, then the editor's defaults.
  const testDataQuery = {
    refId: 'A',
    relativeTimeRange: { from: 600, to: 0 },
    datasourceUid: 'td',
    model: { refId: 'A', datasource: { type: 'grafana-testdata-datasource', uid: 'td' }, scenarioId: 'random_walk', seriesCount: 1 },
  };

  it("of a new rule is the query editor's new query, in the preview and in the saved rule", async () => {
    startSession(connectedSession('Editor'));
    backend();
    const previewed: unknown[] = [];
    const created: Array<{ data: unknown[] }> = [];
    server.use(
      answer('get', '/api/datasources', [testData]),
      http.post(`${API}/api/v1/eval`, async ({ request }) => {
        previewed.push(await request.json());
        return HttpResponse.json({ results: { A: { frames: [] }, B: { frames: [] }, C: { frames: [] } } });
      }),
      http.post(`${API}/api/v1/provisioning/alert-rules`, async ({ request }) => {
        const body = (await request.json()) as { data: unknown[] };
        created.push(body);
        return HttpResponse.json({ ...savedRule, ...body, uid: 'td-rule' }, { status: 201 });
      }),
    );
    renderRoutes(routes, '/alerting/new');

    expect(await screen.findByRole('combobox', { name: 'Scenario' })).toHaveValue('Random Walk');
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Walk too high');
    await choose(/^Folder/, 'Ops');
    await choose(/^Evaluation group/, 'cpu (every 1m)');

    await userEvent.click(screen.getByRole('button', { name: 'Preview' }));
    await waitFor(() => expect(previewed).toHaveLength(1));
    expect((previewed[0] as { data: unknown[] }).data[0]).toEqual(testDataQuery);

    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('heading', { name: 'Rule view page' })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(created[0]!.data[0]).toEqual(testDataQuery);
  }, 120_000);

  it("saved with the whole data source record and no query is saved again as a reference with the editor's defaults", async () => {
    startSession(connectedSession('Editor'));
    backend();
    const { id: _id, ...record } = testData;
    const broken = {
      ...savedRule,
      data: [
        { refId: 'A', relativeTimeRange: { from: 600, to: 0 }, datasourceUid: 'td', model: { refId: 'A', datasource: record } },
        ...savedRule.data.slice(1),
      ],
    };
    const sent: Array<{ data: unknown[] }> = [];
    server.use(
      answer('get', '/api/datasources', [testData]),
      answer('get', '/api/v1/provisioning/alert-rules/r1', broken),
      answer('get', '/api/v1/provisioning/folder/ops/rule-groups/cpu', { title: 'cpu', folderUid: 'ops', interval: 60, rules: [broken] }),
      http.put(`${API}/api/v1/provisioning/alert-rules/r1`, async ({ request }) => {
        const body = (await request.json()) as { data: unknown[] };
        sent.push(body);
        return HttpResponse.json({ ...broken, ...body });
      }),
    );
    renderRoutes(routes, '/alerting/grafana/r1/edit');

    expect(await screen.findByRole('combobox', { name: 'Scenario' })).toHaveValue('Random Walk');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Evaluation group/ })).toHaveValue('cpu (every 1m)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save rule' }));
    expect(await screen.findByRole('heading', { name: 'Rule view page' })).toBeInTheDocument();
    expect(sent[0]!.data[0]).toEqual(testDataQuery);
  }, 120_000);
});
