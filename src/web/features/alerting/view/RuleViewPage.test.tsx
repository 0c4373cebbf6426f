import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { annotationListSchema } from '../../../../contract/annotations';
import type { dataSourceListSchema } from '../../../../contract/datasources';
import type { ProvisionedAlertRule } from '../../../../contract/alerting';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { answer, API, connectedSession, fixtures, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { provisioned, serveRuleStates, stateGroup, stateRule } from '../testing';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './RuleViewPage';

// These pages draw many Mantine parts at once; on a loaded 2-core machine a first page was seen to take 9 s.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => notifications.clean());

const firingRule = stateRule({
  uid: 'high-cpu',
  name: 'High CPU',
  state: 'firing',
  totals: { alerting: 1 },
  alerts: [
    {
      labels: { alertname: 'High CPU', instance: 'web-1', __alert_rule_uid__: 'high-cpu' },
      annotations: {},
      state: 'Alerting',
      activeAt: new Date(Date.now() - 120_000).toISOString(),
      value: "[ var='B' labels={instance=web-1} value=93 ]",
    },
  ],
});

interface Served {
  queries: unknown[];
  puts: Array<Record<string, unknown>>;
  deletes: number;
  historyAsked: URLSearchParams[];
  /** Each write's X-Disable-Provenance: the UI never marks what it saves as provisioned. */
  provenanceHeaders: Array<string | null>;
}

/** The rule's definition, state, graph, history and data sources; what the page sends is kept. */
function serveRule(rule: ProvisionedAlertRule = provisioned()): Served {
  const served: Served = { queries: [], puts: [], deletes: 0, historyAsked: [], provenanceHeaders: [] };
  serveRuleStates([stateGroup('Ops', 'cpu', [firingRule], 'ops')]);
  let current = rule;
  server.use(
    http.get(`${API}/api/v1/provisioning/alert-rules/high-cpu`, () => HttpResponse.json(current)),
    http.put(`${API}/api/v1/provisioning/alert-rules/high-cpu`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      served.puts.push(body);
      served.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      current = { ...current, isPaused: body.isPaused === true };
      return HttpResponse.json(current);
    }),
    http.delete(`${API}/api/v1/provisioning/alert-rules/high-cpu`, ({ request }) => {
      served.deletes += 1;
      served.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${API}/api/v1/provisioning/alert-rules/high-cpu/export`, ({ request }) =>
      new URL(request.url).searchParams.get('format') === 'yaml'
        ? new HttpResponse('apiVersion: 1\ngroups:\n  - name: cpu\n', { headers: { 'content-type': 'application/yaml' } })
        : HttpResponse.json({ apiVersion: 1, groups: [{ name: 'cpu' }] }),
    ),
    http.post(`${API}/api/ds/query`, async ({ request }) => {
      served.queries.push(await request.json());
      return HttpResponse.json({ results: { A: { status: 200, frames: [] } } });
    }),
    http.get(`${API}/api/annotations`, ({ request }) => {
      served.historyAsked.push(new URL(request.url).searchParams);
      const history: import('zod').input<typeof annotationListSchema> = [
        {
          id: 1,
          alertId: 7,
          dashboardId: 0,
          dashboardUID: null,
          panelId: 0,
          userId: 0,
          login: '',
          email: '',
          avatarUrl: '',
          time: Date.now() - 60_000,
          timeEnd: Date.now() - 60_000,
          text: 'High CPU {instance=web-1} - B=93',
          tags: [],
          created: 0,
          updated: 0,
          newState: 'Alerting',
          prevState: 'Pending',
        },
      ];
      return HttpResponse.json(history);
    }),
    answer<typeof dataSourceListSchema>('get', '/api/datasources', [fixtures.dataSource({ name: 'Prometheus main', url: 'http://prom' })]),
  );
  return served;
}

describe('an alert rule’s page', () => {
  it('shows the queries and condition in words, the graph’s queries, the instances, the history and the linked panel', async () => {
    startSession(connectedSession('Editor'));
    const served = serveRule();
    renderRoutes(appRoutes, '/alerting/grafana/high-cpu/view');
    expect(await screen.findByRole('heading', { level: 1, name: 'High CPU' })).toBeInTheDocument();
    const queries = screen.getByRole('region', { name: 'Queries and condition' });
    expect(await within(queries).findByText('Queries Prometheus main over the last 10 min')).toBeInTheDocument();
    expect(within(queries).getByText('rate(cpu[5m])')).toBeInTheDocument();
    expect(within(queries).getByText('The last of A')).toBeInTheDocument();
    expect(within(queries).getByText('True when B is above 80')).toBeInTheDocument();
    expect(within(queries).getByText(/Fires when C is true for 5m/)).toBeInTheDocument();

    // The graph runs the data queries (not the expressions) over the last hour, as ranges.
    await waitFor(() => expect(served.queries).toHaveLength(1));
    expect(served.queries[0]).toMatchObject({
      from: 'now-1h',
      to: 'now',
      queries: [{ refId: 'A', expr: 'rate(cpu[5m])', datasource: { uid: 'prom' }, range: true, instant: false }],
    });
    expect(screen.getByText('Threshold drawn at 80.')).toBeInTheDocument();

    const instances = await screen.findByRole('table', { name: 'Alert instances' });
    expect(within(instances).getByText('Firing')).toBeInTheDocument();
    expect(within(instances).getByText('instance=web-1')).toBeInTheDocument();
    expect(within(instances).queryByText(/__alert_rule_uid__/)).not.toBeInTheDocument();
    expect(within(instances).getByText('2 min ago')).toBeInTheDocument();
    const silence = within(instances).getByRole('link', { name: 'Silence alertname=High CPU, instance=web-1' });
    expect(silence).toHaveAttribute('href', '/alerting/silence/new?matcher=alertname%3DHigh+CPU&matcher=instance%3Dweb-1');

    const history = screen.getByRole('region', { name: 'State history' });
    expect(await within(history).findByText('{instance=web-1} - B=93')).toBeInTheDocument();
    expect(within(history).getByText('Pending')).toBeInTheDocument();
    expect(Object.fromEntries(served.historyAsked[0]!)).toMatchObject({ type: 'alert', alertId: '7' });

    expect(screen.getByRole('link', { name: 'panel 3 of dashboard dash1' })).toHaveAttribute('href', '/d/dash1?viewPanel=3');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/alerting/grafana/high-cpu/edit');
    expect(screen.getByRole('link', { name: 'Duplicate' })).toHaveAttribute('href', '/alerting/new?copyFrom=high-cpu');
  }, 120_000);

  it('pauses and resumes, exports as YAML or JSON, and deletes after confirming', async () => {
    startSession(connectedSession('Editor'));
    const served = serveRule();
    const { router } = renderRoutes(appRoutes, '/alerting/grafana/high-cpu/view');
    await userEvent.click(await screen.findByRole('button', { name: 'Pause evaluation' }));
    expect(await screen.findByText('Rule paused')).toBeInTheDocument();
    expect(served.puts[0]).toMatchObject({ uid: 'high-cpu', isPaused: true, title: 'High CPU' });
    await userEvent.click(await screen.findByRole('button', { name: 'Resume evaluation' }));
    await waitFor(() => expect(served.puts.at(-1)).toMatchObject({ isPaused: false }));

    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const exported = await screen.findByRole('dialog', { name: 'Export “High CPU”' });
    expect(await within(exported).findByLabelText('Provisioning file (YAML)')).toHaveValue('apiVersion: 1\ngroups:\n  - name: cpu\n');
    await userEvent.click(within(exported).getByText('JSON'));
    expect(((await within(exported).findByLabelText('Provisioning file (JSON)')) as HTMLTextAreaElement).value).toContain('"apiVersion":1');
    expect(within(exported).getByRole('button', { name: 'Copy' })).toBeEnabled();
    expect(within(exported).getByRole('button', { name: 'Download' })).toBeEnabled();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export “High CPU”' })).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete alert rule' });
    expect(within(confirm).getByText(/state is lost/)).toBeInTheDocument();
    expect(served.deletes).toBe(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete rule' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/list'));
    expect(served.deletes).toBe(1);
    // Pause, resume and delete: none marks the rule as provisioned.
    expect(served.provenanceHeaders).toEqual(['true', 'true', 'true']);
  }, 120_000);

  it('shows a Viewer the rule and its states without edit controls', async () => {
    startSession(connectedSession('Viewer'));
    serveRule();
    renderRoutes(appRoutes, '/alerting/grafana/high-cpu/view');
    expect(await screen.findByRole('table', { name: 'Alert instances' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    for (const name of ['Edit', 'Duplicate', /^Silence /]) expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    for (const name of ['Pause evaluation', 'Delete']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }, 120_000);
});
