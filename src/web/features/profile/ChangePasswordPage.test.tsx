import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSession, startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, connectedSession, failWith, server, signedInSession } from '../../test/server';
import { userEvent } from '../../test/user';

const field = (label: RegExp) => screen.getByLabelText(label);

async function fill(oldPassword: string, newPassword: string, confirmNew: string) {
  await userEvent.type(await screen.findByLabelText(/^Old password/), oldPassword);
  await userEvent.type(field(/^New password/), newPassword);
  await userEvent.type(field(/^Confirm new password/), confirmNew);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('the change password page', () => {
  it('changes the signed-in person’s password, confirmed by a notification', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    const bodies: unknown[] = [];
    server.use(
      http.put(`${API}/api/user/password`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'User password changed' });
      }),
    );
    renderRoutes(appRoutes, '/profile/password');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
    await fill('old secret', 'new secret', 'new secret');
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(bodies).toEqual([{ oldPassword: 'old secret', newPassword: 'new secret', confirmNew: 'new secret' }]);
    expect(field(/^Old password/)).toHaveValue('');
  });

  it('shows a wrong old password next to it, and stays signed in', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(failWith('put', '/api/user/password', 401, { message: 'Invalid old password' }));
    renderRoutes(appRoutes, '/profile/password');
    await fill('wrong', 'new secret', 'new secret');
    await waitFor(() => expect(field(/^Old password/)).toHaveAccessibleDescription('Invalid old password'));
    expect(getSession()).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Change password' })).toBeInTheDocument();
  });

  it('puts the server’s refusal of the new password next to the field it names', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(failWith('put', '/api/user/password', 400, { message: 'New password is too short', field: 'newPassword' }));
    renderRoutes(appRoutes, '/profile/password');
    await fill('old secret', 'abcd', 'abcd');
    await waitFor(() => expect(field(/^New password/)).toHaveAccessibleDescription(expect.stringContaining('New password is too short')));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a refusal that names no field below the form', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(failWith('put', '/api/user/password', 400, { message: 'Service accounts have no password' }));
    renderRoutes(appRoutes, '/profile/password');
    await fill('old secret', 'new secret', 'new secret');
    expect(await screen.findByRole('alert')).toHaveTextContent('Service accounts have no password');
  });

  it('checks the length and the confirmation before calling the server', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    renderRoutes(appRoutes, '/profile/password');
    await fill('old secret', 'abc', 'abc');
    expect(field(/^New password/)).toHaveAccessibleDescription(expect.stringContaining('New password is too short'));
    await userEvent.type(field(/^New password/), 'd');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(field(/^Confirm new password/)).toHaveAccessibleDescription('Confirm new password does not match the new password');
  });

  it('tells a service account token that it has no password', async () => {
    startSession(connectedSession());
    renderRoutes(appRoutes, '/profile/password');
    expect(await screen.findByText(/service accounts have no password/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Old password/)).not.toBeInTheDocument();
  });
});
