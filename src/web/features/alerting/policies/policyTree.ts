/**
 * The policy tree as the editor changes it: every change returns a new tree (the whole tree is
 * what `PUT /api/v1/provisioning/policies` takes). A policy is addressed by its path of child
 * indexes from the default policy (`[]`).
 */
import type { ObjectMatcher, Route } from '../../../../contract/alertingNotify';
import { policyMatchers } from './routingPreview';

export type PolicyPath = number[];

export function policyAt(tree: Route, path: PolicyPath): Route {
  return path.reduce<Route>((route, index) => route.routes![index]!, tree);
}

/** `tree` with the policy at `path` replaced by `change(policy)`. */
export function updatePolicy(tree: Route, path: PolicyPath, change: (policy: Route) => Route): Route {
  if (path.length === 0) return change(tree);
  const [index, ...rest] = path as [number, ...number[]];
  const routes = [...(tree.routes ?? [])];
  routes[index] = updatePolicy(routes[index]!, rest, change);
  return { ...tree, routes };
}

export function addChildPolicy(tree: Route, parentPath: PolicyPath, policy: Route): Route {
  return updatePolicy(tree, parentPath, (parent) => ({ ...parent, routes: [...(parent.routes ?? []), policy] }));
}

/** Inserts `policy` right after the policy at `path` (Grafana's "new sibling below"). */
export function addSiblingPolicy(tree: Route, path: PolicyPath, policy: Route): Route {
  const parentPath = path.slice(0, -1);
  const index = path.at(-1)!;
  return updatePolicy(tree, parentPath, (parent) => {
    const routes = [...(parent.routes ?? [])];
    routes.splice(index + 1, 0, policy);
    return { ...parent, routes };
  });
}

/** Removes the policy at `path` together with its nested policies. */
export function removePolicy(tree: Route, path: PolicyPath): Route {
  const parentPath = path.slice(0, -1);
  const index = path.at(-1)!;
  return updatePolicy(tree, parentPath, (parent) => ({ ...parent, routes: (parent.routes ?? []).filter((_, i) => i !== index) }));
}

/** How many policies are nested below this one, at any depth. */
export function nestedCount(policy: Route): number {
  return (policy.routes ?? []).reduce((count, child) => count + 1 + nestedCount(child), 0);
}

export function matcherText([name, op, value]: ObjectMatcher): string {
  return `${name}${op}${value}`;
}

/** How a person tells policies apart: their matchers, or that they match every alert. */
export function policyName(policy: Route, path: PolicyPath): string {
  if (path.length === 0) return 'Default policy';
  const matchers = policyMatchers(policy);
  return matchers.length === 0 ? 'Policy matching all alerts' : `Policy ${matchers.map(matcherText).join(', ')}`;
}

/** Every policy with its path, depth first (the tree as it is drawn). */
export function allPolicies(tree: Route, path: PolicyPath = []): Array<{ policy: Route; path: PolicyPath }> {
  return [{ policy: tree, path }, ...(tree.routes ?? []).flatMap((child, index) => allPolicies(child, [...path, index]))];
}

/** The names of the policies that use a mute timing, as mute or as active interval. */
export function policiesUsingTiming(tree: Route, timing: string): string[] {
  return allPolicies(tree)
    .filter(({ policy }) => policy.mute_time_intervals?.includes(timing) || policy.active_time_intervals?.includes(timing))
    .map(({ policy, path }) => policyName(policy, path));
}

/** The tree as it is sent: without the server's `provenance`, which a PUT does not take. */
export function treeForSaving(tree: Route): Route {
  const { provenance: _provenance, ...rest } = tree;
  void _provenance;
  return rest;
}
