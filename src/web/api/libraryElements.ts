import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  deleteLibraryElementResponseSchema,
  libraryElementConnectionsResponseSchema,
  libraryElementResponseSchema,
  libraryElementSearchResponseSchema,
  type LibraryElement,
} from '../../contract/libraryElements';
import { folderListSchema } from '../../contract/folders';
import { searchResultSchema } from '../../contract/search';
import { apiFetch } from './client';
import { ApiError } from './errors';
import { queryKeys } from './keys';
import { searchUrl } from './searchParams';

/** Library panels (`/api/library-elements`), shared by the library panels page and the dashboards that use them. */

export interface LibraryElementListParams {
  searchString?: string;
  folderFilterUIDs?: string[];
  page?: number;
  perPage?: number;
}

function listPath(params: LibraryElementListParams): string {
  const search = new URLSearchParams({ kind: '1', sortDirection: 'alpha-asc' });
  if (params.searchString) search.set('searchString', params.searchString);
  if (params.folderFilterUIDs?.length) search.set('folderFilterUIDs', params.folderFilterUIDs.join(','));
  search.set('perPage', String(params.perPage ?? 50));
  search.set('page', String(params.page ?? 1));
  return `/api/library-elements?${search.toString()}`;
}

export function useLibraryElementList(params: LibraryElementListParams) {
  return useQuery({
    queryKey: queryKeys.libraryElements.list({ ...params }),
    queryFn: ({ signal }) => apiFetch(listPath(params), { schema: libraryElementSearchResponseSchema, signal }),
  });
}

/** One element, or `null` when the server has none by that uid (a dashboard then shows the panel as missing). */
export const libraryElementQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.libraryElements.detail(uid),
    queryFn: async ({ signal }): Promise<LibraryElement | null> => {
      try {
        return (await apiFetch(`/api/library-elements/${encodeURIComponent(uid)}`, { schema: libraryElementResponseSchema, signal }))
          .result;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    staleTime: 30_000,
  });

/** The elements of `uids`, by uid, each as its query stands (loading, missing, failed). */
export function useLibraryElements(uids: readonly string[]) {
  return useQueries({
    queries: uids.map((uid) => libraryElementQueryOptions(uid)),
    combine: (results) => new Map(uids.map((uid, i) => [uid, results[i]!] as const)),
  });
}

export function useDeleteLibraryElement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) =>
      apiFetch(`/api/library-elements/${encodeURIComponent(uid)}`, { method: 'DELETE', schema: deleteLibraryElementResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.libraryElements.all }),
  });
}

/** `POST /api/library-elements`: a panel of a dashboard made a library panel (Grafana's "New library panel"). */
export function useCreateLibraryElement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; folderUid: string; model: Record<string, unknown> }) =>
      apiFetch('/api/library-elements', { method: 'POST', body: { ...body, kind: 1 }, schema: libraryElementResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.libraryElements.all }),
  });
}

/**
 * The dashboards that use a library panel, by title (Grafana's `getConnectedDashboards`: the
 * element's connections, then a search for their uids). Only those the caller may see.
 */
export function useConnectedDashboards(uid: string) {
  return useQuery({
    queryKey: [...queryKeys.libraryElements.detail(uid), 'connections'],
    queryFn: async ({ signal }) => {
      const { result } = await apiFetch(`/api/library-elements/${encodeURIComponent(uid)}/connections`, {
        schema: libraryElementConnectionsResponseSchema,
        signal,
      });
      const uids = result.map((c) => c.connectionUid);
      if (uids.length === 0) return [];
      const hits = await apiFetch(searchUrl({ words: [], tags: [], type: 'dash-db', dashboardUids: uids }), {
        schema: searchResultSchema,
        signal,
      });
      return hits.map((hit) => hit.title);
    },
  });
}

/**
 * `PATCH /api/library-elements/{uid}` with the version the dashboard loaded (Grafana's
 * `updateLibraryVizPanel`): a newer one saved meanwhile is the server's 412.
 */
export function useUpdateLibraryElement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uid, ...body }: { uid: string; name: string; folderUid: string; model: Record<string, unknown>; version: number }) =>
      apiFetch(`/api/library-elements/${encodeURIComponent(uid)}`, {
        method: 'PATCH',
        body: { ...body, kind: 1 },
        schema: libraryElementResponseSchema,
      }),
    onSuccess: ({ result }) => {
      client.setQueryData(queryKeys.libraryElements.detail(result.uid), result);
      return client.invalidateQueries({ queryKey: queryKeys.libraryElements.all });
    },
  });
}

/** The org's folders (`GET /api/folders`, the key every folder list shares): the library panels' folder filter. */
export function useFolderChoices() {
  return useQuery({
    queryKey: queryKeys.folders,
    queryFn: ({ signal }) => apiFetch('/api/folders', { schema: folderListSchema, signal }),
  });
}
