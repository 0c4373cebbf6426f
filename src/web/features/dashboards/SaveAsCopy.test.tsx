import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { DashboardMeta, SaveDashboardResponse } from '../../../contract/dashboards';
import type { ErrorResponse } from '../../../contract/errors';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, answer, connectedSession, fixtures, serveDashboard, server } from '../../test/server';
import { userEvent } from '../../test/user';
import { copyOfModel } from './SaveAsCopy';

type SavedBody = { dashboard: Record<string, unknown>; folderUid: string; overwrite: boolean };

const checkout = (meta: Partial<DashboardMeta> = {}) =>
  fixtures.storedDashboard({ uid: 'abc', id: 7, title: 'Checkout', version: 4, tags: ['prod', 'shop'], panels: [] }, meta);

const copySaved: SaveDashboardResponse = {
  id: 9,
  uid: 'copy1',
  url: '/d/copy1/checkout-copy',
  status: 'success',
  version: 1,
  slug: 'checkout-copy',
};

/** Serves Checkout and the folder Ops, keeps each save's body, and answers a save with `answerSave`. */
function serveCheckout(meta: Partial<DashboardMeta>, answerSave: (body: SavedBody) => Response = () => HttpResponse.json(copySaved)) {
  serveDashboard(checkout(meta));
  const saves: SavedBody[] = [];
  server.use(
    answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]),
    http.post(`${API}/api/dashboards/db`, async ({ request }) => {
      const body = (await request.json()) as SavedBody;
      saves.push(body);
      return answerSave(body);
    }),
    http.get(`${API}/api/dashboards/uid/copy1`, () =>
      HttpResponse.json(
        fixtures.storedDashboard(
          { uid: 'copy1', id: 9, title: 'Checkout Copy', version: 1, panels: [] },
          { slug: 'checkout-copy', url: '/d/copy1/checkout-copy' },
        ),
      ),
    ),
  );
  return saves;
}

async function openCopyDialog() {
  await userEvent.click(await screen.findByRole('button', { name: 'Save as copy' }));
  return screen.findByRole('dialog', { name: 'Save as copy' });
}

describe('saving a dashboard as a copy', () => {
  it('lets an Editor copy a dashboard they may only read, from view mode, and opens the copy', async () => {
    startSession(connectedSession('Editor'));
    const saves = serveCheckout({ canEdit: false, canSave: false, canDelete: false });
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    const dialog = await openCopyDialog();
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveValue('Checkout Copy');
    expect(within(dialog).getByRole('combobox', { name: 'Folder' })).toHaveValue('General');
    const copyTags = within(dialog).getByRole('switch', { name: /^Copy tags/ });
    expect(copyTags).not.toBeChecked();
    expect(copyTags).toHaveAccessibleDescription('prod, shop');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }));

    expect(await screen.findByText('Dashboard copied')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/copy1/checkout-copy'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout Copy' })).toBeInTheDocument();
    // A new dashboard: no id, no uid, version 0, and no tags unless asked.
    expect(saves).toHaveLength(1);
    expect(saves[0]!.folderUid).toBe('');
    expect(saves[0]!.overwrite).toBe(false);
    expect(saves[0]!.dashboard).not.toHaveProperty('id');
    expect(saves[0]!.dashboard).not.toHaveProperty('uid');
    expect(saves[0]!.dashboard).toMatchObject({ title: 'Checkout Copy', version: 0, editable: true, tags: [] });
  });

  it('puts unsaved edits into the copy, in the folder chosen, with its tags, and leaves without asking', async () => {
    startSession(connectedSession('Editor'));
    const saves = serveCheckout({});
    const { router } = renderRoutes(appRoutes, '/d/abc/checkout?editview=settings');
    await userEvent.type(await screen.findByLabelText('Description'), 'draft only');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const saveDialog = await screen.findByRole('dialog', { name: 'Save dashboard' });
    await userEvent.click(within(saveDialog).getByRole('button', { name: 'Save as copy…' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save as copy' });
    const title = within(dialog).getByRole('textbox', { name: /^Title/ });
    await userEvent.clear(title);
    await userEvent.type(title, 'Checkout (ops)');
    const folder = within(dialog).getByRole('combobox', { name: 'Folder' });
    await userEvent.click(folder);
    // Its own list: the settings page behind has a folder picker too.
    const folders = await waitFor(() => document.getElementById(folder.getAttribute('aria-controls') ?? '')!);
    await userEvent.click(await within(folders).findByRole('option', { name: 'Ops', hidden: true }));
    await userEvent.click(within(dialog).getByRole('switch', { name: /^Copy tags/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/d/copy1/checkout-copy'));
    expect(screen.queryByRole('dialog', { name: 'Discard unsaved changes?' })).not.toBeInTheDocument();
    expect(saves[0]).toMatchObject({
      folderUid: 'ops',
      dashboard: { title: 'Checkout (ops)', description: 'draft only', tags: ['prod', 'shop'], version: 0 },
    });
  });

  it('shows a title clash next to the title and a folder refusal next to the folder, in the server’s words', async () => {
    startSession(connectedSession('Editor'));
    let refusal: { status: number; body: ErrorResponse } = {
      status: 412,
      body: { status: 'name-exists', message: 'A dashboard with the same name in the folder already exists' },
    };
    serveCheckout({}, () => HttpResponse.json(refusal.body, { status: refusal.status }));
    renderRoutes(appRoutes, '/d/abc/checkout');
    const dialog = await openCopyDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Title/ })).toHaveAccessibleDescription(
        'A dashboard with the same name in the folder already exists',
      ),
    );
    expect(screen.queryByText('Dashboard copied')).not.toBeInTheDocument();

    refusal = {
      status: 403,
      body: { message: "You'll need additional permissions to perform this action. Permissions needed: dashboards:create" },
    };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save copy' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: 'Folder' })).toHaveAccessibleDescription(
        "You'll need additional permissions to perform this action. Permissions needed: dashboards:create",
      ),
    );
    expect(within(dialog).getByRole('textbox', { name: /^Title/ })).not.toHaveAccessibleDescription(/same name/);
  });

  it('is not offered to a Viewer without Edit anywhere it can tell', async () => {
    startSession(connectedSession('Viewer'));
    serveCheckout({ canEdit: false, canSave: false, canDelete: false });
    renderRoutes(appRoutes, '/d/abc/checkout');
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save as copy' })).not.toBeInTheDocument();
  });
});

describe('copyOfModel', () => {
  it('is the draft as saved, without id and uid, at version 0, keeping tags only when asked', () => {
    const draft = { id: 7, uid: 'abc', title: 'Checkout', version: 4, tags: ['prod'], editable: false, schemaVersion: 41, panels: [] };
    const copy = copyOfModel(draft, 'Mine', false);
    expect(copy).not.toHaveProperty('id');
    expect(copy).not.toHaveProperty('uid');
    expect(copy).toMatchObject({ title: 'Mine', version: 0, editable: true, tags: [] });
    expect(copyOfModel(draft, 'Mine', true).tags).toEqual(['prod']);
    // The draft itself is left as it was.
    expect(draft).toMatchObject({ id: 7, uid: 'abc', tags: ['prod'] });
  });
});
