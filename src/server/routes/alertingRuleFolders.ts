/**
 * Which alert rules a caller may see and change: rules live in folders; Viewers read the rules of
 * folders they can view, and writes need Edit on the folder.
 */
import { EDIT, loadFolderAccess, VIEW, type FolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import { badRequest, forbidden, notFound } from '../errors';
import type { Store } from '../store';
import type { DashboardRow } from '../store/schema';

export interface FolderInfo {
  id: number;
  uid: string;
  title: string;
}

/** The org's folders by uid. */
export async function foldersOf(store: Store, orgId: number): Promise<Map<string, FolderInfo>> {
  const rows = await store.folders.list(orgId);
  return new Map(rows.map((row: DashboardRow) => [row.uid, { id: row.id, uid: row.uid, title: row.title }]));
}

/** The caller's folders with their access, and the folders they may view. */
export async function accessOf(store: Store, identity: Identity) {
  const [access, folders] = await Promise.all([loadFolderAccess(store.folders, identity), foldersOf(store, identity.orgId)]);
  const viewable = (uid: string) => {
    const folder = folders.get(uid);
    return folder !== undefined && access.can(folder.id, VIEW);
  };
  return { access, folders, viewable };
}

/** The folder `uid`, when the caller may read (or write) its rules; else the refusal. */
export function requireFolder(
  folders: Map<string, FolderInfo>,
  access: FolderAccess,
  uid: string,
  needed: 'read' | 'write',
  field = 'folderUID',
): FolderInfo {
  const folder = folders.get(uid);
  if (!folder) {
    if (needed === 'write') throw badRequest(`invalid alert rule: folder "${uid}" does not exist`, { field });
    throw notFound(`folder "${uid}" not found`);
  }
  if (!access.can(folder.id, VIEW)) throw forbidden('alert.rules:read');
  if (needed === 'write' && !access.can(folder.id, EDIT)) throw forbidden('alert.rules:write');
  return folder;
}
