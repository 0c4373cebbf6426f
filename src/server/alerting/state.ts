/**
 * The state machine of alert instances, as Grafana's (`pkg/services/ngalert/state`): Normal →
 * Pending (while `for` has not elapsed) → Alerting → Recovering (while `keep_firing_for`) → Normal;
 * a breach while Recovering returns to Alerting. NoData and Error results follow the rule's
 * `noDataState` / `execErrState`. Pure: given the stored instances and one evaluation's results,
 * it answers the new instances, the transitions and the alerts to send.
 */
import type { StoredAlertInstance, StoredAlertRule } from '../store/alerting';
import type { EvalResult } from './evaluator';
import { expandTemplate } from './template';
import { notificationSettingsLabels } from './notify/routing';
import type { PostableAlert } from './types';
import { labelsKey, type Labels } from './values';

export type InstanceState = 'Normal' | 'Pending' | 'Alerting' | 'Recovering' | 'NoData' | 'Error';

/** Grafana's default number of evaluations a series may be missing before its instance resolves. */
export const DEFAULT_MISSING_SERIES_EVALS_TO_RESOLVE = 2;

export interface Transition {
  instance: StoredAlertInstance;
  previous: string;
  previousReason: string;
}

export interface StateUpdate {
  instances: StoredAlertInstance[];
  transitions: Transition[];
  /** Firing instances (re-sent every evaluation) and those resolved by this one. */
  toSend: StoredAlertInstance[];
}

export interface RuleContext {
  rule: StoredAlertRule;
  /** The folder's title (Grafana's `grafana_folder` label). */
  folderTitle: string;
  intervalMs: number;
  /** Where `generatorURL` points (`<root>/alerting/grafana/<uid>/view`). */
  baseUrl?: string;
}

const FIRING: ReadonlySet<string> = new Set(['Alerting', 'Recovering', 'NoData', 'Error']);

/** Grafana's newState text: the state, and the reason in brackets when there is one (`Alerting (NoData)`). */
export function stateWithReason(state: string, reason: string): string {
  return reason ? `${state} (${reason})` : state;
}

/** Whether Alertmanager sees the instance as firing (Grafana sends NoData/Error as alerts of their own). */
export function isFiring(state: string): boolean {
  return FIRING.has(state);
}

/** The instance's labels: the series', then the rule's templated labels, then Grafana's reserved ones. */
function instanceLabels(context: RuleContext, result: EvalResult, templated: Labels): Labels {
  const { rule } = context;
  const labels: Labels = { ...result.labels, ...templated };
  labels.alertname = rule.title;
  labels.grafana_folder = context.folderTitle;
  labels.__alert_rule_uid__ = rule.uid;
  return labels;
}

function templateData(result: EvalResult, seriesLabels: Labels) {
  return { labels: seriesLabels, values: result.values, valueString: result.valueString };
}

/** Decides one instance's next state from its previous one and a Normal/Alerting result. */
function step(
  previous: StoredAlertInstance | undefined,
  firing: boolean,
  rule: StoredAlertRule,
  now: number,
): { state: InstanceState; since: number; startedAt: number } {
  const prevState = previous?.state ?? 'Normal';
  const since = previous?.since ?? now;
  const startedAt = previous?.startedAt ?? now;
  if (firing) {
    if (prevState === 'Alerting') return { state: 'Alerting', since, startedAt };
    if (prevState === 'Recovering') return { state: 'Alerting', since: now, startedAt };
    if (prevState === 'Pending') {
      return now - since >= rule.forMs ? { state: 'Alerting', since: now, startedAt: now } : { state: 'Pending', since, startedAt };
    }
    return rule.forMs > 0 ? { state: 'Pending', since: now, startedAt: now } : { state: 'Alerting', since: now, startedAt: now };
  }
  if (prevState === 'Alerting' || prevState === 'NoData' || prevState === 'Error') {
    if (prevState === 'Alerting' && rule.keepFiringForMs > 0) return { state: 'Recovering', since: now, startedAt };
    return { state: 'Normal', since: now, startedAt };
  }
  if (prevState === 'Recovering') {
    return now - since >= rule.keepFiringForMs ? { state: 'Normal', since: now, startedAt } : { state: 'Recovering', since, startedAt };
  }
  return { state: 'Normal', since: prevState === 'Normal' ? since : now, startedAt };
}

