import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { MuteTiming } from '../../../../contract/alertingNotify';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { API, connectedSession, server } from '../../../test/server';
import { userEvent } from '../../../test/user';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './MuteTimingEditorPage';

configure({ asyncUtilTimeout: 30_000 });
afterEach(() => notifications.clean());

const weekends: MuteTiming = {
  name: 'weekends',
  time_intervals: [{ weekdays: ['saturday', 'sunday'], location: 'Europe/Berlin' }],
};

const overnight: MuteTiming = { name: 'overnight', time_intervals: [{ times: [{ start_time: '00:00', end_time: '06:00' }] }] };

function serveMuteTimings(putError?: { message: string; field: string; messageId?: string }, putErrorStatus = 400) {
  // Each write's X-Disable-Provenance: the UI never marks what it saves as provisioned.
  const sent = {
    posted: [] as unknown[],
    put: [] as unknown[],
    putPaths: [] as string[],
    provenanceHeaders: [] as Array<string | null>,
  };
  server.use(
    http.get(`${API}/api/v1/provisioning/mute-timings/:name`, ({ params }) =>
      params.name === 'weekends' ? HttpResponse.json(weekends) : HttpResponse.json({ message: 'mute timing not found' }, { status: 404 }),
    ),
    http.post(`${API}/api/v1/provisioning/mute-timings`, async ({ request }) => {
      sent.posted.push(await request.json());
      sent.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      return HttpResponse.json({}, { status: 201 });
    }),
    http.put(`${API}/api/v1/provisioning/mute-timings/:name`, async ({ request, params }) => {
      sent.put.push(await request.json());
      sent.putPaths.push(String(params.name));
      sent.provenanceHeaders.push(request.headers.get('x-disable-provenance'));
      return putError ? HttpResponse.json(putError, { status: putErrorStatus }) : HttpResponse.json({}, { status: 202 });
    }),
    http.get(`${API}/api/v1/provisioning/mute-timings`, () => HttpResponse.json([weekends, overnight])),
    http.get(`${API}/api/v1/provisioning/policies`, () => HttpResponse.json({ receiver: 'default-email' })),
  );
  return sent;
}

