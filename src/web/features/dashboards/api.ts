import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { MAX_SEARCH_LIMIT, type SearchHit } from '../../../contract/search';
import { apiFetch } from '../../api/client';
import { dashboardPath, dashboardQueryOptions } from '../../api/dashboards';
import { queryKeys } from '../../api/keys';
import { searchQueryOptions, type SearchParams } from '../../api/search';

export type DashboardModel = Record<string, unknown> & { title?: unknown; uid?: unknown; version?: unknown };
export type { SearchParams };

export function useSearch(params: SearchParams, enabled = true) {
  return useQuery({ ...searchQueryOptions(params), placeholderData: keepPreviousData, enabled });
}

export const foldersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.folders, queryFn: ({ signal }) => apiFetch('/api/folders', { schema: folderListSchema, signal }) });

export function useFolders(enabled = true) {
  return useQuery({ ...foldersQueryOptions(), enabled });
}

/** Folder choices for a Select: General (the root, uid '') first, then every folder. */
export function folderOptions(folders: Array<{ uid: string; title: string }> | undefined) {
  return [{ value: '', label: 'General' }, ...(folders ?? []).map((f) => ({ value: f.uid, label: f.title }))];
}

export const dashboardTagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dashboardTags,
    queryFn: ({ signal }) => apiFetch('/api/dashboards/tags', { schema: dashboardTagListSchema, signal }),
  });

export function useDashboardTags() {
  return useQuery(dashboardTagsQueryOptions());
}

export function useDashboard(uid: string) {
  return useQuery(dashboardQueryOptions(uid));
}

/** The dashboard as saved right now, read fresh when a save conflicts; `reason` tells conflicts apart. */
export const latestSavedDashboardQueryOptions = (uid: string, reason: string) =>
  queryOptions({
    queryKey: queryKeys.dashboards.latestSaved(uid, reason),
    queryFn: ({ signal }) => apiFetch(dashboardPath(uid), { schema: dashboardWithMetaSchema, signal }),
    retry: false,
  });

export const dashboardVersionsQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.dashboards.versions(uid),
    queryFn: ({ signal }) => apiFetch(`${dashboardPath(uid)}/versions?limit=100`, { schema: dashboardVersionListSchema, signal }),
  });

export function useDashboardVersions(uid: string, enabled = true) {
  return useQuery({ ...dashboardVersionsQueryOptions(uid), enabled });
}

export function fetchDashboardVersion(uid: string, version: number, signal?: AbortSignal) {
  return apiFetch(`${dashboardPath(uid)}/versions/${version}`, { schema: dashboardVersionWithDataSchema, signal });
}

/** A saved version never changes, so it is fetched once. */
export const dashboardVersionQueryOptions = (uid: string, version: number) =>
  queryOptions({
    queryKey: queryKeys.dashboards.version(uid, version),
    queryFn: ({ signal }) => fetchDashboardVersion(uid, version, signal),
    staleTime: Infinity,
  });

/** Everything a dashboard change can make stale. */
function useInvalidateDashboards() {
  const client = useQueryClient();
  return (uid?: string) =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.searchAll }),
      client.invalidateQueries({ queryKey: queryKeys.dashboardTags }),
      client.invalidateQueries({ queryKey: queryKeys.folders }),
      uid ? client.invalidateQueries({ queryKey: queryKeys.dashboards.detail(uid) }) : undefined,
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
      apiFetch(`${dashboardPath(uid)}/restore`, { method: 'POST', body: { version }, schema: saveDashboardResponseSchema }),
    onSuccess: () => invalidate(uid),
  });
}

export function useDeleteDashboards() {
  const invalidate = useInvalidateDashboards();
  return useMutation({
    mutationFn: async (uids: string[]) => {
      for (const uid of uids) {
        await apiFetch(dashboardPath(uid), { method: 'DELETE', schema: deleteDashboardResponseSchema });
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
        const { dashboard } = await apiFetch(dashboardPath(uid), { schema: dashboardWithMetaSchema });
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
    mutationFn: (uid: string) =>
      apiFetch(`/api/folders/${encodeURIComponent(uid)}`, { method: 'DELETE', schema: deleteFolderResponseSchema }),
    onSuccess: () => invalidate(),
  });
}

/** How many dashboards a folder holds (asked before deleting it). */
export function countDashboardsInFolder(uid: string) {
  const query = new URLSearchParams({ folderUIDs: uid, type: 'dash-db', limit: String(MAX_SEARCH_LIMIT) });
  return apiFetch(`/api/search?${query}`, { schema: z.array(z.unknown()) }).then((hits) => hits.length);
}

export type { SearchHit };
