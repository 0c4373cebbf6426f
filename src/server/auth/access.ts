import type { PermissionLevel } from '../../contract/folders';
import type { FolderFilter } from '../store/dashboards';
import type { FolderAccessEntry } from '../store/folders';
import type { Identity } from './identity';
import { roleAtLeast } from './permissions';

/** 0: no access; then Grafana's 1 View, 2 Edit, 4 Admin. */
export type AccessLevel = 0 | PermissionLevel;
export const VIEW = 1;
export const EDIT = 2;
export const ADMIN = 4;

/**
 * What one caller may do in each folder. Org Admins may do everything everywhere. In General
 * (the root, `null`) the role decides: Viewer views, Editor edits. In a folder, the best of its
 * permission entries that name the caller's account or a role at or below the caller's.
 */
export class FolderAccess {
  private readonly levels = new Map<number, AccessLevel>();

  constructor(
    private readonly identity: Identity,
    entries: FolderAccessEntry[],
  ) {
    for (const entry of entries) {
      const current = this.levels.get(entry.folder_id) ?? 0;
      const applies =
        entry.permission !== null &&
        ((entry.user_id !== null && entry.user_id === identity.accountId) ||
          (entry.role !== null && roleAtLeast(identity.role, entry.role)));
      this.levels.set(entry.folder_id, applies ? (Math.max(current, entry.permission!) as AccessLevel) : current);
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

  /** The folders whose contents may be listed, in the shape the search query takes. */
  viewFilter(): FolderFilter {
    const rootVisible = this.can(null, VIEW);
    const folderIds = [...this.levels].filter(([, level]) => level >= VIEW).map(([id]) => id);
    if (this.isAdmin || (rootVisible && folderIds.length === this.levels.size)) return { all: true };
    return { all: false, rootVisible, folderIds };
  }
}


/** Loads what the caller may do in each folder; Admins need no look-up. */
export async function loadFolderAccess(
  folders: { accessEntries(orgId: number): Promise<FolderAccessEntry[]> },
  identity: Identity,
): Promise<FolderAccess> {
  return new FolderAccess(identity, identity.role === 'Admin' ? [] : await folders.accessEntries(identity.orgId));
}
