import type { Page } from '@playwright/test';
import { connect, expect, expectAccessible, expectAccessibleInBothThemes, test, type ServerInfo } from './fixtures';

let counter = 0;
/** Names unique across runs and tests: the server is shared by every spec file. */
function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${++counter}`;
}

async function openTeams(page: Page, server: ServerInfo): Promise<void> {
  await connect(page, server, server.adminToken);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Teams' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
}

test.describe('teams', () => {
  test('create, rename, add and remove members, delete; a team grants folder access to its members', async ({ page, server }) => {
    const name = unique('Payments');
    const member = await server.tokenFor('Viewer');
    const folderUid = `team-folder-${Date.now().toString(36)}`;
    await server.api('POST', '/api/folders', { uid: folderUid, title: unique('Team folder') });
    await server.api('POST', '/api/dashboards/db', { dashboard: { uid: `${folderUid}-board`, title: 'Team board' }, folderUid });
    // Only the team will be granted: no role entries.
    await server.api('POST', `/api/folders/${folderUid}/permissions`, { items: [] });

    await openTeams(page, server);
    await page.getByRole('button', { name: 'New team' }).click();
    const dialog = page.getByRole('dialog', { name: 'New team' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(page.getByText('Team created')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: `Team ${name}` })).toBeVisible();

    // Rename.
    await page.getByRole('textbox', { name: 'Name' }).fill(`${name} squad`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Team ${name} squad` })).toBeVisible();

    // Add the Viewer service account as a member.
    const accounts = await server.api<{ serviceAccounts: Array<{ id: number; name: string }> }>(
      'GET',
      '/api/serviceaccounts/search?perpage=1000',
    );
    const account = accounts.serviceAccounts.find((a) => a.id === member.id)!;
    await page.getByRole('combobox', { name: 'User or service account' }).selectOption(`${account.name} (service account)`);
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByText('Member added')).toBeVisible();
    const members = page.getByRole('table', { name: `Members of ${name} squad` });
    await expect(members.getByRole('row')).toHaveCount(2);
    await expectAccessible(page);

    // Before the grant, the member cannot open the folder's dashboard.
    const board = () =>
      fetch(`${server.url}/api/dashboards/uid/${folderUid}-board`, { headers: { authorization: `Bearer ${member.token}` } }).then(
        (r) => r.status,
      );
    expect(await board()).toBe(403);

    // Grant the team Edit on the folder through the folder permissions page.
    await page.goto(`${server.url}/dashboards/f/${folderUid}/permissions`);
    await expect(page.getByRole('heading', { level: 1, name: 'Folder permissions' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Grant to' }).selectOption('team');
    await page.getByRole('combobox', { name: 'Team' }).selectOption(`${name} squad`);
    await page.getByRole('combobox', { name: 'Permission' }).selectOption('Edit');
    await page.getByRole('button', { name: 'Add permission' }).click();
    await expect(page.getByText('Permissions updated')).toBeVisible();
    await expect(page.getByRole('table', { name: /^Permissions of / }).getByText(`Team ${name} squad`)).toBeVisible();
    await expectAccessible(page);
    await expect.poll(board).toBe(200);

    // Remove the member: the access goes with the membership.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: `Team ${name} squad` })).toBeVisible();
    await members.getByRole('button', { name: new RegExp(`^Remove .* from ${name} squad$`) }).click();
    const confirmRemove = page.getByRole('dialog', { name: 'Remove member' });
    await expect(confirmRemove).toContainText('They lose every folder and dashboard permission that came only from the team');
    await confirmRemove.getByRole('button', { name: 'Remove member' }).click();
    await expect(page.getByText('No members yet')).toBeVisible();
    await expect.poll(board).toBe(403);

    // Delete the team from the list, after a confirm that says what is lost.
    await page.getByRole('link', { name: 'Teams' }).first().click();
    await page.getByRole('textbox', { name: 'Search teams' }).fill(`${name} squad`);
    // As a person would, delete once the list shows only the match (its header and one row).
    const teams = page.getByRole('table', { name: 'Teams' });
    await expect(teams.getByRole('row')).toHaveCount(2);
    await expect(page).toHaveURL(/[?&]query=/);
    await teams.getByRole('button', { name: `Delete the team ${name} squad` }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Delete team' });
    await expect(confirmDelete).toContainText('Every folder and dashboard permission given to the team is removed with it');
    await confirmDelete.getByRole('button', { name: 'Delete team' }).click();
    await expect(page.getByText('Team deleted')).toBeVisible();
    await expect(page.getByText('No team matches')).toBeVisible();
    const left = await server.api<unknown[]>('GET', `/api/folders/${folderUid}/permissions`);
    expect(left).toEqual([]);
  });

  test(`the teams pages, the new team dialog and the folder permissions page pass axe in the light and dark themes`, async ({
    page,
    server,
  }) => {
    const { teamId } = await server.api<{ teamId: number }>('POST', '/api/teams', { name: unique('Axe team') });
    const folderUid = `axe-${Date.now().toString(36)}`;
    await server.api('POST', '/api/folders', { uid: folderUid, title: unique('Axe folder') });
    await server.api('POST', `/api/folders/${folderUid}/permissions`, {
      items: [
        { role: 'Viewer', permission: 1 },
        { teamId, permission: 2 },
      ],
    });
    await openTeams(page, server);
    await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
    await page.getByRole('button', { name: 'New team' }).click();
    await expect(page.getByRole('dialog', { name: 'New team' })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole('dialog', { name: 'New team' }).getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`${server.url}/org/teams/edit/${teamId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Members' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
    await page.goto(`${server.url}/dashboards/f/${folderUid}/permissions`);
    await expect(page.getByRole('table', { name: /^Permissions of / })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });
});