/**
 * Applies one evaluation's results to a rule's instances. NoData and Error results apply to every
 * existing instance of the rule (Grafana 12's behaviour), or to one instance with the rule's
 * labels when it has none; series results give one instance each, and instances whose series is
 * missing resolve after `missingSeriesEvalsToResolve` evaluations.
 */
export function applyResults(context: RuleContext, previous: StoredAlertInstance[], results: EvalResult[], now: number): StateUpdate {
  const { rule } = context;
  const byFingerprint = new Map(previous.map((instance) => [instance.fingerprint, instance]));
  const next: StoredAlertInstance[] = [];
  const transitions: Transition[] = [];
  const seen = new Set<string>();
  // Resolved instances that are no longer kept (missing series): sent once more, then forgotten.
  const resolvedOnly: StoredAlertInstance[] = [];

  const record = (before: StoredAlertInstance | undefined, after: StoredAlertInstance) => {
    next.push(after);
    seen.add(after.fingerprint);
    const prevState = before?.state ?? 'Normal';
    const prevReason = before?.reason ?? '';
    if (prevState !== after.state || prevReason !== after.reason) {
      // A new series that starts Normal is no change worth a history entry.
      if (before || after.state !== 'Normal') transitions.push({ instance: after, previous: prevState, previousReason: prevReason });
    }
  };

  const build = (
    before: StoredAlertInstance | undefined,
    result: EvalResult,
    seriesLabels: Labels,
    state: { state: InstanceState; since: number; startedAt: number },
    reason: string,
    extraLabels: Labels = {},
  ): StoredAlertInstance => {
    const data = templateData(result, seriesLabels);
    const templatedLabels: Labels = {};
    for (const [key, value] of Object.entries(rule.labels)) templatedLabels[key] = expandTemplate(value, data);
    const labels = { ...instanceLabels(context, { ...result, labels: seriesLabels }, templatedLabels), ...extraLabels };
    const annotations: Labels = {};
    for (const [key, value] of Object.entries(rule.annotations)) annotations[key] = expandTemplate(value, data);
    if (reason) annotations.grafana_state_reason = reason;
    if (result.error) annotations.Error = result.error;
    const fingerprint = before?.fingerprint ?? labelsKey(seriesLabels);
    const values: Record<string, number | null> = {};
    for (const [refId, entry] of Object.entries(result.values)) values[refId] = entry.value;
    const firing = isFiring(state.state);
    return {
      orgId: rule.orgId,
      ruleUid: rule.uid,
      fingerprint,
      labels,
      annotations,
      state: state.state,
      reason,
      since: state.since,
      startedAt: state.startedAt,
      lastEval: now,
      endsAt: firing ? now + 4 * context.intervalMs : now,
      values,
      lastSent: before?.lastSent ?? null,
      resolvedAt: firing ? null : isFiring(before?.state ?? 'Normal') ? now : (before?.resolvedAt ?? null),
      missingEvals: 0,
      lastError: result.error ?? '',
    };
  };

  const special = results.length === 1 && (results[0]!.state === 'NoData' || results[0]!.state === 'Error') ? results[0]! : undefined;
  if (special) {
    const isNoData = special.state === 'NoData';
    const setting = isNoData ? rule.noDataState : rule.execErrState;
    const reasonName = isNoData ? 'NoData' : 'Error';
    const targets = previous.length > 0 ? previous : [undefined];
    for (const before of targets) {
      const seriesLabels = before ? seriesLabelsOf(before) : {};
      const resultHere: EvalResult = { ...special, labels: seriesLabels, values: before ? valuesOf(before) : {} };
      let outcome: { state: InstanceState; since: number; startedAt: number };
      let reason = reasonName;
      let extra: Labels = {};
      if (setting === 'Alerting') outcome = step(before, true, rule, now);
      else if (setting === 'OK') outcome = step(before, false, rule, now);
      else if (setting === 'KeepLast') {
        const kept = (before?.state ?? 'Normal') as InstanceState;
        outcome = { state: kept, since: before?.since ?? now, startedAt: before?.startedAt ?? now };
        reason = `${reasonName}, KeepLast`;
      } else {
        const state = reasonName as InstanceState;
        outcome = {
          state,
          since: before?.state === state ? before.since : now,
          startedAt: before?.state === state ? before.startedAt : now,
        };
        reason = '';
        // Grafana sends these as alerts of their own, named after the failure.
        extra = {
          alertname: isNoData ? 'DatasourceNoData' : 'DatasourceError',
          ...(special.datasourceUid ? { datasource_uid: special.datasourceUid } : {}),
        };
      }
      record(before, build(before, resultHere, seriesLabels, outcome, reason, extra));
    }
  } else {
    for (const result of results) {
      const fingerprint = labelsKey(result.labels);
      const before = byFingerprint.get(fingerprint);
      const firing = result.state === 'Alerting';
      // A series whose value is null (NoData for that series) follows noDataState as Alerting/OK; else Normal.
      const outcome =
        result.state === 'NoData' ? step(before, rule.noDataState === 'Alerting', rule, now) : step(before, firing, rule, now);
      record(before, build(before, result, result.labels, outcome, result.state === 'NoData' ? 'NoData' : ''));
    }
    // Series missing from this evaluation: kept as they were until missing for long enough.
    const limit = rule.missingSeriesEvalsToResolve ?? DEFAULT_MISSING_SERIES_EVALS_TO_RESOLVE;
    for (const before of previous) {
      if (seen.has(before.fingerprint)) continue;
      const missingEvals = before.missingEvals + 1;
      if (missingEvals < limit) {
        next.push({
          ...before,
          missingEvals,
          lastEval: now,
          endsAt: isFiring(before.state) ? now + 4 * context.intervalMs : before.endsAt,
        });
        continue;
      }
      // Resolved: a firing instance is sent once more as resolved, then forgotten.
      const resolved: StoredAlertInstance = {
        ...before,
        state: 'Normal',
        reason: 'MissingSeries',
        since: now,
        lastEval: now,
        endsAt: now,
        resolvedAt: isFiring(before.state) ? now : before.resolvedAt,
        missingEvals,
      };
      if (before.state !== 'Normal') transitions.push({ instance: resolved, previous: before.state, previousReason: before.reason });
      if (isFiring(before.state)) resolvedOnly.push(resolved);
    }
  }

  const toSend = [
    ...next.filter((instance) => isFiring(instance.state) || (instance.resolvedAt === now && instance.state === 'Normal')),
    ...resolvedOnly,
  ];
  return { instances: next, transitions, toSend };
}

