import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, connectedSession, failWith, server } from '../../test/server';

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

  it('says so when the folder is empty, and offers no permissions to someone who may not change them', async () => {
    startSession(connectedSession('Viewer'));
    server.use(answer('get', '/api/folders/ops', { ...folder, canAdmin: false }), answer('get', '/api/search', []));
    renderRoutes(appRoutes, '/dashboards/f/ops/');
    expect(await screen.findByText('This folder is empty')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Permissions' })).not.toBeInTheDocument();
  });

  it('says when there is no such folder, in the server’s words', async () => {
    startSession(connectedSession('Viewer'));
    server.use(failWith('get', '/api/folders/gone', 404, { message: 'folder not found' }), answer('get', '/api/search', []));
    renderRoutes(appRoutes, '/dashboards/f/gone/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No such folder' })).toBeInTheDocument();
    expect(await screen.findByText(/folder not found/)).toBeInTheDocument();
  });
});
