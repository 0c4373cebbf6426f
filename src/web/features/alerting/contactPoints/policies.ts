import type { Route } from '../../../../contract/alertingNotify';

/** A policy in a few words: the default one, or its matchers (`severity=critical, team=~ops.*`). */
function describePolicy(route: Route, isRoot: boolean): string {
  if (isRoot) return 'the default policy';
  const matchers = [...(route.object_matchers ?? []).map(([name, op, value]) => `${name}${op}${value}`), ...(route.matchers ?? [])];
  return matchers.length > 0 ? `the policy ${matchers.join(', ')}` : 'a policy without matchers';
}

/** Each contact point's name → the policies that route to it, described. */
export function policiesByReceiver(tree: Route | undefined): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  const visit = (route: Route, isRoot: boolean) => {
    if (route.receiver) uses.set(route.receiver, [...(uses.get(route.receiver) ?? []), describePolicy(route, isRoot)]);
    for (const child of route.routes ?? []) visit(child, false);
  };
  if (tree) visit(tree, true);
  return uses;
}
