import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import { loadFolderAccess, VIEW } from '../auth/access';
import type { Identity } from '../auth/identity';
import { notFound } from '../errors';
import type { Store } from '../store';
import { dashboardNamedBy } from './dashboardParams';

/** Stars: dashboards marked by the caller's own account (the token's service account, or a person). */
export function registerStarRoutes(app: FastifyInstance, store: Store): void {
  async function viewableDashboard(identity: Identity, params: unknown) {
    const dashboard = await dashboardNamedBy(store, identity.orgId, params);
    // One answer for missing and hidden alike: starring must not tell which ids or uids exist.
    if (!dashboard || dashboard.is_folder) throw notFound('Dashboard not found');
    const access = await loadFolderAccess(store.folders, identity);
    if (!access.canDashboard(dashboard, VIEW)) throw notFound('Dashboard not found');
    return dashboard;
  }

  app.get('/api/user/stars', { config: { action: 'users.self:read' } }, async (request): Promise<string[]> =>
    store.stars.dashboardUids(request.identity.orgId, request.identity.accountId),
  );

  // Grafana's uid form, and its older id form (still served, deprecated).
  for (const path of ['/api/user/stars/dashboard/uid/:uid', '/api/user/stars/dashboard/:dashboardId']) {
    app.post(path, { config: { action: 'users.self.stars:write' } }, async (request): Promise<MessageResponse> => {
      const dashboard = await viewableDashboard(request.identity, request.params);
      await store.stars.star(request.identity.accountId, dashboard.id);
      return { message: 'Dashboard starred!' };
    });
    app.delete(path, { config: { action: 'users.self.stars:write' } }, async (request): Promise<MessageResponse> => {
      const dashboard = await viewableDashboard(request.identity, request.params);
      await store.stars.unstar(request.identity.accountId, dashboard.id);
      return { message: 'Dashboard unstarred' };
    });
  }
}
