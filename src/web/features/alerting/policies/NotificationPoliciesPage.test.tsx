import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MuteTiming, Route } from '../../../../contract/alertingNotify';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { API, connectedSession, server } from '../../../test/server';
import { userEvent } from '../../../test/user';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './NotificationPoliciesPage';

configure({ asyncUtilTimeout: 30_000 });
afterEach(() => notifications.clean());

const initialTree = (): Route => ({
  receiver: 'default-email',
  group_by: ['alertname'],
  routes: [
    {
      receiver: 'ops-pager',
      object_matchers: [['team', '=', 'ops']],
      mute_time_intervals: ['weekends'],
      routes: [{ object_matchers: [['severity', '=', 'critical']], repeat_interval: '1h' }],
    },
  ],
});

/** The provisioning API over one stored tree; a PUT replaces it, as the server's does. Returns what was sent. */
function serveProvisioning(options: { tree?: Route; putError?: { status: number; message: string }; deleteError?: string } = {}) {
  // Each write's X-Disable-Provenance: the UI never marks what it saves as provisioned.
  const state = {
    tree: options.tree ?? initialTree(),
    puts: [] as Route[],
    deleted: [] as string[],
    provenanceHeaders: [] as Array<string | null>,
  };
  const timings: MuteTiming[] = [{ name: 'weekends', time_intervals: [{ weekdays: ['saturday', 'sunday'] }] }];
  server.use(
    http.get(`${API}/api/v1/provisioning/policies`, () => HttpResponse.json(state.tree)),
    http.put(`${API}/api/v1/provisioning/policies`, async ({ request }) => {
      const body = (await request.json()) as Route;
      state.puts.push(body);
      state.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      if (options.putError) return HttpResponse.json({ message: options.putError.message }, { status: options.putError.status });
      state.tree = body;
      return HttpResponse.json({ message: 'policies updated' }, { status: 202 });
    }),
    http.get(`${API}/api/v1/provisioning/contact-points`, () =>
      HttpResponse.json(
        ['default-email', 'ops-pager', 'db-team'].map((name) => ({
          uid: name,
          name,
          type: 'webhook',
          settings: {},
          disableResolveMessage: false,
        })),
      ),
    ),
    http.get(`${API}/api/v1/provisioning/mute-timings`, () => HttpResponse.json(timings)),
    http.delete(`${API}/api/v1/provisioning/mute-timings/:name`, ({ request, params }) => {
      state.deleted.push(String(params.name));
      state.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      if (options.deleteError) return HttpResponse.json({ message: options.deleteError }, { status: 409 });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

/** Picks an option of a Select or MultiSelect by its visible text. */
async function choose(label: string, option: string) {
  // The visible input (Mantine labels its list with the same label).
  const input = screen.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement && element.type !== 'hidden')!;
  await userEvent.click(input);
  const listbox = await waitFor(() => document.getElementById(input.getAttribute('aria-controls') ?? '')!);
  await userEvent.click(await within(listbox).findByRole('option', { name: option, hidden: true }));
}

describe('notification policies', () => {
  it('shows the tree with inherited values, adds a nested policy and deletes one with its children, saving the whole tree', async () => {
    startSession(connectedSession('Admin'));
    const state = serveProvisioning();
    renderRoutes(appRoutes, '/alerting/routes');
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification policies' })).toBeInTheDocument();
    const critical = await screen.findByRole('article', { name: 'Policy severity=critical' });
    expect(within(critical).getByText('Contact point:').parentElement).toHaveTextContent('Contact point: ops-pager (inherited)');
    expect(within(critical).getByText('Repeat interval:').parentElement).toHaveTextContent(/^Repeat interval: 1h$/);
    const defaultPolicy = screen.getByRole('article', { name: 'Default policy' });
    expect(within(defaultPolicy).getAllByText(/Mute timings/)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add sibling policy after Policy team=ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'New sibling policy' });
    await userEvent.type(within(dialog).getByLabelText('Label 1'), 'service');
    await userEvent.type(within(dialog).getByLabelText('Value 1'), 'db');
    await choose('Contact point', 'db-team');
    await choose('Mute timings', 'weekends');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Override general timings' }));
    await userEvent.type(within(dialog).getByLabelText('Group wait'), 'soon');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));
    expect(await within(dialog).findByText('A duration such as 30s, 5m or 4h')).toBeInTheDocument();
    expect(state.puts).toHaveLength(0);
    await userEvent.clear(within(dialog).getByLabelText('Group wait'));
    await userEvent.type(within(dialog).getByLabelText('Group wait'), '1m');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save policy' }));

    expect(await screen.findByText('Notification policies saved')).toBeInTheDocument();
    expect(state.puts[0]!.routes![1]).toEqual({
      receiver: 'db-team',
      object_matchers: [['service', '=', 'db']],
      mute_time_intervals: ['weekends'],
      group_wait: '1m',
    });
    expect(state.puts[0]!.routes![0]).toEqual(initialTree().routes![0]);
    expect(await screen.findByRole('article', { name: 'Policy service=db' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Delete Policy team=ops' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete notification policy' });
    expect(confirm).toHaveTextContent(
      'Delete Policy team=ops and the policy nested in it? The alerts it routes go to Default policy instead.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete policy' }));
    await waitFor(() => expect(state.puts).toHaveLength(2));
    expect(state.puts[1]!.routes!.map((route) => route.object_matchers)).toEqual([[['service', '=', 'db']]]);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Policy team=ops' })).not.toBeInTheDocument());
    expect(state.provenanceHeaders).toEqual(['true', 'true']);
  }, 120_000);

  it("keeps the dialog open with the server's refusal in its words", async () => {
    startSession(connectedSession('Admin'));
    const state = serveProvisioning({ putError: { status: 400, message: "invalid object specification: receiver 'gone' does not exist" } });
    renderRoutes(appRoutes, '/alerting/routes');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Default policy' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit default policy' });
    expect(within(dialog).getByLabelText('Group by')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Label 1')).not.toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Repeat interval'), '12h');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update policy' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("invalid object specification: receiver 'gone' does not exist");
    expect(state.puts[0]).toMatchObject({ receiver: 'default-email', group_by: ['alertname'], repeat_interval: '12h' });
    expect(state.puts[0]!.routes).toHaveLength(1);
  }, 120_000);

  it('previews which policy and contact point labels reach', async () => {
    startSession(connectedSession('Viewer'));
    serveProvisioning();
    renderRoutes(appRoutes, '/alerting/routes');
    const preview = await screen.findByRole('region', { name: 'Preview routing' });
    const result = within(preview).getByRole('status', { name: 'Routing result' });
    expect(result).toHaveTextContent('Contact point reached: default-email');
    await userEvent.type(within(preview).getByLabelText('Label name 1'), 'team');
    await userEvent.type(within(preview).getByLabelText('Label value 1'), 'ops');
    await userEvent.click(within(preview).getByRole('button', { name: 'Add label' }));
    await userEvent.type(within(preview).getByLabelText('Label name 2'), 'severity');
    await userEvent.type(within(preview).getByLabelText('Label value 2'), 'critical');
    expect(result).toHaveTextContent('Default policy → Policy team=ops → Policy severity=critical');
    expect(result).toHaveTextContent('Contact point reached: ops-pager');
    await userEvent.clear(within(preview).getByLabelText('Label value 2'));
    await userEvent.type(within(preview).getByLabelText('Label value 2'), 'warning');
    expect(result).toHaveTextContent(/Default policy → Policy team=ops\s*ops-pager/);
    expect(result).toHaveTextContent('muted during weekends');

    // A Viewer sees the tree without edit controls.
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Add child|Add sibling)/ })).not.toBeInTheDocument();
  }, 120_000);

  it('shows a provisioned tree read-only with a badge', async () => {
    startSession(connectedSession('Admin'));
    serveProvisioning({ tree: { ...initialTree(), provenance: 'file' } });
    renderRoutes(appRoutes, '/alerting/routes');
    expect(await screen.findByRole('article', { name: 'Default policy' })).toBeInTheDocument();
    expect(screen.getAllByText('Provisioned').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  }, 120_000);

  it('lists mute timings with the policies that use them, and shows why one in use cannot be deleted', async () => {
    startSession(connectedSession('Admin'));
    const state = serveProvisioning({ deleteError: "mute time interval 'weekends' is currently used by a notification policy" });
    renderRoutes(appRoutes, '/alerting/routes?tab=mute_timings');
    const table = await screen.findByRole('table', { name: 'Mute timings' });
    const row = within(table).getByText('weekends').closest('tr')!;
    expect(row).toHaveTextContent('saturday, sunday');
    await waitFor(() => expect(row).toHaveTextContent('Policy team=ops'));
    expect(within(row).getByRole('link', { name: 'Edit mute timing weekends' })).toHaveAttribute(
      'href',
      '/alerting/routes/mute-timing/edit?muteName=weekends',
    );
    await userEvent.click(within(row).getByRole('button', { name: 'Delete mute timing weekends' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete mute timing' });
    expect(confirm).toHaveTextContent('It is used by Policy team=ops');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete mute timing' }));
    expect(await screen.findByText("mute time interval 'weekends' is currently used by a notification policy")).toBeInTheDocument();
    expect(state.deleted).toEqual(['weekends']);
    expect(state.provenanceHeaders).toEqual(['true']);
  }, 120_000);
});
