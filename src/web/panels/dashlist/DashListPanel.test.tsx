import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SearchHit } from '../../../contract/search';
import { startSession } from '../../api/session';
import { renderRoutes } from '../../test/render';
import { API, connectedSession, server } from '../../test/server';
import DashListPanel from './DashListPanel';
import { dashListOptionsOf, searchRequests } from './dashListOptions';

const hit = (uid: string, title: string, extra: Partial<SearchHit> = {}): SearchHit => ({
  id: uid.length,
  uid,
  title,
  uri: `db/${uid}`,
  url: `/d/${uid}/${uid}`,
  slug: uid,
  type: 'dash-db',
  tags: [],
  isStarred: false,
  ...extra,
});

const range = { from: 1_700_000_000_000, to: 1_700_003_600_000 };

function renderPanel(options: Record<string, unknown>, path = '/d/here/home?from=now-6h&to=now&var-env=prod') {
  return renderRoutes(
    [
      {
        path: '/d/:uid/:slug?',
        element: (
          <DashListPanel
            panel={{ id: 3, type: 'dashlist', title: 'Elsewhere', options }}
            frames={[]}
            width={300}
            height={300}
            timeRange={range}
            replaceVariables={(text) => text.replace('$env', 'prod')}
          />
        ),
      },
    ],
    path,
  );
}

describe('dashboard list panel', () => {
  it('asks /api/search for starred, recently viewed and searched dashboards, as Grafana does', () => {
    const options = dashListOptionsOf({
      showRecentlyViewed: true,
      showSearch: true,
      query: 'api $env',
      tags: ['ceph'],
      folderUID: 'f1',
      maxItems: 5,
    });
    expect(searchRequests(options, { recent: ['b', 'a'], replaceVariables: (t) => t.replace('$env', 'prod') })).toEqual([
      { section: 'starred', url: '/api/search?starred=true&type=dash-db&limit=5' },
      { section: 'recent', url: '/api/search?type=dash-db&limit=5&dashboardUIDs=b&dashboardUIDs=a' },
      { section: 'search', url: '/api/search?type=dash-db&limit=5&query=api+prod&tag=ceph&folderUIDs=f1' },
    ]);
    expect(searchRequests(dashListOptionsOf({ showStarred: false, showRecentlyViewed: true }), { recent: [] })).toEqual([
      { section: 'recent', url: '' },
    ]);
  });

  it('lists each section under its heading, the recent ones as last viewed, with links keeping time and variables', async () => {
    startSession(connectedSession('Viewer'));
    // As the dashboard page leaves them for this person (newest first).
    localStorage.setItem('sightline.recentDashboards:here|1|sa-admin', JSON.stringify(['newest', 'older']));
    server.use(
      http.get(`${API}/api/search`, ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('starred') === 'true')
          return HttpResponse.json([hit('star', 'Starred one', { isStarred: true, folderTitle: 'Ops' })]);
        if (params.getAll('dashboardUIDs').length) return HttpResponse.json([hit('older', 'Older'), hit('newest', 'Newest')]);
        return HttpResponse.json([hit('found', `Found ${params.get('query')}`)]);
      }),
    );
    renderPanel({ showRecentlyViewed: true, showSearch: true, query: '$env', keepTime: true, includeVars: true });
    const starred = await screen.findByRole('region', { name: 'Starred dashboards' });
    expect(await within(starred).findByRole('link', { name: 'Starred one' })).toHaveAttribute(
      'href',
      '/d/star/star?from=now-6h&to=now&var-env=prod',
    );
    expect(within(starred).getByText('Ops')).toBeInTheDocument();
    const recent = screen.getByRole('region', { name: 'Recently viewed dashboards' });
    expect((await within(recent).findAllByRole('link')).map((a) => a.textContent)).toEqual(['Newest', 'Older']);
    expect(await screen.findByRole('link', { name: 'Found prod' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Starred dashboards',
      'Recently viewed dashboards',
      'Search',
    ]);
  });

  it("shows the server's words when the search fails", async () => {
    startSession(connectedSession('Viewer'));
    server.use(http.get(`${API}/api/search`, () => HttpResponse.json({ message: 'search is down' }, { status: 500 })));
    renderPanel({});
    expect(await screen.findByRole('alert')).toHaveTextContent('search is down');
  });
});
