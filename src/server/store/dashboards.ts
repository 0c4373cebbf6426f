import { sql, type RawBuilder } from 'kysely';
import type { SearchQuery } from '../../contract/search';
import { DashboardViews, SUMMARY_COLUMNS, type DashboardView } from './dashboardView';
import { inTransaction, type Db } from './db';
import { connectLibraryPanels } from './libraryElements';
import { dialectOf } from './dialect';
import { InvalidError, VersionMismatchError } from './errors';
import type { DashboardRow } from './schema';
import { newUid, slugify, uniqueTags } from './util';

/** An always-false condition, so an `or` of no alternatives matches nothing. */
const NOTHING = sql<boolean>`false`;

/** Grafana's `[dashboards] versions_to_keep` default. */
export const DEFAULT_VERSIONS_TO_KEEP = 20;

/** Grafana's slug of a title; never empty, so URLs stay well-formed. */
export function titleSlug(title: string): string {
  return slugify(title) || '-';
}

export const versionMismatch = () => new VersionMismatchError('The dashboard has been changed by someone else');

export interface SaveDashboardInput {
  orgId: number;
  userId: number;
  /** The model as sent; its id, uid and version are set here. */
  model: Record<string, unknown>;
  title: string;
  tags: string[];
  uid: string | undefined;
  folderId: number | null;
  overwrite: boolean;
  message: string;
  /** Set when the save restores an older version. */
  restoredFrom?: number;
}

/** Which folders the caller may see; `all` skips filtering altogether (Admins, default setups). */
export type FolderFilter =
  | { all: true }
  | {
      all: false;
      rootVisible: boolean;
      folderIds: number[];
      /** Dashboards viewable through a permission of their own, whatever their folder's. */
      dashboardIds?: number[];
    };

export interface DashboardVersionRow {
  id: number;
  dashboard_id: number;
  version: number;
  parent_version: number;
  restored_from: number;
  created: number;
  message: string;
  createdByLogin: string | null;
}

/** `/api/search`'s parameters with its defaults applied; `starredIds` (for `starred=true`) keeps only those dashboards. */
export type SearchParams = SearchQuery & { limit: number; page: number; starredIds?: number[] };

/** A search hit as read from the store: the dashboard's listing columns and its folder's. */
export type SearchRow = Pick<DashboardRow, 'id' | 'uid' | 'title' | 'slug' | 'is_folder' | 'tags' | 'folder_id'> & {
  folderUid: string | null;
  folderTitle: string | null;
  folderSlug: string | null;
};

/** The search columns of a row being updated. */
type SearchColumns = Pick<DashboardRow, 'title' | 'title_lower' | 'slug' | 'tags' | 'folder_id' | 'updated' | 'updated_by'>;

/**
 * The columns of `next` an update must set: those whose value differs from the stored row's, and
 * the times, which always move. Setting a column to the value it holds still costs: it fires the
 * search's change log trigger (migrations 0010, 0017), rewrites the entries of every index over
 * it, and, for `folder_id` (a foreign key), makes SQLite delete and re-insert the whole row, the
 * model's overflow pages included, where it could otherwise overwrite the model in place.
 */
function changedColumns(stored: SearchColumns, next: SearchColumns): Partial<SearchColumns> {
  const changed: Partial<SearchColumns> = { updated: next.updated, updated_by: next.updated_by };
  if (stored.title !== next.title) changed.title = next.title;
  if (stored.title_lower !== next.title_lower) changed.title_lower = next.title_lower;
  if (stored.slug !== next.slug) changed.slug = next.slug;
  if (stored.tags !== next.tags) changed.tags = next.tags;
  if (stored.folder_id !== next.folder_id) changed.folder_id = next.folder_id;
  return changed;
}

/** The largest buffer `withModelText` keeps between saves, bytes. */
const SPARE_BUFFER_LIMIT = 4 * 1024 * 1024;
let spareBuffer: Buffer | undefined;

/**
 * Runs `use` with the model's JSON as the `data` column is to be sent it. On SQLite: its UTF-8
 * bytes, cast back to text by the database, which stores the same text as binding the string
 * would. better-sqlite3 encodes a bound string in two passes into a new allocation on every call;
 * Node writes it in one pass into a buffer kept between saves (the bench's 77 kB model, which
 * holds one character beyond Latin-1, measured on its own: about 180 → 95 µs to encode and bind).
 * The buffer is lent to one save at a time (a save overlapping another gets one of its own), and
 * SQLite copies what is bound before the statement runs. PostgreSQL's driver takes the string.
 */
