import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddOrgUserRequest, CreateUserRequest, OrgUser, orgUserListSchema } from '../../../contract/users';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../test/server';
import { lastSeen } from './UsersPage';

// Notifications live in a store outside React; each test starts with none queued.
afterEach(() => notifications.clean());

function person(overrides: Partial<OrgUser>): OrgUser {
  const login = overrides.login ?? 'alice';
  return {
    orgId: 1,
    userId: 2,
    email: `${login}@example.com`,
    name: login,
    avatarUrl: '/avatar/x',
    login,
    role: 'Viewer',
    lastSeenAt: '2016-03-01T12:00:00.000Z',
    lastSeenAtAge: '10y',
    ...overrides,
  };
}

const admin = person({ userId: 1, login: 'admin', role: 'Admin' });
const alice = person({ userId: 2, login: 'alice', role: 'Editor', lastSeenAt: '2026-03-01T12:00:00.000Z', lastSeenAtAge: '3d' });

describe('the users page', () => {
  it('lists the org’s people with their role and when they were last seen', async () => {
    startSession(connectedSession());
    server.use(answer<typeof orgUserListSchema>('get', '/api/org/users', [admin, alice]));
    renderRoutes(appRoutes, '/users');
    const table = await screen.findByRole('table', { name: 'Users of Main Org.' });
    const adminRow = within(table).getByRole('row', { name: /^admin / });
    expect(within(adminRow).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(adminRow).getByText('Never')).toBeInTheDocument();
    expect(within(adminRow).getByRole('combobox', { name: 'Role of admin' })).toHaveValue('Admin');
    expect(within(within(table).getByRole('row', { name: /^alice / })).getByText('3d ago')).toBeInTheDocument();
  });

  it('says "never" for Grafana’s ten-year age, and "just now" for under a minute', () => {
    expect(lastSeen({ lastSeenAtAge: '10y' })).toBe('Never');
    expect(lastSeen({ lastSeenAtAge: '< 1 minute' })).toBe('Just now');
    expect(lastSeen({ lastSeenAtAge: '2M' })).toBe('2M ago');
  });

  it('changes a role, confirmed by a notification', async () => {
    startSession(connectedSession());
    let stored = alice;
    server.use(
      http.get(`${API}/api/org/users`, () => HttpResponse.json([admin, stored])),
      http.patch(`${API}/api/org/users/2`, async ({ request }) => {
        stored = { ...stored, ...((await request.json()) as Pick<OrgUser, 'role'>) };
        return HttpResponse.json({ message: 'Organization user updated' });
      }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Role of alice' }), 'Viewer');
    expect(await screen.findByText('Role changed')).toBeInTheDocument();
    expect(screen.getByText('alice is now Viewer in Main Org.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Role of alice' })).toHaveValue('Viewer'));
  });

  it('shows why the last admin cannot be demoted, next to their role', async () => {
    startSession(connectedSession());
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin, alice]),
      failWith('patch', '/api/org/users/1', 400, { message: 'Cannot change role so that there is no organization admin left' }),
    );
    renderRoutes(appRoutes, '/users');
    const role = await screen.findByRole('combobox', { name: 'Role of admin' });
    await userEvent.selectOptions(role, 'Editor');
    await waitFor(() => expect(role).toHaveAccessibleDescription('Cannot change role so that there is no organization admin left'));
    expect(role).toHaveValue('Admin');
  });

  it('removes a person after a confirm, and shows a refusal in the server’s words', async () => {
    startSession(connectedSession());
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin, alice]),
      failWith('delete', '/api/org/users/1', 400, { message: 'Cannot remove last organization admin' }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Remove admin from Main Org.' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove user' });
    expect(confirm).toHaveTextContent(
      'Remove admin (Admin) from Main Org.? They lose access to its dashboards, folders and data sources at once.',
    );
    await userEvent.click(within(confirm).getByRole('button', { name: 'Remove user' }));
    const row = screen.getByRole('row', { name: /^admin / });
    expect(await within(row).findByRole('alert')).toHaveTextContent('Cannot remove last organization admin');
  });

  it('adds an existing person by login or email with a role', async () => {
    startSession(connectedSession());
    const bodies: AddOrgUserRequest[] = [];
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin]),
      http.post(`${API}/api/org/users`, async ({ request }) => {
        const body = (await request.json()) as AddOrgUserRequest;
        bodies.push(body);
        if (body.loginOrEmail === 'nobody')
          return HttpResponse.json(
            { message: 'User not found: no user has the login or email "nobody"', field: 'loginOrEmail' },
            { status: 404 },
          );
        return HttpResponse.json({ message: 'User added to organization', userId: 2 });
      }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Add existing user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an existing user to Main Org.' });
    const field = within(dialog).getByRole('textbox', { name: /Login or email/ });
    await userEvent.type(field, 'nobody');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription(expect.stringContaining('no user has the login or email "nobody"')));
    await userEvent.clear(field);
    await userEvent.type(field, 'alice@example.com');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('User added')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({ loginOrEmail: 'alice@example.com', role: 'Editor' });
  });

  it('creates a person, checking the fields with the contract first', async () => {
    startSession(connectedSession());
    const bodies: CreateUserRequest[] = [];
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin]),
      http.post(`${API}/api/admin/users`, async ({ request }) => {
        bodies.push((await request.json()) as CreateUserRequest);
        return HttpResponse.json({ id: 3, message: 'User created' });
      }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Email is not a valid email address');
    expect(within(dialog).getByLabelText(/^Password/)).toHaveAccessibleDescription(
      expect.stringContaining('Password must be at least 4 characters'),
    );
    expect(bodies).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Email' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'carol@example.com');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Carol');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'defg');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Role' }), 'Editor');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'carol@example.com', name: 'Carol', password: 'abcdefg', role: 'Editor' }]);
  });

  it('shows a taken email under Email, where the server’s `field` puts it', async () => {
    startSession(connectedSession());
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin]),
      failWith('post', '/api/admin/users', 409, { message: 'User with same email or login already exists', field: 'email' }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.click(await screen.findByRole('button', { name: 'New user' }));
    const dialog = await screen.findByRole('dialog', { name: 'New user' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'carol@example.com');
    await userEvent.type(within(dialog).getByLabelText(/^Password/), 'abcd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        'User with same email or login already exists',
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Login' })).toHaveAccessibleDescription('Left empty, the email is the login.');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sets a person’s password, checking its length first, confirmed by a notification', async () => {
    startSession(connectedSession());
    const bodies: unknown[] = [];
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin, alice]),
      http.put(`${API}/api/admin/users/2/password`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'User password updated' });
      }),
    );
    renderRoutes(appRoutes, '/users');
    const row = await screen.findByRole('row', { name: /^alice / });
    await userEvent.click(within(row).getByRole('button', { name: 'Set the password of alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the password of alice' });
    const field = within(dialog).getByLabelText(/^New password/);
    await userEvent.type(field, 'abc');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('New password is too short'));
    expect(bodies).toHaveLength(0);

    await userEvent.type(field, 'd');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set')).toBeInTheDocument();
    expect(bodies).toEqual([{ password: 'abcd' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the server’s refusal of a password next to the field, in the dialog', async () => {
    startSession(connectedSession());
    server.use(
      answer<typeof orgUserListSchema>('get', '/api/org/users', [admin, alice]),
      failWith('put', '/api/admin/users/2/password', 404, { message: 'User not found' }),
    );
    renderRoutes(appRoutes, '/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Set the password of alice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set the password of alice' });
    await userEvent.type(within(dialog).getByLabelText(/^New password/), 'long enough');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set password' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^New password/)).toHaveAccessibleDescription(expect.stringContaining('User not found')),
    );
    expect(screen.getByRole('dialog', { name: 'Set the password of alice' })).toBeInTheDocument();
  });

  it('tells a non-Admin that it needs the Admin role, with no actions', async () => {
    startSession(connectedSession('Editor'));
    renderRoutes(appRoutes, '/users');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New user' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add existing user' })).not.toBeInTheDocument();
  });
});
