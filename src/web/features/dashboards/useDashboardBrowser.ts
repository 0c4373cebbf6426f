import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { SearchHit } from '../../../contract/search';
import { useUrlParams } from '../../lib/useUrlParams';
import { useFolderContents, useSearch } from './api';
import { listSearches, readListView } from './listQueries';
import { parseSearch } from './searchQuery';

export type BrowseRow =
  { kind: 'folder'; hit: SearchHit; expanded: boolean; count?: number } | { kind: 'dashboard'; hit: SearchHit; depth: 0 | 1 };

/** How long typing may pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 150;

/**
 * The dashboards list's state: search text, folder, sort and "starred" from the URL; the folder tree
 * when browsing (folders expanded on demand) or one flat list of results when searching.
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
  const rootDashboards = useSearch(searches.rootDashboards, !filtering);
  const results = useSearch(searches.results, filtering);

  const [expanded, setExpanded] = useState<string[]>([]);
  const folderContents = useFolderContents(expanded, sort);
  const toggleFolder = (uid: string) =>
    setExpanded((current) => (current.includes(uid) ? current.filter((u) => u !== uid) : [...current, uid]));

  const contentsVersion = folderContents.map((q) => q.dataUpdatedAt).join();
  const rows: BrowseRow[] = useMemo(() => {
    if (filtering)
      return (results.data ?? []).map((hit): BrowseRow =>
        hit.type === 'dash-folder' ? { kind: 'folder', hit, expanded: false } : { kind: 'dashboard', hit, depth: 0 },
      );
    const list: BrowseRow[] = [];
    for (const folder of folders.data ?? []) {
      const index = expanded.indexOf(folder.uid);
      const contents = index === -1 ? undefined : folderContents[index]?.data;
      list.push({ kind: 'folder', hit: folder, expanded: index !== -1, count: contents?.length });
      for (const hit of contents ?? []) list.push({ kind: 'dashboard', hit, depth: 1 });
    }
    for (const hit of rootDashboards.data ?? []) list.push({ kind: 'dashboard', hit, depth: 0 });
    return list;
    // folderContents is a new array every render; when its data changed is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtering, results.data, folders.data, rootDashboards.data, expanded, contentsVersion]);

  return {
    text,
    parsed,
    folderFilter,
    sort,
    starred,
    filtering,
    setParam,
    rows,
    resultCount: filtering ? results.data?.length : undefined,
    // Results of an older search stay on screen (no flicker) but must not be acted on.
    fresh: text === debouncedText && (!filtering || (!results.isPlaceholderData && !results.isPending)),
    loading: filtering ? results.isPending : folders.isPending || rootDashboards.isPending,
    error: filtering ? results.error : (folders.error ?? rootDashboards.error),
    retry: () => (filtering ? results.refetch() : Promise.all([folders.refetch(), rootDashboards.refetch()])),
    toggleFolder,
  };
}
