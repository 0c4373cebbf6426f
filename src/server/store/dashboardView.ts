import { sql, type CompiledQuery, type InferResult } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';
import type { DashboardRow } from './schema';

/** What `DashboardViews.read` gives: the row with its model's bytes and what the page shows beside it. */
export interface DashboardView extends Omit<DashboardRow, 'data'> {
  data: Buffer;
  folder: { id: number; uid: string; title: string; slug: string } | undefined;
  createdByLogin: string | undefined;
  updatedByLogin: string | undefined;
  starred: boolean;
  /** The file that holds it, when one does. */
  provisioning: { externalId: string; allowUiUpdates: boolean } | undefined;
}

/** Stand-ins for the values in the statement, compiled once. */
const VIEW_ACCOUNT = -1_000_001;
const VIEW_ORG = -1_000_002;
const VIEW_UID = '\u0000uid';
const VIEW_KNOWN = { id: -1_000_003, version: -1_000_004, updated: -1_000_005 };

/** A model's bytes as stored at a version; a row with the same id, version and update time holds the same. */
interface KnownModel {
  id: number;
  version: number;
  updated: number;
}

/**
 * Models shown lately, by org and uid, up to `maxBytes` (the least recently shown go first): a
 * read sends back only what changed, so a dashboard opened again does not bring its model (tens
 * or hundreds of kB) from the database and through `pg`'s text decoding each time.
 */
export class ShownModels {
  private readonly entries = new Map<string, KnownModel & { data: Buffer }>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): (KnownModel & { data: Buffer }) | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: KnownModel & { data: Buffer }): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.data.length;
    }
    if (entry.data.length > this.maxBytes / 8) return;
    this.entries.set(key, entry);
    this.bytes += entry.data.length;
    for (const [oldest, { data }] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= data.length;
    }
  }
}

/** Bytes of models kept. */
const SHOWN_MODELS_BYTES = 32 * 1024 * 1024;
const NO_MODEL: KnownModel = { id: 0, version: 0, updated: 0 };

type ViewRow = InferResult<ReturnType<typeof viewSelect>>[number];

/** Every column of a dashboard row but its model (`data`). */
export const SUMMARY_COLUMNS = [
  'id',
  'org_id',
  'uid',
  'is_folder',
  'folder_id',
  'title',
  'title_lower',
  'slug',
  'tags',
  'version',
  'created',
  'updated',
  'created_by',
  'updated_by',
] as const satisfies ReadonlyArray<Exclude<keyof DashboardRow, 'data'>>;

/** `DashboardViews.read`'s statement. */
function viewSelect(db: Db, accountId: number, orgId: number, uid: string, known: KnownModel) {
  const data = dialectOf(db) === 'sqlite' ? sql`cast(d.data as blob)` : sql`d.data`;
  return (
    db
      .selectFrom('dashboard as d')
      .leftJoin('dashboard as f', (join) =>
        join.onRef('f.id', '=', 'd.folder_id').onRef('f.org_id', '=', 'd.org_id').on('f.is_folder', '=', 1),
      )
      .leftJoin('dashboard_provisioning as p', 'p.dashboard_id', 'd.id')
      .select(SUMMARY_COLUMNS.map((column) => `d.${column}` as const))
      // The model only when it is not the one already held. `pg` reads every field as text (bytea
      // would come as hex, twice the bytes to decode): the text is encoded once in `read`.
      .select(
        sql<
          Buffer | string | null
        >`case when d.id = ${known.id} and d.version = ${known.version} and d.updated = ${known.updated} then null else ${data} end`.as(
          'data',
        ),
      )
      .select(['f.uid as folder_uid', 'f.title as folder_title', 'f.slug as folder_slug'])
      .select((eb) => [
        eb.selectFrom('user').select('login').whereRef('user.id', '=', 'd.created_by').as('created_by_login'),
        eb.selectFrom('user').select('login').whereRef('user.id', '=', 'd.updated_by').as('updated_by_login'),
        eb
          .exists(
            eb.selectFrom('star').select('star.user_id').where('star.user_id', '=', accountId).whereRef('star.dashboard_id', '=', 'd.id'),
          )
          .as('starred'),
      ])
      .select(['p.external_id as provisioned_external_id', 'p.allow_ui_updates as provisioned_allow_ui_updates'])
      .where('d.org_id', '=', orgId)
      .where('d.uid', '=', uid)
  );
}

/** Reads dashboards for viewing, keeping the models shown lately. */
export class DashboardViews {
  private viewQuery: CompiledQuery<ViewRow> | undefined;
  private readonly shownModels = new ShownModels(SHOWN_MODELS_BYTES);

  constructor(private readonly db: Db) {}

  /**
   * A dashboard as `GET /api/dashboards/uid/:uid` shows it, in one statement: the row with its
   * model as the UTF-8 bytes stored (decoding megabytes into a string and encoding them back
   * would cost more than the rest), its folder, who created and last updated it, the file that
   * provisions it and whether `accountId` starred it. On PostgreSQL each statement is a round
   * trip; this was five. The model comes from memory when the row still has the id, version and
   * update time of the copy held, which the statement itself checks.
   */
  async read(orgId: number, uid: string, accountId: number): Promise<DashboardView | undefined> {
    // Built and compiled once, with stand-ins where the values go: building this statement in
    // Kysely cost about as much as running it on SQLite.
    this.viewQuery ??= viewSelect(this.db, VIEW_ACCOUNT, VIEW_ORG, VIEW_UID, VIEW_KNOWN).compile();
    const key = `${orgId}/${uid}`;
    const known = this.shownModels.get(key);
    const { id, version, updated } = known ?? NO_MODEL;
    const values = new Map<unknown, unknown>([
      [VIEW_ACCOUNT, accountId],
      [VIEW_ORG, orgId],
      [VIEW_UID, uid],
      [VIEW_KNOWN.id, id],
      [VIEW_KNOWN.version, version],
      [VIEW_KNOWN.updated, updated],
    ]);
    const parameters = this.viewQuery.parameters.map((value) => (values.has(value) ? values.get(value) : value));
    const row = (await this.db.executeQuery<ViewRow>({ ...this.viewQuery, parameters })).rows[0];
    if (!row) return undefined;
    const {
      folder_uid,
      folder_title,
      folder_slug,
      created_by_login,
      updated_by_login,
      starred,
      provisioned_external_id,
      provisioned_allow_ui_updates,
      data,
      ...dashboard
    } = row;
    let model: Buffer;
    if (data === null) {
      model = known!.data;
    } else {
      model = typeof data === 'string' ? Buffer.from(data) : data;
      this.shownModels.set(key, { id: row.id, version: row.version, updated: row.updated, data: model });
    }
    return {
      ...dashboard,
      data: model,
      folder:
        row.folder_id !== null && folder_uid !== null
          ? { id: row.folder_id, uid: folder_uid, title: folder_title!, slug: folder_slug! }
          : undefined,
      createdByLogin: created_by_login ?? undefined,
      updatedByLogin: updated_by_login ?? undefined,
      starred: Boolean(starred),
      provisioning:
        provisioned_external_id === null
          ? undefined
          : { externalId: provisioned_external_id, allowUiUpdates: Boolean(provisioned_allow_ui_updates) },
    };
  }
}
