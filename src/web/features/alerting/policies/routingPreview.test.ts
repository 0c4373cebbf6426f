import { describe, expect, it } from 'vitest';
import type { Route } from '../../../../contract/alertingNotify';
import { contactPointsReached, matcherMatches, parseTextMatcher, previewRouting, settingsAt } from './routingPreview';

const tree: Route = {
  receiver: 'default-email',
  group_by: ['alertname'],
  group_wait: '45s',
  routes: [
    {
      receiver: 'ops-pager',
      object_matchers: [['team', '=', 'ops']],
      group_by: ['alertname', 'instance'],
      mute_time_intervals: ['weekends'],
      routes: [
        { object_matchers: [['severity', '=~', 'crit.*']], repeat_interval: '1h' },
        { receiver: 'ops-slack', object_matchers: [['severity', '!=', '']] },
      ],
    },
    { receiver: 'audit-hook', object_matchers: [['env', '!~', 'dev|test']], continue: true },
    { receiver: 'db-team', matchers: ['service=~"postgres|mysql"'] },
  ],
};

const reached = (labels: Record<string, string>) => previewRouting(tree, labels).map((match) => match.path);

describe('matchers, as Alertmanager reads them', () => {
  it('anchors regexes to the whole value', () => {
    expect(matcherMatches(['severity', '=~', 'crit'], { severity: 'critical' })).toBe(false);
    expect(matcherMatches(['severity', '=~', 'crit.*'], { severity: 'critical' })).toBe(true);
    expect(matcherMatches(['severity', '=~', 'a|b'], { severity: 'b' })).toBe(true);
    expect(matcherMatches(['severity', '!~', 'crit'], { severity: 'critical' })).toBe(true);
  });

  it('reads a missing label as the empty string', () => {
    expect(matcherMatches(['team', '=', ''], {})).toBe(true);
    expect(matcherMatches(['team', '!=', 'ops'], {})).toBe(true);
    expect(matcherMatches(['team', '=~', '.*'], {})).toBe(true);
    expect(matcherMatches(['team', '=~', '.+'], {})).toBe(false);
  });

  it('parses text matchers, quoted or not', () => {
    expect(parseTextMatcher('service=~"postgres|mysql"')).toEqual(['service', '=~', 'postgres|mysql']);
    expect(parseTextMatcher('team != ops')).toEqual(['team', '!=', 'ops']);
    expect(parseTextMatcher('nonsense')).toBeUndefined();
  });
});

describe('previewRouting', () => {
  it('keeps an alert no nested policy takes with the default policy', () => {
    const [match, ...rest] = previewRouting(tree, { env: 'dev' });
    expect(rest).toEqual([]);
    expect(match!.path).toEqual([]);
    expect(match!.settings).toMatchObject({ receiver: 'default-email', group_by: ['alertname'], group_wait: '45s', repeat_interval: '4h' });
  });

  it('stops at the first matching sibling without continue, and descends to the deepest match', () => {
    expect(reached({ team: 'ops', severity: 'critical', env: 'dev' })).toEqual([[0, 0]]);
    expect(reached({ team: 'ops', severity: 'warning', env: 'dev' })).toEqual([[0, 1]]);
    // A matching parent whose children all fail takes the alert itself.
    expect(reached({ team: 'ops', env: 'dev' })).toEqual([[0]]);
  });

  it('goes on past a matching policy with continue', () => {
    expect(reached({ env: 'prod', service: 'postgres' })).toEqual([[1], [2]]);
    expect(contactPointsReached(previewRouting(tree, { env: 'prod', service: 'postgres' }))).toEqual(['audit-hook', 'db-team']);
    // A continue policy that matches alone leaves the alert with it only.
    expect(reached({ env: 'prod' })).toEqual([[1]]);
  });

  it('inherits contact point, grouping and timings, but not mute timings', () => {
    const [match] = previewRouting(tree, { team: 'ops', severity: 'critical', env: 'dev' });
    expect(match!.settings).toEqual({
      receiver: 'ops-pager',
      group_by: ['alertname', 'instance'],
      group_wait: '45s',
      group_interval: '5m',
      repeat_interval: '1h',
      mute_time_intervals: [],
      active_time_intervals: [],
    });
    expect(match!.chain.map((route) => route.receiver)).toEqual(['default-email', 'ops-pager', undefined]);
    expect(settingsAt(tree, [0]).mute_time_intervals).toEqual(['weekends']);
  });

  it('treats a regex that does not compile as not matching', () => {
    const broken: Route = { receiver: 'a', routes: [{ receiver: 'b', object_matchers: [['x', '=~', '(']] }] };
    expect(previewRouting(broken, { x: '(' }).map((match) => match.settings.receiver)).toEqual(['a']);
  });
});
