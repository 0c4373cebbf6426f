import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/common';
import { folderPermissionListSchema, type FolderPermission, type PermissionLevel } from '../../contract/folders';
import { searchServiceAccountsResponseSchema } from '../../contract/serviceaccounts';
import { searchTeamsResponseSchema } from '../../contract/teams';
import { orgUserLookupListSchema } from '../../contract/users';
import { apiFetch } from './client';

/** What a permission list belongs to: a folder or a dashboard, by uid. */
export interface PermissionTarget {
  kind: 'folder' | 'dashboard';
  uid: string;
}

/** One grant as the editor keeps it: to a role, an account or a team. */
export interface PermissionDraft {
  role?: 'Viewer' | 'Editor';
  userId?: number;
  teamId?: number;
  permission: PermissionLevel;
}

const permissionsPath = ({ kind, uid }: PermissionTarget) =>
  `/api/${kind === 'folder' ? 'folders' : 'dashboards/uid'}/${encodeURIComponent(uid)}/permissions`;

export const permissionKeys = {
  list: (target: PermissionTarget) => ['permissions', target.kind, target.uid] as const,
  teams: ['teams'] as const,
  accounts: ['permissionAccounts'] as const,
};

export function usePermissions(target: PermissionTarget) {
  return useQuery({
    queryKey: permissionKeys.list(target),
    queryFn: ({ signal }) => apiFetch(permissionsPath(target), { schema: folderPermissionListSchema, signal }),
  });
}

/** The editable part of a list: a dashboard's list also shows its folder's entries (`inherited`), which are not its own. */
export function ownEntries(list: FolderPermission[]): PermissionDraft[] {
  return list
    .filter((entry) => !entry.inherited)
    .map((entry) => ({
      ...(entry.teamId ? { teamId: entry.teamId } : entry.userId ? { userId: entry.userId } : { role: entry.role as 'Viewer' | 'Editor' }),
      permission: entry.permission,
    }));
}

/** Replaces the list (Grafana's POST takes the whole list). */
export function useSavePermissions(target: PermissionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (items: PermissionDraft[]) =>
      apiFetch(permissionsPath(target), { method: 'POST', body: { items }, schema: messageResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: permissionKeys.list(target) }),
  });
}

/** The org's teams for a picker (the first thousand, by name). */
export function useTeamChoices() {
  return useQuery({
    queryKey: [...permissionKeys.teams, 'choices'],
    queryFn: ({ signal }) => apiFetch('/api/teams/search?perpage=1000', { schema: searchTeamsResponseSchema, signal }),
  });
}

export interface AccountChoice {
  id: number;
  label: string;
}

/**
 * People and service accounts a grant or a team membership may name. Service accounts are listed
 * only to Admins (the server says 403 to others), so a failure there leaves the people.
 */
export function useAccountChoices() {
  return useQuery({
    queryKey: permissionKeys.accounts,
    queryFn: async ({ signal }): Promise<AccountChoice[]> => {
      const [people, robots] = await Promise.all([
        apiFetch('/api/org/users/lookup?limit=1000', { schema: orgUserLookupListSchema, signal }).catch(() => []),
        apiFetch('/api/serviceaccounts/search?perpage=1000', { schema: searchServiceAccountsResponseSchema, signal })
          .then((r) => r.serviceAccounts)
          .catch(() => []),
      ]);
      return [
        ...people.map((p) => ({ id: p.userId, label: p.name && p.name !== p.login ? `${p.login} (${p.name})` : p.login })),
        ...robots.map((a) => ({ id: a.id, label: `${a.name} (service account)` })),
      ].sort((a, b) => a.label.localeCompare(b.label));
    },
  });
}
