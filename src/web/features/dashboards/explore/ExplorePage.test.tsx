import { EditorView } from '@codemirror/view';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResponse } from '../../../../contract/query';
import type { SearchHit } from '../../../../contract/search';
import { startSession } from '../../../api/session';
import { renderRoutes } from '../../../test/render';
import { API, answer, connectedSession, fixtures, recordDashboardSaves, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { seriesFrame } from '../../../panels/testing';
import { ExplorePage } from './ExplorePage';
import { exploreSearch, parseExploreUrl, type ExploreQuery } from './exploreUrl';

// CodeMirror measures text ranges; jsdom has no layout.
Range.prototype.getClientRects ??= () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

// jsdom has no layout or canvas: the results area reports 800 px wide, and uPlot draws into a context that accepts every call.
const originalResizeObserver = window.ResizeObserver;
const originalGetContext = HTMLCanvasElement.prototype.getContext;
const globals = globalThis as { Path2D?: unknown };
const originalPath2D = globals.Path2D;
beforeAll(() => {
  window.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const rect = { x: 0, y: 0, top: 0, left: 0, right: 800, bottom: 300, width: 800, height: 300 } as DOMRectReadOnly;
      this.callback([{ target, contentRect: rect } as ResizeObserverEntry], this as unknown as ResizeObserver);
    }
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  globals.Path2D = function Path2D() {
    return new Proxy({} as Record<string | symbol, unknown>, { get: (target, prop) => (prop in target ? target[prop] : () => {}) });
  };
  const context: object = new Proxy(
    {},
    {
      get: (target: Record<string | symbol, unknown>, prop) =>
        prop === 'measureText' ? () => ({ width: 20 }) : prop in target ? target[prop] : () => context,
      set: (target: Record<string | symbol, unknown>, prop, value) => {
        target[prop] = value;
        return true;
      },
    },
  );
  HTMLCanvasElement.prototype.getContext = (() => context) as unknown as typeof HTMLCanvasElement.prototype.getContext;
});
// The lazy chunks (uPlot, the table, CodeMirror) load once here, not inside the first test's waits.
beforeAll(async () => {
  await Promise.all([
    import('../../../panels/timeseries/TimeSeriesPanel'),
    import('../../../panels/table/TablePanel'),
    import('../../../queryEditors/prometheus/PrometheusQueryEditor'),
    import('../../../queryEditors/sql/SqlQueryEditor'),
  ]);
}, 60_000);
afterAll(() => {
  window.ResizeObserver = originalResizeObserver;
  HTMLCanvasElement.prototype.getContext = originalGetContext;
  globals.Path2D = originalPath2D;
});

const prometheus = fixtures.dataSource();
const postgres = fixtures.dataSource({ id: 2, uid: 'pg', name: 'Orders DB', type: 'grafana-postgresql-datasource', isDefault: false });

type QueryBody = { from: string; to: string; queries: Array<Record<string, unknown>> };

/** The data sources, and an `/api/ds/query` that answers each query with one series and records what was asked. */
function backend(answerWith?: (body: QueryBody) => { body: QueryResponse; status?: number }) {
  const asked: QueryBody[] = [];
  server.use(
    answer('get', '/api/datasources', [prometheus, postgres]),
    http.post(`${API}/api/ds/query`, async ({ request }) => {
      const body = (await request.json()) as QueryBody;
      asked.push(body);
      if (answerWith) {
        const { body: response, status } = answerWith(body);
        return HttpResponse.json(response, { status: status ?? 200 });
      }
      const results: QueryResponse['results'] = {};
      for (const query of body.queries) {
        results[query.refId as string] = {
          status: 200,
          frames: [
            seriesFrame({
              refId: query.refId as string,
              times: [1_700_000_000_000, 1_700_000_060_000],
              values: [4, 42],
              labels: { job: 'api' },
            }),
          ],
        };
      }
      return HttpResponse.json({ results } satisfies QueryResponse);
    }),
  );
  return asked;
}

const routes = [
  { path: '/explore', element: <ExplorePage /> },
  { path: '/d/:uid/:slug', element: <p>Dashboard opened</p> },
];

function exploreAt(queries: ExploreQuery[], datasource = 'prom', range = { from: 'now-1h', to: 'now' }) {
  return `/explore?${exploreSearch({ paneId: 'p1', pane: { datasource, queries, range } }, 1)}`;
}

