import { describe, expect, it } from 'vitest';
import { alertRuleDefaultsSearch, panelAlertRuleDefaults, parseAlertRuleDefaults, relativeTimeRange } from './alertRuleDefaults';

describe('alert rule defaults from a panel', () => {
  it('carry the panel’s running queries over its range, its title and its link, and read back equal from the URL', () => {
    const defaults = panelAlertRuleDefaults({
      title: 'Errors',
      panelId: 7,
      dashboardUid: 'dash',
      queries: [
        { refId: 'A', expr: 'rate(errors[5m])', datasource: { type: 'prometheus', uid: 'prom' } },
        { refId: 'B', expr: 'hidden', hide: true, datasource: { type: 'prometheus', uid: 'prom' } },
        { refId: 'C', scenarioId: 'random_walk' },
      ],
      range: { from: 0, to: 6 * 3_600_000 },
      now: 6 * 3_600_000,
    });
    expect(defaults).toEqual({
      type: 'grafana',
      name: 'Errors',
      queries: [
        {
          refId: 'A',
          datasourceUid: 'prom',
          relativeTimeRange: { from: 21_600, to: 0 },
          model: { refId: 'A', expr: 'rate(errors[5m])', datasource: { type: 'prometheus', uid: 'prom' } },
        },
      ],
      annotations: [
        { key: '__dashboardUid__', value: 'dash' },
        { key: '__panelId__', value: '7' },
      ],
    });
    const search = new URLSearchParams(alertRuleDefaultsSearch(defaults));
    expect(parseAlertRuleDefaults(search.get('defaults'))).toEqual(defaults);
  });

  it('reads nothing from unreadable JSON, and falls back to the last 10 minutes for a range it cannot use', () => {
    expect(parseAlertRuleDefaults('{nope')).toBeUndefined();
    expect(parseAlertRuleDefaults(null)).toBeUndefined();
    expect(relativeTimeRange({ from: 10, to: 5 }, 0)).toEqual({ from: 600, to: 0 });
    expect(relativeTimeRange({ from: 0, to: 60_000 }, 120_000)).toEqual({ from: 120, to: 60 });
  });
});
