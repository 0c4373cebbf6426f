import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DashboardWithMeta } from '../../../../../contract/dashboards';
import { startSession } from '../../../../api/session';
import { appRoutes } from '../../../../app/router';
import { renderRoutes } from '../../../../test/render';
import { stubIntersectionObserver } from '../../../../test/browserStubs';
import { API, connectedSession, fixtures, recordDashboardSaves, serveDashboard, server } from '../../../../test/server';
import { userEvent } from '../../../../test/user';

stubIntersectionObserver();

const testdata = { uid: 'td', name: 'TestData', type: 'grafana-testdata-datasource', isDefault: true };

function stored(): DashboardWithMeta {
  return fixtures.storedDashboard({
    uid: 'abc',
    id: 7,
    title: 'Checkout',
    version: 1,
    panels: [
      {
        id: 2,
        type: 'timeseries',
        title: 'Latency',
        gridPos: { x: 0, y: 0, w: 12, h: 8 },
        datasource: { type: testdata.type, uid: 'td' },
        targets: [{ refId: 'A', datasource: { type: testdata.type, uid: 'td' }, scenarioId: 'random_walk' }],
      },
    ],
  });
}

function open(path = '/d/abc/checkout?editPanel=2') {
  startSession(connectedSession('Editor'));
  serveDashboard(stored());
  server.use(
    http.get(`${API}/api/datasources`, () => HttpResponse.json([fixtures.dataSource({ ...testdata, typeName: 'TestData', url: '' })])),
    http.post(`${API}/api/ds/query`, () => HttpResponse.json({ results: {} })),
  );
  return renderRoutes(appRoutes, path);
}

const search = (router: ReturnType<typeof open>['router']) => new URLSearchParams(router.state.location.search);

// The editor is a lazy chunk: loaded once up front, so the first test waits for the page, not for the transform.
beforeAll(async () => {
  await import('./PanelEditor');
  await import('../../DashboardPage');
}, 120_000);

