import type { PermissionLevel } from '../../contract/folders';
import { inTransaction, type Db } from './db';
import { ConflictError, InvalidError } from './errors';
import { titleSlug } from './dashboards';
import { replaceGrants, type DashboardAccessEntry, type PermissionItem } from './permissions';
import type { DashboardRow } from './schema';
import { newUid } from './util';

/** Folder uids Grafana keeps for itself: the root folder, and the "Shared with me" view. */
export const RESERVED_FOLDER_UIDS = new Set(['general', 'sharedwithme']);

export interface FolderAccessEntry {
  folder_id: number;
  role: 'Viewer' | 'Editor' | null;
  user_id: number | null;
  team_id: number | null;
  permission: PermissionLevel | null;
}

/** Everything an access decision reads for one account: folder grants, dashboard grants, its teams. */
export interface AccessGrants {
  folders: FolderAccessEntry[];
  dashboards: DashboardAccessEntry[];
  teamIds: number[];
}

/** A new folder's list, Grafana's default: Viewers view, Editors edit (Admins can always do all). */
export const DEFAULT_FOLDER_PERMISSIONS: Array<{ role: 'Viewer' | 'Editor'; permission: PermissionLevel }> = [
  { role: 'Viewer', permission: 1 },
  { role: 'Editor', permission: 2 },
];

export class FolderStore {
  constructor(private readonly db: Db) {}

  private folders(orgId: number) {
    return this.db.selectFrom('dashboard').selectAll().where('org_id', '=', orgId).where('is_folder', '=', 1);
  }

  get(orgId: number, uid: string): Promise<DashboardRow | undefined> {
    return this.folders(orgId).where('uid', '=', uid).executeTakeFirst();
  }

  getById(orgId: number, id: number): Promise<DashboardRow | undefined> {
    return this.folders(orgId).where('id', '=', id).executeTakeFirst();
  }

  /** The folder with this title (case-insensitively, as titles are unique that way). */
  findByTitle(orgId: number, title: string): Promise<DashboardRow | undefined> {
    return this.folders(orgId).where('title_lower', '=', title.toLowerCase()).orderBy('id').executeTakeFirst();
  }

  list(orgId: number): Promise<DashboardRow[]> {
    return this.folders(orgId).orderBy('title_lower').orderBy('id').execute();
  }

