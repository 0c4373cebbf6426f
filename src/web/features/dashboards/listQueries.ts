import type { SearchParams } from '../../api/searchParams';
import type { ParsedSearch } from './searchQuery';

export type Sort = 'alpha-asc' | 'alpha-desc';

/**
 * Dashboards asked per request as the list scrolls (Grafana's browse view asks 50): enough to
 * fill a tall screen, small enough that the first answer costs little whatever the org holds.
 */
export const LIST_PAGE_SIZE = 50;

/** What the dashboards list shows, as its URL says: search text, folder filter, order, starred only. */
export interface ListView {
  text: string;
  folderFilter: string | undefined;
  sort: Sort;
  starred: boolean;
}

export function readListView(params: URLSearchParams): ListView {
  return {
    text: params.get('query') ?? '',
    folderFilter: params.get('folder') ?? undefined,
    sort: params.get('sort') === 'alpha-desc' ? 'alpha-desc' : 'alpha-asc',
    starred: params.get('starred') === 'true',
  };
}

/**
 * The searches behind the list for search text already parsed: browsing shows the folders, then the
 * dashboards at the root; words, tags, a folder or Starred make it one flat list of `results`.
 * The folders come in one answer; the root dashboards and the results are read page by page.
 */
export function listSearches(parsed: ParsedSearch, { folderFilter, sort, starred }: Omit<ListView, 'text'>) {
  const filtering = parsed.words.length > 0 || parsed.tags.length > 0 || folderFilter !== undefined || starred;
  const folders: SearchParams = { words: [], tags: [], type: 'dash-folder', sort };
  const rootDashboards: SearchParams = { words: [], tags: [], type: 'dash-db', folderUid: '', sort };
  const results: SearchParams = {
    words: parsed.words,
    tags: parsed.tags,
    folderUid: folderFilter,
    type: folderFilter !== undefined || starred ? 'dash-db' : undefined,
    sort,
    starred,
  };
  return { filtering, folders, rootDashboards, results };
}
