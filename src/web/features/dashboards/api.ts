import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  dashboardTagListSchema,
  dashboardVersionListSchema,
  dashboardVersionWithDataSchema,
  dashboardWithMetaSchema,
  deleteDashboardResponseSchema,
  saveDashboardResponseSchema,
} from '../../../contract/dashboards';
import { deleteFolderResponseSchema, folderListSchema, folderSchema } from '../../../contract/folders';
import { searchResultSchema, type SearchHit } from '../../../contract/search';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export type DashboardModel = Record<string, unknown> & { title?: unknown; uid?: unknown; version?: unknown };

export interface SearchParams {
  words: string[];
  tags: string[];
  folderUid?: string;
  type?: 'dash-db' | 'dash-folder';
  sort?: 'alpha-asc' | 'alpha-desc';
  limit?: number;
}

function searchUrl(params: SearchParams): string {
  const query = new URLSearchParams();
  if (params.words.length) query.set('query', params.words.join(' '));
  for (const tag of params.tags) query.append('tag', tag);
  if (params.folderUid !== undefined) query.set('folderUIDs', params.folderUid || 'general');
  if (params.type) query.set('type', params.type);
  if (params.sort) query.set('sort', params.sort);
  query.set('limit', String(params.limit ?? 5000));
  return `/api/search?${query}`;
}

export function useSearch(params: SearchParams, enabled = true) {
  return useQuery({
    queryKey: queryKeys.search({ ...params }),
    queryFn: ({ signal }) => apiFetch(searchUrl(params), { schema: searchResultSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useFolders(enabled = true) {
  return useQuery({ queryKey: queryKeys.folders, queryFn: ({ signal }) => apiFetch('/api/folders', { schema: folderListSchema, signal }), enabled });
}

/** Folder choices for a Select: General (the root, uid '') first, then every folder. */
export function folderOptions(folders: Array<{ uid: string; title: string }> | undefined) {
  return [{ value: '', label: 'General' }, ...(folders ?? []).map((f) => ({ value: f.uid, label: f.title }))];
}

export function useDashboardTags() {
  return useQuery({ queryKey: ['dashboardTags'], queryFn: ({ signal }) => apiFetch('/api/dashboards/tags', { schema: dashboardTagListSchema, signal }) });
}

export function useDashboard(uid: string) {
  return useQuery({
    queryKey: ['dashboard', uid],
    queryFn: ({ signal }) => apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}`, { schema: dashboardWithMetaSchema, signal }),
    // A dashboard being edited must not change under the editor's hands.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}

export function useDashboardVersions(uid: string, enabled = true) {
  return useQuery({
    queryKey: ['dashboard', uid, 'versions'],
    queryFn: ({ signal }) => apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}/versions?limit=100`, { schema: dashboardVersionListSchema, signal }),
    enabled,
  });
}

export function fetchDashboardVersion(uid: string, version: number) {
  return apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}/versions/${version}`, { schema: dashboardVersionWithDataSchema });
}

/** Everything a dashboard change can make stale. */
function useInvalidateDashboards() {
  const client = useQueryClient();
  return (uid?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['search'] }),
      client.invalidateQueries({ queryKey: ['dashboardTags'] }),
      client.invalidateQueries({ queryKey: queryKeys.folders }),
      uid ? client.invalidateQueries({ queryKey: ['dashboard', uid] }) : undefined,
    ]);
}

export interface SaveInput {
  dashboard: DashboardModel;
  folderUid: string;
  overwrite?: boolean;
  message?: string;
}

export function saveDashboard(input: SaveInput) {
  return apiFetch('/api/dashboards/db', {
    method: 'POST',
    body: { dashboard: input.dashboard, folderUid: input.folderUid, overwrite: input.overwrite ?? false, message: input.message ?? '' },
    schema: saveDashboardResponseSchema,
  });
}

export function useSaveDashboard() {
  const invalidate = useInvalidateDashboards();
  return useMutation({ mutationFn: saveDashboard, onSuccess: (saved) => invalidate(saved.uid) });
}

export function useRestoreVersion(uid: string) {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: (version: number) =>
      apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}/restore`, { method: 'POST', body: { version }, schema: saveDashboardResponseSchema }),
    onSuccess: () => invalidate(uid),
  });
}

export function useDeleteDashboards() {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: async (uids: string[]) => {
      for (const uid of uids) {
        await apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}`, { method: 'DELETE', schema: deleteDashboardResponseSchema });
      }
      return uids.length;
    },
    onSettled: () => invalidate(),
  });
}

/** Moves dashboards one by one: each is read and saved again with its version, so nobody's edit is lost. */
export function useMoveDashboards() {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: async ({ uids, folderUid }: { uids: string[]; folderUid: string }) => {
      for (const uid of uids) {
        const { dashboard } = await apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid)}`, { schema: dashboardWithMetaSchema });
        await saveDashboard({ dashboard, folderUid, message: 'Moved to another folder' });
      }
      return uids.length;
    },
    onSettled: () => invalidate(),
  });
}

export function useCreateFolder() {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: (title: string) => apiFetch('/api/folders', { method: 'POST', body: { title }, schema: folderSchema }),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteFolder() {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: (uid: string) => apiFetch(`/api/folders/${encodeURIComponent(uid)}`, { method: 'DELETE', schema: deleteFolderResponseSchema }),
    onSuccess: () => invalidate(),
  });
}

/** How many dashboards a folder holds (asked before deleting it). */
export function countDashboardsInFolder(uid: string) {
  return apiFetch(`/api/search?${new URLSearchParams({ folderUIDs: uid, type: 'dash-db', limit: '5000' })}`, { schema: z.array(z.unknown()) }).then((hits) => hits.length);
}

export type { SearchHit };
