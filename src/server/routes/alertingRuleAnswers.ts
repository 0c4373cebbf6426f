/**
 * An alert rule as each API answers it: the provisioning API (Grafana's `ProvisionedAlertRule`),
 * its exports (`AlertRuleExport`) and the Ruler API (`GettableExtendedRuleNode`).
 */
import type { AlertQuery } from '../../contract/alerting';
import { formatPromDuration } from '../../contract/durations';
import type { StoredAlertRule, StoredRuleGroup } from '../store/alerting';

/** The rule as the provisioning API answers it (Grafana's `ProvisionedAlertRule`). */
export function provisionedRule(rule: StoredAlertRule) {
  return {
    id: rule.id,
    uid: rule.uid,
    orgID: rule.orgId,
    folderUID: rule.folderUid,
    ruleGroup: rule.group,
    title: rule.title,
    condition: rule.condition,
    data: rule.data.map(queryOut),
    updated: new Date(rule.updated).toISOString(),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    for: formatPromDuration(rule.forMs),
    keep_firing_for: formatPromDuration(rule.keepFiringForMs),
    annotations: rule.annotations,
    labels: rule.labels,
    provenance: rule.provenance,
    isPaused: rule.isPaused,
    notification_settings: rule.notificationSettings,
    record: null,
    ...(rule.missingSeriesEvalsToResolve !== null ? { missingSeriesEvalsToResolve: rule.missingSeriesEvalsToResolve } : {}),
  };
}

/** A query or expression of a rule, as every API answers it (and as it is stored). */
export function queryOut(query: AlertQuery) {
  return {
    refId: query.refId,
    queryType: query.queryType ?? '',
    relativeTimeRange: query.relativeTimeRange ?? { from: 0, to: 0 },
    datasourceUid: query.datasourceUid,
    model: query.model,
  };
}

/** One rule of a provisioning export (Grafana's `AlertRuleExport`). */
export function exportedRule(rule: StoredAlertRule) {
  const { __dashboardUid__: dashboardUid, __panelId__: panelId, ...annotations } = rule.annotations;
  return {
    uid: rule.uid,
    title: rule.title,
    condition: rule.condition,
    data: rule.data.map((query) => ({
      refId: query.refId,
      ...(query.queryType ? { queryType: query.queryType } : {}),
      relativeTimeRange: query.relativeTimeRange ?? { from: 0, to: 0 },
      datasourceUid: query.datasourceUid,
      model: query.model,
    })),
    ...(dashboardUid ? { dashboardUid } : {}),
    ...(panelId && Number.isInteger(Number(panelId)) ? { panelId: Number(panelId) } : {}),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    ...(rule.forMs > 0 ? { for: formatPromDuration(rule.forMs) } : {}),
    ...(rule.keepFiringForMs > 0 ? { keepFiringFor: formatPromDuration(rule.keepFiringForMs) } : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
    ...(Object.keys(rule.labels).length > 0 ? { labels: rule.labels } : {}),
    isPaused: rule.isPaused,
    ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
    ...(rule.missingSeriesEvalsToResolve !== null ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve } : {}),
  };
}

/** Rules grouped by (folder, group), in the store's order. */
export function byGroup(rules: StoredAlertRule[]): StoredAlertRule[][] {
  const groups = new Map<string, StoredAlertRule[]>();
  for (const rule of rules) {
    const key = `${rule.folderUid}\u0000${rule.group}`;
    groups.set(key, [...(groups.get(key) ?? []), rule]);
  }
  return [...groups.values()];
}

/** The evaluation interval of `rule`'s group, in seconds (Grafana's default when the group has no row). */
export function groupInterval(groups: StoredRuleGroup[], rule: Pick<StoredAlertRule, 'folderUid' | 'group'>): number {
  return groups.find((g) => g.folderUid === rule.folderUid && g.name === rule.group)?.intervalSeconds ?? 60;
}

/** A rule as the Ruler API answers it, with its group's interval. */
export function rulerRule(rule: StoredAlertRule, intervalSeconds: number) {
  return {
    expr: '',
    for: formatPromDuration(rule.forMs),
    keep_firing_for: formatPromDuration(rule.keepFiringForMs),
    labels: rule.labels,
    annotations: rule.annotations,
    grafana_alert: {
      id: rule.id,
      orgId: rule.orgId,
      title: rule.title,
      condition: rule.condition,
      data: rule.data.map(queryOut),
      updated: new Date(rule.updated).toISOString(),
      intervalSeconds,
      version: rule.version,
      uid: rule.uid,
      namespace_uid: rule.folderUid,
      rule_group: rule.group,
      no_data_state: rule.noDataState,
      exec_err_state: rule.execErrState,
      is_paused: rule.isPaused,
      ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
      ...(rule.missingSeriesEvalsToResolve !== null ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve } : {}),
      provenance: rule.provenance,
    },
  };
}

/** `'Disk full' (uid abc), …`: the rules a refusal names, the first ten of them. */
export function ruleList(rules: Array<{ uid: string; title: string }>): string {
  const named = rules.slice(0, 10).map((rule) => `'${rule.title}' (uid ${rule.uid})`);
  return rules.length > named.length ? `${named.join(', ')} and ${rules.length - named.length} more` : named.join(', ');
}
