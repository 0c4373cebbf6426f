import { sql } from 'kysely';
import { inTransaction, type Db } from './db';
import type { FolderFilter } from './dashboards';

export interface AnnotationView {
  id: number;
  orgId: number;
  dashboardId: number | null;
  dashboardUID: string | null;
  /** The folder of the annotation's dashboard (null: General or no dashboard); for access checks. */
  folderId: number | null;
  panelId: number;
  userId: number;
  login: string | null;
  email: string | null;
  time: number;
  timeEnd: number;
  text: string;
  tags: string[];
  created: number;
  updated: number;
}

export interface AnnotationQuery {
  from?: number;
  to?: number;
  tags: string[];
  matchAny: boolean;
  dashboardId?: number;
  panelId?: number;
  userId?: number;
  limit: number;
}

export interface AnnotationFields {
  dashboardId: number | null;
  panelId: number;
  time: number;
  timeEnd: number;
  text: string;
  tags: string[];
}

const NOTHING = sql<boolean>`false`;

function uniqueTags(tags: string[]): string[] {
  return [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
}

/** Regions grow by this factor from one length class to the next. */
const CLASS_BASE = 4;

/** 0 for a point; else the smallest k with length ≤ 4^k (k ≤ 27 covers every safe integer). */
export function spanClass(duration: number): number {
  if (!(duration > 0)) return 0;
  let k = 1;
  while (k < 28 && duration > CLASS_BASE ** k) k++;
  return k;
}

/** The longest length a class holds. */
const classMaxDuration = (k: number) => (k === 0 ? 0 : CLASS_BASE ** k);

export class AnnotationStore {
  constructor(private readonly db: Db) {}

  private select() {
    return this.db
      .selectFrom('annotation as a')
      .leftJoin('user as u', 'u.id', 'a.user_id')
      .leftJoin('dashboard as d', 'd.id', 'a.dashboard_id')
      .select([
        'a.id',
        'a.org_id as orgId',
        'a.dashboard_id as dashboardId',
        'd.uid as dashboardUID',
        'd.folder_id as folderId',
        'a.panel_id as panelId',
        'a.user_id as userId',
        'u.login',
        'u.email',
        'a.epoch as time',
        'a.epoch_end as timeEnd',
        'a.text',
        'a.tags',
        'a.created',
        'a.updated',
      ]);
  }

  private static view(row: Omit<AnnotationView, 'tags'> & { tags: string }): AnnotationView {
    return { ...row, tags: JSON.parse(row.tags) as string[] };
  }

  async get(orgId: number, id: number): Promise<AnnotationView | undefined> {
    const row = await this.select().where('a.org_id', '=', orgId).where('a.id', '=', id).executeTakeFirst();
    return row && AnnotationStore.view(row);
  }

  /** The length classes the org's annotations use. */
  private async spanClasses(orgId: number): Promise<number[]> {
    const rows = await this.db.selectFrom('annotation_span_class').select('span_class').where('org_id', '=', orgId).execute();
    return rows.map((row) => row.span_class);
  }

  private async recordSpanClasses(trx: Db, orgId: number, classes: Iterable<number>): Promise<void> {
    const values = [...new Set(classes)].map((span_class) => ({ org_id: orgId, span_class }));
    if (values.length > 0)
      await trx
        .insertInto('annotation_span_class')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }

  private async writeTags(trx: Db, orgId: number, id: number, tags: string[]): Promise<void> {
    await trx.deleteFrom('annotation_tag').where('annotation_id', '=', id).execute();
    if (tags.length > 0) {
      await trx
        .insertInto('annotation_tag')
        .values(tags.map((term) => ({ annotation_id: id, org_id: orgId, term })))
        .execute();
    }
  }

  async create(orgId: number, userId: number, fields: AnnotationFields): Promise<number> {
    const [id] = await this.createMany(orgId, userId, [fields]);
    return id!;
  }

  /** Annotations in multi-row inserts, in one transaction (one, or many for imports and seeding); their ids in order. */
  async createMany(orgId: number, userId: number, items: AnnotationFields[]): Promise<number[]> {
    const created: number[] = [];
    const now = Date.now();
    const BATCH = 500;
    await inTransaction(this.db, async (trx) => {
      const classes = new Set<number>();
      for (let start = 0; start < items.length; start += BATCH) {
        const batch = items.slice(start, start + BATCH).map((fields) => ({ fields, tags: uniqueTags(fields.tags) }));
        const ids = await trx
          .insertInto('annotation')
          .values(
            batch.map(({ fields, tags }) => ({
              org_id: orgId,
              dashboard_id: fields.dashboardId,
              panel_id: fields.panelId,
              user_id: userId,
              epoch: fields.time,
              epoch_end: fields.timeEnd,
              span_class: spanClass(fields.timeEnd - fields.time),
              text: fields.text,
              tags: JSON.stringify(tags),
              created: now,
              updated: now,
            })),
          )
          .returning('id')
          .execute();
        created.push(...ids.map((row) => row.id));
        const tagRows = batch.flatMap(({ tags }, i) => tags.map((term) => ({ annotation_id: ids[i]!.id, org_id: orgId, term })));
        for (let t = 0; t < tagRows.length; t += BATCH)
          await trx
            .insertInto('annotation_tag')
            .values(tagRows.slice(t, t + BATCH))
            .execute();
        for (const { fields } of batch) classes.add(spanClass(fields.timeEnd - fields.time));
      }
      await this.recordSpanClasses(trx, orgId, classes);
    });
    return created;
  }

  async update(orgId: number, id: number, fields: Pick<AnnotationFields, 'time' | 'timeEnd' | 'text' | 'tags'>): Promise<void> {
    const tags = uniqueTags(fields.tags);
    await inTransaction(this.db, async (trx) => {
      await trx
        .updateTable('annotation')
        .set({
          epoch: fields.time,
          epoch_end: fields.timeEnd,
          span_class: spanClass(fields.timeEnd - fields.time),
          text: fields.text,
          tags: JSON.stringify(tags),
          updated: Date.now(),
        })
        .where('id', '=', id)
        .where('org_id', '=', orgId)
        .execute();
      await this.writeTags(trx, orgId, id, tags);
      await this.recordSpanClasses(trx, orgId, [spanClass(fields.timeEnd - fields.time)]);
    });
  }

  async delete(orgId: number, id: number): Promise<void> {
    await this.db.deleteFrom('annotation').where('id', '=', id).where('org_id', '=', orgId).execute();
  }

  /** Deletes every annotation of one dashboard panel (Grafana's mass delete); how many went. */
  async deleteForPanel(orgId: number, dashboardId: number, panelId: number): Promise<number> {
    const result = await this.db
      .deleteFrom('annotation')
      .where('org_id', '=', orgId)
      .where('dashboard_id', '=', dashboardId)
      .where('panel_id', '=', panelId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /**
   * Annotations overlapping [from, to], newest first. Without `from`, one walk down the
   * (org, epoch) index from `to`. With it, one walk per length class down the
   * (org, class, epoch, id, epoch_end) index, from `to` to `from` minus that class's longest
   * length, each stopping at `limit`, merged: a short window over millions of rows reads only rows
   * near it, however long one region elsewhere is. The walks read only that index (it holds the
   * end time they check and the order they need); the rows shown, at most `limit`, are read
   * afterwards by id.
   */
  async find(orgId: number, query: AnnotationQuery, filter: FolderFilter): Promise<AnnotationView[]> {
    const keys =
      query.from === undefined
        ? await this.findKeys(orgId, query, filter)
        : (await Promise.all((await this.spanClasses(orgId)).map((k) => this.findKeys(orgId, query, filter, k))))
            .flat()
            .sort((a, b) => b.time - a.time || b.id - a.id)
            .slice(0, query.limit);
    if (keys.length === 0) return [];
    const rows = await this.select()
      .where(
        'a.id',
        'in',
        keys.map((key) => key.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    // In the walks' order; a row deleted meanwhile is left out.
    return keys.flatMap((key) => {
      const row = byId.get(key.id);
      return row ? [AnnotationStore.view(row)] : [];
    });
  }

  /** Time and id of the annotations `find` shows, newest first, up to `limit`; one length class when given. */
  private async findKeys(
    orgId: number,
    query: AnnotationQuery,
    filter: FolderFilter,
    spanClassOnly?: number,
  ): Promise<Array<{ id: number; time: number }>> {
    let q = this.db.selectFrom('annotation as a').select(['a.id', 'a.epoch as time']).where('a.org_id', '=', orgId);
    if (spanClassOnly !== undefined) q = q.where('a.span_class', '=', spanClassOnly);
    if (query.to !== undefined) q = q.where('a.epoch', '<=', query.to);
    if (query.from !== undefined) {
      q = q.where('a.epoch_end', '>=', query.from);
      if (spanClassOnly !== undefined) q = q.where('a.epoch', '>=', query.from - classMaxDuration(spanClassOnly));
    }
    if (query.dashboardId !== undefined) q = q.where('a.dashboard_id', '=', query.dashboardId);
    if (query.panelId !== undefined) q = q.where('a.panel_id', '=', query.panelId);
    if (query.userId !== undefined) q = q.where('a.user_id', '=', query.userId);
    const tags = uniqueTags(query.tags);
    if (tags.length > 0 && query.matchAny) {
      q = q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('annotation_tag as t')
            .select('t.annotation_id')
            .whereRef('t.annotation_id', '=', 'a.id')
            .where('t.term', 'in', tags),
        ),
      );
    } else {
      for (const tag of tags) {
        q = q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('annotation_tag as t')
              .select('t.annotation_id')
              .whereRef('t.annotation_id', '=', 'a.id')
              .where('t.term', '=', tag),
          ),
        );
      }
    }
    if (!filter.all) {
      const { rootVisible, folderIds, dashboardIds = [] } = filter;
      q = q.leftJoin('dashboard as d', 'd.id', 'a.dashboard_id').where((eb) =>
        eb.or([
          eb('a.dashboard_id', 'is', null),
          // Dashboards granted by their own permissions, whatever their folder's.
          ...(dashboardIds.length > 0 ? [eb('a.dashboard_id', 'in', dashboardIds)] : []),
          ...(rootVisible ? [eb.and([eb('a.dashboard_id', 'is not', null), eb('d.folder_id', 'is', null)])] : []),
          ...(folderIds.length > 0 ? [eb('d.folder_id', 'in', folderIds)] : []),
          NOTHING,
        ]),
      );
    }
    return q.orderBy('a.epoch', 'desc').orderBy('a.id', 'desc').limit(query.limit).execute();
  }

  /**
   * Tags in use with how many annotations carry each, optionally only those starting with
   * `prefix`; only annotations the caller may view count (the same filter as `find`).
   */
  async tags(
    orgId: number,
    prefix: string | undefined,
    limit: number,
    filter: FolderFilter,
  ): Promise<Array<{ tag: string; count: number }>> {
    let q = this.db
      .selectFrom('annotation_tag as t')
      .select(['t.term', (eb) => eb.fn.countAll<number>().as('count')])
      .where('t.org_id', '=', orgId);
    if (prefix) q = q.where('t.term', '>=', prefix).where('t.term', '<', `${prefix}\u{10FFFF}`);
    if (!filter.all) {
      const { rootVisible, folderIds } = filter;
      q = q
        .innerJoin('annotation as a', 'a.id', 't.annotation_id')
        .leftJoin('dashboard as d', 'd.id', 'a.dashboard_id')
        .where((eb) =>
          eb.or([
            eb('a.dashboard_id', 'is', null),
            ...(rootVisible ? [eb.and([eb('a.dashboard_id', 'is not', null), eb('d.folder_id', 'is', null)])] : []),
            ...(folderIds.length > 0 ? [eb('d.folder_id', 'in', folderIds)] : []),
            NOTHING,
          ]),
        );
    }
    const rows = await q.groupBy('t.term').orderBy('t.term').limit(limit).execute();
    return rows.map((r) => ({ tag: r.term, count: Number(r.count) }));
  }
}
