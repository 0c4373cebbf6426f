import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import { updateFolderPermissionsRequestSchema, type PermissionItemRequest, type PermissionLevel } from '../../contract/folders';
import { ADMIN, loadFolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import { badRequest, forbidden, notFound } from '../errors';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import { dashboardNamedBy } from './dashboardParams';
import type { PermissionItem, PermissionView } from '../store/permissions';
import { dashboardUrl, folderUrl } from '../urls';

export const permissionNames: Record<PermissionLevel, string> = { 1: 'View', 2: 'Edit', 4: 'Admin' };

/**
 * Checks a permission list before it replaces the stored one: no subject twice, every account a
 * member of the org and every team one of its teams. Answers the items to store.
 */
export async function checkPermissionItems(store: Store, orgId: number, items: PermissionItemRequest[]): Promise<PermissionItem[]> {
  const subjects = new Set<string>();
  const teamIds = items.flatMap((i) => (i.teamId === undefined ? [] : [i.teamId]));
  const knownTeams = await store.teams.existing(orgId, teamIds);
  for (const [index, item] of items.entries()) {
    const subject = item.role ? `role ${item.role}` : item.userId !== undefined ? `userId ${item.userId}` : `teamId ${item.teamId}`;
    if (subjects.has(subject)) throw badRequest(`bad request data: items name ${subject} twice`, { field: `items.${index}` });
    subjects.add(subject);
    if (item.userId !== undefined) {
      const isMember = (await store.users.getOrgUser(orgId, item.userId)) ?? (await store.serviceAccounts.get(orgId, item.userId));
      if (!isMember) {
        throw badRequest(`bad request data: userId ${item.userId} is not a user or service account of this organization`, {
          field: `items.${index}.userId`,
        });
      }
    }
    if (item.teamId !== undefined && !knownTeams.has(item.teamId)) {
      throw badRequest(`bad request data: teamId ${item.teamId} is not a team of this organization`, {
        field: `items.${index}.teamId`,
      });
    }
  }
  return items.map((i) => ({ role: i.role, userId: i.userId, teamId: i.teamId, permission: i.permission }));
}

/** The subject fields of a permission entry, Grafana's way: the two unused ids are 0. */
export function subjectFields(entry: PermissionView) {
  return {
    userId: entry.user_id ?? 0,
    ...(entry.user_id !== null ? { userLogin: entry.userLogin ?? '', userEmail: entry.userEmail ?? '' } : {}),
    teamId: entry.team_id ?? 0,
    ...(entry.team_id !== null ? { team: entry.teamName ?? '', teamEmail: entry.teamEmail ?? '' } : {}),
    ...(entry.role !== null ? { role: entry.role } : {}),
    permission: entry.permission,
    permissionName: permissionNames[entry.permission],
  };
}

/**
 * Dashboard permissions (`/api/dashboards/uid/{uid}/permissions`, and Grafana's older id form):
 * grants on one dashboard on top of its folder's. The list shows the folder's entries too, marked
 * `inherited: true`; a list posted back has those dropped, as they belong to the folder.
 */
export function registerDashboardPermissionRoutes(app: FastifyInstance, store: Store): void {
  async function adminnable(identity: Identity, params: unknown, action: 'dashboards.permissions:read' | 'dashboards.permissions:write') {
    const dashboard = await dashboardNamedBy(store, identity.orgId, params);
    if (!dashboard || dashboard.is_folder) throw notFound('Dashboard not found');
    const access = await loadFolderAccess(store.folders, identity);
    if (!access.canDashboard(dashboard, 1)) throw forbidden('dashboards:read');
    if (!access.canDashboard(dashboard, ADMIN)) throw forbidden(action);
    return dashboard;
  }

  for (const base of ['/api/dashboards/uid/:uid/permissions', '/api/dashboards/id/:dashboardId/permissions']) {
    app.get(base, { config: { action: 'dashboards.permissions:read' } }, async (request) => {
      const dashboard = await adminnable(request.identity, request.params, 'dashboards.permissions:read');
      const folder = dashboard.folder_id === null ? undefined : await store.folders.getById(dashboard.org_id, dashboard.folder_id);
      const inherited = folder ? await store.folders.permissions(folder.id) : [];
      const own = await store.dashboardPermissions.list(dashboard.id);
      const common = {
        dashboardId: dashboard.id,
        dashboardUid: dashboard.uid,
        title: dashboard.title,
        slug: dashboard.slug,
        isFolder: false,
      };
      return [
        ...inherited.map((entry) => ({
          id: entry.id,
          ...common,
          created: new Date(entry.created).toISOString(),
          updated: new Date(entry.updated).toISOString(),
          ...subjectFields(entry),
          uid: folder!.uid,
          url: folderUrl(folder!.uid, folder!.slug),
          inherited: true,
        })),
        ...own.map((entry) => ({
          id: entry.id,
          ...common,
          created: new Date(entry.created).toISOString(),
          updated: new Date(entry.updated).toISOString(),
          ...subjectFields(entry),
          uid: dashboard.uid,
          url: dashboardUrl(dashboard.uid, dashboard.slug),
          inherited: false,
        })),
      ];
    });

    app.post(base, { config: { action: 'dashboards.permissions:write' } }, async (request): Promise<MessageResponse> => {
      const { items } = parseGrafanaBody(updateFolderPermissionsRequestSchema, request.body);
      const dashboard = await adminnable(request.identity, request.params, 'dashboards.permissions:write');
      const own = items.filter((item) => !item.inherited);
      await store.dashboardPermissions.set(dashboard.id, await checkPermissionItems(store, request.identity.orgId, own));
      return { message: 'Dashboard permissions updated' };
    });
  }
}
