import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { endSession, getSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, failWith, fixtures, server } from '../../test/server';
import { userEvent } from '../../test/user';

async function fillAndSubmit(user: string, password: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: 'Email or username' }), user);
  await userEvent.type(screen.getByLabelText(/^Password/), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the sign-in page', () => {
  it('signs in with a password, reads who that is, and goes where the visitor was headed', async () => {
    const bodies: unknown[] = [];
    const authorizations: (string | null)[] = [];
    server.use(
      http.post(`${API}/login`, async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Logged in' });
      }),
      http.get(`${API}/api/user`, ({ request }) => {
        authorizations.push(request.headers.get('authorization'));
        return HttpResponse.json({ ...fixtures.user, login: 'alice', isServiceAccount: false });
      }),
      answer('get', '/api/user/orgs', fixtures.orgs('Editor')),
      answer('get', '/api/org', fixtures.org),
      answer('get', '/api/datasources', []),
    );
    const { router } = renderRoutes(appRoutes, '/login?next=%2Fdatasources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    await fillAndSubmit('  alice@example.com ', 'correct horse');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/datasources');
    expect(bodies).toEqual([{ user: 'alice@example.com', password: 'correct horse' }]);
    // The cookie is the credential: no token, no Authorization header.
    expect(authorizations).toEqual([null]);
    expect(getSession()).toEqual({ kind: 'cookie', serverUrl: '', orgId: 1, orgName: 'Main Org.', role: 'Editor', login: 'alice' });
    expect(window.sessionStorage.getItem('sightline.session')).not.toContain('token');
  });

  it('shows a wrong password in the server’s words, and keeps what was typed', async () => {
    server.use(failWith('post', '/login', 401, { message: 'Invalid username or password' }));
    renderRoutes(appRoutes, '/login');
    await fillAndSubmit('alice', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByRole('textbox', { name: 'Email or username' })).toHaveValue('alice');
    expect(getSession()).toBeNull();
  });

  it('says when sign-in is throttled, in the server’s words', async () => {
    server.use(
      http.post(`${API}/login`, () =>
        HttpResponse.json(
          { message: 'Too many failed login attempts; try again in 5 minutes' },
          { status: 429, headers: { 'retry-after': '300' } },
        ),
      ),
    );
    renderRoutes(appRoutes, '/login');
    await fillAndSubmit('alice', 'guess');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed login attempts; try again in 5 minutes');
  });

  it('says a person with the role None may not read anything', async () => {
    server.use(
      answer('post', '/login', { message: 'Logged in' }),
      answer('get', '/api/user', { ...fixtures.user, login: 'nobody' }),
      answer('get', '/api/user/orgs', fixtures.orgs('None')),
    );
    renderRoutes(appRoutes, '/login');
    await fillAndSubmit('nobody', 'pass');
    expect(await screen.findByRole('alert')).toHaveTextContent('nobody has the role None here');
    expect(getSession()).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    renderRoutes(appRoutes, '/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('textbox', { name: 'Email or username' })).toHaveAccessibleDescription('Email or username is required');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
  });

  it('leads to the token page, keeping where the visitor was headed', async () => {
    const { router } = renderRoutes(appRoutes, '/login?next=%2Fannotations');
    await userEvent.click(await screen.findByRole('link', { name: 'Use a service account token instead' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect to a server' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fannotations');
    expect(screen.getByRole('link', { name: 'Sign in with a password instead' })).toHaveAttribute('href', '/login?next=%2Fannotations');
  });

  it('never follows a next that leaves the app', async () => {
    server.use(
      answer('post', '/login', { message: 'Logged in' }),
      answer('get', '/api/user', fixtures.user),
      answer('get', '/api/user/orgs', fixtures.orgs('Viewer')),
      answer('get', '/api/org', fixtures.org),
      answer('get', '/api/search', []),
      answer('get', '/api/dashboards/tags', []),
      answer('get', '/api/folders', []),
    );
    const { router } = renderRoutes(appRoutes, `/login?next=${encodeURIComponent('//evil.example/steal')}`);
    await fillAndSubmit('alice', 'pass');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });

  it('shows why the last session ended', async () => {
    endSession('Session expired: sign in again');
    renderRoutes(appRoutes, '/login');
    const notice = await screen.findByText('Session expired: sign in again');
    expect(within(notice.closest('.mantine-Alert-root')!).getByText('You were signed out')).toBeInTheDocument();
  });
});
