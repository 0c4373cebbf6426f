import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  gettableAlertsSchema,
  gettableSilenceSchema,
  gettableSilencesSchema,
  postSilenceResponseSchema,
  type SilenceMatcher,
} from '../../../../contract/alertingNotify';
import { apiFetch } from '../../../api/client';
import { alertingKeys } from './keys';

const AM = '/api/alertmanager/grafana/api/v2';

export const silencesQueryOptions = () =>
  queryOptions({
    queryKey: alertingKeys.silencesAll,
    queryFn: ({ signal }) => apiFetch(`${AM}/silences`, { schema: gettableSilencesSchema, signal }),
  });

export const silenceQueryOptions = (id: string) =>
  queryOptions({
    queryKey: alertingKeys.silence(id),
    queryFn: ({ signal }) => apiFetch(`${AM}/silence/${encodeURIComponent(id)}`, { schema: gettableSilenceSchema, signal }),
  });

/** Alertmanager's `filter` text of one matcher: `name="value"`, `name=~"regex"`, … */
export function matcherFilter(matcher: SilenceMatcher): string {
  const op = matcher.isRegex ? (matcher.isEqual ? '=~' : '!~') : matcher.isEqual ? '=' : '!=';
  return `${matcher.name}${op}${JSON.stringify(matcher.value)}`;
}

/** The alerts (firing, silenced or not) that every one of `filters` matches: what a silence would affect. */
export const alertsQueryOptions = (filters: readonly string[]) =>
  queryOptions({
    queryKey: alertingKeys.alerts(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ active: 'true', silenced: 'true', inhibited: 'true' });
      for (const filter of filters) params.append('filter', filter);
      return apiFetch(`${AM}/alerts?${params}`, { schema: gettableAlertsSchema, signal });
    },
  });

export interface SilenceInput {
  id?: string;
  matchers: SilenceMatcher[];
  startsAt: string;
  endsAt: string;
  createdBy: string;
  comment: string;
}

export function useSaveSilence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (silence: SilenceInput) => apiFetch(`${AM}/silences`, { method: 'POST', body: silence, schema: postSilenceResponseSchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: alertingKeys.silencesAll }),
        client.invalidateQueries({ queryKey: alertingKeys.alertsAll }),
      ]),
  });
}

export function useExpireSilence() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch(`${AM}/silence/${encodeURIComponent(id)}`, { method: 'DELETE', schema: z.unknown() }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: alertingKeys.silencesAll }),
        client.invalidateQueries({ queryKey: alertingKeys.alertsAll }),
      ]),
  });
}
