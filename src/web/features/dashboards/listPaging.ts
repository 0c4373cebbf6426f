import { keepPreviousData, useInfiniteQuery, useQueries, type InfiniteData } from '@tanstack/react-query';
import type { SearchHit } from '../../../contract/search';
import { searchPagesQueryOptions, searchQueryOptions, type SearchParams } from '../../api/search';
import { LIST_PAGE_SIZE, type Sort } from './listQueries';

/**
 * The row after a list that has more to load: its list's next page is asked for when it comes into
 * view; a failure is shown in it with a way to try again.
 */
export interface MoreRow {
  kind: 'more';
  key: string;
  error: unknown;
}

/** One paged list of hits: what is loaded, whether that is all, and how to read more. */
export interface PagedHits {
  hits: SearchHit[];
  /** All of them are loaded: `hits.length` is the total. */
  complete: boolean;
  more: MoreRow | undefined;
  /** Asks for the next page; does nothing while a request is out or after a failure. */
  load: () => void;
  retry: () => void;
}

/** The root dashboards or the search results, read page by page as the list scrolls. */
export function useSearchPages(key: string, params: SearchParams, enabled: boolean) {
  const query = useInfiniteQuery({
    ...searchPagesQueryOptions(params, LIST_PAGE_SIZE),
    placeholderData: keepPreviousData as (
      previous: InfiniteData<SearchHit[], number> | undefined,
    ) => InfiniteData<SearchHit[], number> | undefined,
    enabled,
  });
  const { data, hasNextPage, isFetching, isFetchNextPageError, isPlaceholderData, fetchNextPage } = query;
  const hits = data?.pages.flat() ?? [];
  const more: MoreRow | undefined = hasNextPage ? { kind: 'more', key, error: isFetchNextPageError ? query.error : undefined } : undefined;
  const paged: PagedHits = {
    hits,
    complete: data !== undefined && !hasNextPage,
    more,
    // Not while an older search is on screen: its next page is not the one typed.
    load: () => {
      if (hasNextPage && !isFetching && !isFetchNextPageError && !isPlaceholderData) void fetchNextPage();
    },
    retry: () => void fetchNextPage(),
  };
  return {
    query,
    paged,
    /** The first page failed: nothing to show. A later page's failure is told in its row. */
    error: data === undefined ? query.error : null,
  };
}

/**
 * The dashboards of each expanded folder, in the order of `folderUids`, each read page by page:
 * `pagesWanted[uid]` pages (1 at first), one cached query each, grown by its "more" row.
 */
export function useFolderPages(folderUids: string[], pagesWanted: Record<string, number>, sort: Sort, showMore: (uid: string) => void) {
  const wanted = folderUids.flatMap((folderUid) =>
    Array.from({ length: pagesWanted[folderUid] ?? 1 }, (_, index) => ({ folderUid, page: index + 1 })),
  );
  const results = useQueries({
    queries: wanted.map(({ folderUid, page }) =>
      searchQueryOptions({ words: [], tags: [], folderUid, type: 'dash-db', sort, limit: LIST_PAGE_SIZE, page }),
    ),
  });
  return folderUids.map((folderUid): PagedHits & { version: number } => {
    const pages = results.filter((_, index) => wanted[index]!.folderUid === folderUid);
    const hits: SearchHit[] = [];
    let complete = false;
    let failed: { error: unknown; retry: () => void } | undefined;
    let pending = false;
    for (const page of pages) {
      if (!page.data) {
        if (page.error) failed = { error: page.error, retry: () => void page.refetch() };
        else pending = true;
        break;
      }
      hits.push(...page.data);
      if (page.data.length < LIST_PAGE_SIZE) {
        complete = true;
        break;
      }
    }
    return {
      hits,
      complete,
      more: complete ? undefined : { kind: 'more', key: `folder:${folderUid}`, error: failed?.error },
      load: () => {
        if (!complete && !pending && !failed) showMore(folderUid);
      },
      retry: () => failed?.retry(),
      version: Math.max(0, ...pages.map((page) => page.dataUpdatedAt)),
    };
  });
}
