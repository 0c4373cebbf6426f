import { sql } from 'kysely';
import { libraryPanelUids } from '../../contract/libraryElements';
import type { FolderFilter } from './dashboards';
import { inTransaction, type Db } from './db';
import { dialectOf, ignoringCase, likeIgnoringCase } from './dialect';
import { InvalidError, VersionMismatchError } from './errors';
import type { LibraryElementRow } from './schema';
import { isUniqueViolation, likePattern, newUid } from './util';

/** An element with what its answer shows beside it: folder, authors, connected dashboards. */
export interface LibraryElementWithMeta extends LibraryElementRow {
  folderUid: string | null;
  folderTitle: string | null;
  createdByLogin: string | null;
  createdByEmail: string | null;
  updatedByLogin: string | null;
  updatedByEmail: string | null;
  connectedDashboards: number;
}

export interface LibraryElementListParams {
  searchString?: string;
  kind?: number;
  sortDirection?: 'alpha-asc' | 'alpha-desc';
  types: string[];
  excludeUid?: string;
  /** Folder ids (null: General) to keep; undefined keeps every folder. */
  folderIds?: Array<number | null>;
  perPage: number;
  page: number;
}

export interface LibraryElementConnectionRow {
  id: number;
  element_id: number;
  kind: number;
  connection_id: number;
  connectionUid: string;
  dashboardFolderId: number | null;
  created: number;
  created_by: number | null;
  createdByLogin: string | null;
  createdByEmail: string | null;
}

/** Grafana's words (model.ErrLibraryElementVersionMismatch). */
export const elementVersionMismatch = () => new VersionMismatchError('the library element has been changed by someone else');
/** Grafana's words (model.ErrLibraryElementAlreadyExists), answered 400 as Grafana does by the route. */
export const ELEMENT_EXISTS = 'library element with that name or UID already exists';

/**
 * What an element keeps beside its model, as Grafana's `syncFieldsWithModel`: the model's `type`
 * and `description` when it has them, else the stored ones are written into the model.
 */
export function syncWithModel(model: Record<string, unknown>, type = '', description = '') {
  const synced = { ...model };
  if (typeof synced.type === 'string') type = synced.type;
  else synced.type = type;
  if (typeof synced.description === 'string') description = synced.description;
  else synced.description = description;
  return { model: synced, type, description };
}

/**
 * Grafana's `ConnectLibraryPanelsForDashboard`: a dashboard's connections become the library
 * panels its model references now (rows' collapsed panels included), in the saving transaction.
 * A reference to an element the org does not have connects nothing (the dashboard shows the panel
 * as missing) rather than refusing the save.
 */
export async function connectLibraryPanels(trx: Db, orgId: number, dashboardId: number, model: Record<string, unknown>, userId: number) {
  const uids = libraryPanelUids(model.panels);
  await trx.deleteFrom('library_element_connection').where('connection_id', '=', dashboardId).where('kind', '=', 1).execute();
  if (uids.length === 0) return;
  const elements = await trx.selectFrom('library_element').select('id').where('org_id', '=', orgId).where('uid', 'in', uids).execute();
  if (elements.length === 0) return;
  const created = Date.now();
  await trx
    .insertInto('library_element_connection')
    .values(elements.map(({ id }) => ({ element_id: id, kind: 1, connection_id: dashboardId, created, created_by: userId })))
    .execute();
}

export class LibraryElementStore {
  constructor(private readonly db: Db) {}

  private withMeta(db: Db = this.db) {
    return db
      .selectFrom('library_element as le')
      .leftJoin('dashboard as f', 'f.id', 'le.folder_id')
      .leftJoin('user as u1', 'u1.id', 'le.created_by')
      .leftJoin('user as u2', 'u2.id', 'le.updated_by')
      .selectAll('le')
      .select([
        'f.uid as folderUid',
        'f.title as folderTitle',
        'u1.login as createdByLogin',
        'u1.email as createdByEmail',
        'u2.login as updatedByLogin',
        'u2.email as updatedByEmail',
        (eb) =>
          eb
            .selectFrom('library_element_connection as c')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('c.element_id', '=', 'le.id')
            .where('c.kind', '=', 1)
            .as('connectedDashboards'),
      ]);
  }

  private static normalise(row: LibraryElementWithMeta): LibraryElementWithMeta {
    return { ...row, connectedDashboards: Number(row.connectedDashboards ?? 0) };
  }

  async getByUid(orgId: number, uid: string, db: Db = this.db): Promise<LibraryElementWithMeta | undefined> {
    const row = await this.withMeta(db).where('le.org_id', '=', orgId).where('le.uid', '=', uid).executeTakeFirst();
    return row ? LibraryElementStore.normalise(row as LibraryElementWithMeta) : undefined;
  }

  async getByName(orgId: number, name: string): Promise<LibraryElementWithMeta[]> {
    const rows = await this.withMeta().where('le.org_id', '=', orgId).where('le.name', '=', name).orderBy('le.id').execute();
    return rows.map((row) => LibraryElementStore.normalise(row as LibraryElementWithMeta));
  }