describe('the mute timing editor', () => {
  it('checks each field beside it and creates the mute timing with several intervals', async () => {
    startSession(connectedSession('Admin'));
    const sent = serveMuteTimings();
    const { router } = renderRoutes(appRoutes, '/alerting/routes/mute-timing/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New mute timing' })).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Time interval 1' });
    await userEvent.click(within(first).getByRole('button', { name: 'Add time range' }));
    await userEvent.type(within(first).getByLabelText('Start time 1'), '17:00');
    await userEvent.type(within(first).getByLabelText('End time 1'), '09:00');
    await userEvent.type(within(first).getByLabelText('Days of the week'), 'mon');
    await userEvent.click(screen.getByRole('button', { name: 'Save mute timing' }));

    expect(await screen.findByText('Name the mute timing')).toBeInTheDocument();
    expect(within(first).getByText('Start time 17:00 must be before end time 09:00')).toBeInTheDocument();
    expect(within(first).getByLabelText('Days of the week')).toHaveAccessibleDescription(/Weekdays such as monday/);
    expect(sent.posted).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Name'), 'nights');
    await userEvent.clear(within(first).getByLabelText('Start time 1'));
    await userEvent.type(within(first).getByLabelText('Start time 1'), '00:00');
    await userEvent.clear(within(first).getByLabelText('End time 1'));
    await userEvent.type(within(first).getByLabelText('End time 1'), '06:00');
    await userEvent.clear(within(first).getByLabelText('Days of the week'));
    await userEvent.type(within(first).getByLabelText('Days of the week'), 'monday:friday');
    await userEvent.click(screen.getByRole('button', { name: 'Add another time interval' }));
    const second = screen.getByRole('group', { name: 'Time interval 2' });
    await userEvent.type(within(second).getByLabelText('Months'), 'december');
    await userEvent.type(within(second).getByLabelText('Days of the month'), '24:26');
    await userEvent.click(screen.getByRole('button', { name: 'Save mute timing' }));

    await waitFor(() => expect(router.state.location.search).toBe('?tab=mute_timings'));
    expect(router.state.location.pathname).toBe('/alerting/routes');
    expect(sent.posted[0]).toEqual({
      name: 'nights',
      time_intervals: [
        { times: [{ start_time: '00:00', end_time: '06:00' }], weekdays: ['monday:friday'] },
        { days_of_month: ['24:26'], months: ['december'] },
      ],
    });
    expect(sent.provenanceHeaders).toEqual(['true']);
    expect(await screen.findByText('Mute timing created')).toBeInTheDocument();
  }, 120_000);

  it("edits one by name and shows the server's refusal at the interval it names", async () => {
    startSession(connectedSession('Admin'));
    const sent = serveMuteTimings({ message: 'invalid mute timing: time_intervals[0]: unknown location', field: 'time_intervals.0' });
    renderRoutes(appRoutes, '/alerting/routes/mute-timing/edit?muteName=weekends');
    expect(await screen.findByLabelText('Name')).toHaveValue('weekends');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('readonly');
    const first = screen.getByRole('group', { name: 'Time interval 1' });
    expect(within(first).getByLabelText('Days of the week')).toHaveValue('saturday, sunday');
    await userEvent.click(screen.getByRole('button', { name: 'Update mute timing' }));
    expect(await within(first).findByText('invalid mute timing: time_intervals[0]: unknown location')).toBeInTheDocument();
    expect(sent.put[0]).toEqual(weekends);
    expect(sent.putPaths).toEqual(['weekends']);
    expect(sent.provenanceHeaders).toEqual(['true']);
  }, 120_000);

  it('renames one: a taken name is caught beside the field, the PUT names it by its uid, and a success is announced', async () => {
    startSession(connectedSession('Admin'));
    const sent = serveMuteTimings();
    const { router } = renderRoutes(appRoutes, '/alerting/routes/mute-timing/edit?muteName=weekends');
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('weekends');
    expect(name).toHaveAccessibleDescription('Renaming it renames it in the notification policies and alert rules that use it');
    await userEvent.clear(name);
    await userEvent.type(name, 'overnight');
    await userEvent.click(screen.getByRole('button', { name: 'Update mute timing' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(/A mute timing named “overnight” already exists/),
    );
    expect(sent.put).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'weekend-days');
    await userEvent.click(screen.getByRole('button', { name: 'Update mute timing' }));
    expect(await screen.findByText('Mute timing renamed')).toBeInTheDocument();
    expect(screen.getByText('“weekends” is now “weekend-days”, in the policies and rules that use it too')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=mute_timings'));
    // Grafana's API: a body naming another than the path renames the mute timing whose uid the path holds.
    expect(sent.putPaths).toEqual(['d2Vla2VuZHM']);
    expect(sent.put[0]).toEqual({ ...weekends, name: 'weekend-days' });
    expect(sent.provenanceHeaders).toEqual(['true']);
  }, 120_000);

  it('shows beside the name why the server refused a rename', async () => {
    startSession(connectedSession('Admin'));
    const message =
      'Time interval cannot be renamed because it is used by provisioned notification policies. ' +
      'You must update those resources first using the original provision method.';
    serveMuteTimings({ message, field: 'name', messageId: 'alerting.notifications.time-intervals.usedProvisioned' }, 409);
    renderRoutes(appRoutes, '/alerting/routes/mute-timing/edit?muteName=weekends');
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'weekend-days');
    await userEvent.click(screen.getByRole('button', { name: 'Update mute timing' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription(new RegExp(message.slice(0, 60))));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('weekend-days');
  }, 120_000);

  it('shows a Viewer the mute timing without edit controls', async () => {
    startSession(connectedSession('Viewer'));
    serveMuteTimings();
    renderRoutes(appRoutes, '/alerting/routes/mute-timing/edit?muteName=weekends');
    expect(await screen.findByLabelText('Name')).toHaveValue('weekends');
    expect(screen.getByLabelText('Days of the week')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Update|Add another/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/alerting/routes?tab=mute_timings');
  }, 120_000);
});
