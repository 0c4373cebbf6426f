import { MAX_SEARCH_LIMIT } from '../../contract/searchLimits';
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

export const searchKey = (params: SearchParams) => queryKeys.search(keyParams(params));

/** The key of a search read `pageSize` hits at a time (an infinite query's pages). */
export const searchPagesKey = (params: SearchParams, pageSize: number) => queryKeys.search({ ...keyParams(params), pageSize });

/** The page after `lastPage`, unless that one was short: the API says no total. */
export const nextSearchPage = (pageSize: number) => (last: unknown[], _all: unknown[], lastPage: number) =>
  last.length < pageSize ? undefined : lastPage + 1;