// Whole editing sessions in jsdom: every keystroke re-renders the editor and its preview, which takes
// tens of seconds on a loaded machine.
describe('the panel editor', { timeout: 120_000 }, () => {
  it('edits the title on the dashboard’s own state; Discard leaves the panel as it was', async () => {
    const { router } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit panel: Latency' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Queries (1)' })).toHaveAttribute('aria-selected', 'true');
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, 'p99 latency');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit panel: p99 latency' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'p99 latency' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('region', { name: 'Latency' })).toBeInTheDocument();
    expect(search(router).has('editPanel')).toBe(false);
    expect(search(router).has('edit')).toBe(true);
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
  });

  it('keeps the changes on Back to dashboard, unsaved until Save', async () => {
    const { router } = open();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' (ms)');
    await userEvent.click(screen.getByRole('button', { name: 'Back to dashboard' }));
    expect(await screen.findByRole('region', { name: 'Latency (ms)' })).toBeInTheDocument();
    expect(screen.getByText(/You have unsaved changes/)).toBeInTheDocument();
    expect(search(router).has('editPanel')).toBe(false);
  });

  it('adds, duplicates, hides, renames and removes queries (with Undo)', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Add query' }));
    expect(screen.getByRole('tab', { name: 'Queries (2)' })).toBeInTheDocument();
    expect(screen.getAllByRole('textbox', { name: 'Query name' }).map((i) => (i as HTMLInputElement).value)).toEqual(['A', 'B']);

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate query A' }));
    expect(screen.getAllByRole('textbox', { name: 'Query name' }).map((i) => (i as HTMLInputElement).value)).toEqual(['A', 'C', 'B']);

    const hide = screen.getByRole('button', { name: 'Hide query B' });
    await userEvent.click(hide);
    expect(screen.getByRole('button', { name: 'Hide query B' })).toHaveAttribute('aria-pressed', 'true');

    const name = screen.getAllByRole('textbox', { name: 'Query name' })[1]!;
    await userEvent.clear(name);
    await userEvent.type(name, 'A');
    expect(screen.getByText('Query name already exists')).toBeInTheDocument();
    await userEvent.clear(name);
    await userEvent.type(name, 'errors{Enter}');
    expect(await screen.findByRole('button', { name: 'Remove query errors' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove query errors' }));
    expect(screen.getByRole('tab', { name: 'Queries (2)' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByRole('button', { name: 'Remove query errors' })).toBeInTheDocument();
  });

  it('keeps a title typed just before an edit of the queries', async () => {
    // The Queries tab is not drawn again for a title's keys: its edits must start from the panel as it is now.
    open();
    const title = await screen.findByRole('textbox', { name: 'Title' });
    await userEvent.type(title, ' p99');
    await userEvent.click(screen.getByRole('button', { name: 'Query options' }));
    await userEvent.type(await screen.findByRole('textbox', { name: /Max data points/ }), '300');
    await userEvent.click(screen.getByRole('button', { name: 'Add query' }));
    expect(screen.getByRole('tab', { name: 'Queries (2)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Edit panel: Latency p99' })).toBeInTheDocument();
    const posts = recordDashboardSaves<{ dashboard: { panels: Array<Record<string, unknown>> } }>({
      id: 7,
      uid: 'abc',
      url: '/d/abc/checkout',
      status: 'success',
      version: 2,
      slug: 'checkout',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save dashboard' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Save dashboard' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts).not.toHaveLength(0));
    const posted = posts.at(-1);
    expect(posted!.dashboard.panels[0]).toMatchObject({ title: 'Latency p99', maxDataPoints: 300 });
    expect(posted!.dashboard.panels[0]!.targets).toHaveLength(2);
  });

  it('validates query options as Grafana', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Query options' }));
    const relative = await screen.findByRole('textbox', { name: /Relative time/ });
    await userEvent.type(relative, 'soon');
    expect(screen.getByText('Not a valid timespan')).toBeInTheDocument();
    await userEvent.clear(relative);
    await userEvent.type(relative, '2h');
    expect(screen.queryByText('Not a valid timespan')).not.toBeInTheDocument();
    expect(screen.getByText('Relative time = 2h')).toBeInTheDocument();
  });

  it('adds, disables and removes a transformation, and picks another visualization', async () => {
    const { router } = open();
    await userEvent.click(await screen.findByRole('tab', { name: 'Transformations (0)' }));
    expect(search(router).get('tab')).toBe('transform');
    await userEvent.click(screen.getByRole('button', { name: 'Add transformation' }));
    await userEvent.type(await screen.findByRole('textbox', { name: 'Search transformations' }), 'reduce');
    await userEvent.click(screen.getByRole('button', { name: 'Reduce' }));
    const reduce = await screen.findByRole('region', { name: '1. Reduce' });
    expect(within(reduce).getByLabelText('Calculations')).toBeInTheDocument();
    await userEvent.click(within(reduce).getByRole('button', { name: 'Disable 1. Reduce' }));
    expect(within(reduce).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Transformations (1)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Time series' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Search visualizations' }), 'stat');
    const list = screen.getByRole('list', { name: 'Visualizations' });
    await userEvent.click(within(list).getByRole('button', { name: 'Stat' }));
    expect(await screen.findByRole('button', { name: 'Stat' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Panel options' })).getByRole('textbox', { name: 'Title' })).toBeInTheDocument();
  });

  it('offers a text panel no queries or transformations, only its JSON', async () => {
    startSession(connectedSession('Editor'));
    serveDashboard(
      fixtures.storedDashboard({
        uid: 'abc',
        id: 7,
        title: 'Checkout',
        version: 1,
        panels: [{ id: 3, type: 'text', title: 'Notes', gridPos: { x: 0, y: 0, w: 12, h: 4 }, options: { content: 'hello' } }],
      }),
    );
    server.use(http.get(`${API}/api/datasources`, () => HttpResponse.json([])));
    renderRoutes(appRoutes, '/d/abc/checkout?editPanel=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit panel: Notes' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Panel JSON']);
    expect(screen.getByRole('tab', { name: 'Panel JSON' })).toHaveAttribute('aria-selected', 'true');
  });

  it('says so for a panel that is not there, with the way back', async () => {
    const { router } = open('/d/abc/checkout?editPanel=99');
    expect(await screen.findByText('Panel 99 is not on this dashboard')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to dashboard' }));
    await waitFor(() => expect(search(router).has('editPanel')).toBe(false));
    expect(await screen.findByRole('region', { name: 'Latency' })).toBeInTheDocument();
  });
});
