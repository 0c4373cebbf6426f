import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { appRoutes } from '../../app/router';
import { renderRoutes } from '../../test/render';
import { userEvent } from '../../test/user';
import { API, connectedSession, server } from '../../test/server';

function hit(uid: string, title: string, extra: Partial<SearchHit> = {}): SearchHit {
  return { id: 1, uid, title, uri: '', url: `/d/${uid}/x`, slug: 'x', type: 'dash-db', tags: [], isStarred: false, ...extra };
}

const ops = hit('ops', 'Ops', { type: 'dash-folder', url: '/dashboards/f/ops/' });
const rootDashboards = Array.from({ length: 120 }, (_, i) => hit(`root-${i}`, `Dash ${String(i).padStart(3, '0')}`));
const opsDashboards = Array.from({ length: 60 }, (_, i) =>
  hit(`ops-${i}`, `Ops board ${String(i).padStart(2, '0')}`, { folderUid: 'ops' }),
);

/**
 * `/api/search` as the server pages it (Grafana's `limit` and 1-based `page`); `failPage` answers
 * that page of the root with a 500 until `recover` is called.
 */
function pagedSearchApi({ failPage }: { failPage?: number } = {}) {
  const asked: URLSearchParams[] & { recover?: () => void } = [];
  let failing = true;
  asked.recover = () => (failing = false);
  server.use(
    http.get(`${API}/api/search`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      if (params.get('starred') === 'true') return HttpResponse.json([]);
      const folder = params.get('folderUIDs');
      let hits = params.get('type') === 'dash-folder' ? [ops] : folder === 'ops' ? opsDashboards : [...rootDashboards, ...opsDashboards];
      if (folder === 'general') hits = rootDashboards;
      const words = (params.get('query') ?? '').toLowerCase().split(' ').filter(Boolean);
      hits = hits.filter((h) => words.every((word) => h.title.toLowerCase().includes(word)));
      const limit = Number(params.get('limit'));
      const page = Number(params.get('page') ?? 1);
      if (folder === 'general' && page === failPage && failing) {
        return HttpResponse.json({ message: 'database is locked' }, { status: 500 });
      }
      return HttpResponse.json(hits.slice((page - 1) * limit, page * limit));
    }),
    http.get(`${API}/api/dashboards/tags`, () => HttpResponse.json([])),
    http.get(`${API}/api/folders`, () => HttpResponse.json([{ id: 3, uid: 'ops', title: 'Ops' }])),
  );
  return asked;
}

// jsdom lays nothing out: give elements a size, so the virtualised list renders its rows (600 px: about 14 rows).
const sizes = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const original = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => sizes.forEach((key) => Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 600 })));
afterAll(() =>
  sizes.forEach((key, i) => Object.defineProperty(HTMLElement.prototype, key, original[i] ?? { configurable: true, get: () => 0 })),
);

/** Scrolls the list to its end, again each time a page arrives, until nothing is left to load. */
async function scrollToTheEnd(list: HTMLElement) {
  await waitFor(() => {
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 1_000_000 });
    fireEvent.scroll(list);
    expect(within(list).queryByText('Loading more dashboards')).not.toBeInTheDocument();
  });
}

const rootPages = (asked: URLSearchParams[]) =>
  asked.filter((params) => params.get('folderUIDs') === 'general').map((params) => [params.get('limit'), params.get('page')]);

describe('the dashboards list, read a page at a time', () => {
  it('asks for 50 root dashboards, then the next 50 as the end nears, and tells the total once all are there', async () => {
    startSession(connectedSession('Viewer'));
    const asked = pagedSearchApi();
    renderRoutes(appRoutes, '/dashboards');
    const list = await screen.findByRole('list', { name: 'Folders and dashboards' });
    await within(list).findByRole('link', { name: 'Dash 000' });
    expect(rootPages(asked)).toEqual([['50', null]]);
    // More exists: each row says its place, the size is unknown (-1) until all are loaded.
    const first = within(list).getAllByRole('listitem')[0]!;
    expect(first).toHaveAttribute('aria-posinset', '1');
    expect(first).toHaveAttribute('aria-setsize', '-1');

    await scrollToTheEnd(list);
    await within(list).findByRole('link', { name: 'Dash 119' });
    expect(rootPages(asked)).toEqual([
      ['50', null],
      ['50', '2'],
      ['50', '3'],
    ]);
    expect(within(list).queryByText('Loading more dashboards')).not.toBeInTheDocument();
    // The folder and the 120 dashboards.
    for (const row of within(list).getAllByRole('listitem')) expect(row).toHaveAttribute('aria-setsize', '121');
  });

  it('says "at least" of the results and of an expanded folder until the last page is in', async () => {
    startSession(connectedSession('Viewer'));
    pagedSearchApi();
    const { unmount } = renderRoutes(appRoutes, '/dashboards?query=dash');
    expect(await screen.findByText('At least 50 results, more load as you scroll')).toBeInTheDocument();
    const results = screen.getByRole('list', { name: 'At least 50 results' });
    await scrollToTheEnd(results);
    expect(await screen.findByText('120 results')).toBeInTheDocument();
    expect(screen.queryByText(/more load as you scroll/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: '120 results' })).toBeInTheDocument();
    unmount();

    renderRoutes(appRoutes, '/dashboards');
    const list = await screen.findByRole('list', { name: 'Folders and dashboards' });
    await userEvent.click(await within(list).findByRole('button', { name: 'Expand folder Ops' }));
    expect(await within(list).findByText('at least 50 dashboards')).toBeInTheDocument();
    // Scrolled to the folder's last loaded rows: its next page comes.
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 40 * 44 });
    fireEvent.scroll(list);
    expect(await within(list).findByRole('link', { name: 'Ops board 59' })).toBeInTheDocument();
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 0 });
    fireEvent.scroll(list);
    expect(await within(list).findByText('60 dashboards')).toBeInTheDocument();
  });

  it('shows a next page that failed in its row, in the server words, and tries again when asked', async () => {
    startSession(connectedSession('Viewer'));
    const asked = pagedSearchApi({ failPage: 2 });
    renderRoutes(appRoutes, '/dashboards');
    const list = await screen.findByRole('list', { name: 'Folders and dashboards' });
    await within(list).findByRole('link', { name: 'Dash 000' });
    Object.defineProperty(list, 'scrollTop', { configurable: true, value: 1_000_000 });
    fireEvent.scroll(list);
    // The query client tries a 5xx three times (1 s, then 2 s apart) before it gives up.
    expect(await within(list).findByText(/Could not load more dashboards: database is locked/)).toBeInTheDocument();
    // What was loaded stays; the failed page is not asked again by itself.
    expect(within(list).getByRole('link', { name: 'Dash 049' })).toBeInTheDocument();
    expect(rootPages(asked)).toHaveLength(4);
    asked.recover!();
    await userEvent.click(within(list).getByRole('button', { name: 'Try again' }));
    // Page 2 comes, and with the end still in view, page 3 after it.
    expect(await within(list).findByRole('link', { name: 'Dash 119' })).toBeInTheDocument();
    expect(within(list).queryByText(/Could not load more/)).not.toBeInTheDocument();
  });
});
