import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchServiceAccountsResponse } from '../../../contract/serviceaccounts';
import type { CreateTeamRequest, SearchTeamsResponse, Team, TeamMember } from '../../../contract/teams';
import type { OrgUserLookup } from '../../../contract/users';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, connectedSession, defaultEffectivePreferences, server } from '../../test/server';

afterEach(() => notifications.clean());

const team = (fields: Partial<Team>): Team => ({
  id: 1,
  uid: 'u1',
  orgId: 1,
  name: 'Platform',
  email: '',
  avatarUrl: '',
  memberCount: 0,
  ...fields,
});

/** Teams served from memory, searched and paged as the server does; keeps each query asked. */
function serveTeams(initial: Team[]) {
  let teams = initial;
  const asked: URLSearchParams[] = [];
  const created: CreateTeamRequest[] = [];
  server.use(
    http.get(`${API}/api/teams/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const query = (params.get('query') ?? '').toLowerCase();
      const found = teams.filter((t) => t.name.toLowerCase().includes(query));
      return HttpResponse.json({ totalCount: found.length, teams: found, page: 1, perPage: 50 } satisfies SearchTeamsResponse);
    }),
    http.post(`${API}/api/teams`, async ({ request }) => {
      const body = (await request.json()) as CreateTeamRequest;
      created.push(body);
      if (teams.some((t) => t.name.toLowerCase() === body.name.toLowerCase()))
        return HttpResponse.json({ message: 'Team name taken', field: 'name' }, { status: 409 });
      const next = team({ id: teams.length + 10, name: body.name, email: body.email ?? '' });
      teams = [...teams, next];
      return HttpResponse.json({ message: 'Team created', teamId: next.id, uid: next.uid });
    }),
    http.delete(`${API}/api/teams/:id`, ({ params }) => {
      teams = teams.filter((t) => t.id !== Number(params.id));
      return HttpResponse.json({ message: 'Team deleted' });
    }),
  );
  return { asked, created };
}

describe('the teams page', () => {
  it('lists and searches teams with their member counts', async () => {
    startSession(connectedSession());
    const { asked } = serveTeams([
      team({ id: 1, name: 'Platform', memberCount: 3 }),
      team({ id: 2, name: 'Payments', email: 'pay@example.com', memberCount: 1 }),
    ]);
    renderRoutes(appRoutes, '/org/teams');
    const table = await screen.findByRole('table', { name: 'Teams' });
    const row = within(table).getByRole('row', { name: /^Payments/ });
    expect(within(row).getByText('pay@example.com')).toBeInTheDocument();
    expect(within(row).getByText('1')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Search teams' }), 'plat');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Teams' })).queryByText('Payments')).not.toBeInTheDocument());
    expect(asked.at(-1)?.get('query')).toBe('plat');
    expect(screen.getByText('1 team')).toBeInTheDocument();
  });

  it('creates a team, checking the fields first and showing a taken name under it', async () => {
    startSession(connectedSession());
    const { created } = serveTeams([team({ name: 'Platform' })]);
    server.use(
      http.get(`${API}/api/teams/11`, () => HttpResponse.json(team({ id: 11, name: 'SRE' }))),
      http.get(`${API}/api/teams/11/members`, () => HttpResponse.json([])),
      http.get(`${API}/api/teams/11/preferences`, () => HttpResponse.json(defaultEffectivePreferences)),
      http.get(`${API}/api/search`, () => HttpResponse.json([])),
      http.get(`${API}/api/org/users/lookup`, () => HttpResponse.json([])),
      http.get(`${API}/api/serviceaccounts/search`, () =>
        HttpResponse.json({ totalCount: 0, page: 1, perPage: 1000, serviceAccounts: [] }),
      ),
    );
    renderRoutes(appRoutes, '/org/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'New team' }));
    const dialog = await screen.findByRole('dialog', { name: 'New team' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Name cannot be empty');
    expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveAccessibleDescription(
      expect.stringContaining('Email is not a valid email address'),
    );
    expect(created).toHaveLength(0);

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Email/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'platform');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('Team name taken'));

    await userEvent.clear(within(dialog).getByRole('textbox', { name: /^Name/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'SRE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText('Team created')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team SRE' })).toBeInTheDocument();
    expect(created.at(-1)).toEqual({ name: 'SRE', email: '' });
  });

  it('deletes a team after a confirm that says what is lost', async () => {
    startSession(connectedSession());
    serveTeams([team({ id: 1, name: 'Platform', memberCount: 3 })]);
    renderRoutes(appRoutes, '/org/teams');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the team Platform' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete team' });
    expect(dialog).toHaveTextContent(
      'Every folder and dashboard permission given to the team is removed with it, so its 3 members lose whatever access came only from the team.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete team' }));
    expect(await screen.findByText('Team deleted')).toBeInTheDocument();
    expect(await screen.findByText('No teams yet')).toBeInTheDocument();
  });

  it('shows no write actions to a non-Admin', async () => {
    startSession(connectedSession('Viewer'));
    serveTeams([team({ name: 'Platform' })]);
    renderRoutes(appRoutes, '/org/teams');
    await screen.findByRole('table', { name: 'Teams' });
    expect(screen.queryByRole('button', { name: 'New team' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete the team Platform' })).not.toBeInTheDocument();
  });
});

describe('a team’s page', () => {
  it('renames the team, and adds and removes members', async () => {
    startSession(connectedSession());
    let current = team({ id: 4, name: 'Platform', email: 'p@example.com', memberCount: 1 });
    let members: TeamMember[] = [
      {
        orgId: 1,
        teamId: 4,
        userId: 5,
        email: 'alice@example.com',
        name: 'Alice',
        login: 'alice',
        avatarUrl: '',
        labels: [],
        permission: 0,
        isServiceAccount: false,
      },
    ];
    const puts: unknown[] = [];
    const added: unknown[] = [];
    server.use(
      http.get(`${API}/api/teams/4`, () => HttpResponse.json(current)),
      http.put(`${API}/api/teams/4`, async ({ request }) => {
        const body = (await request.json()) as { name: string; email: string };
        puts.push(body);
        current = { ...current, ...body };
        return HttpResponse.json({ message: 'Team updated' });
      }),
      http.get(`${API}/api/teams/4/members`, () => HttpResponse.json(members)),
      http.get(`${API}/api/teams/4/preferences`, () => HttpResponse.json(defaultEffectivePreferences)),
      http.get(`${API}/api/search`, () => HttpResponse.json([])),
      http.post(`${API}/api/teams/4/members`, async ({ request }) => {
        const body = (await request.json()) as { userId: number };
        added.push(body);
        members = [
          ...members,
          {
            ...members[0]!,
            userId: body.userId,
            login: 'sa-deploy-bot',
            name: 'deploy bot',
            email: 'sa-deploy-bot',
            isServiceAccount: true,
          },
        ];
        return HttpResponse.json({ message: 'Member added to Team' });
      }),
      http.delete(`${API}/api/teams/4/members/5`, () => {
        members = members.filter((m) => m.userId !== 5);
        return HttpResponse.json({ message: 'Team Member removed' });
      }),
      http.get(`${API}/api/org/users/lookup`, () =>
        HttpResponse.json([{ userId: 5, login: 'alice', name: 'Alice', avatarUrl: '' }] satisfies OrgUserLookup[]),
      ),
      http.get(`${API}/api/serviceaccounts/search`, () =>
        HttpResponse.json({
          totalCount: 1,
          page: 1,
          perPage: 1000,
          serviceAccounts: [
            {
              id: 8,
              uid: 's8',
              name: 'deploy bot',
              login: 'sa-deploy-bot',
              orgId: 1,
              isDisabled: false,
              role: 'Editor',
              tokens: 1,
              avatarUrl: '',
            },
          ],
        } satisfies SearchServiceAccountsResponse),
      ),
    );
    renderRoutes(appRoutes, '/org/teams/edit/4');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Platform team');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Team updated')).toBeInTheDocument();
    expect(puts).toEqual([{ name: 'Platform team', email: 'p@example.com' }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Platform team' })).toBeInTheDocument();

    const picker = screen.getByRole('combobox', { name: 'User or service account' });
    // Members already in the team are not offered again.
    await waitFor(() => expect(within(picker).getByRole('option', { name: 'deploy bot (service account)' })).toBeInTheDocument());
    expect(within(picker).queryByRole('option', { name: /alice/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(picker, 'deploy bot (service account)');
    await userEvent.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Member added')).toBeInTheDocument();
    expect(added).toEqual([{ userId: 8 }]);
    const table = await screen.findByRole('table', { name: 'Members of Platform team' });
    expect(await within(table).findByText('Service account')).toBeInTheDocument();

    await userEvent.click(within(table).getByRole('button', { name: 'Remove alice from Platform team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove member' });
    expect(dialog).toHaveTextContent('They lose every folder and dashboard permission that came only from the team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(within(table).queryByText('alice')).not.toBeInTheDocument());
  });
});
