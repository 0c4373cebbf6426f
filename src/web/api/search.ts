import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { MAX_SEARCH_LIMIT, searchResultSchema } from '../../contract/search';
import { apiFetch } from './client';
import { queryKeys } from './keys';

/** What `/api/search` is asked: words and tags as typed, a folder ('' is General), a type, an order. */
export interface SearchParams {
  words: string[];
  tags: string[];
  folderUid?: string;
  type?: 'dash-db' | 'dash-folder';
  sort?: 'alpha-asc' | 'alpha-desc';
  starred?: boolean;
  /** Only these dashboards (the recently viewed ones). */
  dashboardUids?: string[];
  limit?: number;
  /** Grafana's 1-based page of `limit` hits. */
  page?: number;
}

export function searchUrl(params: SearchParams): string {
  const query = new URLSearchParams();
  if (params.words.length) query.set('query', params.words.join(' '));
  for (const tag of params.tags) query.append('tag', tag);
  if (params.folderUid !== undefined) query.set('folderUIDs', params.folderUid || 'general');
  if (params.type) query.set('type', params.type);
  if (params.sort) query.set('sort', params.sort);
  if (params.starred) query.set('starred', 'true');
  for (const uid of params.dashboardUids ?? []) query.append('dashboardUIDs', uid);
  query.set('limit', String(params.limit ?? MAX_SEARCH_LIMIT));
  if (params.page !== undefined && params.page > 1) query.set('page', String(params.page));
  return `/api/search?${query}`;
}

/** Undefined and empty values are left out of the key, so equal searches share one cache entry. */
function keyParams(params: SearchParams): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== false));
}

/** The one way to ask `/api/search`: its key and its fetch. */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: queryKeys.search(keyParams(params)),
    queryFn: ({ signal }) => apiFetch(searchUrl(params), { schema: searchResultSchema, signal }),
  });
}

/** Every dashboard (uid, title, folder, tags), for pickers and labels. */
export const allDashboardsQueryOptions = () => searchQueryOptions({ words: [], tags: [], type: 'dash-db' });

/**
 * A search read `pageSize` hits at a time (Grafana's `limit` and `page`), for lists that load more
 * as they scroll. A page shorter than `pageSize` is the last: the API says no total.
 */
export function searchPagesQueryOptions(params: SearchParams, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: queryKeys.search({ ...keyParams(params), pageSize }),
    queryFn: ({ signal, pageParam }) =>
      apiFetch(searchUrl({ ...params, limit: pageSize, page: pageParam }), { schema: searchResultSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: (last, _all, lastPage) => (last.length < pageSize ? undefined : lastPage + 1),
  });
}
