import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { connectedSession } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { contactPoint, serveContactPoints } from './testing';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './ContactPointsPage';
import './ContactPointEditorPage';

configure({ asyncUtilTimeout: 30_000 });

afterEach(() => notifications.clean());

const attempted = '2026-03-01T09:30:00Z';

describe('contact points list', () => {
  it('groups integrations by name with where each sends, its last delivery, its policies and provenance; searches by name in the URL', async () => {
    startSession(connectedSession('Admin'));
    serveContactPoints({
      contactPoints: [
        contactPoint({ uid: 'a1', name: 'ops', settings: { url: 'https://hooks.example.com/alerts', password: 'x' } }),
        contactPoint({ uid: 'a2', name: 'ops', type: 'email', settings: { addresses: 'a@example.com;b@example.com' } }),
        contactPoint({ uid: 'b1', name: 'pager', type: 'pagerduty', settings: { integrationKey: 'k' }, provenance: 'file' }),
      ],
      statuses: [
        {
          name: 'ops',
          active: true,
          integrations: [
            { name: 'webhook[0]', sendResolved: true, lastNotifyAttempt: attempted, lastNotifyAttemptDuration: '15ms' },
            {
              name: 'email[1]',
              sendResolved: true,
              lastNotifyAttempt: attempted,
              lastNotifyAttemptDuration: '1s',
              lastNotifyAttemptError: '550 mailbox unavailable',
            },
          ],
        },
        { name: 'pager', active: false, integrations: [] },
      ],
      tree: { receiver: 'ops', routes: [{ receiver: 'ops', object_matchers: [['severity', '=', 'critical']] }] },
    });
    const { router } = renderRoutes(appRoutes, '/alerting/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact points' })).toBeInTheDocument();
    const ops = await screen.findByRole('region', { name: 'ops' });
    expect(within(ops).getByText('Webhook (hooks.example.com)')).toBeInTheDocument();
    expect(within(ops).getByText('Email (a@example.com, b@example.com)')).toBeInTheDocument();
    expect(await within(ops).findByText(/Last delivery succeeded .* \(took 15ms\)/)).toBeInTheDocument();
    expect(within(ops).getByText(/Last delivery failed .*: 550 mailbox unavailable/)).toBeInTheDocument();
    expect(await within(ops).findByText('Used by the default policy; the policy severity=critical')).toBeInTheDocument();
    expect(within(ops).getByRole('link', { name: 'Edit contact point ops' })).toHaveAttribute(
      'href',
      '/alerting/notifications/receivers/ops/edit',
    );

    const pager = screen.getByRole('region', { name: 'pager' });
    expect(within(pager).getByText('Provisioned from a file')).toBeInTheDocument();
    expect(within(pager).getByText('No delivery attempted yet')).toBeInTheDocument();
    expect(within(pager).getByText('Not used by any notification policy')).toBeInTheDocument();
    // Read-only: viewed, tested, never edited or deleted here.
    expect(within(pager).getByRole('link', { name: 'View contact point pager' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Test PagerDuty integration of pager' })).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search by name'), 'pag');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'ops' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?search=pag');
    expect(screen.getByRole('region', { name: 'pager' })).toBeInTheDocument();
  }, 120_000);

  it('tests an integration and shows the receiver’s words; deletes after a confirm naming what is lost, showing the server’s refusal', async () => {
    startSession(connectedSession('Admin'));
    const fake = serveContactPoints({
      contactPoints: [
        contactPoint({ uid: 'a1', name: 'ops' }),
        contactPoint({ uid: 'c1', name: 'chat', type: 'slack', settings: { url: 'x' } }),
      ],
      tree: { receiver: 'ops' },
      testAnswer: () => ({ status: 'failed', error: 'https://hooks.example.com answered 503: upstream down' }),
      refuse: (request) =>
        request.method === 'DELETE' && request.uid === 'a1'
          ? { status: 409, body: { message: "contact point 'ops' is currently used by a notification policy" } }
          : undefined,
    });
    renderRoutes(appRoutes, '/alerting/notifications');
    const ops = await screen.findByRole('region', { name: 'ops' });
    await userEvent.click(within(ops).getByRole('button', { name: 'Test Webhook integration of ops' }));
    expect(await within(ops).findByText('https://hooks.example.com answered 503: upstream down')).toBeInTheDocument();
    expect(fake.tests[0]).toMatchObject({
      receivers: [
        {
          name: 'ops',
          grafana_managed_receiver_configs: [{ uid: 'a1', type: 'webhook', settings: { url: 'https://hooks.example.com/alerts' } }],
        },
      ],
    });

    await userEvent.click(within(ops).getByRole('button', { name: 'Delete contact point ops' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete contact point ops' });
    expect(within(dialog).getByText('Webhook (hooks.example.com)')).toBeInTheDocument();
    expect(within(dialog).getByText(/Used by the default policy: the server refuses/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete contact point' }));
    expect(await within(ops).findByText("contact point 'ops' is currently used by a notification policy")).toBeInTheDocument();

    const chat = screen.getByRole('region', { name: 'chat' });
    await userEvent.click(within(chat).getByRole('button', { name: 'Delete contact point chat' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete contact point chat' });
    expect(within(dialog).getByText('Slack (incoming webhook)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete contact point' }));
    expect(await screen.findByText('Contact point deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'chat' })).not.toBeInTheDocument());
    expect(fake.sent.filter((r) => r.method === 'DELETE').map((r) => r.uid)).toEqual(['a1', 'c1']);
    expect(fake.sent.every((r) => r.provenanceOff)).toBe(true);
  }, 120_000);

  it('explains itself when empty, and shows a Viewer the list and a read-only contact point without edit controls', async () => {
    startSession(connectedSession('Viewer'));
    const fake = serveContactPoints({ contactPoints: [] });
    const { unmount } = renderRoutes(appRoutes, '/alerting/notifications');
    expect(await screen.findByText('No contact points yet')).toBeInTheDocument();
    expect(screen.getByText(/A contact point says where notifications go/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add contact point' })).not.toBeInTheDocument();
    unmount();

    fake.stored.push(contactPoint({ uid: 'a1', name: 'ops', settings: { url: 'https://hooks.example.com/a', password: 'secret' } }));
    renderRoutes(appRoutes, '/alerting/notifications');
    const ops = await screen.findByRole('region', { name: 'ops' });
    expect(within(ops).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.click(within(ops).getByRole('link', { name: 'View contact point ops' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact point ops' })).toBeInTheDocument();
    expect(await screen.findByText('Only an Admin can change contact points.')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^URL/)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save contact point' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Test/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  }, 120_000);
});
