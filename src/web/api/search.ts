import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { searchResultSchema } from '../../contract/search';
import { apiFetch } from './client';
import { nextSearchPage, searchKey, searchPagesKey, searchUrl, type SearchParams } from './searchParams';

export { searchUrl, type SearchParams };

/** The one way to ask `/api/search`: its key and its fetch. */
export function searchQueryOptions(params: SearchParams) {
  return queryOptions({
    queryKey: searchKey(params),
    queryFn: ({ signal }) => apiFetch(searchUrl(params), { schema: searchResultSchema, signal }),
  });
}

/** How many dashboards a folder holds (up to the search's limit), e.g. to say what deleting it takes along. */
export function countDashboardsInFolder(folderUid: string): Promise<number> {
  return apiFetch(searchUrl({ words: [], tags: [], folderUid, type: 'dash-db' }), { schema: searchResultSchema }).then(
    (hits) => hits.length,
  );
}

/** Every dashboard (uid, title, folder, tags), for pickers and labels. */
export const allDashboardsQueryOptions = () => searchQueryOptions({ words: [], tags: [], type: 'dash-db' });

/**
 * A search read `pageSize` hits at a time (Grafana's `limit` and `page`), for lists that load more
 * as they scroll. A page shorter than `pageSize` is the last: the API says no total.
 */
export function searchPagesQueryOptions(params: SearchParams, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: searchPagesKey(params, pageSize),
    queryFn: ({ signal, pageParam }) =>
      apiFetch(searchUrl({ ...params, limit: pageSize, page: pageParam }), { schema: searchResultSchema, signal }),
    initialPageParam: 1,
    getNextPageParam: nextSearchPage(pageSize),
  });
}
