import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { GettableAlert, GettableSilence } from '../../../../contract/alertingNotify';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { API, connectedSession, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { serveRuleStates } from '../testing';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './SilencesPage';
import './SilenceEditorPage';

// These pages draw many Mantine parts at once; on a loaded 2-core machine a first page was seen to take 9 s.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => notifications.clean());

const hour = 3_600_000;

function silence(over: Partial<GettableSilence> & { id: string }): GettableSilence {
  return {
    matchers: [{ name: 'alertname', value: 'HighCPU', isRegex: false, isEqual: true }],
    startsAt: new Date(Date.now() - hour).toISOString(),
    endsAt: new Date(Date.now() + hour).toISOString(),
    updatedAt: new Date().toISOString(),
    createdBy: 'alice',
    comment: 'Deploying',
    status: { state: 'active' },
    ...over,
  };
}

function alert(labels: Record<string, string>, silencedBy: string[] = []): GettableAlert {
  return {
    labels,
    annotations: {},
    startsAt: new Date().toISOString(),
    endsAt: new Date(Date.now() + hour).toISOString(),
    updatedAt: new Date().toISOString(),
    fingerprint: Object.values(labels).join('-'),
    generatorURL: '',
    receivers: [{ name: 'ops' }],
    status: { state: silencedBy.length ? 'suppressed' : 'active', silencedBy, inhibitedBy: [] },
  };
}

/** Silences and alerts as the Alertmanager API answers them; what the page sends is kept. */
function serveAlertmanager(silences: GettableSilence[], alerts: GettableAlert[]) {
  const sent = { posted: [] as unknown[], expired: [] as string[], alertFilters: [] as string[][] };
  serveRuleStates([]);
  server.use(
    http.get(`${API}/api/alertmanager/grafana/api/v2/silences`, () => HttpResponse.json(silences)),
    http.get(`${API}/api/alertmanager/grafana/api/v2/silence/:id`, ({ params }) => {
      const found = silences.find((s) => s.id === params.id);
      return found ? HttpResponse.json(found) : HttpResponse.json({ message: 'silence not found' }, { status: 404 });
    }),
    http.delete(`${API}/api/alertmanager/grafana/api/v2/silence/:id`, ({ params }) => {
      sent.expired.push(String(params.id));
      return HttpResponse.json({});
    }),
    http.post(`${API}/api/alertmanager/grafana/api/v2/silences`, async ({ request }) => {
      sent.posted.push(await request.json());
      return HttpResponse.json({ silenceID: 'new-1' });
    }),
    http.get(`${API}/api/alertmanager/grafana/api/v2/alerts`, ({ request }) => {
      const filters = new URL(request.url).searchParams.getAll('filter');
      sent.alertFilters.push(filters);
      // Enough of Alertmanager's filter for these tests: `name="value"`.
      const wanted = filters.map((f) => /^(\w+)="(.*)"$/.exec(f)).filter((m): m is RegExpExecArray => !!m);
      return HttpResponse.json(alerts.filter((a) => wanted.every(([, name, value]) => a.labels[name!] === value)));
    }),
  );
  return sent;
}

describe('silences', () => {
  it('lists active, pending and expired silences with what they mute, and expires one after confirming', async () => {
    startSession(connectedSession('Editor'));
    const sent = serveAlertmanager(
      [
        silence({ id: 's1' }),
        silence({ id: 's2', status: { state: 'pending' }, startsAt: new Date(Date.now() + hour).toISOString(), comment: 'Later' }),
        silence({ id: 's3', status: { state: 'expired' }, comment: 'Old' }),
      ],
      [alert({ alertname: 'HighCPU', instance: 'a' }, ['s1']), alert({ alertname: 'HighCPU', instance: 'b' }, ['s1'])],
    );
    renderRoutes(appRoutes, '/alerting/silences');
    const active = await screen.findByRole('table', { name: 'Active silences' });
    const row = within(active).getByText('Deploying').closest('tr')!;
    expect(within(row).getByText('alertname=HighCPU')).toBeInTheDocument();
    expect(within(row).getByText('alice')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('2'));
    expect(within(screen.getByRole('table', { name: 'Pending silences' })).getByText('Later')).toBeInTheDocument();
    const expired = screen.getByRole('table', { name: 'Expired silences' });
    expect(within(expired).getByRole('link', { name: 'Recreate silence of alertname=HighCPU' })).toHaveAttribute(
      'href',
      '/alerting/silence/s3/edit',
    );

    await userEvent.click(within(row).getByRole('button', { name: 'Expire silence of alertname=HighCPU' }));
    const confirm = await screen.findByRole('dialog', { name: 'Expire silence' });
    expect(within(confirm).getByText(/2 alerts it mutes notify again/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Expire silence' }));
    expect(await screen.findByText('Silence expired')).toBeInTheDocument();
    expect(sent.expired).toEqual(['s1']);
  }, 120_000);

  it('shows a Viewer the silences without edit controls', async () => {
    startSession(connectedSession('Viewer'));
    serveAlertmanager([silence({ id: 's1' })], []);
    renderRoutes(appRoutes, '/alerting/silences');
    expect(await screen.findByRole('table', { name: 'Active silences' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Expire/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New silence' })).not.toBeInTheDocument();
  }, 120_000);

  it('starts prefilled from ?matcher=, shows the alerts it would affect, and saves', async () => {
    startSession(connectedSession('Editor'));
    const sent = serveAlertmanager([], [alert({ alertname: 'HighCPU', instance: 'a' }), alert({ alertname: 'Other', instance: 'a' })]);
    const { router } = renderRoutes(appRoutes, '/alerting/silence/new?matcher=alertname%3DHighCPU&matcher=instance%3Da');
    expect(await screen.findByRole('heading', { level: 1, name: 'New silence' })).toBeInTheDocument();
    expect(screen.getByLabelText('Label 1')).toHaveValue('alertname');
    expect(screen.getByLabelText('Value 1')).toHaveValue('HighCPU');
    expect(screen.getByLabelText('Label 2')).toHaveValue('instance');
    expect(await screen.findByText('1 alert would be silenced now.')).toBeInTheDocument();
    expect(sent.alertFilters.at(-1)).toEqual(['alertname="HighCPU"', 'instance="a"']);
    expect(screen.getByLabelText('Duration')).toHaveValue('2h');
    expect(screen.getByLabelText('Created by')).toHaveValue('sa-admin');

    await userEvent.click(screen.getByRole('button', { name: 'Save silence' }));
    expect(await screen.findByText('Say why alerts are silenced')).toBeInTheDocument();
    expect(sent.posted).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Comment'), 'Maintenance');
    await userEvent.click(screen.getByRole('button', { name: 'Remove matcher 2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save silence' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/silences'));
    const posted = sent.posted[0] as { matchers: unknown[]; startsAt: string; endsAt: string; comment: string; createdBy: string };
    expect(posted).toMatchObject({
      matchers: [{ name: 'alertname', value: 'HighCPU', isRegex: false, isEqual: true }],
      comment: 'Maintenance',
      createdBy: 'sa-admin',
    });
    expect(Date.parse(posted.endsAt) - Date.parse(posted.startsAt)).toBe(2 * hour);
  }, 120_000);

  it('edits an active silence under its id and recreates an expired one as a new silence', async () => {
    startSession(connectedSession('Editor'));
    const sent = serveAlertmanager([silence({ id: 's1' }), silence({ id: 's3', status: { state: 'expired' }, comment: 'Old' })], []);
    const { router } = renderRoutes(appRoutes, '/alerting/silence/s1/edit');
    expect(await screen.findByLabelText('Comment')).toHaveValue('Deploying');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit silence' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Update silence' }));
    await waitFor(() => expect(sent.posted).toHaveLength(1));
    expect(sent.posted[0]).toMatchObject({ id: 's1', comment: 'Deploying' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/silences'));
    await router.navigate('/alerting/silence/s3/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recreate silence' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Comment')).toHaveValue('Old');
    await userEvent.click(screen.getByRole('button', { name: 'Save silence' }));
    await waitFor(() => expect(sent.posted).toHaveLength(2));
    expect(sent.posted[1]).not.toHaveProperty('id');
    expect(Date.parse((sent.posted[1] as { endsAt: string }).endsAt)).toBeGreaterThan(Date.now());
  }, 120_000);
});
