import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardWithMeta, SaveDashboardResponse } from '../../../contract/dashboards';
import type { ErrorResponse } from '../../../contract/errors';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, answer, connectedSession, fixtures, serveDashboard, server } from '../../test/server';

// CodeMirror measures text ranges after an edit; jsdom's Range has no layout, so it measures nothing.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

/** Replaces the JSON editor's whole text the way typing does: one CodeMirror transaction. */
function replaceJson(editor: HTMLElement, text: string) {
  const view = EditorView.findFromDOM(editor);
  if (!view) throw new Error('no CodeMirror view behind the JSON editor');
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}

function dashboardAt(version: number, title: string, extra: Record<string, unknown> = {}): DashboardWithMeta {
  return fixtures.storedDashboard(
    { uid: 'abc', id: 7, title, version, panels: [], ...extra },
    { updatedBy: version === 1 ? 'sa-admin' : 'sa-colleague' },
  );
}

describe('saving a dashboard someone else changed', () => {
  it('shows the 412 in the server’s words with a diff, and overwrites on request', async () => {
    startSession(connectedSession('Editor'));
    let stored = dashboardAt(1, 'Checkout');
    const posts: Array<{ overwrite: boolean; dashboard: { title: string; version: number } }> = [];
    server.use(
      http.get(`${API}/api/dashboards/uid/abc`, () => HttpResponse.json(stored)),
      answer('get', '/api/folders', []),
      answer('get', '/api/user/stars', []),
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
    // The first test also waits for the lazy route's code.
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
      answer('get', '/api/user/stars', []),
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

describe('view mode and edit mode', () => {
  it('opens in view mode; Edit brings the tabs and Save, and the URL says so', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(dashboardAt(1, 'Checkout'));
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Saved?$/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(await screen.findByRole('tab', { name: 'Panels' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Exit edit' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).has('edit')).toBe(true);

    await userEvent.click(screen.getByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Checkout');
    expect(new URLSearchParams(router.state.location.search).get('editview')).toBe('settings');

    // Nothing changed, so leaving edit mode asks nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Exit edit' }));
    await waitFor(() => expect(screen.queryByRole('tab')).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('offers a Viewer no Edit button, and no tabs even when the URL asks for them', async () => {
    startSession(connectedSession('Viewer'));
    const viewable = dashboardAt(1, 'Checkout');
    viewable.meta.canSave = false;
    viewable.meta.canEdit = false;
    viewable.meta.canDelete = false;
    serveDashboard(viewable);
    renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText(/You can view this dashboard; saving needs Edit permission/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Title/)).not.toBeInTheDocument();
  });

  it('lets the editor of a provisioned dashboard read its settings in edit mode, without Save', async () => {
    startSession(connectedSession('Editor'));
    const provisioned = dashboardAt(1, 'Checkout');
    provisioned.meta.canSave = false;
    provisioned.meta.canDelete = false;
    provisioned.meta.provisioned = true;
    serveDashboard(provisioned);
    renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByText(/provisioned from a file: change it there/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Checkout');
    expect(screen.queryByRole('button', { name: /^Saved?$/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Exit edit' })).toBeInTheDocument();
  });

  it('asks before Exit edit throws changes away, and discards them on confirmation', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(dashboardAt(1, 'Checkout'));
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    await userEvent.type(await screen.findByLabelText('Description'), 'mine');
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Exit edit' }));
    const confirm = await screen.findByRole('dialog', { name: 'Discard unsaved changes to Checkout?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Description')).toHaveValue('mine');

    await userEvent.click(screen.getByRole('button', { name: 'Exit edit' }));
    const again = await screen.findByRole('dialog', { name: 'Discard unsaved changes to Checkout?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('tab')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    await userEvent.click(await screen.findByRole('tab', { name: 'Settings' }));
    expect(await screen.findByLabelText('Description')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('never calls invalid JSON "Saved", and leaving the page drops the invalid text with its error', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(dashboardAt(1, 'Checkout'));
    renderRoutes(appRoutes, '/d/abc/checkout?editview=json');
    const editor = await screen.findByRole('textbox', { name: 'Dashboard JSON model' });
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    replaceJson(editor, '{"title": ');

    expect((await screen.findByText('The JSON model is not valid')).closest('[role="alert"]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Saved' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/You have unsaved changes\. The JSON model has an error; fix it to save\./)).toBeInTheDocument();

    await userEvent.click(within(screen.getByRole('navigation', { name: 'Dashboard settings' })).getByRole('link', { name: 'General' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveValue('Checkout');
    expect(screen.queryByText('The JSON model is not valid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();

    await userEvent.click(screen.getByRole('link', { name: 'JSON Model' }));
    const shown = await screen.findByRole('textbox', { name: 'Dashboard JSON model' });
    expect(JSON.parse(EditorView.findFromDOM(shown)!.state.doc.toString())).toMatchObject({ uid: 'abc', title: 'Checkout' });
    expect(screen.queryByText('The JSON model is not valid')).not.toBeInTheDocument();
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
  });
});

describe('deleting a dashboard', () => {
  it('forgets it: Back after the delete asks the server and says "Dashboard not found"', async () => {
    startSession(connectedSession('Editor'));
    let deleted = false;
    serveDashboard(dashboardAt(1, 'Checkout'));
    server.use(
      http.get(`${API}/api/dashboards/uid/abc`, () =>
        deleted
          ? HttpResponse.json({ message: 'Dashboard not found' } satisfies ErrorResponse, { status: 404 })
          : HttpResponse.json(dashboardAt(1, 'Checkout')),
      ),
      http.delete(`${API}/api/dashboards/uid/abc`, () => {
        deleted = true;
        return HttpResponse.json({ id: 7, uid: 'abc', title: 'Checkout', message: 'Dashboard Checkout deleted' });
      }),
      answer('get', '/api/search', []),
      answer('get', '/api/dashboards/tags', []),
    );
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout');
    // Run alone, this test also waits for the lazy route's code.
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: /Delete dashboard Checkout/ })).getByRole('button', { name: 'Delete dashboard' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboards'));

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('shows the server’s 404 when the dashboard was deleted while it was being edited, and never recreates it', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(dashboardAt(1, 'Checkout'));
    const posts: Array<{ overwrite: boolean; dashboard: { id?: number; uid: string; version: number } }> = [];
    server.use(
      http.post(`${API}/api/dashboards/db`, async ({ request }) => {
        posts.push((await request.json()) as (typeof posts)[number]);
        return HttpResponse.json({ message: 'Dashboard not found' } satisfies ErrorResponse, { status: 404 });
      }),
    );
    renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    await userEvent.type(await screen.findByLabelText('Description'), 'mine');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saveDialog = await screen.findByRole('dialog', { name: 'Save dashboard' });
    await userEvent.click(within(saveDialog).getByRole('button', { name: 'Save' }));

    expect(await within(saveDialog).findByText('Dashboard not found')).toBeInTheDocument();
    // The id is what tells the server the dashboard is gone (Grafana's rule), and nothing forces it.
    expect(posts).toEqual([
      expect.objectContaining({ overwrite: false, dashboard: expect.objectContaining({ id: 7, uid: 'abc', version: 1 }) }),
    ]);
    expect(screen.queryByText('Dashboard saved')).not.toBeInTheDocument();
  });
});
