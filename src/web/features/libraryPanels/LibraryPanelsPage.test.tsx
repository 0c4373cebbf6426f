import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ErrorResponse } from '../../../contract/errors';
import type { LibraryElementSearchResponse } from '../../../contract/libraryElements';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { libraryElement } from '../../test/libraryElements';
import { renderRoutes } from '../../test/render';
import { userEvent } from '../../test/user';
import { API, answer, connectedSession, server } from '../../test/server';

const cpu = libraryElement(
  'lp-cpu',
  'CPU usage',
  { type: 'stat', title: 'CPU' },
  { meta: { ...libraryElement('x', 'x', {}).meta, connectedDashboards: 2 } },
);

describe('the library panels page', () => {
  it('lists the elements, searches by name in the URL, and shows a refused delete in the server’s words', async () => {
    startSession(connectedSession('Editor'));
    const searches: string[] = [];
    server.use(
      answer('get', '/api/folders', [{ id: 3, uid: 'ops', title: 'Ops' }]),
      http.get(`${API}/api/library-elements`, ({ request }) => {
        searches.push(new URL(request.url).searchParams.get('searchString') ?? '');
        return HttpResponse.json({
          result: { totalCount: 1, elements: [cpu], page: 1, perPage: 50 },
        } satisfies LibraryElementSearchResponse);
      }),
      http.delete(`${API}/api/library-elements/lp-cpu`, () =>
        HttpResponse.json({ message: 'the library element has connections: 2 dashboards use it' } satisfies ErrorResponse, { status: 403 }),
      ),
    );
    const { router } = renderRoutes(appRoutes, '/library-panels');
    expect(await screen.findByRole('heading', { level: 1, name: 'Library panels' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Library panels' });
    const row = within(table).getByRole('row', { name: /CPU usage/ });
    expect(within(row).getByText('stat')).toBeInTheDocument();
    expect(within(row).getByText('General')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Search library panels'), 'cpu');
    expect(new URLSearchParams(router.state.location.search).get('query')).toBe('cpu');
    expect(screen.getAllByLabelText('Folders').length).toBeGreaterThan(0);
    // The search is asked for once typing pauses; the list it answers draws its rows anew, so the
    // delete below waits for it (a refusal shown in a row the refresh replaced would be lost).
    await waitFor(() => expect(searches).toContain('cpu'));
    const searchedRow = await within(await screen.findByRole('table', { name: 'Library panels' })).findByRole('row', { name: /CPU usage/ });

    await userEvent.click(within(searchedRow).getByRole('button', { name: 'Delete the library panel CPU usage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete library panel' });
    expect(within(dialog).getByText(/2 dashboards use it/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete library panel' }));
    expect(await screen.findByText('the library element has connections: 2 dashboards use it')).toBeInTheDocument();
  });
});