  /** Grafana's search: filters, then the visible folders, by name, paged; with the count before paging. */
  async list(orgId: number, params: LibraryElementListParams, visible: FolderFilter) {
    const dialect = dialectOf(this.db);
    let query = this.withMeta().where('le.org_id', '=', orgId);
    if (params.kind) query = query.where('le.kind', '=', params.kind);
    if (params.searchString?.trim()) {
      const pattern = likePattern(params.searchString.trim());
      query = query.where((eb) =>
        eb.or([likeIgnoringCase(dialect, 'le.name', pattern), likeIgnoringCase(dialect, 'le.description', pattern)]),
      );
    }
    if (params.excludeUid) query = query.where('le.uid', '!=', params.excludeUid);
    if (params.types.length > 0) query = query.where('le.type', 'in', params.types);
    if (params.folderIds) {
      const ids = params.folderIds.filter((id): id is number => id !== null);
      const root = params.folderIds.includes(null);
      query = query.where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('le.folder_id', 'in', ids)] : []),
          ...(root ? [eb('le.folder_id', 'is', null)] : []),
          sql<boolean>`false`,
        ]),
      );
    }
    if (!visible.all) {
      const ids = visible.folderIds;
      query = query.where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('le.folder_id', 'in', ids)] : []),
          ...(visible.rootVisible ? [eb('le.folder_id', 'is', null)] : []),
          sql<boolean>`false`,
        ]),
      );
    }
    const { total } = await query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
    const direction = params.sortDirection === 'alpha-desc' ? 'desc' : 'asc';
    const rows = await query
      .orderBy(ignoringCase(dialect, 'le.name'), direction)
      .orderBy('le.id', direction)
      .limit(params.perPage)
      .offset((params.page - 1) * params.perPage)
      .execute();
    return { totalCount: Number(total), elements: rows.map((row) => LibraryElementStore.normalise(row as LibraryElementWithMeta)) };
  }

  async create(input: {
    orgId: number;
    folderId: number | null;
    uid?: string;
    name: string;
    kind: number;
    model: Record<string, unknown>;
    userId: number;
  }): Promise<LibraryElementWithMeta> {
    const uid = input.uid ?? newUid();
    const { model, type, description } = syncWithModel(input.model);
    const now = Date.now();
    try {
      await this.db
        .insertInto('library_element')
        .values({
          org_id: input.orgId,
          folder_id: input.folderId,
          uid,
          name: input.name,
          kind: input.kind,
          type,
          description,
          model: JSON.stringify(model),
          version: 1,
          created: now,
          updated: now,
          created_by: input.userId,
          updated_by: input.userId,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidError(ELEMENT_EXISTS, input.uid ? 'uid' : 'name');
      throw error;
    }
    return (await this.getByUid(input.orgId, uid))!;
  }

  /** Grafana's PATCH: the version must be the stored one; name, model and folder stay when left out. */
  async patch(
    existing: LibraryElementRow,
    input: { version: number; name?: string; model?: Record<string, unknown>; folderId: number | null; uid?: string; userId: number },
  ): Promise<LibraryElementWithMeta> {
    if (existing.version !== input.version) throw elementVersionMismatch();
    const stored = JSON.parse(existing.model) as Record<string, unknown>;
    const { model, type, description } = syncWithModel(input.model ?? stored, existing.type, existing.description);
    const uid = input.uid || existing.uid;
    try {
      const result = await this.db
        .updateTable('library_element')
        .set({
          uid,
          name: input.name || existing.name,
          folder_id: input.folderId,
          type,
          description,
          model: JSON.stringify(model),
          version: existing.version + 1,
          updated: Date.now(),
          updated_by: input.userId,
        })
        .where('id', '=', existing.id)
        .where('version', '=', existing.version)
        .executeTakeFirst();
      if (result.numUpdatedRows !== 1n) throw elementVersionMismatch();
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidError(ELEMENT_EXISTS, input.uid ? 'uid' : 'name');
      throw error;
    }
    return (await this.getByUid(existing.org_id, uid))!;
  }

  /** Deletes an element unless a dashboard is connected to it; false when one is (checked in the deleting transaction). */
  async delete(id: number): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const connected = await trx.selectFrom('library_element_connection').select('id').where('element_id', '=', id).executeTakeFirst();
      if (connected) return false;
      await trx.deleteFrom('library_element').where('id', '=', id).execute();
      return true;
    });
  }

  /** The dashboards connected to an element, with their folders (for the caller's view check). */
  async connections(elementId: number): Promise<LibraryElementConnectionRow[]> {
    return this.db
      .selectFrom('library_element_connection as c')
      .innerJoin('dashboard as d', 'd.id', 'c.connection_id')
      .leftJoin('user as u', 'u.id', 'c.created_by')
      .select([
        'c.id',
        'c.element_id',
        'c.kind',
        'c.connection_id',
        'c.created',
        'c.created_by',
        'd.uid as connectionUid',
        'd.folder_id as dashboardFolderId',
        'u.login as createdByLogin',
        'u.email as createdByEmail',
      ])
      .where('c.element_id', '=', elementId)
      .orderBy('c.id')
      .execute();
  }

  /** How many connected elements the folders hold (Grafana refuses to delete a folder while any is). */
  async connectedInFolders(folderIds: number[]): Promise<number> {
    if (folderIds.length === 0) return 0;
    const { n } = await this.db
      .selectFrom('library_element as le')
      .innerJoin('library_element_connection as c', 'c.element_id', 'le.id')
      .select((eb) => eb.fn.count<number>('le.id').distinct().as('n'))
      .where('le.folder_id', 'in', folderIds)
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}
