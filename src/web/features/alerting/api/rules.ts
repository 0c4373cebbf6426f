import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  EXPRESSION_DATASOURCE_UID,
  provisionedAlertRuleSchema,
  ruleStatesResponseSchema,
  type ProvisionedAlertRule,
} from '../../../../contract/alerting';
import { apiFetch, apiFetchText } from '../../../api/client';
import { alertingKeys } from './keys';
import { PROVENANCE_OFF } from './provenance';

const RULE_STATES = '/api/prometheus/grafana/api/v1/rules';

/** Groups a page of the list asks for: a screen or two, so 10,000 rules arrive a page at a time. */
export const GROUPS_PER_PAGE = 40;

/** The list's filters as the URL holds them. */
export interface RuleFilters {
  /** Grafana's state filter values: firing, pending, normal, recovering, nodata, error. */
  states: string[];
  folderUid?: string;
  /** Label matchers (`team=ops`, `severity=~crit.*`). */
  matchers: string[];
  search?: string;
}

function filterParams(filters: RuleFilters, withStates = true): URLSearchParams {
  const params = new URLSearchParams();
  if (withStates) for (const state of filters.states) params.append('state', state);
  if (filters.folderUid) params.set('folder_uid', filters.folderUid);
  for (const matcher of filters.matchers) params.append('matcher', matcher);
  if (filters.search) params.set('search.rule_name', filters.search);
  return params;
}

/** The list: pages of groups followed by `groupNextToken`; alerts left out (the list shows counts). */
export const ruleGroupsQueryOptions = (filters: RuleFilters) =>
  infiniteQueryOptions({
    queryKey: alertingKeys.ruleGroups({ ...filters }),
    initialPageParam: '',
    queryFn: ({ pageParam, signal }) => {
      const params = filterParams(filters);
      params.set('group_limit', String(GROUPS_PER_PAGE));
      params.set('limit_alerts', '0');
      if (pageParam) params.set('group_next_token', pageParam);
      return apiFetch(`${RULE_STATES}?${params}`, { schema: ruleStatesResponseSchema, signal });
    },
    getNextPageParam: (last) => last.data.groupNextToken || undefined,
    // States change on their own: the list follows them, as Grafana's does.
    refetchInterval: 30_000,
  });

/** Rules per state over every group, and each group's own counts (to count the groups a filter keeps). */
export interface RuleTotals {
  totals: Record<string, number>;
  groupTotals: Array<Record<string, number>>;
}

/**
 * Rules per state over every group (the answer's totals cover the groups it lists): one rule and no
 * alerts per group keep the answer small. The state filter is left out, so the totals can set it.
 */
export const ruleTotalsQueryOptions = (filters: RuleFilters) =>
  queryOptions({
    queryKey: alertingKeys.ruleTotals({ ...filters, states: [] }),
    queryFn: async ({ signal }): Promise<RuleTotals> => {
      const params = filterParams(filters, false);
      params.set('rule_limit', '1');
      params.set('limit_alerts', '0');
      const answer = await apiFetch(`${RULE_STATES}?${params}`, { schema: ruleStatesResponseSchema, signal });
      return { totals: answer.data.totals ?? {}, groupTotals: answer.data.groups.map((group) => group.totals ?? {}) };
    },
    refetchInterval: 30_000,
  });

/** Grafana's state filter values as the totals name them (`normal` counts as `inactive`). */
const filterTotalsKey = (filter: string) => (filter === 'normal' ? 'inactive' : filter);

/** How many groups the list has with the state filter applied: those with a rule in a chosen state. */
export function groupsMatching(totals: RuleTotals, states: string[]): number {
  if (states.length === 0) return totals.groupTotals.length;
  const keys = states.map(filterTotalsKey);
  return totals.groupTotals.filter((group) => keys.some((key) => (group[key] ?? 0) > 0)).length;
}

/** Firing alert instances of every rule the caller can see, for the navigation's count. */
export const firingCountQueryOptions = () =>
  queryOptions({
    queryKey: alertingKeys.firingCount,
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(`${RULE_STATES}?state=firing&limit_alerts=0`, { schema: ruleStatesResponseSchema, signal });
      return answer.data.groups.reduce((sum, group) => sum + group.rules.reduce((n, rule) => n + (rule.totals?.alerting ?? 0), 0), 0);
    },
    refetchInterval: 30_000,
  });

/** One rule's state and its alert instances. */
export const ruleStateQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: alertingKeys.ruleState(uid),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch(`${RULE_STATES}?rule_uid=${encodeURIComponent(uid)}`, { schema: ruleStatesResponseSchema, signal });
      const group = answer.data.groups.find((g) => g.rules.some((r) => r.uid === uid));
      const rule = group?.rules.find((r) => r.uid === uid);
      return group && rule ? { group, rule } : null;
    },
    refetchInterval: 15_000,
  });

/** One rule as the provisioning API has it: queries, condition, labels, annotations. */
export const ruleQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: alertingKeys.rule(uid),
    queryFn: ({ signal }) =>
      apiFetch(`/api/v1/provisioning/alert-rules/${encodeURIComponent(uid)}`, { schema: provisionedAlertRuleSchema, signal }),
  });

/**
 * The rule as a PUT sends it back: what GET answered, with an unset time range left unset (GET
 * answers `{from: 0, to: 0}` for it, which a PUT would store as an empty range).
 */
export function ruleForPut(rule: ProvisionedAlertRule): Record<string, unknown> {
  return {
    ...rule,
    data: rule.data.map((query) => {
      const range = query.relativeTimeRange as { from?: number; to?: number } | undefined;
      const unset = query.datasourceUid !== EXPRESSION_DATASOURCE_UID && range && !range.from && !range.to;
      if (!unset) return query;
      const { relativeTimeRange: _unset, ...rest } = query;
      return rest;
    }),
  };
}

export function useSetRulePaused() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rule, paused }: { rule: ProvisionedAlertRule; paused: boolean }) =>
      apiFetch(`/api/v1/provisioning/alert-rules/${encodeURIComponent(rule.uid)}`, {
        method: 'PUT',
        headers: PROVENANCE_OFF,
        body: { ...ruleForPut(rule), isPaused: paused },
        schema: provisionedAlertRuleSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertingKeys.rulesAll }),
  });
}

export function useDeleteRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) =>
      apiFetch(`/api/v1/provisioning/alert-rules/${encodeURIComponent(uid)}`, {
        method: 'DELETE',
        headers: PROVENANCE_OFF,
        schema: z.unknown(),
      }),
    onSuccess: (_answer, uid) => {
      client.removeQueries({ queryKey: alertingKeys.rule(uid) });
      return client.invalidateQueries({ queryKey: alertingKeys.rulesAll });
    },
  });
}

export type ExportFormat = 'yaml' | 'json';

/** The rule as a provisioning file, in the server's own text. */
export const ruleExportQueryOptions = (uid: string, format: ExportFormat) =>
  queryOptions({
    queryKey: alertingKeys.ruleExport(uid, format),
    queryFn: ({ signal }) =>
      apiFetchText(`/api/v1/provisioning/alert-rules/${encodeURIComponent(uid)}/export?format=${format}`, {
        signal,
        accept: format === 'yaml' ? 'application/yaml' : 'application/json',
      }),
    staleTime: 0,
  });
