import type { FastifyInstance } from 'fastify';
import { MAX_SEARCH_LIMIT, searchQuerySchema, type SearchHit } from '../../contract/search';
import { loadFolderAccess } from '../auth/access';
import { ApiError } from '../errors';
import { parseInput } from '../http';
import type { Store } from '../store';
import type { SearchRow } from '../store/dashboards';
import { dashboardUrl, folderUrl } from './dashboards';

const string = { type: 'string' } as const;
const number = { type: 'number' } as const;

/**
 * The answer's JSON schema, for Fastify's serializer (fast-json-stringify): written straight from
 * the hits without JSON.stringify walking each object. Its properties are those `toSearchHit`
 * sets, in its order, so the bytes are JSON.stringify's (search.test.ts compares them).
 */
const searchAnswerSchema = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      id: number,
      uid: string,
      title: string,
      uri: string,
      url: string,
      slug: string,
      type: string,
      tags: { type: 'array', items: string },
      isStarred: { type: 'boolean' },
      folderId: number,
      folderUid: string,
      folderTitle: string,
      folderUrl: string,
    },
    required: ['id', 'uid', 'title', 'uri', 'url', 'slug', 'type', 'tags', 'isStarred'],
  },
} as const;

/** A search hit as Grafana's API shows it. */
export function toSearchHit(row: SearchRow, starred: ReadonlySet<number>): SearchHit {
  const isFolder = row.is_folder === 1;
  const hit: SearchHit = {
    id: row.id,
    uid: row.uid,
    title: row.title,
    uri: `db/${row.slug}`,
    url: isFolder ? folderUrl(row.uid, row.slug) : dashboardUrl(row.uid, row.slug),
    slug: row.slug,
    type: isFolder ? 'dash-folder' : 'dash-db',
    tags: JSON.parse(row.tags) as string[],
    isStarred: starred.has(row.id),
  };
  if (!isFolder && row.folder_id !== null && row.folderUid !== null) {
    hit.folderId = row.folder_id;
    hit.folderUid = row.folderUid;
    hit.folderTitle = row.folderTitle ?? '';
    hit.folderUrl = folderUrl(row.folderUid, row.folderSlug ?? '-');
  }
  return hit;
}

export function registerSearchRoutes(app: FastifyInstance, store: Store): void {
  const options = { config: { action: 'dashboards:read' as const }, schema: { response: { 200: searchAnswerSchema } } };
  app.get('/api/search', options, async (request): Promise<SearchHit[]> => {
    const query = parseInput(searchQuerySchema, request.query);
    if (query.limit !== undefined && query.limit > MAX_SEARCH_LIMIT) {
      throw new ApiError(422, `limit must be at most ${MAX_SEARCH_LIMIT}, got ${query.limit}`);
    }
    const limit = query.limit === undefined || query.limit <= 0 ? 1000 : query.limit;
    const page = query.page === undefined || query.page < 1 ? 1 : query.page;
    const access = await loadFolderAccess(store.folders, request.identity);
    // Stars belong to the caller's own account.
    const starred = await store.stars.dashboardIds(request.identity.orgId, request.identity.accountId);
    const rows = await store.dashboards.search(
      request.identity.orgId,
      { ...query, limit, page, starredIds: query.starred ? [...starred] : undefined },
      access.viewFilter(),
    );
    return rows.map((row) => toSearchHit(row, starred));
  });
}
