import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { SearchHit } from '../../../contract/search';
import { useUrlParams } from '../../lib/useUrlParams';
import { useSearch } from './api';
import { useFolderPages, useSearchPages, type MoreRow, type PagedHits } from './listPaging';
import { listSearches, readListView } from './listQueries';
import { parseSearch } from './searchQuery';

/**
 * A row of the list. A folder's `count` is what is loaded of it, `countComplete` when that is all;
 * `more` rows stand after a list with more to load.
 */
export type BrowseRow =
  | { kind: 'folder'; hit: SearchHit; expanded: boolean; count?: number; countComplete?: boolean }
  | { kind: 'dashboard'; hit: SearchHit; depth: 0 | 1 }
  | MoreRow;

/** How long typing may pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * The dashboards list's state: search text, folder, sort and "starred" from the URL; the folder tree
 * when browsing (folders expanded on demand) or one flat list of results when searching. The root
 * dashboards, a folder's dashboards and the results are read a page at a time as the list scrolls.
 * `fresh` is false while the rows on screen answer an older search than the one typed.
 */
export function useDashboardBrowser() {
  const [params, setUrlParams] = useUrlParams();
  const { text, folderFilter, sort, starred } = readListView(params);
  const [debouncedText] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const parsed = useMemo(() => parseSearch(debouncedText), [debouncedText]);
  const searches = listSearches(parsed, { folderFilter, sort, starred });
  const { filtering } = searches;

  const setParam = (key: 'query' | 'folder' | 'sort' | 'starred', value: string | undefined) =>
    setUrlParams({ [key]: key === 'sort' && value === 'alpha-asc' ? undefined : value });

  // Browsing: folders, then the dashboards at the root. Searching: one flat list.
  const folders = useSearch(searches.folders, !filtering);
  const rootDashboards = useSearchPages('root', searches.rootDashboards, !filtering);
  const results = useSearchPages('results', searches.results, filtering);

  const [expanded, setExpanded] = useState<string[]>([]);
  const [pagesWanted, setPagesWanted] = useState<Record<string, number>>({});
  const folderContents = useFolderPages(expanded, pagesWanted, sort, (uid) =>
    setPagesWanted((current) => ({ ...current, [uid]: (current[uid] ?? 1) + 1 })),
  );
  const toggleFolder = (uid: string) =>
    setExpanded((current) => (current.includes(uid) ? current.filter((u) => u !== uid) : [...current, uid]));

  const contentsVersion = folderContents.map((contents) => `${contents.version}:${contents.more?.error ? 'failed' : ''}`).join();
  // The loaders are read when a "more" row comes into view, so they are this render's, never memoised.
  const pagedLists = new Map<string, PagedHits>([
    ['root', rootDashboards.paged],
    ['results', results.paged],
    ...expanded.map((uid, index) => [`folder:${uid}`, folderContents[index]!] as const),
  ]);
  const rows: BrowseRow[] = useMemo(() => {
    if (filtering) {
      const list = results.paged.hits.map((hit): BrowseRow =>
        hit.type === 'dash-folder' ? { kind: 'folder', hit, expanded: false } : { kind: 'dashboard', hit, depth: 0 },
      );
      return results.paged.more ? [...list, results.paged.more] : list;
    }
    const list: BrowseRow[] = [];
    for (const folder of folders.data ?? []) {
      const index = expanded.indexOf(folder.uid);
      const contents = index === -1 ? undefined : folderContents[index];
      list.push({ kind: 'folder', hit: folder, expanded: index !== -1, count: contents?.hits.length, countComplete: contents?.complete });
      for (const hit of contents?.hits ?? []) list.push({ kind: 'dashboard', hit, depth: 1 });
      if (contents?.more) list.push(contents.more);
    }
    for (const hit of rootDashboards.paged.hits) list.push({ kind: 'dashboard', hit, depth: 0 });
    if (rootDashboards.paged.more) list.push(rootDashboards.paged.more);
    return list;
    // folderContents and the paged lists are new objects every render; when their data changed is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [
    filtering,
    results.query.data,
    results.query.isFetchNextPageError,
    folders.data,
    rootDashboards.query.data,
    rootDashboards.query.isFetchNextPageError,
    expanded,
    contentsVersion,
  ]);

  return {
    text,
    parsed,
    folderFilter,
    sort,
    starred,
    filtering,
    setParam,
    rows,
    /** Results loaded so far, and whether that is all of them. */
    resultCount: filtering ? results.query.data && { loaded: results.paged.hits.length, complete: results.paged.complete } : undefined,
    // Results of an older search stay on screen (no flicker) but must not be acted on.
    fresh: text === debouncedText && (!filtering || (!results.query.isPlaceholderData && !results.query.isPending)),
    loading: filtering ? results.query.isPending : folders.isPending || rootDashboards.query.isPending,
    error: filtering ? results.error : (folders.error ?? rootDashboards.error),
    retry: () => (filtering ? results.query.refetch() : Promise.all([folders.refetch(), rootDashboards.query.refetch()])),
    toggleFolder,
    loadMore: (row: MoreRow) => pagedLists.get(row.key)?.load(),
    retryMore: (row: MoreRow) => pagedLists.get(row.key)?.retry(),
  };
}
