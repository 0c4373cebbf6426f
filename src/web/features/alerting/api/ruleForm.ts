/**
 * What the alert rule form reads and writes: the rule and its group, the folder's groups, contact
 * points, the dashboard a panel's rule links to, the preview (`POST /api/v1/eval`) and the save.
 * Writes go through the provisioning API with `X-Disable-Provenance`, as Grafana's UI, so the rule
 * stays editable here.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  alertRuleGroupSchema,
  evalResponseSchema,
  provisionedAlertRuleSchema,
  rulerFolderGroupsSchema,
  type ProvisionedAlertRule,
} from '../../../../contract/alerting';
import { contactPointSchema } from '../../../../contract/alertingNotify';
import { parsePromDuration } from '../../../../contract/durations';
import { folderListSchema } from '../../../../contract/folders';
import { apiFetch } from '../../../api/client';
import { dashboardQueryOptions } from '../../../api/dashboards';
import { queryKeys } from '../../../api/keys';
import type { RuleBody, RuleQuery } from '../ruleForm/ruleModel';
import { PROVENANCE_OFF } from './provenance';

export const ruleFormKeys = {
  all: ['alerting'] as const,
  rule: (uid: string) => ['alerting', 'rule', uid] as const,
  folderGroups: (folderUid: string) => ['alerting', 'folderGroups', folderUid] as const,
  contactPoints: ['alerting', 'contactPoints'] as const,
};

const groupPath = (folderUid: string, group: string) =>
  `/api/v1/provisioning/folder/${encodeURIComponent(folderUid)}/rule-groups/${encodeURIComponent(group)}`;

/** A saved rule, with its group's interval (Prometheus text, `1m`). */
export function useRuleToEdit(uid: string | undefined) {
  return useQuery({
    queryKey: ruleFormKeys.rule(uid ?? ''),
    enabled: uid !== undefined,
    // What the form starts from must not change under the person's hands.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: async ({ signal }): Promise<{ rule: ProvisionedAlertRule; groupInterval: string }> => {
      const rule = await apiFetch(`/api/v1/provisioning/alert-rules/${encodeURIComponent(uid!)}`, {
        schema: provisionedAlertRuleSchema,
        signal,
      });
      const group = await apiFetch(groupPath(rule.folderUID, rule.ruleGroup), { schema: alertRuleGroupSchema, signal });
      return {
        rule,
        groupInterval: `${group.interval >= 60 && group.interval % 60 === 0 ? `${group.interval / 60}m` : `${group.interval}s`}`,
      };
    },
  });
}

/** Folders a rule can live in (rules cannot be in General). */
export function useRuleFolders() {
  return useQuery(
    queryOptions({ queryKey: queryKeys.folders, queryFn: ({ signal }) => apiFetch('/api/folders', { schema: folderListSchema, signal }) }),
  );
}

/** The evaluation groups of a folder, with their intervals. */
export function useFolderGroups(folderUid: string | null) {
  return useQuery({
    queryKey: ruleFormKeys.folderGroups(folderUid ?? ''),
    enabled: !!folderUid,
    queryFn: async ({ signal }) => {
      const byTitle = await apiFetch(`/api/ruler/grafana/api/v1/rules/${encodeURIComponent(folderUid!)}`, {
        schema: rulerFolderGroupsSchema,
        signal,
      });
      return Object.values(byTitle)
        .flat()
        .map((group) => ({ name: group.name, interval: group.interval }));
    },
  });
}

/** Contact point names: one contact point is every integration sharing a name. */
export function useContactPointNames() {
  return useQuery({
    queryKey: ruleFormKeys.contactPoints,
    queryFn: async ({ signal }) => {
      const list = await apiFetch('/api/v1/provisioning/contact-points', { schema: z.array(contactPointSchema), signal });
      return [...new Set(list.map((point) => point.name))].sort((a, b) => a.localeCompare(b));
    },
  });
}

/** The folder of the dashboard a new rule links to, when the defaults did not name it. */
export function useDashboardFolderUid(dashboardUid: string | undefined) {
  return useQuery({ ...dashboardQueryOptions(dashboardUid ?? ''), enabled: !!dashboardUid, select: (answer) => answer.meta.folderUid });
}

/** Runs the rule's queries and expressions now. */
export function useEvalPreview() {
  return useMutation({
    mutationFn: (data: RuleQuery[]) =>
      apiFetch('/api/v1/eval', {
        method: 'POST',
        body: { data: data.map((q) => ({ ...q, model: { ...q.model, refId: q.refId } })) },
        schema: evalResponseSchema,
      }),
  });
}

export interface SaveRuleInput {
  rule: RuleBody;
  /** The group is new: it is created with this interval (Prometheus text). */
  newGroupInterval?: string;
}

/**
 * Saves a rule: into a new group by putting the group (with its interval), into an existing one by
 * creating or updating the rule. Answers the saved rule's uid.
 */
export function useSaveRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ rule, newGroupInterval }: SaveRuleInput): Promise<string> => {
      if (newGroupInterval !== undefined) {
        const ms = parsePromDuration(newGroupInterval.trim());
        const group = await apiFetch(groupPath(rule.folderUID, rule.ruleGroup), {
          method: 'PUT',
          headers: PROVENANCE_OFF,
          body: {
            title: rule.ruleGroup,
            folderUid: rule.folderUID,
            interval: ms === undefined ? newGroupInterval : Math.round(ms / 1000),
            rules: [rule],
          },
          schema: alertRuleGroupSchema,
        });
        const saved = group.rules.find((r) => (rule.uid ? r.uid === rule.uid : r.title === rule.title));
        return saved?.uid ?? group.rules[0]!.uid;
      }
      const saved = rule.uid
        ? await apiFetch(`/api/v1/provisioning/alert-rules/${encodeURIComponent(rule.uid)}`, {
            method: 'PUT',
            headers: PROVENANCE_OFF,
            body: rule,
            schema: provisionedAlertRuleSchema,
          })
        : await apiFetch('/api/v1/provisioning/alert-rules', {
            method: 'POST',
            headers: PROVENANCE_OFF,
            body: rule,
            schema: provisionedAlertRuleSchema,
          });
      return saved.uid;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ruleFormKeys.all }),
  });
}