async function withModelText<T>(sqlite: boolean, text: string, use: (value: string | RawBuilder<string>) => Promise<T>): Promise<T> {
  if (!sqlite) return use(text);
  // UTF-8 takes at most three bytes for each UTF-16 code unit.
  const room = text.length * 3;
  let buffer = spareBuffer !== undefined && spareBuffer.length >= room ? spareBuffer : undefined;
  if (buffer) spareBuffer = undefined;
  else buffer = Buffer.allocUnsafeSlow(Math.max(room, 64 * 1024));
  try {
    const length = buffer.write(text, 'utf8');
    return await use(sql<string>`cast(${buffer.subarray(0, length)} as text)`);
  } finally {
    if (buffer.length <= SPARE_BUFFER_LIMIT && (spareBuffer === undefined || spareBuffer.length < buffer.length)) spareBuffer = buffer;
  }
}

export class DashboardStore {
  private readonly views: DashboardViews;

  /** @param versionsToKeep the newest versions each dashboard keeps (the current one always among them). */
  constructor(
    private readonly db: Db,
    private readonly versionsToKeep = DEFAULT_VERSIONS_TO_KEEP,
  ) {
    this.views = new DashboardViews(db);
  }

  getByUid(orgId: number, uid: string): Promise<DashboardRow | undefined> {
    return this.db.selectFrom('dashboard').selectAll().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
  }

  /**
   * A dashboard as `GET /api/dashboards/uid/:uid` shows it, in one statement (store/dashboardView.ts).
   */
  getForView(orgId: number, uid: string, accountId: number): Promise<DashboardView | undefined> {
    return this.views.read(orgId, uid, accountId);
  }

  /** `getByUid` without the model: for checks before a save, which never need the stored one (it can run to megabytes). */
  getSummaryByUid(orgId: number, uid: string): Promise<Omit<DashboardRow, 'data'> | undefined> {
    return this.db.selectFrom('dashboard').select(SUMMARY_COLUMNS).where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
  }

  /** `getSummaryByUid` by Grafana's numeric id. */
  getSummaryById(orgId: number, id: number): Promise<Omit<DashboardRow, 'data'> | undefined> {
    return this.db.selectFrom('dashboard').select(SUMMARY_COLUMNS).where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  }

  getById(orgId: number, id: number): Promise<DashboardRow | undefined> {
    return this.db.selectFrom('dashboard').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  }

