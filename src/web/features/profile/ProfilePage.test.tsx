import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Preferences } from '../../../contract/preferences';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, API, connectedSession, defaultEffectivePreferences, failWith, fixtures, server, signedInSession } from '../../test/server';
import { userEvent } from '../../test/user';

const stored: Preferences = { ...defaultEffectivePreferences, theme: '', timezone: '', weekStart: '', language: 'de-DE' };
const hits = [
  {
    id: 7,
    uid: 'ops',
    title: 'Operations',
    uri: 'db/operations',
    url: '/d/ops/operations',
    slug: 'operations',
    type: 'dash-db',
    tags: [],
    isStarred: false,
  },
] as SearchHit[];

/** The PUT bodies the page sends to `path`. */
function recordPuts(path: string) {
  const bodies: unknown[] = [];
  server.use(
    http.put(`${API}${path}`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ message: 'Preferences updated' });
    }),
  );
  return bodies;
}

describe('the profile’s preferences', () => {
  it('saves theme, home dashboard, timezone and week start as one PUT, keeping what it does not show', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(answer('get', '/api/user/preferences', stored), answer('get', '/api/search', hits));
    const bodies = recordPuts('/api/user/preferences');
    renderRoutes(appRoutes, '/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    const form = within(screen.getByRole('region', { name: 'Preferences' }));
    await userEvent.selectOptions(await form.findByLabelText('Interface theme'), 'dark');
    await waitFor(() => expect(form.getByRole('option', { name: 'Operations' })).toBeInTheDocument());
    await userEvent.selectOptions(form.getByLabelText(/^Home dashboard/), 'ops');
    await userEvent.selectOptions(form.getByLabelText('Timezone'), 'utc');
    await userEvent.selectOptions(form.getByLabelText('Week start'), 'sunday');
    await userEvent.click(form.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        theme: 'dark',
        homeDashboardUID: 'ops',
        timezone: 'utc',
        weekStart: 'sunday',
        language: 'de-DE',
        locale: '',
        queryHistory: { homeTab: '' },
      },
    ]);
  });

  it('shows the server’s refusal next to the field it names', async () => {
    startSession(connectedSession('Editor'));
    server.use(
      answer('get', '/api/user/preferences', stored),
      answer('get', '/api/search', hits),
      failWith('put', '/api/user/preferences', 404, { message: 'Dashboard not found', field: 'homeDashboardUID' }),
    );
    renderRoutes(appRoutes, '/profile');
    const save = await screen.findByRole('button', { name: 'Save preferences' });
    await userEvent.click(save);
    await waitFor(() =>
      expect(screen.getByLabelText(/^Home dashboard/)).toHaveAccessibleDescription(expect.stringContaining('Dashboard not found')),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('applies the effective theme after sign-in', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(answer('get', '/api/user/preferences/effective', { ...defaultEffectivePreferences, theme: 'dark' }));
    server.use(answer('get', '/api/user/preferences', stored), answer('get', '/api/search', hits));
    renderRoutes(appRoutes, '/profile');
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark'));
  });
});

describe('the org’s and a team’s preferences', () => {
  it('lets an Admin save the org’s at /org, and tells a Viewer it needs Admin', async () => {
    startSession(signedInSession('Admin', 'root'));
    server.use(answer('get', '/api/org/preferences', stored), answer('get', '/api/search', hits));
    const bodies = recordPuts('/api/org/preferences');
    const { unmount } = renderRoutes(appRoutes, '/org');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organization' })).toBeInTheDocument();
    expect(screen.getByLabelText('Organization name')).toHaveValue('Main Org.');
    await userEvent.selectOptions(await screen.findByLabelText('Week start'), 'saturday');
    await userEvent.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(bodies).toMatchObject([{ weekStart: 'saturday', theme: '' }]);
    unmount();

    startSession(signedInSession('Viewer', 'alice'));
    renderRoutes(appRoutes, '/org');
    expect(await screen.findByText('Needs the Admin role')).toBeInTheDocument();
    expect(screen.queryByLabelText('Week start')).not.toBeInTheDocument();
  });

  it('saves a team’s on its page', async () => {
    startSession(signedInSession('Admin', 'root'));
    server.use(
      answer('get', '/api/teams/5', { id: 5, uid: 't5', orgId: 1, name: 'Platform', email: '', avatarUrl: '', memberCount: 0 }),
      answer('get', '/api/teams/5/members', []),
      answer('get', '/api/teams/5/preferences', stored),
      answer('get', '/api/search', hits),
      answer('get', '/api/org/users/lookup', []),
      answer('get', '/api/serviceaccounts/search', { totalCount: 0, serviceAccounts: [], page: 1, perPage: 1000 }),
    );
    const bodies = recordPuts('/api/teams/5/preferences');
    renderRoutes(appRoutes, '/org/teams/edit/5');
    const form = within(await screen.findByRole('region', { name: 'Team preferences' }));
    await userEvent.selectOptions(await form.findByLabelText('Timezone'), 'Europe/Berlin');
    await userEvent.click(form.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Preferences saved')).toBeInTheDocument();
    expect(bodies).toMatchObject([{ timezone: 'Europe/Berlin' }]);
  });
});

describe('the home page', () => {
  it('opens the effective home dashboard at /', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(
      answer('get', '/api/dashboards/home', { redirectUri: '/d/ops/operations' }),
      answer('get', '/api/dashboards/uid/ops', fixtures.storedDashboard({ uid: 'ops', title: 'Operations', version: 1, panels: [] })),
      answer('get', '/api/datasources', []),
    );
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/ops/operations'));
  });

  it('opens the dashboards list when no preference names one', async () => {
    startSession(signedInSession('Viewer', 'alice'));
    server.use(answer('get', '/api/search', []), answer('get', '/api/dashboards/tags', []), answer('get', '/api/folders', []));
    const { router } = renderRoutes(appRoutes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
  });
});
