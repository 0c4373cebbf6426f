/**
 * The policy form's draft and its way back to a policy. A nested policy leaves out what it does
 * not override, so it keeps inheriting; its matchers are saved as `object_matchers` (Grafana
 * turns Alertmanager's text matchers into those as well when a policy is edited).
 */
import type { Route } from '../../../../contract/alertingNotify';
import { parsePromDuration } from '../../../../contract/durations';
import { rowProblem, type MatcherRow } from '../silences/matchers';
import { policyMatchers } from './routingPreview';

export interface PolicyDraft {
  matchers: MatcherRow[];
  /** '' on a nested policy: the parent's contact point. */
  receiver: string;
  continueMatching: boolean;
  overrideGrouping: boolean;
  groupBy: string[];
  overrideTimings: boolean;
  groupWait: string;
  groupInterval: string;
  repeatInterval: string;
  muteTimings: string[];
  activeTimings: string[];
}

export type PolicyDraftProblems = Partial<
  Record<'matchers' | 'receiver' | 'groupBy' | 'groupWait' | 'groupInterval' | 'repeatInterval', string>
>;

const emptyRow = (): MatcherRow => ({ name: '', operator: '=', value: '' });

export function draftFromPolicy(policy: Route | undefined): PolicyDraft {
  const matchers = policy ? policyMatchers(policy).map(([name, operator, value]) => ({ name, operator, value })) : [];
  return {
    matchers: matchers.length > 0 ? matchers : [emptyRow()],
    receiver: policy?.receiver ?? '',
    continueMatching: policy?.continue ?? false,
    overrideGrouping: policy?.group_by !== undefined,
    groupBy: policy?.group_by ?? [],
    overrideTimings: Boolean(policy?.group_wait || policy?.group_interval || policy?.repeat_interval),
    groupWait: policy?.group_wait ?? '',
    groupInterval: policy?.group_interval ?? '',
    repeatInterval: policy?.repeat_interval ?? '',
    muteTimings: policy?.mute_time_intervals ?? [],
    activeTimings: policy?.active_time_intervals ?? [],
  };
}

/** A row with neither label nor value is an unused line, not a matcher. */
const usedRows = (rows: MatcherRow[]) => rows.filter((row) => row.name.trim() !== '' || row.value !== '');

const durationProblem = (text: string) =>
  text.trim() === '' || parsePromDuration(text.trim()) !== undefined ? undefined : 'A duration such as 30s, 5m or 4h';

/** Why the draft cannot be saved, per field; empty when it can. */
export function draftProblems(draft: PolicyDraft, isDefault: boolean): PolicyDraftProblems {
  const problems: PolicyDraftProblems = {};
  if (!isDefault && usedRows(draft.matchers).some((row) => rowProblem(row))) problems.matchers = 'Fix the matchers';
  if (isDefault && !draft.receiver) problems.receiver = 'The default policy needs a contact point';
  const grouping = isDefault || draft.overrideGrouping;
  if (grouping && draft.groupBy.includes('...') && draft.groupBy.length > 1)
    problems.groupBy = 'Group by ... (every label) stands alone: remove the other labels';
  if (isDefault || draft.overrideTimings) {
    const wait = durationProblem(draft.groupWait);
    const interval = durationProblem(draft.groupInterval);
    const repeat = durationProblem(draft.repeatInterval);
    if (wait) problems.groupWait = wait;
    if (interval) problems.groupInterval = interval;
    if (repeat) problems.repeatInterval = repeat;
  }
  return problems;
}

/**
 * The policy the draft describes, on top of `original` (its nested policies and any field the
 * form does not show stay as they were).
 */
export function policyFromDraft(draft: PolicyDraft, original: Route | undefined, isDefault: boolean): Route {
  const {
    receiver: _receiver,
    object_matchers: _objectMatchers,
    matchers: _matchers,
    continue: _continue,
    group_by: _groupBy,
    group_wait: _groupWait,
    group_interval: _groupInterval,
    repeat_interval: _repeatInterval,
    mute_time_intervals: _mute,
    active_time_intervals: _active,
    provenance: _provenance,
    ...kept
  } = original ?? {};
  const policy: Route = { ...kept };
  if (draft.receiver) policy.receiver = draft.receiver;
  if (!isDefault) {
    const rows = usedRows(draft.matchers);
    if (rows.length > 0) policy.object_matchers = rows.map((row) => [row.name.trim(), row.operator, row.value]);
    if (draft.continueMatching) policy.continue = true;
    if (draft.muteTimings.length > 0) policy.mute_time_intervals = draft.muteTimings;
    if (draft.activeTimings.length > 0) policy.active_time_intervals = draft.activeTimings;
  }
  if (isDefault || draft.overrideGrouping) policy.group_by = draft.groupBy;
  if (isDefault || draft.overrideTimings) {
    if (draft.groupWait.trim()) policy.group_wait = draft.groupWait.trim();
    if (draft.groupInterval.trim()) policy.group_interval = draft.groupInterval.trim();
    if (draft.repeatInterval.trim()) policy.repeat_interval = draft.repeatInterval.trim();
  }
  return policy;
}