  /** Logins of the given account ids, for "created by" and "updated by". */
  async logins(ids: Array<number | null>): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('user').select(['id', 'login']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.login]));
  }

  /**
   * Creates or updates a dashboard with Grafana's rules: an existing uid is updated only with
   * `overwrite` or when the model's version equals the stored one; otherwise 412 and nothing
   * changes. Every save adds a version row. All in one transaction.
   *
   * A save of a large model costs mostly its bytes, so it handles them as few times as it can: the
   * model is serialised once and sent to the database once (the version row copies it from the
   * dashboard row), the stored model is never read, tag rows are rewritten only when the tags
   * change, and the row returned is built from what was written rather than read back.
   */
  async save(input: SaveDashboardInput): Promise<DashboardRow> {
    const now = Date.now();
    const sqlite = dialectOf(this.db) === 'sqlite';
    return inTransaction(this.db, async (trx) => {
      // Everything but the stored model: a save never needs the old one (it can run to megabytes).
      const existing =
        input.uid === undefined
          ? undefined
          : await trx
              .selectFrom('dashboard')
              .select(SUMMARY_COLUMNS)
              .where('org_id', '=', input.orgId)
              .where('uid', '=', input.uid)
              .executeTakeFirst();
      if (existing?.is_folder)
        throw new InvalidError(`a folder already has the uid "${input.uid}"; dashboards and folders need different uids`, 'dashboard.uid');
      const tags = uniqueTags(input.tags);
      const columns = {
        title: input.title,
        title_lower: input.title.toLowerCase(),
        slug: titleSlug(input.title),
        tags: JSON.stringify(tags),
        folder_id: input.folderId,
        updated: now,
        updated_by: input.userId,
      };
      let id: number;
      let version: number;
      let parentVersion: number;
      let data: string;
      const uid = input.uid ?? existing?.uid ?? newUid();
      if (existing) {
        if (!input.overwrite && input.model.version !== existing.version) throw versionMismatch();
        version = existing.version + 1;
        parentVersion = existing.version;
        id = existing.id;
        // The id is known: the model goes in with the other columns, in one write of the row.
        data = JSON.stringify(Object.assign(input.model, { id, uid, version }));
        const stored = existing.version;
        const result = await withModelText(sqlite, data, (text) =>
          trx
            .updateTable('dashboard')
            .set({ ...changedColumns(existing, columns), version, data: text })
            .where('id', '=', id)
            .where('version', '=', stored)
            .executeTakeFirst(),
        );
        if (result.numUpdatedRows !== 1n) throw versionMismatch();
        // The tags column and the tag rows are written together, only here and in createMany.
        if (existing.tags !== columns.tags) {
          await trx.deleteFrom('dashboard_tag').where('dashboard_id', '=', id).execute();
          await this.insertTags(trx, input.orgId, id, tags);
        }
      } else {
        version = 1;
        parentVersion = 0;
        ({ id } = await trx
          .insertInto('dashboard')
          .values({ ...columns, org_id: input.orgId, uid, is_folder: 0, data: '{}', version, created: now, created_by: input.userId })
          .returning('id')
          .executeTakeFirstOrThrow());
        // The model carries its id, known only now.
        data = JSON.stringify(Object.assign(input.model, { id, uid, version }));
        await withModelText(sqlite, data, (text) => trx.updateTable('dashboard').set({ data: text }).where('id', '=', id).execute());
        await this.insertTags(trx, input.orgId, id, tags);
      }
      // The new version's model is the row's, copied by the database: sending it twice (and on
      // SQLite, encoding it to UTF-8 twice) cost more than reading it back from the page just written.
      const param = (value: number | string | null, type: 'bigint' | 'text') => sql`cast(${value} as ${sql.raw(type)})`;
      await trx
        .insertInto('dashboard_version')
        .columns(['dashboard_id', 'version', 'parent_version', 'restored_from', 'created', 'created_by', 'message', 'data'])
        .expression(
          trx
            .selectFrom('dashboard')
            .select([
              'id',
              param(version, 'bigint').as('version'),
              param(parentVersion, 'bigint').as('parent_version'),
              param(input.restoredFrom ?? 0, 'bigint').as('restored_from'),
              param(now, 'bigint').as('created'),
              param(input.userId, 'bigint').as('created_by'),
              param(input.message, 'text').as('message'),
              'data',
            ])
            .where('id', '=', id),
        )
        .execute();
      await connectLibraryPanels(trx, input.orgId, id, input.model, input.userId);
      // Grafana's versions_to_keep, pruned as the new version lands (Grafana prunes in a background job).
      if (version > this.versionsToKeep) {
        await trx
          .deleteFrom('dashboard_version')
          .where('dashboard_id', '=', id)
          .where('version', '<=', version - this.versionsToKeep)
          .execute();
      }
      // The row as written: every column is known here.
      return {
        id,
        org_id: input.orgId,
        uid,
        is_folder: 0,
        ...columns,
        version,
        created: existing?.created ?? now,
        created_by: existing ? existing.created_by : input.userId,
        data,
      };
    });
  }

  private async insertTags(trx: Db, orgId: number, dashboardId: number, tags: string[]): Promise<void> {
    if (tags.length === 0) return;
    await trx
      .insertInto('dashboard_tag')
      .values(tags.map((term) => ({ dashboard_id: dashboardId, org_id: orgId, term })))
      .execute();
  }

  /**
   * New dashboards in multi-row inserts, in one transaction: each with its tags and its first
   * version, as `save` would create it (uids must be new: a taken one fails the whole call). For
   * seeding and bulk imports, where a statement per row would take hours at a million.
   */
  async createMany(
    orgId: number,
    userId: number,
    items: Array<Omit<SaveDashboardInput, 'orgId' | 'userId' | 'overwrite'>>,
  ): Promise<number[]> {
    const now = Date.now();
    const created: number[] = [];
    const BATCH = 500;
    const postgres = dialectOf(this.db) === 'postgres';
    await inTransaction(this.db, async (trx) => {
      for (let start = 0; start < items.length; start += BATCH) {
        const batch = items
          .slice(start, start + BATCH)
          .map((input) => ({ input, uid: input.uid ?? newUid(), tags: uniqueTags(input.tags) }));
        const ids = await trx
          .insertInto('dashboard')
          .values(
            batch.map(({ input, uid, tags }) => ({
              org_id: orgId,
              uid,
              is_folder: 0,
              folder_id: input.folderId,
              title: input.title,
              title_lower: input.title.toLowerCase(),
              slug: titleSlug(input.title),
              tags: JSON.stringify(tags),
              data: '{}',
              version: 1,
              created: now,
              updated: now,
              created_by: userId,
              updated_by: userId,
            })),
          )
          .returning('id')
          .execute();
        // The models carry their ids, known only now: set in one statement per batch.
        const models = batch.map(({ input, uid }, i) => ({
          id: ids[i]!.id,
          data: JSON.stringify(Object.assign(input.model, { id: ids[i]!.id, uid, version: 1 })),
        }));
        const rows = sql.join(models.map(({ id, data }) => (postgres ? sql`(${id}::bigint, ${data}::text)` : sql`(${id}, ${data})`)));
        await (
          postgres
            ? sql`update dashboard set data = v.data from (values ${rows}) as v(id, data) where dashboard.id = v.id`
            : sql`update dashboard set data = v.column2 from (values ${rows}) as v where dashboard.id = v.column1`
        ).execute(trx);
        const tagRows = batch.flatMap(({ tags }, i) => tags.map((term) => ({ dashboard_id: ids[i]!.id, org_id: orgId, term })));
        for (let t = 0; t < tagRows.length; t += BATCH)
          await trx
            .insertInto('dashboard_tag')
            .values(tagRows.slice(t, t + BATCH))
            .execute();
        await trx
          .insertInto('dashboard_version')
          .values(
            batch.map(({ input }, i) => ({
              dashboard_id: ids[i]!.id,
              version: 1,
              parent_version: 0,
              restored_from: 0,
              created: now,
              created_by: userId,
              message: input.message,
              data: models[i]!.data,
            })),
          )
          .execute();
        created.push(...ids.map((row) => row.id));
      }
    });
    return created;
  }

  /** Deletes a dashboard or a folder; versions, tags, permissions, annotations and (for a folder) its dashboards go with it. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('dashboard').where('id', '=', id).execute();
  }

  /** How many dashboards a folder holds. */
  async countInFolder(folderId: number): Promise<number> {
    const { n } = await this.db
      .selectFrom('dashboard')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('folder_id', '=', folderId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  /** A dashboard's version rows with their author's login, without the stored models. */
  private versionRows(dashboardId: number) {
    return this.db
      .selectFrom('dashboard_version')
      .leftJoin('user', 'user.id', 'dashboard_version.created_by')
      .select([
        'dashboard_version.id',
        'dashboard_version.dashboard_id',
        'dashboard_version.version',
        'dashboard_version.parent_version',
        'dashboard_version.restored_from',
        'dashboard_version.created',
        'dashboard_version.message',
        'user.login as createdByLogin',
      ])
      .where('dashboard_version.dashboard_id', '=', dashboardId);
  }

  versions(dashboardId: number, options: { limit: number; start: number }): Promise<DashboardVersionRow[]> {
    return this.versionRows(dashboardId).orderBy('dashboard_version.version', 'desc').limit(options.limit).offset(options.start).execute();
  }

  version(dashboardId: number, version: number): Promise<(DashboardVersionRow & { data: string }) | undefined> {
    return this.versionRows(dashboardId)
      .select('dashboard_version.data')
      .where('dashboard_version.version', '=', version)
      .executeTakeFirst();
  }

  /** Tags of the dashboards the caller can see, with how many dashboards carry each. */
  async tags(orgId: number, filter: FolderFilter): Promise<Array<{ term: string; count: number }>> {
    if (filter.all) {
      // Every tag row belongs to a dashboard of the org (deleted with it), so the (org, term)
      // index alone answers: joining each row to its dashboard took seconds at a million.
      const rows = await this.db
        .selectFrom('dashboard_tag')
        .select(['term', (eb) => eb.fn.countAll<number>().as('count')])
        .where('org_id', '=', orgId)
        .groupBy('term')
        .orderBy('term')
        .execute();
      return rows.map((r) => ({ term: r.term, count: Number(r.count) }));
    }
    const rows = await this.db
      .selectFrom('dashboard_tag')
      .innerJoin('dashboard', 'dashboard.id', 'dashboard_tag.dashboard_id')
      .select(['dashboard_tag.term', (eb) => eb.fn.countAll<number>().as('count')])
      .where('dashboard_tag.org_id', '=', orgId)
      .where((eb) =>
        eb.or([
          ...(filter.rootVisible ? [eb('dashboard.folder_id', 'is', null)] : []),
          ...(filter.folderIds.length > 0 ? [eb('dashboard.folder_id', 'in', filter.folderIds)] : []),
          ...(filter.dashboardIds?.length ? [eb('dashboard.id', 'in', filter.dashboardIds)] : []),
          NOTHING,
        ]),
      )
      .groupBy('dashboard_tag.term')
      .orderBy('dashboard_tag.term')
      .execute();
    return rows.map((r) => ({ term: r.term, count: Number(r.count) }));
  }
}
