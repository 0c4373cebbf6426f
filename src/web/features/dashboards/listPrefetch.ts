import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { queryKeys } from '../../api/keys';
import { sendRequest } from '../../api/request';
import { nextSearchPage, searchKey, searchPagesKey, searchUrl, type SearchParams } from '../../api/searchParams';
import { LIST_PAGE_SIZE, listSearches, readListView } from './listQueries';
import { parseSearch } from './searchQuery';

/**
 * A GET sent at once, its answer read (as `apiFetch` reads it) when zod and the contract schema
 * have loaded too: the request no longer waits for the code that checks its answer.
 */
async function earlyGet<S extends z.ZodType>(path: string, schema: () => Promise<S>, signal: AbortSignal): Promise<z.output<S>> {
  const [sent, client, answerSchema] = await Promise.all([sendRequest(path, { signal }), import('../../api/client'), schema()]);
  return client.readAnswer(sent, path, { schema: answerSchema });
}

const searchSchema = () => import('../../../contract/search').then((m) => m.searchResultSchema);

/**
 * Starts what the list at `url` asks first (its searches, then the tags and folders its filters
 * offer), so the answers are on their way while the page's code still loads. The page's hooks
 * then find these requests in the cache, under the same keys, instead of sending their own.
 * This module loads neither zod nor the contract: the route's loader runs it as soon as the
 * entry has, and the requests leave before the page's code has arrived.
 */
export function prefetchList(queryClient: QueryClient, { url }: { url: URL }): void {
  const view = readListView(url.searchParams);
  const searches = listSearches(parseSearch(view.text), view);
  const prefetchPages = (params: SearchParams) =>
    void queryClient.prefetchInfiniteQuery({
      queryKey: searchPagesKey(params, LIST_PAGE_SIZE),
      queryFn: ({ signal, pageParam }) => earlyGet(searchUrl({ ...params, limit: LIST_PAGE_SIZE, page: pageParam }), searchSchema, signal),
      initialPageParam: 1,
      getNextPageParam: nextSearchPage(LIST_PAGE_SIZE),
    });
  if (searches.filtering) prefetchPages(searches.results);
  else {
    void queryClient.prefetchQuery({
      queryKey: searchKey(searches.folders),
      queryFn: ({ signal }) => earlyGet(searchUrl(searches.folders), searchSchema, signal),
    });
    prefetchPages(searches.rootDashboards);
  }
  void queryClient.prefetchQuery({
    queryKey: queryKeys.dashboardTags,
    queryFn: ({ signal }) =>
      earlyGet('/api/dashboards/tags', () => import('../../../contract/dashboards').then((m) => m.dashboardTagListSchema), signal),
  });
  void queryClient.prefetchQuery({
    queryKey: queryKeys.folders,
    queryFn: ({ signal }) => earlyGet('/api/folders', () => import('../../../contract/folders').then((m) => m.folderListSchema), signal),
  });
}
