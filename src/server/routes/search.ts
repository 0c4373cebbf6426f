import type { FastifyInstance } from 'fastify';
import { MAX_SEARCH_LIMIT, searchQuerySchema, type SearchHit } from '../../contract/search';
import { loadFolderAccess } from '../auth/access';
import { ApiError } from '../errors';
import { parseInput } from '../http';
import type { Store } from '../store';
import { dashboardUrl, folderUrl } from './dashboards';

export function registerSearchRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/search', { config: { action: 'dashboards:read' } }, async (request): Promise<SearchHit[]> => {
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
    return rows.map((row): SearchHit => {
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
    });
  });
}
