import type { FastifyInstance } from 'fastify';
import { MAX_SEARCH_LIMIT, searchQuerySchema } from '../../contract/search';
import { loadFolderAccess } from '../auth/access';
import { ApiError } from '../errors';
import { parseInput } from '../http';
import type { Store } from '../store';

export function registerSearchRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/search', { config: { action: 'dashboards:read' } }, async (request, reply): Promise<Buffer> => {
    const query = parseInput(searchQuerySchema, request.query);
    if (query.limit !== undefined && query.limit > MAX_SEARCH_LIMIT) {
      throw new ApiError(422, `limit must be at most ${MAX_SEARCH_LIMIT}, got ${query.limit}`);
    }
    const limit = query.limit === undefined || query.limit <= 0 ? 1000 : query.limit;
    const page = query.page === undefined || query.page < 1 ? 1 : query.page;
    const access = await loadFolderAccess(store.folders, request.identity);
    // Stars belong to the caller's own account.
    const starred = await store.stars.dashboardIds(request.identity.orgId, request.identity.accountId);
    const hits = await store.search.answer(
      request.identity.orgId,
      { ...query, limit, page, starredIds: query.starred ? [...starred] : undefined },
      access.viewFilter(),
      starred,
    );
    // The hits come as JSON text (`SearchHit[]`, written by the store's search), sent as they are.
    void reply.type('application/json; charset=utf-8');
    return hits;
  });
}
