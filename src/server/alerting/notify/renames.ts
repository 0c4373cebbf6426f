/**
 * What a rename of a contact point or a time interval changes in what names it: the policy tree's
 * `receiver`, `mute_time_intervals` and `active_time_intervals` at every level, and a rule's
 * `notification_settings` (Grafana's `RenameReceiverInRoutes`, `RenameTimeIntervalInRoutes` and
 * the alert rule store's `Rename…InNotificationSettings`). Pure: the caller stores the results.
 */
import type { NotificationSettings } from '../../../contract/alerting';
import type { Route } from '../../../contract/alertingNotify';

/** What is renamed: a contact point (named by `receiver`) or a time interval (named by mute/active lists). */
export type RenamedKind = 'receiver' | 'timeInterval';

const swap = (names: string[] | undefined, from: string, to: string) => names?.map((name) => (name === from ? to : name));

/** The tree with every reference to `from` renamed `to`, and how many policies changed (0: the tree is unchanged). */
export function renameInTree(tree: Route, kind: RenamedKind, from: string, to: string): { tree: Route; changed: number } {
  let changed = 0;
  const walk = (route: Route): Route => {
    const next: Route = { ...route };
    if (kind === 'receiver') {
      if (route.receiver === from) {
        next.receiver = to;
        changed++;
      }
    } else if (route.mute_time_intervals?.includes(from) || route.active_time_intervals?.includes(from)) {
      if (route.mute_time_intervals) next.mute_time_intervals = swap(route.mute_time_intervals, from, to);
      if (route.active_time_intervals) next.active_time_intervals = swap(route.active_time_intervals, from, to);
      changed++;
    }
    if (route.routes) next.routes = route.routes.map(walk);
    return next;
  };
  const renamed = walk(tree);
  return { tree: changed > 0 ? renamed : tree, changed };
}

/** Whether a rule's notification settings name `name` as `kind`. */
export function settingsName(settings: NotificationSettings, kind: RenamedKind, name: string): boolean {
  return kind === 'receiver'
    ? settings.receiver === name
    : !!settings.mute_time_intervals?.includes(name) || !!settings.active_time_intervals?.includes(name);
}

/** A rule's notification settings with `from` renamed `to`. */
export function renameInSettings(settings: NotificationSettings, kind: RenamedKind, from: string, to: string): NotificationSettings {
  if (kind === 'receiver') return settings.receiver === from ? { ...settings, receiver: to } : settings;
  const next = { ...settings };
  if (settings.mute_time_intervals) next.mute_time_intervals = swap(settings.mute_time_intervals, from, to);
  if (settings.active_time_intervals) next.active_time_intervals = swap(settings.active_time_intervals, from, to);
  return next;
}