/** The labels that came from the series: the stored instance's fingerprint holds them. */
function seriesLabelsOf(instance: StoredAlertInstance): Labels {
  return Object.fromEntries(JSON.parse(instance.fingerprint) as Array<[string, string]>);
}

function valuesOf(instance: StoredAlertInstance): EvalResult['values'] {
  const out: EvalResult['values'] = {};
  for (const [refId, value] of Object.entries(instance.values)) out[refId] = { value, labels: {} };
  return out;
}

/** Grafana's `__dashboardUid__`/`__panelId__` annotations, when the rule links to a panel. */
export function panelOf(rule: StoredAlertRule): { dashboardUid?: string; panelId?: number } {
  const dashboardUid = rule.annotations.__dashboardUid__;
  const panelId = Number(rule.annotations.__panelId__);
  return { ...(dashboardUid ? { dashboardUid } : {}), ...(dashboardUid && Number.isInteger(panelId) ? { panelId } : {}) };
}

/** An instance as Alertmanager receives it (firing: endsAt ahead; resolved: endsAt now). */
export function postableAlert(context: RuleContext, instance: StoredAlertInstance, valueString: string): PostableAlert {
  const { rule } = context;
  const firing = isFiring(instance.state);
  const values: Record<string, number> = {};
  for (const [refId, value] of Object.entries(instance.values)) if (value !== null) values[refId] = value;
  return {
    // A rule's own notification settings route it as Grafana's autogenerated policies do: by labels.
    labels: rule.notificationSettings ? { ...instance.labels, ...notificationSettingsLabels(rule.notificationSettings) } : instance.labels,
    annotations: instance.annotations,
    startsAt: new Date(instance.startedAt).toISOString(),
    endsAt: new Date(firing ? instance.endsAt : instance.lastEval).toISOString(),
    generatorURL: `${context.baseUrl ?? ''}/alerting/grafana/${rule.uid}/view`,
    values,
    valueString,
    ...panelOf(rule),
    orgId: rule.orgId,
  };
}
