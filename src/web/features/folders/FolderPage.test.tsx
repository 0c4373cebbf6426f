import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, answer, connectedSession, failWith, server } from '../../test/server';
import { userEvent } from '../../test/user';

const folder = {
  id: 3,
  uid: 'ops',
  title: 'Ops',
  url: '/dashboards/f/ops/ops',
  version: 1,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-01T00:00:00Z',
  createdBy: 'admin',
  updatedBy: 'admin',
  canSave: true,
  canEdit: true,
  canAdmin: true,
  canDelete: true,
};
const hit = (uid: string, title: string, tags: string[] = []): SearchHit => ({
  id: 1,
  uid,
  title,
  uri: '',
  url: `/d/${uid}/x`,
  slug: 'x',
  type: 'dash-db',
  tags,
  isStarred: false,
  folderUid: 'ops',
  folderTitle: 'Ops',
});

describe('the folder page', () => {
  it("lists the folder's dashboards under its title, with its permissions for an Admin", async () => {
    startSession(connectedSession('Admin'));
    server.use(
      answer('get', '/api/folders/ops', folder),
      answer('get', '/api/search', [hit('a', 'API latency', ['prod']), hit('b', 'Backups')]),
    );
    renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ops' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Contents of Ops' });
    expect(within(list).getByRole('link', { name: 'API latency' })).toHaveAttribute('href', '/d/a/x');
    expect(within(list).getByRole('link', { name: 'Backups' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Permissions' })).toHaveAttribute('href', '/dashboards/f/ops/permissions');
  });

  it('says so when the folder is empty, and offers no actions to someone who may not take them', async () => {
    startSession(connectedSession('Viewer'));
    server.use(
      answer('get', '/api/folders/ops', { ...folder, canSave: false, canEdit: false, canAdmin: false, canDelete: false }),
      answer('get', '/api/search', []),
    );
    renderRoutes(appRoutes, '/dashboards/f/ops/');
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Permissions' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers whoever may edit the folder a new dashboard in it, without its permissions', async () => {
    startSession(connectedSession('Editor'));
    server.use(answer('get', '/api/folders/ops', { ...folder, canAdmin: false }), answer('get', '/api/search', []));
    renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    expect(await screen.findByRole('link', { name: 'New dashboard' })).toHaveAttribute('href', '/dashboard/new?folderUid=ops');
    expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Permissions' })).not.toBeInTheDocument();
  });

  it('says when there is no such folder, in the server’s words', async () => {
    startSession(connectedSession('Viewer'));
    server.use(failWith('get', '/api/folders/gone', 404, { message: 'folder not found' }), answer('get', '/api/search', []));
    renderRoutes(appRoutes, '/dashboards/f/gone/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such folder' })).toBeInTheDocument();
    expect(await screen.findByText(/folder not found/)).toBeInTheDocument();
    // Asking again would not bring it back.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('renaming the folder', () => {
  it('sends the version shown, and shows the new name and address', async () => {
    startSession(connectedSession('Editor'));
    let shown = folder;
    const puts: unknown[] = [];
    server.use(
      http.get(`${API}/api/folders/ops`, () => HttpResponse.json(shown)),
      answer('get', '/api/search', []),
      http.put(`${API}/api/folders/ops`, async ({ request }) => {
        puts.push(await request.json());
        shown = { ...folder, title: 'Operations', url: '/dashboards/f/ops/operations', version: 2 };
        return HttpResponse.json(shown);
      }),
    );
    const { router } = renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder Ops' });
    const name = within(dialog).getByRole('textbox', { name: /^Folder name/ });
    expect(name).toHaveValue('Ops');
    await userEvent.clear(name);
    await userEvent.type(name, 'Operations');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));

    expect(await screen.findByText('Folder renamed')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Operations' })).toBeInTheDocument();
    expect(puts).toEqual([{ title: 'Operations', version: 1 }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards/f/ops/operations'));
  });

  it('shows a taken name next to the name, and a change made meanwhile below it, in the server’s words', async () => {
    startSession(connectedSession('Editor'));
    let refusal = { status: 409, body: { message: 'a folder named "Backups" already exists', field: 'title' } };
    server.use(
      answer('get', '/api/folders/ops', folder),
      answer('get', '/api/search', []),
      http.put(`${API}/api/folders/ops`, () => HttpResponse.json(refusal.body, { status: refusal.status })),
    );
    renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder Ops' });
    const name = within(dialog).getByRole('textbox', { name: /^Folder name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'Backups');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('a folder named "Backups" already exists'));

    refusal = { status: 412, body: { message: 'The folder has been changed by someone else', field: '' } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The folder has been changed by someone else');
    expect(name).not.toHaveAccessibleDescription(/already exists/);
    expect(screen.queryByText('Folder renamed')).not.toBeInTheDocument();
  });
});

describe('deleting the folder', () => {
  it('says how many dashboards go with it, then deletes it and returns to the dashboards', async () => {
    startSession(connectedSession('Editor'));
    const deleted: string[] = [];
    server.use(
      answer('get', '/api/folders/ops', folder),
      answer('get', '/api/folders', []),
      answer('get', '/api/dashboards/tags', []),
      answer('get', '/api/search', [hit('a', 'API latency'), hit('b', 'Backups')]),
      http.delete(`${API}/api/folders/:uid`, ({ params }) => {
        deleted.push(String(params.uid));
        return HttpResponse.json({ id: 3, title: 'Ops', message: 'Folder Ops deleted' });
      }),
    );
    const { router } = renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    await screen.findByRole('list', { name: 'Contents of Ops' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder Ops?' });
    expect(dialog).toHaveTextContent('Its 2 dashboards are deleted too, with their versions and annotations. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }));

    expect(await screen.findByText('Folder deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));
    expect(deleted).toEqual(['ops']);
  });

  it('keeps the folder and says why in the server’s words when the server refuses', async () => {
    startSession(connectedSession('Editor'));
    const message = 'folder cannot be deleted: folder contains alert rules (delete them, or pass forceDeleteRules=true)';
    server.use(
      answer('get', '/api/folders/ops', folder),
      answer('get', '/api/search', []),
      failWith('delete', '/api/folders/ops', 400, { message }),
    );
    const { router } = renderRoutes(appRoutes, '/dashboards/f/ops/ops');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder Ops?' });
    expect(dialog).toHaveTextContent('The folder is empty.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete folder' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not delete the folder');
    expect(alert).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/dashboards/f/ops/ops');
  });
});
