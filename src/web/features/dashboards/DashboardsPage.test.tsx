import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '../../test/user';
import { delay, http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { API, connectedSession, server } from '../../test/server';

function hit(overrides: Partial<SearchHit> & Pick<SearchHit, 'uid' | 'title'>): SearchHit {
  return { id: 1, uri: '', url: `/d/${overrides.uid}/x`, slug: 'x', type: 'dash-db', tags: [], isStarred: false, ...overrides };
}

const alpha = hit({ uid: 'alpha', title: 'Alpha', tags: ['prod'] });
const beta = hit({ uid: 'beta', title: 'Beta', isStarred: true });
const ops = hit({ uid: 'ops', title: 'Ops', type: 'dash-folder', url: '/dashboards/f/ops/' });

/** A search that answers like the server: by words, `starred`, type and folder; `slowFor` answers late. */
function searchApi({ slowFor }: { slowFor?: string } = {}) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/api/search`, async ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const query = (params.get('query') ?? '').toLowerCase();
      if (slowFor && query.includes(slowFor)) await delay(400);
      let hits = [ops, alpha, beta];
      if (query) hits = hits.filter((h) => query.split(' ').every((word) => h.title.toLowerCase().includes(word)));
      if (params.get('type')) hits = hits.filter((h) => h.type === params.get('type'));
      if (params.get('starred') === 'true') hits = hits.filter((h) => h.isStarred);
      if (params.get('folderUIDs') === 'general') hits = hits.filter((h) => h.type === 'dash-db');
      return HttpResponse.json(hits);
    }),
    http.get(
      `${API}/api/dashboards/tags`,
      () => (asked.push(new URLSearchParams('tags')), HttpResponse.json([{ term: 'prod', count: 1 }])),
    ),
    http.get(
      `${API}/api/folders`,
      () => (asked.push(new URLSearchParams('folders')), HttpResponse.json([{ id: 3, uid: 'ops', title: 'Ops' }])),
    ),
  );
  return asked;
}

const searches = (asked: URLSearchParams[]) => asked.filter((params) => !params.has('tags') && !params.has('folders'));

// jsdom lays nothing out: give elements a size, so the virtualised list renders its rows.
const sizes = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const original = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => sizes.forEach((key) => Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 600 })));
afterAll(() =>
  sizes.forEach((key, i) => Object.defineProperty(HTMLElement.prototype, key, original[i] ?? { configurable: true, get: () => 0 })),
);

describe('the dashboards list', () => {
  it('asks for what it shows once: the route starts the requests and the page reads their answers', async () => {
    startSession(connectedSession('Viewer'));
    const asked = searchApi();
    renderRoutes(appRoutes, '/dashboards');
    await screen.findByRole('link', { name: 'Alpha' });
    // Tags and folders (for the filters) are asked too, once each.
    await waitFor(() => expect(asked.filter((params) => params.has('tags') || params.has('folders'))).toHaveLength(2));
    // Then, once the list is there, the starred dashboards for their section.
    await waitFor(() => expect(searches(asked).filter((params) => params.get('starred') === 'true')).toHaveLength(1));
    expect(
      searches(asked)
        .filter((params) => !params.has('starred'))
        .map((params) => params.get('type')),
    ).toEqual(['dash-folder', 'dash-db']);
  });

  it('shows the starred and the recently viewed dashboards above the list, newest visit first, until a search starts', async () => {
    startSession(connectedSession('Viewer'));
    localStorage.setItem('sightline.recentDashboards:here|1|sa-admin', JSON.stringify(['beta', 'alpha']));
    searchApi();
    server.use(
      http.get(`${API}/api/search`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.getAll('dashboardUIDs').length) return HttpResponse.json([alpha, beta]);
        return HttpResponse.json(params.get('starred') ? [beta] : [ops, alpha, beta]);
      }),
    );
    const { router } = renderRoutes(appRoutes, '/dashboards');
    const starredSection = await screen.findByRole('region', { name: 'Starred dashboards' });
    await waitFor(() =>
      expect(
        within(starredSection)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Beta']),
    );
    const recent = await screen.findByRole('region', { name: 'Recently viewed dashboards' });
    await waitFor(() =>
      expect(
        within(recent)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Beta', 'Alpha']),
    );
    await userEvent.type(screen.getByLabelText('Search dashboards'), 'alp');
    await waitFor(() => expect(router.state.location.search).toBe('?query=alp'));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Recently viewed dashboards' })).not.toBeInTheDocument());
  });

  it('starts the search of a bookmarked address with its words', async () => {
    startSession(connectedSession('Viewer'));
    const asked = searchApi();
    renderRoutes(appRoutes, '/dashboards?query=alp&sort=alpha-desc');
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    expect(searches(asked).map((params) => [params.get('query'), params.get('sort')])).toEqual([['alp', 'alpha-desc']]);
  });

  it('Enter right after typing opens a result of what was typed, not one still on screen from before', async () => {
    startSession(connectedSession('Editor'));
    searchApi({ slowFor: 'bet' });
    const { router } = renderRoutes(appRoutes, '/dashboards?query=alp');
    expect(await screen.findByText('1 result')).toBeInTheDocument();
    const search = screen.getByLabelText('Search dashboards');
    await userEvent.clear(search);
    // "Alpha" is still listed while the search for "bet" is on its way.
    await userEvent.type(search, 'bet{Enter}');
    expect(screen.getByRole('link', { name: 'Alpha' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/d/beta/x'));
  });

  it('filters by starred dashboards, kept in the URL', async () => {
    startSession(connectedSession('Viewer'));
    const asked = searchApi();
    const { router } = renderRoutes(appRoutes, '/dashboards');
    await screen.findByRole('link', { name: 'Alpha' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Starred' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Alpha' })).not.toBeInTheDocument());
    expect(screen.getByRole('link', { name: 'Beta' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?starred=true');
    expect(searches(asked).some((params) => params.get('starred') === 'true')).toBe(true);
  });

  it('shows tags as stored and filters by one when it is clicked', async () => {
    startSession(connectedSession('Viewer'));
    searchApi();
    const { router } = renderRoutes(appRoutes, '/dashboards');
    const tag = await screen.findByRole('button', { name: 'Filter by tag prod' });
    expect(tag).toHaveTextContent('prod');
    expect(tag).toHaveStyle({ textTransform: 'none' });
    await userEvent.click(tag);
    expect(router.state.location.search).toBe('?query=tag%3Aprod');
  });

  it('offers an Admin the permissions of each folder; an Editor may delete it, saying what goes with it', async () => {
    startSession(connectedSession('Admin'));
    searchApi();
    renderRoutes(appRoutes, '/dashboards');
    const list = await screen.findByRole('list', { name: 'Folders and dashboards' });
    expect(within(list).getByRole('link', { name: 'Permissions of folder Ops' })).toHaveAttribute('href', '/dashboards/f/ops/permissions');
    await userEvent.click(within(list).getByRole('button', { name: 'Delete folder Ops' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder Ops?' });
    // The mock search answers both dashboards for any folder.
    expect(dialog).toHaveTextContent('Its 2 dashboards are deleted too');
  });

  it('offers an Editor no folder permissions', async () => {
    startSession(connectedSession('Editor'));
    searchApi();
    renderRoutes(appRoutes, '/dashboards');
    await screen.findByRole('list', { name: 'Folders and dashboards' });
    expect(screen.queryByRole('link', { name: /Permissions of folder/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete folder Ops' })).toBeInTheDocument();
  });
});
