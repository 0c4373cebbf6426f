import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import type { searchResultSchema } from '../../../../contract/search';
import { startSession } from '../../../api/session';
import { appRoutes } from '../../../app/router';
import { renderRoutes } from '../../../test/render';
import { answer, connectedSession, server } from '../../../test/server';
import { userEvent } from '../../../test/user';
import { serveRuleStates, stateGroup, stateRule } from '../testing';

// The route's chunk, loaded with this file: a first import inside a test's wait is slow on a busy machine.
import './RuleListPage';

// These pages draw many Mantine parts at once; on a loaded 2-core machine a first page was seen to take 9 s.
configure({ asyncUtilTimeout: 30_000 });

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver the test drives: `show(text)` says the element with that text came into view. */
class TestIntersectionObserver {
  static made: TestIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  connected = true;
  constructor(private readonly callback: IntersectionObserverCallback) {
    TestIntersectionObserver.made.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  unobserve() {}
  disconnect() {
    this.connected = false;
  }
  takeRecords() {
    return [];
  }
  static show(text: string) {
    for (const observer of TestIntersectionObserver.made.filter((o) => o.connected)) {
      const target = observer.targets.find((t) => t.textContent?.includes(text));
      if (target)
        observer.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], observer as unknown as IntersectionObserver);
    }
  }
}

// jsdom lays nothing out: give elements a size, so the virtualised list renders its rows.
const sizes = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const original = sizes.map((key) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, key));
beforeAll(() => sizes.forEach((key) => Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 600 })));
afterAll(() =>
  sizes.forEach((key, i) => Object.defineProperty(HTMLElement.prototype, key, original[i] ?? { configurable: true, get: () => 0 })),
);

// The folder picker's options.
beforeEach(() =>
  server.use(
    answer<typeof searchResultSchema>('get', '/api/search', [
      {
        id: 1,
        uid: 'f-Ops',
        title: 'Ops',
        uri: 'db/ops',
        url: '/dashboards/f/f-Ops/',
        slug: 'ops',
        type: 'dash-folder',
        tags: [],
        isStarred: false,
      },
    ]),
  ),
);

const groups = [
  stateGroup('Ops', 'cpu', [
    stateRule({ uid: 'high-cpu', name: 'High CPU', state: 'firing', totals: { alerting: 2, normal: 1 } }),
    stateRule({ uid: 'cpu-steal', name: 'CPU steal', state: 'pending', totals: { pending: 1 } }),
  ]),
  stateGroup('Ops', 'disk', [stateRule({ uid: 'disk-full', name: 'Disk full', health: 'error', lastError: 'boom' })]),
];

