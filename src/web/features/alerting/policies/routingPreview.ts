/**
 * Which notification policies an alert with given labels reaches, as Alertmanager routes it: the
 * default policy takes every alert; a nested policy whose matchers all match takes it, and the
 * walk stops at the first such sibling unless that one has `continue`; an alert no child takes
 * stays with its parent. A policy leaves out what it inherits: contact point, grouping and timings
 * come from the nearest ancestor that sets them. Mute and active time intervals are a policy's own
 * (Alertmanager's `NewRoute` sets them from the policy alone).
 */
import type { ObjectMatcher, Route } from '../../../../contract/alertingNotify';

export type Labels = Record<string, string>;
export type MatchOperator = ObjectMatcher[1];

/** Alertmanager's defaults where the default policy leaves a value out. */
export const POLICY_DEFAULTS = {
  group_by: ['grafana_folder', 'alertname'],
  group_wait: '30s',
  group_interval: '5m',
  repeat_interval: '4h',
};

/** A policy's settings with inheritance applied. */
export interface EffectiveSettings {
  receiver: string;
  group_by: string[];
  group_wait: string;
  group_interval: string;
  repeat_interval: string;
  mute_time_intervals: string[];
  active_time_intervals: string[];
}

export interface RoutingMatch {
  /** Child indexes from the default policy down: `[]` is the default policy, `[1, 0]` its second child's first child. */
  path: number[];
  /** The policies walked, from the default policy to the one that takes the alert. */
  chain: Route[];
  settings: EffectiveSettings;
}

/** Alertmanager anchors every regex: `crit.*` must match the whole value. Throws on a bad pattern. */
export function anchoredRegex(pattern: string): RegExp {
  return new RegExp(`^(?:${pattern})$`, 's');
}

/** One matcher against the labels; a missing label matches as the empty string, as in Alertmanager. */
export function matcherMatches([name, op, value]: ObjectMatcher, labels: Labels): boolean {
  const actual = labels[name] ?? '';
  switch (op) {
    case '=':
      return actual === value;
    case '!=':
      return actual !== value;
    case '=~':
      return anchoredRegex(value).test(actual);
    case '!~':
      return !anchoredRegex(value).test(actual);
  }
}

/** Alertmanager's text matchers (`severity=~"crit.*"`, `team = ops`), which Grafana reads beside `object_matchers`. */
export function parseTextMatcher(text: string): ObjectMatcher | undefined {
  const match = /^\s*([^!=~\s]+)\s*(=~|!~|!=|=)\s*(.*?)\s*$/.exec(text);
  if (!match) return undefined;
  const raw = match[3]!;
  const value = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? (JSON.parse(raw) as string) : raw;
  return [match[1]!, match[2] as MatchOperator, value];
}

/** Every matcher of a policy, `object_matchers` and text `matchers` alike. */
export function policyMatchers(route: Route): ObjectMatcher[] {
  const fromText = (route.matchers ?? []).flatMap((text) => {
    const parsed = parseTextMatcher(text);
    return parsed ? [parsed] : [];
  });
  return [...(route.object_matchers ?? []), ...fromText];
}

/** The settings a policy gets: its own where it sets them, its parent's (`inherited`) elsewhere. */
export function effectiveSettings(route: Route, inherited?: EffectiveSettings): EffectiveSettings {
  const base: EffectiveSettings = inherited ?? {
    receiver: '',
    group_by: POLICY_DEFAULTS.group_by,
    group_wait: POLICY_DEFAULTS.group_wait,
    group_interval: POLICY_DEFAULTS.group_interval,
    repeat_interval: POLICY_DEFAULTS.repeat_interval,
    mute_time_intervals: [],
    active_time_intervals: [],
  };
  return {
    receiver: route.receiver || base.receiver,
    group_by: route.group_by ?? base.group_by,
    group_wait: route.group_wait || base.group_wait,
    group_interval: route.group_interval || base.group_interval,
    repeat_interval: route.repeat_interval || base.repeat_interval,
    mute_time_intervals: route.mute_time_intervals ?? [],
    active_time_intervals: route.active_time_intervals ?? [],
  };
}

/** The settings of the policy at `path`, with what it inherits from the default policy down. */
export function settingsAt(tree: Route, path: number[]): EffectiveSettings {
  let settings = effectiveSettings(tree);
  let route = tree;
  for (const index of path) {
    route = route.routes![index]!;
    settings = effectiveSettings(route, settings);
  }
  return settings;
}

/**
 * The policies that take an alert with `labels` (Alertmanager's `Route.Match`), in routing order.
 * A regex that does not compile makes its matcher fail rather than the preview.
 */
export function previewRouting(tree: Route, labels: Labels): RoutingMatch[] {
  const safeMatches = (matcher: ObjectMatcher) => {
    try {
      return matcherMatches(matcher, labels);
    } catch {
      return false;
    }
  };
  const walk = (route: Route, path: number[], chain: Route[], settings: EffectiveSettings, isRoot: boolean): RoutingMatch[] => {
    // The default policy takes every alert: Grafana refuses matchers on it.
    if (!isRoot && !policyMatchers(route).every(safeMatches)) return [];
    const taken: RoutingMatch[] = [];
    for (const [index, child] of (route.routes ?? []).entries()) {
      const found = walk(child, [...path, index], [...chain, child], effectiveSettings(child, settings), false);
      taken.push(...found);
      if (found.length > 0 && !child.continue) break;
    }
    return taken.length > 0 ? taken : [{ path, chain, settings }];
  };
  return walk(tree, [], [tree], effectiveSettings(tree), true);
}

/** The distinct contact points the matches deliver to, in order. */
export function contactPointsReached(matches: RoutingMatch[]): string[] {
  return [...new Set(matches.map((match) => match.settings.receiver).filter(Boolean))];
}
