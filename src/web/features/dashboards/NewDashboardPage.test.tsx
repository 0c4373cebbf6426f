import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SaveDashboardResponse } from '../../../contract/dashboards';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { answer, connectedSession, failWith, fixtures, recordDashboardSaves, serveDashboard, server } from '../../test/server';
import { userEvent } from '../../test/user';

const created: SaveDashboardResponse = { id: 9, uid: 'new1', url: '/d/new1/latency', status: 'success', version: 1, slug: 'latency' };

describe('the new dashboard page', () => {
  it('creates the dashboard in the folder its address names, then opens it', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(fixtures.storedDashboard({ uid: 'new1', id: 9, title: 'Latency', version: 1, panels: [] }, { slug: 'latency' }));
    server.use(answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]));
    const saves = recordDashboardSaves<{ dashboard: Record<string, unknown>; folderUid: string }>(created);
    const { router } = renderRoutes(appRoutes, '/dashboard/new?folderUid=ops');

    expect(await screen.findByRole('heading', { level: 1, name: 'New dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Folder' })).toHaveValue('Ops'));
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboards/f/ops/');
    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Latency');
    await userEvent.click(screen.getByRole('button', { name: 'Create dashboard' }));

    expect(await screen.findByText('Dashboard created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/new1/latency'));
    expect(saves).toEqual([
      expect.objectContaining({ folderUid: 'ops', dashboard: expect.objectContaining({ title: 'Latency', panels: [] }) }),
    ]);
  });

  it('shows a refusal to create in the folder next to the folder, in the server’s words', async () => {
    startSession(connectedSession('Viewer'));
    const message = "You'll need additional permissions to perform this action. Permissions needed: dashboards:create";
    server.use(
      answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]),
      failWith('post', '/api/dashboards/db', 403, { message }),
    );
    renderRoutes(appRoutes, '/dashboard/new?folderUid=ops');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Title/ }), 'Latency');
    await userEvent.click(screen.getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Folder' })).toHaveAccessibleDescription(message));
  });
});