function editorOf(name: string): EditorView {
  const content = screen.getByRole('textbox', { name });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no CodeMirror view behind ${name}`);
  return view;
}

/** Replaces an editor's text as typing does: one CodeMirror transaction. */
function typeQuery(name: string, text: string) {
  const view = editorOf(name);
  act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input.type' }));
}

/** Picks the first option matching `text` in a searchable Select, from the keyboard. */
async function pick(combobox: HTMLElement, text: string) {
  await userEvent.click(combobox);
  await userEvent.clear(combobox);
  await userEvent.type(combobox, text);
  await userEvent.keyboard('{ArrowDown}{Enter}');
}

describe('Explore', () => {
  it('runs the query its URL holds, and shows the graph and the table of the answer', async () => {
    startSession(connectedSession('Editor'));
    const asked = backend();
    renderRoutes(
      routes,
      exploreAt([{ refId: 'A', expr: 'rate(http_requests_total[5m])', datasource: { type: 'prometheus', uid: 'prom' } }]),
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Explore' })).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Table' });
    expect(await within(table).findByText('42')).toBeInTheDocument();
    expect(await within(screen.getByRole('region', { name: 'Graph' })).findByRole('img')).toBeInTheDocument();
    expect(editorOf('PromQL query A').state.doc.toString()).toBe('rate(http_requests_total[5m])');
    expect(screen.getByRole('combobox', { name: 'Data source' })).toHaveValue('Prometheus');

    expect(asked).toHaveLength(1);
    const [body] = asked;
    expect(body!.queries).toEqual([
      expect.objectContaining({ refId: 'A', expr: 'rate(http_requests_total[5m])', datasource: { type: 'prometheus', uid: 'prom' } }),
    ]);
    // The last hour, resolved when it ran.
    expect(Number(body!.to) - Number(body!.from)).toBe(3_600_000);
  });

  it('opens a bare /explore on the default data source, and Shift+Enter writes the query to the URL and runs it', async () => {
    startSession(connectedSession('Editor'));
    const asked = backend();
    const { router } = renderRoutes(routes, '/explore');

    await waitFor(() => expect(parseExploreUrl(new URLSearchParams(router.state.location.search))).toBeDefined());
    expect(parseExploreUrl(new URLSearchParams(router.state.location.search))?.pane).toEqual({
      datasource: 'prom',
      queries: [{ refId: 'A', expr: '', range: true, instant: false, datasource: { type: 'prometheus', uid: 'prom' } }],
      range: { from: 'now-1h', to: 'now' },
    });
    expect(await screen.findByText('Nothing run yet')).toBeInTheDocument();
    expect(asked).toHaveLength(0);

    await screen.findByRole('textbox', { name: 'PromQL query A' });
    typeQuery('PromQL query A', 'up{job="api"}');
    // Typing alone runs nothing and leaves the URL as it was.
    expect(parseExploreUrl(new URLSearchParams(router.state.location.search))?.pane.queries[0]?.expr).toBe('');
    screen.getByRole('textbox', { name: 'PromQL query A' }).focus();
    await userEvent.keyboard('{Shift>}{Enter}{/Shift}');

    await waitFor(() =>
      expect(parseExploreUrl(new URLSearchParams(router.state.location.search))?.pane.queries[0]?.expr).toBe('up{job="api"}'),
    );
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.queries[0]).toMatchObject({ expr: 'up{job="api"}' });
    expect(await within(await screen.findByRole('region', { name: 'Table' })).findByText('42')).toBeInTheDocument();
  });

  it('shows a query’s error next to it in the server’s words', async () => {
    startSession(connectedSession('Editor'));
    backend(() => ({
      status: 400,
      body: { results: { A: { status: 400, error: 'bad_data: 1:4: parse error: unexpected "}"', errorSource: 'downstream' } } },
    }));
    renderRoutes(routes, exploreAt([{ refId: 'A', expr: 'up}' }]));

    const query = await screen.findByRole('group', { name: 'Query A' });
    expect(await within(query).findByRole('alert')).toHaveTextContent('bad_data: 1:4: parse error: unexpected "}"');
  });

  it('switches data source: another language starts from its empty query, and Run query sends SQL', async () => {
    startSession(connectedSession('Editor'));
    const asked = backend();
    const { router } = renderRoutes(routes, exploreAt([{ refId: 'A', expr: 'up' }]));
    await screen.findByRole('region', { name: 'Table' });

    await pick(screen.getByRole('combobox', { name: 'Data source' }), 'Orders');
    await screen.findByRole('textbox', { name: 'SQL query A' });
    expect(parseExploreUrl(new URLSearchParams(router.state.location.search))?.pane.datasource).toBe('pg');

    typeQuery('SQL query A', 'SELECT 1 AS n');
    await userEvent.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() =>
      expect(asked.at(-1)?.queries[0]).toMatchObject({ rawSql: 'SELECT 1 AS n', format: 'table', datasource: { uid: 'pg' } }),
    );
  });

  it('adds the query to a new dashboard, saved under the title given, and opens it at Explore’s range', async () => {
    startSession(connectedSession('Editor'));
    backend();
    server.use(answer('get', '/api/folders', []));
    const saved = recordDashboardSaves<{ dashboard: Record<string, unknown>; folderUid: string }>({
      id: 9,
      uid: 'new1',
      url: '/d/new1/api-traffic',
      status: 'success',
      version: 1,
      slug: 'api-traffic',
    });
    const { router } = renderRoutes(routes, exploreAt([{ refId: 'A', expr: 'up' }], 'prom', { from: 'now-3h', to: 'now' }));
    await screen.findByRole('region', { name: 'Graph' });

    await userEvent.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add panel to dashboard' });
    const title = within(dialog).getByRole('textbox', { name: 'Dashboard title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'API traffic');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open dashboard' }));

    expect(await screen.findByText('Dashboard opened')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/d/new1/api-traffic');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('now-3h');
    expect(saved).toHaveLength(1);
    expect(saved[0]!.folderUid).toBe('');
    expect(saved[0]!.dashboard).toMatchObject({
      title: 'API traffic',
      time: { from: 'now-3h', to: 'now' },
      panels: [
        {
          id: 1,
          type: 'timeseries',
          title: 'New panel',
          gridPos: { x: 0, y: 0, w: 12, h: 8 },
          datasource: { type: 'prometheus', uid: 'prom' },
          targets: [{ refId: 'A', expr: 'up', datasource: { type: 'prometheus', uid: 'prom' } }],
        },
      ],
    });
    expect(await screen.findByText('New panel on API traffic')).toBeInTheDocument();
  });

  it('adds the query on top of an existing dashboard, keeping its panels and folder', async () => {
    startSession(connectedSession('Editor'));
    backend();
    const existing = fixtures.storedDashboard(
      {
        uid: 'ops',
        id: 3,
        title: 'Ops',
        version: 4,
        panels: [
          { id: 4, type: 'stat', gridPos: { x: 0, y: 0, w: 6, h: 4 } },
          { id: 7, type: 'row', panels: [{ id: 11, type: 'text' }] },
        ],
      },
      {
        slug: 'ops',
        url: '/d/ops/ops',
        createdBy: 'a',
        updatedBy: 'a',
        folderId: 2,
        folderUid: 'team',
        folderTitle: 'Team',
        folderUrl: '/dashboards/f/team',
      },
    );
    const hit: SearchHit = {
      id: 3,
      uid: 'ops',
      title: 'Ops',
      uri: 'db/ops',
      url: '/d/ops/ops',
      slug: 'ops',
      type: 'dash-db',
      tags: [],
      isStarred: false,
      folderUid: 'team',
      folderTitle: 'Team',
    };
    server.use(answer('get', '/api/search', [hit]), answer('get', '/api/folders', []), answer('get', '/api/dashboards/uid/ops', existing));
    const saved = recordDashboardSaves<{ dashboard: { panels: Array<Record<string, unknown>>; version: number }; folderUid: string }>({
      id: 3,
      uid: 'ops',
      url: '/d/ops/ops',
      status: 'success',
      version: 5,
      slug: 'ops',
    });
    renderRoutes(routes, exploreAt([{ refId: 'A', expr: 'up' }]));
    await screen.findByRole('region', { name: 'Graph' });

    await userEvent.click(screen.getByRole('button', { name: 'Add to dashboard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add panel to dashboard' });
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Existing dashboard' }));
    await pick(within(dialog).getByRole('combobox', { name: 'Dashboard' }), 'Ops');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open dashboard' }));

    expect(await screen.findByText('Dashboard opened')).toBeInTheDocument();
    expect(saved[0]!.folderUid).toBe('team');
    expect(saved[0]!.dashboard.version).toBe(4);
    expect(saved[0]!.dashboard.panels.map((p) => p.id)).toEqual([12, 4, 7]);
    expect(saved[0]!.dashboard.panels[0]).toMatchObject({ type: 'timeseries', gridPos: { x: 0, y: 0, w: 12, h: 8 } });
  });

  it('tells a Viewer that Explore needs the Editor role', async () => {
    startSession(connectedSession('Viewer'));
    renderRoutes(routes, '/explore');
    expect(await screen.findByText('Needs the Editor role')).toBeInTheDocument();
  });
});
