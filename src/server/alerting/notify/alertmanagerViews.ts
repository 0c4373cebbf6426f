/**
 * What the Alertmanager v2 API shows of the dispatcher's state (Grafana's
 * `/api/alertmanager/grafana/api/v2/`): alerts with their receivers and silences, the alerts
 * grouped as the policies group them, silences with their state. Pure: the notifier reads the
 * org's configuration and alerts and passes them in.
 */
import type { GettableAlert, GettableSilence } from '../../../contract/alertingNotify';
import { fromSilenceMatcher, labelSetText, matchesAll, type Matcher } from './matchers';
import { groupLabelsOf, matchRoutes, type RouteNode } from './routing';
import { goTime } from './templates';
import type { Labels, Silence, StoredAlert } from './types';

export interface AlertsQuery {
  active: boolean;
  silenced: boolean;
  inhibited: boolean;
  filter: Matcher[];
  receiver?: RegExp;
}

/** The ids of the silences in force now that match the labels. */
export function silencedBy(silences: Silence[], labels: Labels, now: number): string[] {
  return silences
    .filter((silence) => silence.startsAt <= now && silence.endsAt > now && matchesAll(silence.matchers.map(fromSilenceMatcher), labels))
    .map((silence) => silence.id);
}

/** `GET .../api/v2/alerts`: alerts not yet resolved, with their receivers and silences. */
export function gettableAlerts(
  tree: RouteNode,
  silences: Silence[],
  alerts: StoredAlert[],
  query: AlertsQuery,
  now: number,
): GettableAlert[] {
  const result: GettableAlert[] = [];
  for (const alert of alerts) {
    if (alert.endsAt <= now) continue;
    const silenced = silencedBy(silences, alert.labels, now);
    const suppressed = silenced.length > 0;
    if (suppressed ? !query.silenced : !query.active) continue;
    if (!matchesAll(query.filter, alert.labels)) continue;
    const receivers = [...new Set(matchRoutes(tree, alert.labels).map((node) => node.receiver))];
    if (query.receiver && !receivers.some((name) => query.receiver!.test(name))) continue;
    result.push({
      labels: alert.labels,
      annotations: alert.annotations,
      startsAt: goTime(alert.startsAt),
      endsAt: goTime(alert.endsAt),
      updatedAt: goTime(alert.updatedAt),
      fingerprint: alert.fingerprint,
      generatorURL: alert.generatorURL,
      receivers: receivers.map((name) => ({ name })),
      status: { state: suppressed ? 'suppressed' : 'active', silencedBy: silenced, inhibitedBy: [], mutedBy: [] },
    });
  }
  return result;
}

/** `GET .../api/v2/alerts/groups`: the listed alerts grouped as the policies group them. */
export function alertGroups(tree: RouteNode, alerts: GettableAlert[], query: AlertsQuery) {
  const groups = new Map<string, { labels: Labels; receiver: { name: string }; alerts: GettableAlert[] }>();
  for (const alert of alerts) {
    for (const node of matchRoutes(tree, alert.labels)) {
      if (query.receiver && !query.receiver.test(node.receiver)) continue;
      const labels = groupLabelsOf(node, alert.labels);
      const id = `${node.id}|${labelSetText(labels)}`;
      let group = groups.get(id);
      if (!group) groups.set(id, (group = { labels, receiver: { name: node.receiver }, alerts: [] }));
      group.alerts.push(alert);
    }
  }
  return [...groups.values()];
}

/** A silence as the API shows it, its state as of `now`. */
export function gettableSilence(silence: Silence, now: number): GettableSilence {
  const state = silence.endsAt <= now ? 'expired' : silence.startsAt > now ? 'pending' : 'active';
  return {
    id: silence.id,
    matchers: silence.matchers.map((m) => ({ name: m.name, value: m.value, isRegex: m.isRegex, isEqual: m.isEqual })),
    startsAt: goTime(silence.startsAt),
    endsAt: goTime(silence.endsAt),
    updatedAt: goTime(silence.updatedAt),
    createdBy: silence.createdBy,
    comment: silence.comment,
    status: { state },
  };
}