describe('the alert rules list', () => {
  it('groups rules by folder and group with state, health, evaluation and instances, and totals by state', async () => {
    startSession(connectedSession('Editor'));
    serveRuleStates(groups);
    renderRoutes(appRoutes, '/alerting/list');
    expect(await screen.findByRole('heading', { level: 1, name: 'Alert rules' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Alert rules by folder and group' });
    // A heading for the folder, and one for each group that names its folder too.
    expect(within(list).getByRole('heading', { level: 2, name: 'Ops' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Ops › cpu' })).toBeInTheDocument();
    expect(within(list).getByRole('heading', { level: 3, name: 'Ops › disk' })).toBeInTheDocument();
    const high = within(list).getByRole('link', { name: 'High CPU' });
    expect(high).toHaveAttribute('href', '/alerting/grafana/high-cpu/view');
    const highRow = high.closest('[role="listitem"]') as HTMLElement;
    expect(within(highRow).getByText('Firing')).toBeInTheDocument();
    expect(within(highRow).getByText('Health: ok')).toBeInTheDocument();
    expect(within(highRow).getByText(/Evaluated \d+ s ago/)).toBeInTheDocument();
    expect(within(highRow).getByText('3 instances')).toBeInTheDocument();
    const diskRow = within(list).getByRole('link', { name: 'Disk full' }).closest('[role="listitem"]') as HTMLElement;
    expect(within(diskRow).getByText('Error')).toBeInTheDocument();

    expect(await screen.findByText('Showing 2 of 2 groups')).toBeInTheDocument();
    const totals = await screen.findByRole('group', { name: /Rules by state/ });
    expect(within(totals).getByRole('button', { name: 'Firing: 1' })).toBeInTheDocument();
    expect(within(totals).getByRole('button', { name: 'Pending: 1' })).toBeInTheDocument();
    expect(within(totals).getByRole('button', { name: 'Error: 1' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New alert rule' })).toHaveAttribute('href', '/alerting/new');
  }, 120_000);

  it('keeps the state filter and the search in the URL and sends them to the server', async () => {
    startSession(connectedSession('Viewer'));
    const asked = serveRuleStates(groups);
    const { router } = renderRoutes(appRoutes, '/alerting/list?search=cpu');
    expect(await screen.findByRole('link', { name: 'High CPU' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Disk full' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Search by rule name')).toHaveValue('cpu');

    await userEvent.click(await screen.findByRole('button', { name: 'Firing: 1' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'CPU steal' })).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?search=cpu&state=firing');
    expect(screen.getByRole('button', { name: 'Firing: 1' })).toHaveAttribute('aria-pressed', 'true');
    const listAsk = asked.filter((p) => p.has('group_limit')).at(-1)!;
    expect(listAsk.getAll('state')).toEqual(['firing']);
    expect(listAsk.get('search.rule_name')).toBe('cpu');
    // A Viewer reads the list but is offered no way to make rules.
    expect(screen.queryByRole('link', { name: 'New alert rule' })).not.toBeInTheDocument();
  }, 120_000);

  it('asks for the first page of groups only, and the next when the end of the list comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', TestIntersectionObserver);
    // Every row on screen at once, the loading row after the last group among them.
    const tall = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight')!;
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 100_000 });
    try {
      startSession(connectedSession('Editor'));
      const many = Array.from({ length: 45 }, (_, i) =>
        stateGroup('Fleet', `group-${String(i).padStart(2, '0')}`, [stateRule({ uid: `r${i}`, name: `Rule ${i}` })]),
      );
      const asked = serveRuleStates(many);
      renderRoutes(appRoutes, '/alerting/list');
      const list = await screen.findByRole('list', { name: 'Alert rules by folder and group' });
      expect(await within(list).findByRole('link', { name: 'Rule 39' })).toBeInTheDocument();
      expect(within(list).queryByRole('link', { name: 'Rule 40' })).not.toBeInTheDocument();
      expect(asked.filter((p) => p.has('group_limit')).map((p) => p.get('group_limit'))).toEqual(['40']);
      // The count from the totals, once the first page is in.
      await waitFor(() => expect(screen.getByText('Showing 40 of 45 groups')).toBeInTheDocument());
      expect(within(list).getByText('Loading more groups…')).toBeInTheDocument();

      TestIntersectionObserver.show('Loading more groups…');
      expect(await within(list).findByRole('link', { name: 'Rule 44' })).toBeInTheDocument();
      expect(asked.find((p) => p.get('group_next_token') === '40')?.get('group_limit')).toBe('40');
      expect(screen.getByText('Showing 45 of 45 groups')).toBeInTheDocument();
      expect(within(list).queryByText('Loading more groups…')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Load more groups' })).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'clientHeight', tall);
    }
  }, 120_000);

  it('loads the next page from the keyboard too, and counts the groups the state filter keeps', async () => {
    startSession(connectedSession('Editor'));
    const many = Array.from({ length: 45 }, (_, i) =>
      stateGroup('Fleet', `group-${String(i).padStart(2, '0')}`, [
        stateRule({ uid: `r${i}`, name: `Rule ${i}`, state: i % 3 === 0 ? 'firing' : 'inactive' }),
      ]),
    );
    const asked = serveRuleStates(many);
    renderRoutes(appRoutes, '/alerting/list?state=firing');
    await screen.findByRole('list', { name: 'Alert rules by folder and group' });
    // 15 firing groups of 45: one page, counted as such.
    await waitFor(() => expect(screen.getByText('Showing 15 of 15 groups')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Firing: 15' }));
    await waitFor(() => expect(screen.getByText('Showing 40 of 45 groups')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Load more groups' }));
    await waitFor(() => expect(asked.some((p) => p.get('group_next_token') === '40')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more groups' })).not.toBeInTheDocument());
    expect(screen.getByText('Showing 45 of 45 groups')).toBeInTheDocument();
  }, 120_000);

  it('says how to start when there are no rules', async () => {
    startSession(connectedSession('Editor'));
    serveRuleStates([]);
    renderRoutes(appRoutes, '/alerting/list');
    expect(await screen.findByText('No alert rules yet')).toBeInTheDocument();
    expect(screen.getByText(/from a dashboard panel’s menu/)).toBeInTheDocument();
  }, 120_000);
});
