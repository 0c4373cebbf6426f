import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/common';
import { homeDashboardAnswerSchema, preferencesSchema, type UpdatePreferencesRequest } from '../../contract/preferences';
import { apiFetch } from './client';

/** Whose preferences: the signed-in account's, the org's, or a team's. */
export type PreferenceLevel = { kind: 'user' } | { kind: 'org' } | { kind: 'team'; teamId: number };

const levelPath = (level: PreferenceLevel) =>
  level.kind === 'user'
    ? '/api/user/preferences'
    : level.kind === 'org'
      ? '/api/org/preferences'
      : `/api/teams/${level.teamId}/preferences`;

export const preferenceKeys = {
  /** Every preferences query: a save at any level changes what applies. */
  all: ['preferences'] as const,
  level: (level: PreferenceLevel) => ['preferences', level] as const,
  effective: ['preferences', 'effective'] as const,
  home: ['preferences', 'home'] as const,
};

/** One level's own preferences (empty strings where it sets nothing). */
export function usePreferences(level: PreferenceLevel) {
  return useQuery({
    queryKey: preferenceKeys.level(level),
    queryFn: ({ signal }) => apiFetch(levelPath(level), { schema: preferencesSchema, signal }),
  });
}

/** What applies to the signed-in account: its own over its teams' over the org's over the defaults. */
export function useEffectivePreferences() {
  return useQuery({
    queryKey: preferenceKeys.effective,
    queryFn: ({ signal }) => apiFetch('/api/user/preferences/effective', { schema: preferencesSchema, signal }),
    staleTime: 60_000,
  });
}

/** The effective home dashboard's address (Grafana's `redirectUri`), or undefined for the built-in home. */
export function useHomeDashboard() {
  return useQuery({
    queryKey: preferenceKeys.home,
    queryFn: ({ signal }) => apiFetch('/api/dashboards/home', { schema: homeDashboardAnswerSchema, signal }),
    select: (answer) => answer.redirectUri,
  });
}

/** `PUT` (the whole level) or `PATCH` (the keys given); every preferences query is read again after. */
export function useSavePreferences(level: PreferenceLevel, method: 'PUT' | 'PATCH' = 'PUT') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePreferencesRequest) => apiFetch(levelPath(level), { method, body, schema: messageResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preferenceKeys.all }),
  });
}

/** Keeps a theme picked with the header's toggle as the signed-in account's own preference. */
export async function savePreferredTheme(queryClient: QueryClient, theme: 'light' | 'dark'): Promise<void> {
  await apiFetch('/api/user/preferences', { method: 'PATCH', body: { theme }, schema: messageResponseSchema });
  await queryClient.invalidateQueries({ queryKey: preferenceKeys.all });
}