  /** Creates a folder with the default permissions, in one transaction. */
  async create(input: { orgId: number; uid?: string; title: string; userId: number }): Promise<DashboardRow> {
    const now = Date.now();
    const uid = input.uid || newUid();
    // `general` names the root in folderUid and search filters (as in Grafana, which also reserves
    // `sharedwithme`): a folder under that uid would be unreachable and confuse both.
    if (RESERVED_FOLDER_UIDS.has(uid)) {
      throw new InvalidError(
        `invalid uid for folder provided: "${uid}" is reserved (it names the ${uid === 'general' ? 'General (root) folder' : 'Shared with me view'})`,
        'uid',
      );
    }
    return inTransaction(this.db, async (trx) => {
      if (await trx.selectFrom('dashboard').select('id').where('org_id', '=', input.orgId).where('uid', '=', uid).executeTakeFirst()) {
        throw new ConflictError(`a folder or dashboard with uid "${uid}" already exists`, 'uid');
      }
      await this.assertTitleFree(trx, input.orgId, input.title);
      const { id } = await trx
        .insertInto('dashboard')
        .values({
          org_id: input.orgId,
          uid,
          is_folder: 1,
          folder_id: null,
          title: input.title,
          title_lower: input.title.toLowerCase(),
          slug: titleSlug(input.title),
          tags: '[]',
          data: '{}',
          version: 1,
          created: now,
          updated: now,
          created_by: input.userId,
          updated_by: input.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('folder_permission')
        .values(
          DEFAULT_FOLDER_PERMISSIONS.map((p) => ({
            folder_id: id,
            role: p.role,
            user_id: null,
            permission: p.permission,
            created: now,
            updated: now,
          })),
        )
        .execute();
      return (await new FolderStore(trx).getById(input.orgId, id))!;
    });
  }

  /** Grafana keeps folder titles unique in an org (case-insensitively). */
  private async assertTitleFree(db: Db, orgId: number, title: string, exceptId?: number): Promise<void> {
    let query = db
      .selectFrom('dashboard')
      .select('id')
      .where('org_id', '=', orgId)
      .where('is_folder', '=', 1)
      .where('title_lower', '=', title.toLowerCase());
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
    if (await query.executeTakeFirst()) throw new ConflictError(`a folder named "${title}" already exists`, 'title');
  }

  /** Renames a folder when `expectedVersion` (if given) is still current; returns the new row, or undefined on a version clash. */
  async rename(folder: DashboardRow, title: string, userId: number, expectedVersion?: number): Promise<DashboardRow | undefined> {
    return inTransaction(this.db, async (trx) => {
      await this.assertTitleFree(trx, folder.org_id, title, folder.id);
      const result = await trx
        .updateTable('dashboard')
        .set({
          title,
          title_lower: title.toLowerCase(),
          slug: titleSlug(title),
          version: folder.version + 1,
          updated: Date.now(),
          updated_by: userId,
        })
        .where('id', '=', folder.id)
        .where('version', '=', expectedVersion ?? folder.version)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) return undefined;
      return new FolderStore(trx).getById(folder.org_id, folder.id);
    });
  }

  /**
   * Every folder of the org with each of its permission entries (a folder without any appears
   * once with a null entry): all that access checks read.
   */
  accessEntries(orgId: number): Promise<FolderAccessEntry[]> {
    return this.db
      .selectFrom('dashboard')
      .leftJoin('folder_permission', 'folder_permission.folder_id', 'dashboard.id')
      .select([
        'dashboard.id as folder_id',
        'folder_permission.role',
        'folder_permission.user_id',
        'folder_permission.team_id',
        'folder_permission.permission',
      ])
      .where('dashboard.org_id', '=', orgId)
      .where('dashboard.is_folder', '=', 1)
      .execute();
  }

  /** `accessEntries`, with the org's dashboard grants and the teams `accountId` belongs to. */
  async accessGrants(orgId: number, accountId: number): Promise<AccessGrants> {
    const [folders, dashboards, teams] = await Promise.all([
      this.accessEntries(orgId),
      // From the grants to their dashboards' org: joined the other way, SQLite walked every
      // dashboard of the org to probe for grants (130 ms at 1,000,000, on every request).
      this.db
        .selectFrom('dashboard_permission')
        .select(['dashboard_id', 'role', 'user_id', 'team_id', 'permission'])
        .where((eb) =>
          eb(
            eb.selectFrom('dashboard').select('dashboard.org_id').whereRef('dashboard.id', '=', 'dashboard_permission.dashboard_id'),
            '=',
            orgId,
          ),
        )
        .execute(),
      this.db
        .selectFrom('team_member')
        .innerJoin('team', 'team.id', 'team_member.team_id')
        .select('team_member.team_id')
        .where('team_member.user_id', '=', accountId)
        .where('team.org_id', '=', orgId)
        .execute(),
    ]);
    return { folders, dashboards, teamIds: teams.map((t) => t.team_id) };
  }

  permissions(folderId: number) {
    return this.db
      .selectFrom('folder_permission')
      .leftJoin('user', 'user.id', 'folder_permission.user_id')
      .leftJoin('team', 'team.id', 'folder_permission.team_id')
      .select([
        'folder_permission.id',
        'folder_permission.role',
        'folder_permission.user_id',
        'folder_permission.team_id',
        'team.name as teamName',
        'team.email as teamEmail',
        'folder_permission.permission',
        'folder_permission.created',
        'folder_permission.updated',
        'user.login as userLogin',
        'user.email as userEmail',
      ])
      .where('folder_permission.folder_id', '=', folderId)
      .orderBy('folder_permission.id')
      .execute();
  }

  /** Replaces a folder's permission list, all at once. */
  setPermissions(folderId: number, items: PermissionItem[]): Promise<void> {
    return replaceGrants(this.db, 'folder_permission', folderId, items);
  }
}
