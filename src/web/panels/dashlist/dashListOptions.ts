/** The dashboard list panel's options as Grafana saves them, and the searches they make. */

export type DashListSection = 'starred' | 'recent' | 'search';

export interface DashListOptions {
  showStarred: boolean;
  showRecentlyViewed: boolean;
  showSearch: boolean;
  showHeadings: boolean;
  maxItems: number;
  query: string;
  tags: string[];
  /** The folder to search in (`folderUID`; dashboards before Grafana 10 saved `folderId`). */
  folderUID?: string;
  folderId?: number;
  includeVars: boolean;
  keepTime: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function dashListOptionsOf(options: unknown): DashListOptions {
  const o = isObject(options) ? options : {};
  const maxItems = typeof o.maxItems === 'number' && Number.isFinite(o.maxItems) && o.maxItems >= 0 ? Math.floor(o.maxItems) : 10;
  return {
    showStarred: o.showStarred !== false,
    showRecentlyViewed: o.showRecentlyViewed === true,
    showSearch: o.showSearch === true,
    showHeadings: o.showHeadings !== false,
    maxItems,
    query: typeof o.query === 'string' ? o.query : '',
    tags: Array.isArray(o.tags) ? o.tags.filter((t): t is string => typeof t === 'string' && t !== '') : [],
    folderUID: typeof o.folderUID === 'string' && o.folderUID ? o.folderUID : undefined,
    // 0 was "General" in old dashboards, but the search by it was ignored there too.
    folderId: typeof o.folderId === 'number' && o.folderId > 0 ? o.folderId : undefined,
    includeVars: o.includeVars === true,
    keepTime: o.keepTime === true,
  };
}

/**
 * One `/api/search` request per shown section, in Grafana's order (starred, recently viewed,
 * search). `url` is '' for a section with nothing to ask (no dashboard viewed yet).
 */
export function searchRequests(
  options: DashListOptions,
  context: { recent: string[]; replaceVariables?: (text: string) => string },
): Array<{ section: DashListSection; url: string }> {
  const replace = context.replaceVariables ?? ((text: string) => text);
  const limit = String(Math.max(1, options.maxItems));
  const requests: Array<{ section: DashListSection; url: string }> = [];
  if (options.showStarred) {
    requests.push({ section: 'starred', url: `/api/search?${new URLSearchParams({ starred: 'true', type: 'dash-db', limit })}` });
  }
  if (options.showRecentlyViewed) {
    const uids = context.recent.slice(0, options.maxItems);
    const params = new URLSearchParams({ type: 'dash-db', limit });
    for (const uid of uids) params.append('dashboardUIDs', uid);
    requests.push({ section: 'recent', url: uids.length ? `/api/search?${params}` : '' });
  }
  if (options.showSearch) {
    const params = new URLSearchParams({ type: 'dash-db', limit });
    const query = replace(options.query).trim();
    if (query) params.set('query', query);
    for (const tag of options.tags) params.append('tag', replace(tag));
    if (options.folderUID) params.set('folderUIDs', options.folderUID);
    else if (options.folderId !== undefined) params.set('folderIds', String(options.folderId));
    requests.push({ section: 'search', url: `/api/search?${params}` });
  }
  return requests;
}
