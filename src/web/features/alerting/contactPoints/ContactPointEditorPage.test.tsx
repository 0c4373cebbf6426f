import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { connectedSession } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { contactPoint, serveContactPoints } from './testing';

import './ContactPointsPage';
import './ContactPointEditorPage';

configure({ asyncUtilTimeout: 30_000 });

afterEach(() => notifications.clean());

const integration = (n: number) => screen.getByRole('region', { name: new RegExp(`^Integration ${n}:`) });

describe('contact point editor', () => {
  it('creates a contact point of two integrations: required fields checked beside them, optional ones folded, sent without provenance', async () => {
    startSession(connectedSession('Admin'));
    const fake = serveContactPoints({ contactPoints: [contactPoint({ uid: 'a1', name: 'ops' })] });
    const { router } = renderRoutes(appRoutes, '/alerting/notifications');
    await userEvent.click(await screen.findByRole('link', { name: 'Add contact point' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New contact point' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(within(integration(1)).getByText('URL is required')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Name/), 'ops');
    expect(await screen.findByText('A contact point named “ops” already exists')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText(/^Name/), 'team-a');
    await userEvent.type(within(integration(1)).getByLabelText(/^URL/), 'not a url');
    expect(await within(integration(1)).findByText('“not a url” is not a valid URL')).toBeInTheDocument();
    await userEvent.clear(within(integration(1)).getByLabelText(/^URL/));
    await userEvent.type(within(integration(1)).getByLabelText(/^URL/), 'http://127.0.0.1:9/hook');

    const optional = within(integration(1)).getByRole('button', { name: 'Optional Webhook settings' });
    expect(optional).toHaveAttribute('aria-expanded', 'false');
    expect(within(integration(1)).queryByLabelText('HTTP Method')).not.toBeInTheDocument();
    await userEvent.click(optional);
    await userEvent.selectOptions(within(integration(1)).getByLabelText('HTTP Method'), 'PUT');
    await userEvent.click(within(integration(1)).getByLabelText('Disable resolved message'));

    await userEvent.click(screen.getByRole('button', { name: 'Add integration' }));
    await userEvent.selectOptions(within(integration(2)).getByLabelText('Integration type'), 'email');
    expect(integration(2)).toHaveAccessibleName('Integration 2: Email');
    await userEvent.type(within(integration(2)).getByLabelText(/^Addresses/), 'oncall@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    expect(await screen.findByText('Contact point created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/notifications'));
    expect(fake.sent).toEqual([
      {
        method: 'POST',
        uid: undefined,
        provenanceOff: true,
        body: {
          name: 'team-a',
          type: 'webhook',
          settings: { url: 'http://127.0.0.1:9/hook', httpMethod: 'PUT' },
          disableResolveMessage: true,
        },
      },
      {
        method: 'POST',
        uid: undefined,
        provenanceOff: true,
        body: { name: 'team-a', type: 'email', settings: { addresses: 'oncall@example.com' }, disableResolveMessage: false },
      },
    ]);
  }, 120_000);

  it('keeps a stored secret as configured until reset, shows the server’s refusal beside its field, tests with the stored secret, and deletes a removed integration', async () => {
    startSession(connectedSession('Admin'));
    const fake = serveContactPoints({
      contactPoints: [
        contactPoint({ uid: 'a1', name: 'ops', settings: { url: 'https://hooks.example.com/a', username: 'bot', password: 's3cret' } }),
        contactPoint({ uid: 'a2', name: 'ops', type: 'telegram', settings: { bottoken: 'tok', chatid: '42' } }),
      ],
      testAnswer: () => ({ status: 'failed', error: 'https://hooks.example.com answered 401: bad credentials' }),
    });
    const { router } = renderRoutes(appRoutes, '/alerting/notifications/receivers/ops/edit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit contact point ops' })).toBeInTheDocument();
    const webhook = await waitFor(() => integration(1));
    // Its optional settings hold values, so they start open; the secret reads "configured", never its value.
    const password = within(webhook).getByLabelText('HTTP Basic Authentication - Password');
    expect(password).toHaveValue('configured');
    expect(screen.queryByDisplayValue('s3cret')).not.toBeInTheDocument();
    expect(within(integration(2)).getByLabelText(/^BOT API Token/)).toHaveValue('configured');

    await userEvent.click(within(webhook).getByRole('button', { name: 'Test integration 1 (Webhook)' }));
    expect(await within(webhook).findByText('https://hooks.example.com answered 401: bad credentials')).toBeInTheDocument();
    expect(fake.tests[0]).toMatchObject({
      receivers: [
        { name: 'ops', grafana_managed_receiver_configs: [{ uid: 'a1', type: 'webhook', settings: { password: '[REDACTED]' } }] },
      ],
    });

    const url = within(webhook).getByLabelText(/^URL/);
    await userEvent.clear(url);
    await userEvent.type(url, 'ftp://x');
    // Checked before sending: nothing goes to the server.
    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    expect(await within(webhook).findByText('Must start with http:// or https://')).toBeInTheDocument();
    expect(fake.sent).toHaveLength(0);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://hooks.example.com/b');
    await userEvent.click(within(webhook).getByRole('button', { name: 'Reset HTTP Basic Authentication - Password' }));
    const newPassword = within(webhook).getByLabelText('HTTP Basic Authentication - Password');
    expect(newPassword).toHaveValue('');
    expect(newPassword).toHaveAttribute('type', 'password');
    await userEvent.type(newPassword, 'n3w');
    await userEvent.click(within(integration(2)).getByRole('button', { name: 'Remove integration 2 (Telegram)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/notifications'));
    expect(fake.sent.map(({ method, uid, body }) => ({ method, uid, body }))).toEqual([
      {
        method: 'PUT',
        uid: 'a1',
        body: {
          name: 'ops',
          type: 'webhook',
          settings: { url: 'https://hooks.example.com/b', username: 'bot', password: 'n3w' },
          disableResolveMessage: false,
        },
      },
      { method: 'DELETE', uid: 'a2', body: undefined },
    ]);
  }, 120_000);

  it('renames a contact point a policy uses: removed integrations go first, the kept ones take the new name, and the rename is announced', async () => {
    startSession(connectedSession('Admin'));
    const fake = serveContactPoints({
      contactPoints: [
        contactPoint({ uid: 'a1', name: 'ops' }),
        contactPoint({ uid: 'a2', name: 'ops', settings: { url: 'https://hooks.example.com/b' } }),
        contactPoint({ uid: 'a3', name: 'ops', type: 'telegram', settings: { bottoken: 'tok', chatid: '42' } }),
      ],
      tree: { receiver: 'ops' },
    });
    const { router } = renderRoutes(appRoutes, '/alerting/notifications/receivers/ops/edit');
    const name = await screen.findByLabelText(/^Name/);
    expect(name).toHaveValue('ops');
    expect(name).toHaveAccessibleDescription('Renaming it renames it in the notification policies and alert rules that use it');
    await userEvent.clear(name);
    await userEvent.type(name, 'ops-pager');
    await userEvent.click(within(integration(3)).getByRole('button', { name: 'Remove integration 3 (Telegram)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));

    expect(await screen.findByText('Contact point renamed')).toBeInTheDocument();
    expect(screen.getByText('“ops” is now “ops-pager”, in the policies and rules that use it too')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerting/notifications'));
    // The removed one goes while the kept ones still hold the name; the last PUT of the old name is
    // the one after which the server renames the policies and rules using it.
    expect(fake.sent.map(({ method, uid, body }) => ({ method, uid, name: (body as { name?: string } | undefined)?.name }))).toEqual([
      { method: 'DELETE', uid: 'a3', name: undefined },
      { method: 'PUT', uid: 'a1', name: 'ops-pager' },
      { method: 'PUT', uid: 'a2', name: 'ops-pager' },
    ]);
    expect(fake.stored.map((c) => c.name)).toEqual(['ops-pager', 'ops-pager']);
  }, 120_000);

  it('shows a refused rename beside the name and gives the integrations already renamed their old name back', async () => {
    startSession(connectedSession('Admin'));
    const message =
      "Receiver cannot be renamed because it is used by provisioned alert rules ('Disk full' (uid r1)). " +
      'You must update those resources first using the original provision method.';
    const fake = serveContactPoints({
      contactPoints: [contactPoint({ uid: 'a1', name: 'ops' }), contactPoint({ uid: 'a2', name: 'ops' })],
      refuse: ({ method, uid, body }) =>
        method === 'PUT' && uid === 'a2' && (body as { name: string }).name === 'renamed'
          ? { status: 409, body: { message, messageId: 'alerting.notifications.receivers.usedProvisioned', field: 'name' } }
          : undefined,
    });
    renderRoutes(appRoutes, '/alerting/notifications/receivers/ops/edit');
    const name = await screen.findByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'renamed');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription(/used by provisioned alert rules \('Disk full'/),
    );
    expect(screen.queryByText('Could not save the contact point')).not.toBeInTheDocument();
    expect(fake.sent.map(({ method, uid, body }) => ({ method, uid, name: (body as { name: string }).name }))).toEqual([
      { method: 'PUT', uid: 'a1', name: 'renamed' },
      { method: 'PUT', uid: 'a2', name: 'renamed' },
      { method: 'PUT', uid: 'a1', name: 'ops' },
    ]);
    expect(fake.stored.map((c) => c.name)).toEqual(['ops', 'ops']);
  }, 120_000);

  it('shows a refusal the server names a setting for beside that setting', async () => {
    startSession(connectedSession('Admin'));
    serveContactPoints({
      contactPoints: [contactPoint({ uid: 'a1', name: 'ops', type: 'pagerduty', settings: { integrationKey: 'k' } })],
      refuse: () => ({
        status: 400,
        body: { message: 'invalid contact point: severity must be one of critical, error, warning, info', field: 'settings' },
      }),
    });
    renderRoutes(appRoutes, '/alerting/notifications/receivers/ops/edit');
    const pagerduty = await waitFor(() => integration(1));
    await userEvent.click(within(pagerduty).getByRole('button', { name: 'Optional PagerDuty settings' }));
    await userEvent.type(within(pagerduty).getByLabelText('Severity'), 'loud');
    await userEvent.click(screen.getByRole('button', { name: 'Save contact point' }));
    const severity = within(pagerduty).getByLabelText('Severity');
    await waitFor(() => expect(severity).toHaveAccessibleDescription(/severity must be one of critical, error, warning, info/));
    expect(screen.getByLabelText(/^Integration Key/)).toHaveValue('configured');
  }, 120_000);
});
