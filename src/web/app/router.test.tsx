import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { startSession } from '../api/session';
import { answer, API, connectedSession, failWith, fixtures, server } from '../test/server';
import { renderRoutes } from '../test/render';
import { appRoutes } from './router';

describe('the app shell', () => {
  it('sends a visitor without a session to /connect, and back after connecting', async () => {
    server.use(
      answer('get', '/api/user/orgs', fixtures.orgs('Editor')),
      answer('get', '/api/user', fixtures.user),
      answer('get', '/api/org', fixtures.org),
      answer('get', '/api/datasources', []),
    );
    const { router } = renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect to a server' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=%2Fdatasources');
    await userEvent.type(screen.getByLabelText(/Service account token/), 'glsa_good');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data sources' })).toBeInTheDocument();
    expect(screen.getByTestId('org-name')).toHaveTextContent('Main Org.');
    expect(screen.getByLabelText('Role: Editor')).toBeInTheDocument();
  });

  it('asks the server nothing for a page before there is a session', async () => {
    const asked: string[] = [];
    server.use(http.all(`${API}/api/*`, ({ request }) => (asked.push(request.url), HttpResponse.json({ message: 'no' }, { status: 401 }))));
    renderRoutes(appRoutes, '/dashboards');
    expect(await screen.findByRole('heading', { level: 1, name: 'Connect to a server' })).toBeInTheDocument();
    expect(asked).toEqual([]);
    expect(screen.queryByText('no')).not.toBeInTheDocument();
  });

  it('shows why a token was refused next to the token field', async () => {
    server.use(failWith('get', '/api/user/orgs', 401, { message: 'Expired API key: token expired at 2026-11-01T10:00:00.000Z' }));
    renderRoutes(appRoutes, '/connect');
    await userEvent.type(await screen.findByLabelText(/Service account token/), 'glsa_old');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const field = screen.getByLabelText(/Service account token/);
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(expect.stringContaining('Expired API key: token expired at 2026-11-01T10:00:00.000Z')),
    );
  });

  it('sends the person to /connect with the reason when any call answers 401', async () => {
    startSession(connectedSession());
    server.use(failWith('get', '/api/datasources', 401, { message: 'Invalid API key: this token has been revoked' }));
    const { router } = renderRoutes(appRoutes, '/datasources');
    expect(await screen.findByText('Invalid API key: this token has been revoked')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Connect to a server' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect');
  });

  it('hides create actions from a Viewer', async () => {
    startSession(connectedSession('Viewer'));
    server.use(answer('get', '/api/search', []), answer('get', '/api/dashboards/tags', []), answer('get', '/api/folders', []));
    renderRoutes(appRoutes, '/dashboards');
    expect(await screen.findByText('No dashboards yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New dashboard|New folder/ })).not.toBeInTheDocument();
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
