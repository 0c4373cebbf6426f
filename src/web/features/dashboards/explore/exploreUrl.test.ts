import { describe, expect, it } from 'vitest';
import {
  EXPLORE_DEFAULT_RANGE,
  exploreHref,
  exploreSearch,
  MIXED_DATASOURCE,
  nextRefId,
  panelExplorePane,
  parseExploreUrl,
  type ExplorePane,
} from './exploreUrl';

const promRef = { type: 'prometheus', uid: 'prom-1' };

describe('Explore URL state', () => {
  it('reads Grafana’s current form: schemaVersion=1 and a panes object keyed by pane id', () => {
    const panes = {
      x7q: {
        datasource: 'prom-1',
        queries: [{ refId: 'A', expr: 'rate(up[5m])', datasource: promRef }],
        range: { from: 'now-6h', to: 'now' },
      },
    };
    const state = parseExploreUrl(new URLSearchParams({ schemaVersion: '1', panes: JSON.stringify(panes), orgId: '1' }));
    expect(state).toEqual({
      paneId: 'x7q',
      pane: {
        datasource: 'prom-1',
        queries: [{ refId: 'A', expr: 'rate(up[5m])', datasource: promRef }],
        range: { from: 'now-6h', to: 'now' },
      },
    });
  });

  it('writes what it reads: a round trip keeps data source, queries, range and pane id', () => {
    const pane: ExplorePane = {
      datasource: 'pg',
      queries: [
        { refId: 'A', rawSql: "SELECT 1 AS \"n\" WHERE 'a&b' = 'a&b'", format: 'table', datasource: { type: 'mysql', uid: 'pg' } },
        { refId: 'B', rawSql: 'SELECT now()', datasource: { type: 'mysql', uid: 'pg' } },
      ],
      range: { from: '1700000000000', to: '1700003600000' },
    };
    const search = exploreSearch({ paneId: 'abc', pane }, 3);
    const params = new URLSearchParams(search);
    expect(params.get('schemaVersion')).toBe('1');
    expect(params.get('orgId')).toBe('3');
    expect(JSON.parse(params.get('panes')!)).toEqual({ abc: pane });
    expect(parseExploreUrl(params)).toEqual({ paneId: 'abc', pane });
  });

  it('reads the older left= form, as an object or as the compact array', () => {
    const object = parseExploreUrl(
      new URLSearchParams({
        left: JSON.stringify({ datasource: 'Local', queries: [{ expr: 'up' }], range: { from: 'now-1h', to: 'now' } }),
      }),
    );
    expect(object?.pane).toEqual({ datasource: 'Local', queries: [{ refId: 'A', expr: 'up' }], range: { from: 'now-1h', to: 'now' } });

    const compact = parseExploreUrl(
      new URLSearchParams({
        left: JSON.stringify(['now-15m', 'now', 'Loki', { expr: '{job="app"}' }, { expr: 'up', refId: 'B' }, { ui: [true] }]),
      }),
    );
    expect(compact?.pane).toEqual({
      datasource: 'Loki',
      queries: [
        { refId: 'A', expr: '{job="app"}' },
        { refId: 'B', expr: 'up' },
      ],
      range: { from: 'now-15m', to: 'now' },
    });
    expect(compact?.paneId).toMatch(/^[a-z0-9]{3}$/);
  });

  it('holds no state for a bare /explore or text that is not a pane', () => {
    expect(parseExploreUrl(new URLSearchParams())).toBeUndefined();
    expect(parseExploreUrl(new URLSearchParams({ panes: '{not json' }))).toBeUndefined();
    expect(parseExploreUrl(new URLSearchParams({ panes: '{"a": 42}' }))).toBeUndefined();
    expect(parseExploreUrl(new URLSearchParams({ left: '["now-1h"]' }))).toBeUndefined();
  });

  it('falls back to the last hour for a missing or unreadable range, and to the default data source for "null"', () => {
    const state = parseExploreUrl(
      new URLSearchParams({
        panes: JSON.stringify({ p: { datasource: 'null', queries: 'nope', range: { from: 'yesterday-ish', to: 'now' } } }),
      }),
    );
    expect(state?.pane).toEqual({ datasource: null, queries: [], range: EXPLORE_DEFAULT_RANGE });
  });

  it('gives every query a refId of its own, and keeps only the type and uid of a reference', () => {
    const state = parseExploreUrl(
      new URLSearchParams({
        panes: JSON.stringify({
          p: {
            datasource: { uid: 'prom-1', type: 'prometheus' },
            queries: [{ refId: 'A', expr: 'a' }, { refId: 'A', expr: 'b' }, 7, { expr: 'c', datasource: { uid: 'prom-1', extra: true } }],
          },
        }),
      }),
    );
    expect(state?.pane.datasource).toBe('prom-1');
    expect(state?.pane.queries).toEqual([
      { refId: 'A', expr: 'a' },
      { refId: 'B', expr: 'b' },
      { refId: 'C', expr: 'c', datasource: { uid: 'prom-1' } },
    ]);
  });

  it('numbers refIds as Grafana: A to Z, then A1', () => {
    expect(nextRefId([])).toBe('A');
    expect(nextRefId([{ refId: 'A' }, { refId: 'C' }])).toBe('B');
    expect(nextRefId(Array.from({ length: 26 }, (_, i) => ({ refId: String.fromCharCode(65 + i) })))).toBe('A1');
  });

  it('opens a panel’s queries without the panel’s sizing, mixed when they use several data sources', () => {
    const one = panelExplorePane([{ refId: 'A', expr: 'up{job="api"}', datasource: promRef, intervalMs: 15000, maxDataPoints: 800 }], {
      from: 'now-6h',
      to: 'now',
    });
    expect(one).toEqual({
      datasource: 'prom-1',
      queries: [{ refId: 'A', expr: 'up{job="api"}', datasource: promRef }],
      range: { from: 'now-6h', to: 'now' },
    });

    const two = panelExplorePane(
      [
        { refId: 'A', expr: 'up', datasource: promRef },
        { refId: 'B', rawSql: 'SELECT 1', datasource: { type: 'mysql', uid: 'my' } },
      ],
      EXPLORE_DEFAULT_RANGE,
    );
    expect(two.datasource).toBe(MIXED_DATASOURCE);

    const href = exploreHref(one, 1, 'pan');
    expect(href.startsWith('/explore?schemaVersion=1&panes=')).toBe(true);
    expect(parseExploreUrl(new URL(href, 'http://x').searchParams)).toEqual({ paneId: 'pan', pane: one });
  });
});
