import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSession, resetLookup, startSession } from '../api/session';
import { answer, API, connectedSession, failWith, fixtures, server, signedInSession } from '../test/server';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';

describe('the app shell', () => {
  it('sends a visitor without a session to /login, and back after signing in', async () => {
    server.use(
      failWith('get', '/api/user', 401, { message: 'Unauthorized' }),
      http.post(`${API}/login`, () => {
        server.use(
          answer('get', '/api/user', { ...fixtures.user, login: 'alice' }),
          answer('get', '/api/user/orgs', fixtures.orgs('Editor')),
          answer('get', '/api/org', fixtures.org),
          answer('get', '/api/datasources', []),
        );
        return HttpResponse.json({ message: 'Logged in' });
      }),
    );
    resetLookup();
    const { router } = renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fdatasources');
    // The probe's 401 only meant "no cookie": nothing to tell the person.
    expect(screen.queryByText('Unauthorized')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/Email or username/), 'alice');
    await userEvent.type(screen.getByLabelText(/^Password/), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
    expect(screen.getByTestId('org-name')).toHaveTextContent('Main Org.');
    expect(screen.getByLabelText('Role: Editor')).toBeInTheDocument();
    expect(getSession()).toMatchObject({ kind: 'cookie', serverUrl: '', login: 'alice' });
  });

  it('a new tab asks only whose the cookie is before showing /login, with a loader meanwhile', async () => {
    const asked: string[] = [];
    server.use(
      http.all(
        `${API}/api/*`,
        ({ request }) => (asked.push(new URL(request.url).pathname), HttpResponse.json({ message: 'no' }, { status: 401 })),
      ),
    );
    resetLookup();
    renderRoutes(appRoutes, '/dashboards');
    expect(await screen.findByRole('status', { name: 'Checking your sign-in…' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(asked).toEqual(['/api/user']);
    expect(screen.queryByText('no')).not.toBeInTheDocument();
  });

  it('a new tab takes the session of an open tab, asking the server nothing about it', async () => {
    const openTab = new BroadcastChannel('sightline.session');
    openTab.onmessage = ({ data }) => {
      if ((data as { type: string }).type === 'ask') openTab.postMessage({ type: 'session', session: signedInSession('Viewer', 'bob') });
    };
    const asked: string[] = [];
    server.use(
      http.all(`${API}/api/*`, ({ request }) => {
        asked.push(new URL(request.url).pathname);
        return HttpResponse.json(new URL(request.url).pathname === '/api/datasources' ? [] : { message: 'no' });
      }),
    );
    try {
      resetLookup();
      renderRoutes(appRoutes, '/datasources');
      expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
      expect(screen.getByLabelText('Role: Viewer')).toBeInTheDocument();
      expect(asked).not.toContain('/api/user');
    } finally {
      openTab.close();
    }
  });

  it('a new tab whose cookie is still good goes straight to the page', async () => {
    server.use(
      answer('get', '/api/user', { ...fixtures.user, login: 'alice' }),
      answer('get', '/api/user/orgs', fixtures.orgs('Admin')),
      answer('get', '/api/org', fixtures.org),
      answer('get', '/api/datasources', []),
    );
    resetLookup();
    renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
    expect(getSession()).toMatchObject({ kind: 'cookie', login: 'alice', role: 'Admin' });
  });

  it('shows an unknown address inside the app frame: navigation, a "Page not found" heading and a way home', async () => {
    startSession(connectedSession());
    renderRoutes(appRoutes, '/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Data sources' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboards' })).toHaveAttribute('href', '/dashboards');
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('marks as current the page whose address starts the location the longest way', async () => {
    startSession(connectedSession());
    renderRoutes(appRoutes, '/alerting/notifications/templates/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notification templates' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Contact points' })).not.toHaveAttribute('aria-current');
  });

  it('shows why a token was refused next to the token field', async () => {
    server.use(failWith('get', '/api/user', 401, { message: 'Expired API key: token expired at 2026-11-01T10:00:00.000Z' }));
    renderRoutes(appRoutes, '/connect');
    await userEvent.type(await screen.findByLabelText(/Service account token/), 'glsa_old');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const field = screen.getByLabelText(/Service account token/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Expired API key: token expired at 2026-11-01T10:00:00.000Z')),
    );
  });

  it('sends the person to /login with the reason when any call answers 401', async () => {
    startSession(connectedSession());
    server.use(failWith('get', '/api/datasources', 401, { message: 'Invalid API key: this token has been revoked' }));
    const { router } = renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByText('Invalid API key: this token has been revoked')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out of the server and of every tab from the header', async () => {
    startSession(signedInSession('Editor', 'alice'));
    const otherTab = new BroadcastChannel('sightline.session');
    const heard: unknown[] = [];
    otherTab.onmessage = ({ data }) => heard.push(data);
    const loggedOut: string[] = [];
    server.use(
      answer('get', '/api/datasources', []),
      http.post(`${API}/logout`, ({ request }) => {
        loggedOut.push(request.headers.get('authorization') ?? 'no authorization header');
        return HttpResponse.json({ message: 'Logged out' });
      }),
    );
    try {
      const { router } = renderRoutes(appRoutes, '/datasources');
      expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Change password of alice' })).toHaveAttribute('href', '/profile/password');
      await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(loggedOut).toEqual(['no authorization header']);
      expect(getSession()).toBeNull();
      await waitFor(() => expect(heard).toContainEqual({ type: 'signed-out' }));
    } finally {
      otherTab.close();
    }
  });

  it('offers no password change to a service account token', async () => {
    startSession(connectedSession());
    server.use(answer('get', '/api/datasources', []));
    renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Change password/ })).not.toBeInTheDocument();
  });

  it('hides create actions from a Viewer', async () => {
    startSession(connectedSession('Viewer'));
    server.use(answer('get', '/api/search', []), answer('get', '/api/dashboards/tags', []), answer('get', '/api/folders', []));
    renderRoutes(appRoutes, '/dashboards');
    expect(await screen.findByText('No dashboards yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New dashboard|New folder/ })).not.toBeInTheDocument();
    // Explore needs the Editor role: a Viewer's menu does not offer it.
    expect(screen.getByRole('link', { name: 'Dashboards' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Explore' })).not.toBeInTheDocument();
  });

  it('tells a non-Admin that service accounts need the Admin role', async () => {
    startSession(connectedSession('Editor'));
    renderRoutes(appRoutes, '/serviceaccounts');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add service account' })).not.toBeInTheDocument();
  });

  it('shows the server error next to the list that failed, with a retry', async () => {
    startSession(connectedSession());
    server.use(failWith('get', '/api/datasources', 500, { message: 'Internal server error' }));
    renderRoutes(appRoutes, '/datasources');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load data sources');
    expect(alert).toHaveTextContent('Internal server error');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
