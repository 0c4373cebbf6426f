/**
 * The notification policy tree, mute timings and the contact point names a policy can route to,
 * through Grafana's provisioning API. The tree is one resource: every edit PUTs all of it.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  contactPointSchema,
  muteTimingSchema,
  routeSchema,
  timeIntervalUid,
  type MuteTiming,
  type Route,
} from '../../../../contract/alertingNotify';
import { apiFetch } from '../../../api/client';
import { alertingKeys } from './keys';
import { PROVENANCE_OFF } from './provenance';

const PROVISIONING = '/api/v1/provisioning';

export const policyKeys = {
  tree: ['alerting', 'policies', 'tree'] as const,
  muteTimingsAll: ['alerting', 'policies', 'mute-timings'] as const,
  muteTiming: (name: string) => ['alerting', 'policies', 'mute-timings', name] as const,
  // Under the contact points' key, so creating, renaming or deleting one refreshes the policy form's list.
  contactPointNames: ['alerting', 'contactPoints', 'names'] as const,
};

export const policyTreeQueryOptions = () =>
  queryOptions({
    queryKey: policyKeys.tree,
    queryFn: ({ signal }) => apiFetch(`${PROVISIONING}/policies`, { schema: routeSchema, signal }),
  });

export const muteTimingsQueryOptions = () =>
  queryOptions({
    queryKey: policyKeys.muteTimingsAll,
    queryFn: ({ signal }) => apiFetch(`${PROVISIONING}/mute-timings`, { schema: z.array(muteTimingSchema), signal }),
  });

export const muteTimingQueryOptions = (name: string) =>
  queryOptions({
    queryKey: policyKeys.muteTiming(name),
    queryFn: ({ signal }) => apiFetch(`${PROVISIONING}/mute-timings/${encodeURIComponent(name)}`, { schema: muteTimingSchema, signal }),
  });

/** One contact point is every integration sharing a name: the names, sorted, are what a policy picks from. */
export const contactPointNamesQueryOptions = () =>
  queryOptions({
    queryKey: policyKeys.contactPointNames,
    queryFn: async ({ signal }) => {
      const integrations = await apiFetch(`${PROVISIONING}/contact-points`, { schema: z.array(contactPointSchema), signal });
      return [...new Set(integrations.map((integration) => integration.name))].sort((a, b) => a.localeCompare(b));
    },
  });

export function useSavePolicyTree() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tree: Route) =>
      apiFetch(`${PROVISIONING}/policies`, { method: 'PUT', headers: PROVENANCE_OFF, body: tree, schema: z.unknown() }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyKeys.tree }),
  });
}

/**
 * Creates (`existing` undefined) or replaces the mute timing named `existing`. A new name renames
 * it: as Grafana's API has it, the path then names the mute timing by its uid, and the server
 * renames it in the policies and rules that use it too.
 */
export function useSaveMuteTiming(existing: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (timing: MuteTiming) =>
      existing === undefined
        ? apiFetch(`${PROVISIONING}/mute-timings`, { method: 'POST', headers: PROVENANCE_OFF, body: timing, schema: z.unknown() })
        : apiFetch(`${PROVISIONING}/mute-timings/${encodeURIComponent(timing.name === existing ? existing : timeIntervalUid(existing))}`, {
            method: 'PUT',
            headers: PROVENANCE_OFF,
            body: timing,
            schema: z.unknown(),
          }),
    // A rename changes the policy tree and rules as well: every alerting query reads again. Not
    // waited for: the old name's query (now not found) would take the form away first.
    onSuccess: (_answer, timing) => {
      void client.invalidateQueries({
        queryKey: existing !== undefined && timing.name !== existing ? alertingKeys.all : policyKeys.muteTimingsAll,
      });
    },
  });
}

export function useDeleteMuteTiming() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      apiFetch(`${PROVISIONING}/mute-timings/${encodeURIComponent(name)}`, {
        method: 'DELETE',
        headers: PROVENANCE_OFF,
        schema: z.unknown(),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: policyKeys.muteTimingsAll }),
  });
}
