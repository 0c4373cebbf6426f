import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { libraryElementConnectionsResponseSchema, libraryElementResponseSchema } from '../../../../../contract/libraryElements';
import type { searchResultSchema } from '../../../../../contract/search';
import { startSession } from '../../../../api/session';
import type { Panel } from '../../../../panels/layout';
import { libraryElement } from '../../../../test/libraryElements';
import { renderWithProviders } from '../../../../test/render';
import { answer, API, connectedSession, failWith, server } from '../../../../test/server';
import { userEvent } from '../../../../test/user';
import { LibraryPanelActions } from './LibraryPanelActions';

const model = { type: 'text', title: 'Shared notes', options: { mode: 'markdown', content: 'From the library' } };
const linked = (title = 'Shared notes') =>
  ({ ...model, title, id: 4, gridPos: { x: 0, y: 0, w: 12, h: 6 }, libraryPanel: { uid: 'lp-notes', name: 'Shared notes' } }) as Panel;

function serveElement() {
  const element = libraryElement('lp-notes', 'Shared notes', model, { version: 3 });
  server.use(
    answer<typeof libraryElementResponseSchema>('get', '/api/library-elements/lp-notes', {
      result: { ...element, meta: { ...element.meta, connectedDashboards: 2 } },
    }),
    answer<typeof libraryElementConnectionsResponseSchema>('get', '/api/library-elements/lp-notes/connections', {
      result: ['checkout', 'payments'].map((uid, i) => ({
        id: i + 1,
        kind: 1,
        elementId: 1,
        connectionId: i + 10,
        connectionUid: uid,
        created: '2026-01-01T00:00:00.000Z',
        createdBy: { id: 1, name: 'admin', avatarUrl: '' },
      })),
    }),
    answer<typeof searchResultSchema>(
      'get',
      '/api/search',
      ['Checkout', 'Payments'].map((title, i) => ({
        id: i + 10,
        uid: title.toLowerCase(),
        title,
        uri: `db/${title.toLowerCase()}`,
        url: `/d/${title.toLowerCase()}`,
        slug: title.toLowerCase(),
        type: 'dash-db' as const,
        tags: [],
        isStarred: false,
      })),
    ),
  );
}

beforeEach(() => startSession(connectedSession('Editor')));

describe('library panel actions in the panel editor', () => {
  it('unlinks a library panel: the panel keeps its model without the reference', async () => {
    serveElement();
    const onChange = vi.fn();
    renderWithProviders(<LibraryPanelActions panel={linked()} folderUid="" onChange={onChange} />);
    expect(screen.getByText('Library panel: Shared notes')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Unlink library panel' }));
    expect(onChange).toHaveBeenCalledWith({ ...model, id: 4, gridPos: { x: 0, y: 0, w: 12, h: 6 } });
  });

  it('makes a panel a new library panel in the dashboard’s folder, then a use of it', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post(`${API}/api/library-elements`, async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ result: libraryElement('lp-new', 'Latency', { type: 'timeseries', title: 'Latency' }) });
      }),
    );
    const onChange = vi.fn();
    const panel = { id: 2, type: 'timeseries', title: 'Latency', gridPos: { x: 0, y: 0, w: 12, h: 8 } } as Panel;
    renderWithProviders(<LibraryPanelActions panel={panel} folderUid="team" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'New library panel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New library panel' });
    expect(within(dialog).getByRole('textbox', { name: 'Library panel name' })).toHaveValue('Latency');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create library panel' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ ...panel, libraryPanel: { uid: 'lp-new', name: 'Latency' } }));
    expect(posted).toEqual([{ name: 'Latency', folderUid: 'team', kind: 1, model: { type: 'timeseries', title: 'Latency' } }]);
    expect(await screen.findByText('Library panel created')).toBeInTheDocument();
  });

  it('shows a refused new library panel in the server’s words in the dialog', async () => {
    server.use(failWith('post', '/api/library-elements', 400, { message: 'library element with that name or UID already exists' }));
    const onChange = vi.fn();
    renderWithProviders(<LibraryPanelActions panel={{ id: 2, type: 'text', title: 'Notes' } as Panel} folderUid="" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'New library panel' }));
    const dialog = await screen.findByRole('dialog', { name: 'New library panel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create library panel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('library element with that name or UID already exists');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('offers "Save library panel" only once the panel differs from its element', async () => {
    serveElement();
    renderWithProviders(<LibraryPanelActions panel={linked()} folderUid="" onChange={vi.fn()} />);
    const save = await screen.findByRole('button', { name: 'Save library panel' });
    await waitFor(() => expect(screen.getByText(/saved to the library panel, for every dashboard/)).toBeInTheDocument());
    expect(save).toBeDisabled();
  });

  it('saves a changed library panel after confirming the dashboards it affects (Update all)', async () => {
    serveElement();
    const patched: unknown[] = [];
    server.use(
      http.patch(`${API}/api/library-elements/lp-notes`, async ({ request }) => {
        patched.push(await request.json());
        const saved = libraryElement('lp-notes', 'Shared notes', { ...model, title: 'Renamed' }, { version: 4 });
        return HttpResponse.json({ result: { ...saved, meta: { ...saved.meta, connectedDashboards: 2 } } });
      }),
    );
    const onChange = vi.fn();
    const onSaved = vi.fn();
    renderWithProviders(<LibraryPanelActions panel={linked('Renamed')} folderUid="" onChange={onChange} onSaved={onSaved} />);
    const save = await screen.findByRole('button', { name: 'Save library panel' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save library panel' });
    expect(dialog).toHaveTextContent('This update will affect 2 dashboards');
    const list = await within(dialog).findByRole('list', { name: 'Affected dashboards' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Checkout', 'Payments']);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Search affected dashboards' }), 'pay');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Payments']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Update all' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(patched).toEqual([{ name: 'Shared notes', folderUid: '', kind: 1, version: 3, model: { ...model, title: 'Renamed' } }]);
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Renamed', libraryPanel: { uid: 'lp-notes', name: 'Shared notes' } }),
    );
    expect(await screen.findByText('Library panel saved')).toBeInTheDocument();
  });

  it('shows a version mismatch (412) in the server’s words in the dialog and keeps it open', async () => {
    serveElement();
    server.use(
      failWith('patch', '/api/library-elements/lp-notes', 412, { message: 'the library element has been changed by someone else' }),
    );
    const onSaved = vi.fn();
    renderWithProviders(<LibraryPanelActions panel={linked('Renamed')} folderUid="" onChange={vi.fn()} onSaved={onSaved} />);
    const save = await screen.findByRole('button', { name: 'Save library panel' });
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    const dialog = await screen.findByRole('dialog', { name: 'Save library panel' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update all' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('the library element has been changed by someone else');
    expect(onSaved).not.toHaveBeenCalled();
  });
});
