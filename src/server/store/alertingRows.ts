/**
 * Alert rules and alert instances as their rows hold them and as the server uses them: JSON
 * columns parsed, flags as booleans, snake_case as camelCase.
 */
import type { AlertQuery, ExecErrState, NoDataState, NotificationSettings } from '../../contract/alerting';
import type { AlertRuleInput, StoredAlertInstance, StoredAlertRule } from './alerting';
import type { AlertInstanceRow, AlertRuleRow } from './schema';

export function ruleOf(row: AlertRuleRow): StoredAlertRule {
  return {
    id: row.id,
    orgId: row.org_id,
    uid: row.uid,
    folderUid: row.folder_uid,
    group: row.rule_group,
    groupIndex: row.rule_group_idx,
    title: row.title,
    condition: row.condition,
    data: JSON.parse(row.data) as AlertQuery[],
    noDataState: row.no_data_state as NoDataState,
    execErrState: row.exec_err_state as ExecErrState,
    forMs: row.for_ms,
    keepFiringForMs: row.keep_firing_for_ms,
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    isPaused: row.is_paused === 1,
    notificationSettings: row.notification_settings === null ? null : (JSON.parse(row.notification_settings) as NotificationSettings),
    missingSeriesEvalsToResolve: row.missing_series_evals_to_resolve,
    provenance: row.provenance,
    version: row.version,
    updated: row.updated,
  };
}

/** The columns a rule's input decides (not its uid, place in the group, provenance or version). */
export function columnsOf(input: AlertRuleInput) {
  return {
    folder_uid: input.folderUid,
    rule_group: input.group,
    title: input.title,
    condition: input.condition,
    data: JSON.stringify(input.data),
    no_data_state: input.noDataState,
    exec_err_state: input.execErrState,
    for_ms: input.forMs,
    keep_firing_for_ms: input.keepFiringForMs,
    labels: JSON.stringify(input.labels),
    annotations: JSON.stringify(input.annotations),
    is_paused: input.isPaused ? 1 : 0,
    notification_settings: input.notificationSettings ? JSON.stringify(input.notificationSettings) : null,
    missing_series_evals_to_resolve: input.missingSeriesEvalsToResolve,
  };
}

/** `list`'s order: folder, group, place in the group. */
export function compareRuleOrder(a: StoredAlertRule, b: StoredAlertRule): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return text(a.folderUid, b.folderUid) || text(a.group, b.group) || a.groupIndex - b.groupIndex || a.id - b.id;
}

export function instanceOf(row: AlertInstanceRow): StoredAlertInstance {
  return {
    orgId: row.org_id,
    ruleUid: row.rule_uid,
    fingerprint: row.fingerprint,
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    state: row.state,
    reason: row.reason,
    since: row.since,
    startedAt: row.started_at,
    lastEval: row.last_eval,
    endsAt: row.ends_at,
    values: JSON.parse(row.eval_values) as Record<string, number | null>,
    lastSent: row.last_sent,
    resolvedAt: row.resolved_at,
    missingEvals: row.missing_evals,
    lastError: row.last_error,
  };
}

/** The row of one of rule `ruleUid`'s instances. */
export function instanceRow(orgId: number, ruleUid: string, instance: StoredAlertInstance): AlertInstanceRow {
  return {
    org_id: orgId,
    rule_uid: ruleUid,
    fingerprint: instance.fingerprint,
    labels: JSON.stringify(instance.labels),
    annotations: JSON.stringify(instance.annotations),
    state: instance.state,
    reason: instance.reason,
    since: instance.since,
    started_at: instance.startedAt,
    last_eval: instance.lastEval,
    ends_at: instance.endsAt,
    eval_values: JSON.stringify(instance.values),
    last_sent: instance.lastSent,
    resolved_at: instance.resolvedAt,
    missing_evals: instance.missingEvals,
    last_error: instance.lastError,
  };
}
