import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../test/user';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { FolderPermission, UpdateFolderPermissionsRequest } from '../../contract/folders';
import type { SearchServiceAccountsResponse } from '../../contract/serviceaccounts';
import type { SearchTeamsResponse } from '../../contract/teams';
import type { OrgUserLookup } from '../../contract/users';
import { startSession } from '../api/session';
import { renderWithProviders } from '../test/render';
import { API, connectedSession, server } from '../test/server';
import { PermissionsEditor } from './PermissionsEditor';

afterEach(() => notifications.clean());

const entry = (fields: Partial<FolderPermission>): FolderPermission => ({
  userId: 0,
  teamId: 0,
  permission: 1,
  permissionName: 'View',
  ...fields,
});

/** A permission list served from memory: GET answers it, POST replaces it (keeping names), as the server does. */
function serveList(path: string, initial: FolderPermission[], options: { failWith?: string } = {}) {
  let list = initial;
  const posted: UpdateFolderPermissionsRequest[] = [];
  const names: Record<string, string> = { 'user:5': 'alice', 'team:9': 'Payments', 'team:10': 'SRE' };
  server.use(
    http.get(`${API}${path}`, () => HttpResponse.json(list)),
    http.post(`${API}${path}`, async ({ request }) => {
      const body = (await request.json()) as UpdateFolderPermissionsRequest;
      posted.push(body);
      if (options.failWith) return HttpResponse.json({ message: options.failWith }, { status: 400 });
      list = [
        ...list.filter((e) => e.inherited),
        ...body.items.map((i) =>
          entry({
            ...i,
            ...(i.userId ? { userLogin: names[`user:${i.userId}`] } : {}),
            ...(i.teamId ? { team: names[`team:${i.teamId}`] } : {}),
            inherited: false,
          }),
        ),
      ];
      return HttpResponse.json({ message: 'Folder permissions updated' });
    }),
    http.get(`${API}/api/teams/search`, () =>
      HttpResponse.json({
        totalCount: 2,
        page: 1,
        perPage: 1000,
        teams: [
          { id: 9, uid: 't9', orgId: 1, name: 'Payments', email: '', avatarUrl: '', memberCount: 2 },
          { id: 10, uid: 't10', orgId: 1, name: 'SRE', email: '', avatarUrl: '', memberCount: 1 },
        ],
      } satisfies SearchTeamsResponse),
    ),
    http.get(`${API}/api/org/users/lookup`, () =>
      HttpResponse.json([{ userId: 5, login: 'alice', name: 'Alice', avatarUrl: '' }] satisfies OrgUserLookup[]),
    ),
    http.get(`${API}/api/serviceaccounts/search`, () =>
      HttpResponse.json({ totalCount: 0, page: 1, perPage: 1000, serviceAccounts: [] } satisfies SearchServiceAccountsResponse),
    ),
  );
  return posted;
}

describe('PermissionsEditor', () => {
  it('lists roles, users and teams, and grants a team a permission', async () => {
    startSession(connectedSession());
    const posted = serveList('/api/folders/ops/permissions', [
      entry({ role: 'Viewer' }),
      entry({ userId: 5, userLogin: 'alice', permission: 2, permissionName: 'Edit' }),
    ]);
    renderWithProviders(<PermissionsEditor target={{ kind: 'folder', uid: 'ops' }} title="Operations" />);
    const table = await screen.findByRole('table', { name: 'Permissions of Operations' });
    expect(within(table).getByText('Viewer role')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Permission of alice' })).toHaveValue('2');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grant to' }), 'team');
    const team = screen.getByRole('combobox', { name: 'Team' });
    await waitFor(() => expect(within(team).getByRole('option', { name: 'Payments' })).toBeInTheDocument());
    await userEvent.selectOptions(team, 'Payments');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Permission' }), 'Admin');
    await userEvent.click(screen.getByRole('button', { name: 'Add permission' }));

    expect(await screen.findByText('Team Payments now has Admin on Operations')).toBeInTheDocument();
    expect(posted.at(-1)).toEqual({
      items: [
        { role: 'Viewer', permission: 1 },
        { userId: 5, permission: 2 },
        { teamId: 9, permission: 4 },
      ],
    });
    expect(await within(table).findByText('Team Payments')).toBeInTheDocument();
  });

  it('changes a level, and removes an entry after a confirm saying what is lost', async () => {
    startSession(connectedSession());
    const posted = serveList('/api/folders/ops/permissions', [
      entry({ role: 'Viewer' }),
      entry({ teamId: 10, team: 'SRE', permission: 2, permissionName: 'Edit' }),
    ]);
    renderWithProviders(<PermissionsEditor target={{ kind: 'folder', uid: 'ops' }} title="Operations" />);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Permission of Team SRE' }), 'View');
    await waitFor(() =>
      expect(posted.at(-1)).toEqual({
        items: [
          { role: 'Viewer', permission: 1 },
          { teamId: 10, permission: 1 },
        ],
      }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove the permission of Viewer role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove permission' });
    expect(dialog).toHaveTextContent('Viewer role loses View on Operations at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove permission' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ items: [{ teamId: 10, permission: 1 }] }));
  });

  it('shows a dashboard’s folder entries as inherited and read-only, and sends only its own', async () => {
    startSession(connectedSession());
    const posted = serveList('/api/dashboards/uid/web/permissions', [
      entry({ role: 'Editor', permission: 2, permissionName: 'Edit', inherited: true }),
      entry({ userId: 5, userLogin: 'alice', inherited: false }),
    ]);
    renderWithProviders(<PermissionsEditor target={{ kind: 'dashboard', uid: 'web' }} title="Web" />);
    const row = (await screen.findAllByRole('row')).find((r) => r.textContent?.includes('Editor role'))!;
    expect(within(row).getByText('From the folder')).toBeInTheDocument();
    expect(within(row).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Permission of alice' }), 'Edit');
    await waitFor(() => expect(posted.at(-1)).toEqual({ items: [{ userId: 5, permission: 2 }] }));
  });

  it('says why a change was refused, in the server’s words, and refuses a subject twice locally', async () => {
    startSession(connectedSession());
    serveList('/api/folders/ops/permissions', [entry({ role: 'Viewer' })], {
      failWith: 'bad request data: teamId 9 is not a team of this organization',
    });
    renderWithProviders(<PermissionsEditor target={{ kind: 'folder', uid: 'ops' }} title="Operations" />);
    await screen.findByRole('table', { name: 'Permissions of Operations' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Viewer');
    await userEvent.click(screen.getByRole('button', { name: 'Add permission' }));
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveAccessibleDescription(
      'Viewer role already has a permission here: change it in the list above',
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Grant to' }), 'team');
    await waitFor(() =>
      expect(within(screen.getByRole('combobox', { name: 'Team' })).getByRole('option', { name: 'Payments' })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'Payments');
    await userEvent.click(screen.getByRole('button', { name: 'Add permission' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('bad request data: teamId 9 is not a team of this organization');
  });
});
