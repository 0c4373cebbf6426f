import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardWithMeta, SaveDashboardResponse } from '../../../contract/dashboards';
import type { ErrorResponse } from '../../../contract/errors';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, answer, connectedSession, server } from '../../test/server';

function dashboardAt(version: number, title: string, extra: Record<string, unknown> = {}): DashboardWithMeta {
  return {
    dashboard: { uid: 'abc', id: 7, title, version, panels: [], ...extra },
    meta: {
      type: 'db',
      canSave: true,
      canEdit: true,
      canAdmin: false,
      canDelete: true,
      slug: 'checkout',
      url: '/d/abc/checkout',
      created: '2026-11-01T10:00:00.000Z',
      updated: '2026-11-01T11:00:00.000Z',
      createdBy: 'sa-admin',
      updatedBy: version === 1 ? 'sa-admin' : 'sa-colleague',
      version,
      folderId: 0,
      folderUid: '',
      folderTitle: 'General',
      folderUrl: '',
      provisioned: false,
    },
  };
}

describe('saving a dashboard someone else changed', () => {
  it('shows the 412 in the server’s words with a diff, and overwrites on request', async () => {
    startSession(connectedSession('Editor'));
    let stored = dashboardAt(1, 'Checkout');
    const posts: Array<{ overwrite: boolean; dashboard: { title: string; version: number } }> = [];
    server.use(
      http.get(`${API}/api/dashboards/uid/abc`, () => HttpResponse.json(stored)),
      answer('get', '/api/folders', []),
      http.post(`${API}/api/dashboards/db`, async ({ request }) => {
        const body = (await request.json()) as (typeof posts)[number];
        posts.push(body);
        if (!body.overwrite) {
          // Meanwhile a colleague saved version 2.
          stored = dashboardAt(2, 'Checkout', { description: 'colleague was here' });
          return HttpResponse.json(
            { status: 'version-mismatch', message: 'The dashboard has been changed by someone else' } satisfies ErrorResponse,
            { status: 412 },
          );
        }
        stored = dashboardAt(3, body.dashboard.title);
        return HttpResponse.json({
          id: 7,
          uid: 'abc',
          url: '/d/abc/checkout-v2',
          status: 'success',
          version: 3,
          slug: 'checkout-v2',
        } satisfies SaveDashboardResponse);
      }),
    );

    renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    const titleField = await screen.findByLabelText(/^Title/);
    await userEvent.clear(titleField);
    await userEvent.type(titleField, 'Checkout v2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saveDialog = await screen.findByRole('dialog', { name: 'Save dashboard' });
    await userEvent.click(within(saveDialog).getByRole('button', { name: 'Save' }));

    const conflict = await screen.findByRole('dialog', { name: 'The dashboard was changed elsewhere' });
    expect(within(conflict).getByText('The dashboard has been changed by someone else')).toBeInTheDocument();
    await waitFor(() => expect(within(conflict).getByText(/Version 2 was saved by sa-colleague/)).toBeInTheDocument());
    const diff = within(conflict).getByLabelText('Differences between saved (version 2) and yours');
    expect(diff).toHaveTextContent('"description": "colleague was here"');
    expect(diff).toHaveTextContent('"title": "Checkout v2"');
    expect(posts).toEqual([
      expect.objectContaining({ overwrite: false, dashboard: expect.objectContaining({ title: 'Checkout v2', version: 1 }) }),
    ]);

    await userEvent.click(within(conflict).getByRole('button', { name: 'Save and overwrite' }));
    expect(await screen.findByText('Dashboard saved')).toBeInTheDocument();
    expect(posts[1]).toMatchObject({ overwrite: true, dashboard: { title: 'Checkout v2' } });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'The dashboard was changed elsewhere' })).not.toBeInTheDocument());
  });

  it('cancelling keeps the edits unsaved', async () => {
    startSession(connectedSession('Editor'));
    server.use(
      http.get(`${API}/api/dashboards/uid/abc`, () => HttpResponse.json(dashboardAt(1, 'Checkout'))),
      answer('get', '/api/folders', []),
      http.post(`${API}/api/dashboards/db`, () =>
        HttpResponse.json({ status: 'version-mismatch', message: 'The dashboard has been changed by someone else' }, { status: 412 }),
      ),
    );
    renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    await userEvent.type(await screen.findByLabelText('Description'), 'mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save dashboard' })).getByRole('button', { name: 'Save' }));
    const conflict = await screen.findByRole('dialog', { name: 'The dashboard was changed elsewhere' });
    await userEvent.click(within(conflict).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).toHaveValue('mine');
  });
});

describe('opening a dashboard', () => {
  it('asks for the dashboard and the data sources once: the route starts them and the page reads their answers', async () => {
    startSession(connectedSession('Viewer'));
    const asked: string[] = [];
    server.use(
      http.get(`${API}/api/dashboards/uid/abc`, () => (asked.push('dashboard'), HttpResponse.json(dashboardAt(1, 'Checkout')))),
      http.get(`${API}/api/datasources`, () => (asked.push('datasources'), HttpResponse.json([]))),
      answer('get', '/api/user/stars', []),
      answer('get', '/api/annotations', []),
    );
    renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toContain('datasources'));
    expect(asked.toSorted()).toEqual(['dashboard', 'datasources']);
  });
});
