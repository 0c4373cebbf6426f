import type { PermissionLevel } from '../../contract/folders';
import type { FolderFilter } from '../store/dashboards';
import type { AccessGrants, FolderAccessEntry } from '../store/folders';
import type { DashboardAccessEntry } from '../store/permissions';
import type { Identity } from './identity';
import { roleAtLeast } from './permissions';

/** 0: no access; then Grafana's 1 View, 2 Edit, 4 Admin. */
export type AccessLevel = 0 | PermissionLevel;
export const VIEW = 1;
export const EDIT = 2;
export const ADMIN = 4;

type Grant = Pick<FolderAccessEntry, 'role' | 'user_id' | 'team_id'> & { permission: PermissionLevel | null };

/**
 * What one caller may do in each folder and on each dashboard. Org Admins may do everything
 * everywhere. In General (the root, `null`) the role decides: Viewer views, Editor edits. In a
 * folder, the best of its permission entries that name the caller's account, one of its teams, or
 * a role at or below the caller's. A dashboard has its folder's level, raised by grants of its own
 * (Grafana's dashboard permissions add to the folder's; they never take away).
 */
export class FolderAccess {
  private readonly levels = new Map<number, AccessLevel>();
  private readonly dashboardLevels = new Map<number, AccessLevel>();

  constructor(
    private readonly identity: Identity,
    entries: FolderAccessEntry[],
    grants: { dashboards?: DashboardAccessEntry[]; teamIds?: number[] } = {},
  ) {
    const teams = new Set(grants.teamIds ?? []);
    const applies = (entry: Grant) =>
      entry.permission !== null &&
      ((entry.user_id !== null && entry.user_id === identity.accountId) ||
        (entry.team_id !== null && entry.team_id !== undefined && teams.has(entry.team_id)) ||
        (entry.role !== null && roleAtLeast(identity.role, entry.role)));
    for (const entry of entries) {
      const current = this.levels.get(entry.folder_id) ?? 0;
      this.levels.set(entry.folder_id, applies(entry) ? (Math.max(current, entry.permission!) as AccessLevel) : current);
    }
    for (const entry of grants.dashboards ?? []) {
      if (!applies(entry)) continue;
      this.dashboardLevels.set(
        entry.dashboard_id,
        Math.max(this.dashboardLevels.get(entry.dashboard_id) ?? 0, entry.permission) as AccessLevel,
      );
    }
  }

  get isAdmin(): boolean {
    return this.identity.role === 'Admin';
  }

  level(folderId: number | null): AccessLevel {
    if (this.isAdmin) return ADMIN;
    if (folderId === null) return roleAtLeast(this.identity.role, 'Editor') ? EDIT : roleAtLeast(this.identity.role, 'Viewer') ? VIEW : 0;
    return this.levels.get(folderId) ?? 0;
  }

  can(folderId: number | null, needed: AccessLevel): boolean {
    return this.level(folderId) >= needed;
  }

  /** A dashboard's level: its folder's, raised by the dashboard's own grants. */
  dashboardLevel(dashboard: { id: number; folder_id: number | null }): AccessLevel {
    return Math.max(this.level(dashboard.folder_id), this.dashboardLevels.get(dashboard.id) ?? 0) as AccessLevel;
  }

  canDashboard(dashboard: { id: number; folder_id: number | null }, needed: AccessLevel): boolean {
    return this.dashboardLevel(dashboard) >= needed;
  }

  /** The folders (and single dashboards) whose contents may be listed, in the shape the search query takes. */
  viewFilter(): FolderFilter {
    const rootVisible = this.can(null, VIEW);
    const folderIds = [...this.levels].filter(([, level]) => level >= VIEW).map(([id]) => id);
    if (this.isAdmin || (rootVisible && folderIds.length === this.levels.size)) return { all: true };
    const dashboardIds = [...this.dashboardLevels].filter(([, level]) => level >= VIEW).map(([id]) => id);
    return { all: false, rootVisible, folderIds, dashboardIds };
  }
}

/** Loads what the caller may do in each folder and on each dashboard; Admins need no look-up. */
export async function loadFolderAccess(
  folders: { accessGrants(orgId: number, accountId: number): Promise<AccessGrants> },
  identity: Identity,
): Promise<FolderAccess> {
  if (identity.role === 'Admin') return new FolderAccess(identity, []);
  const grants = await folders.accessGrants(identity.orgId, identity.accountId);
  return new FolderAccess(identity, grants.folders, grants);
}
