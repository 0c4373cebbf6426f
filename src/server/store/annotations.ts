import { CompiledQuery, sql } from 'kysely';
import type { Annotation } from '../../contract/annotations';
import { inTransaction, ReadCache, type Db } from './db';
import type { FolderFilter } from './dashboards';
import { dialectOf, type SqlDialect } from './dialect';
import { RenderedAnnotations, joinJsonArray } from './renderedAnnotations';
import { spanClass, walkSql, type SqlText } from './annotationWindow';
import { avatarUrl, uniqueTags } from './util';

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
  /** Alert state history (Grafana's annotation historian): the rule's id and the states; 0 and '' otherwise. */
  alertId: number;
  newState: string;
  prevState: string;
}

export interface AnnotationQuery {
  from?: number;
  to?: number;
  tags: string[];
  matchAny: boolean;
  dashboardId?: number;
  panelId?: number;
  userId?: number;
  /** One alert rule's state history. */
  alertId?: number;
  /** Only alert state history (Grafana's `type=alert`). */
  alertsOnly?: boolean;
  limit: number;
}

export interface AnnotationFields {
  dashboardId: number | null;
  panelId: number;
  time: number;
  timeEnd: number;
  text: string;
  tags: string[];
  /** A state change of an alert rule (written by the alerting scheduler). */
  alert?: { alertId: number; newState: string; prevState: string };
}

const NOTHING = sql<boolean>`false`;

/** One annotation as the API shows it (Grafana's fields; `alertId` and the states for alert state history). */
export function annotationJson(row: AnnotationView): Annotation {
  return {
    id: row.id,
    alertId: row.alertId,
    dashboardId: row.dashboardId ?? 0,
    dashboardUID: row.dashboardUID,
    panelId: row.panelId,
    userId: row.userId,
    login: row.login ?? '',
    email: row.email ?? '',
    avatarUrl: avatarUrl(row.email ?? ''),
    newState: row.newState,
    prevState: row.prevState,
    time: row.time,
    timeEnd: row.timeEnd,
    text: row.text,
    tags: row.tags,
    created: row.created,
    updated: row.updated,
    data: {},
  };
}

/** Rows read by id per statement (well under SQLite's and PostgreSQL's bound on parameters). */
const READ_BATCH = 1_000;

/**
 * How long what the annotation store caches may be used without asking the database again. Every
 * write seen on the connection (this process's, another process's commit on the SQLite file)
 * empties the caches at once; this only bounds what could still slip by.
 */
const ANNOTATION_CACHE_TTL_MS = 60_000;

/** Bytes of annotation JSON kept: about 20,000 typical annotations. */
const RENDERED_CACHE_BYTES = 8 * 1024 * 1024;

export class AnnotationStore {
  private readonly dialect: SqlDialect;
  /** Length classes in use, by org; absent for stores bound to a transaction. */
  private readonly classes: ReadCache<number, { classes: number[] }> | undefined;
  /** Each annotation's JSON by id; absent for stores bound to a transaction. */
  private readonly rendered: RenderedAnnotations | undefined;

  /** @param writes the connection's count of data-changing statements, when reads may be cached. */
  constructor(
    private readonly db: Db,
    writes?: () => number,
  ) {
    this.dialect = dialectOf(db);
    // `writes` sees every commit to what these are read from: on SQLite other processes' through
    // the file, on PostgreSQL other instances' as they announce them (migrations 0007 and 0018).
    this.classes = writes && new ReadCache(writes, ANNOTATION_CACHE_TTL_MS, 100);
    this.rendered = writes && new RenderedAnnotations(writes, ANNOTATION_CACHE_TTL_MS, RENDERED_CACHE_BYTES);
  }

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
        'a.alert_id as alertId',
        'a.new_state as newState',
        'a.prev_state as prevState',
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
    const read = async () => {
      const rows = await this.db.selectFrom('annotation_span_class').select('span_class').where('org_id', '=', orgId).execute();
      return { classes: rows.map((row) => row.span_class) };
    };
    return (this.classes ? await this.classes.get(orgId, read) : await read())!.classes;
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
              ...(fields.alert
                ? { alert_id: fields.alert.alertId, new_state: fields.alert.newState, prev_state: fields.alert.prevState }
                : {}),
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
   * `GET /api/annotations`' answer: the JSON array of the annotations overlapping [from, to],
   * newest first (`annotationJson` of each). Without `from`, one walk down the (org, epoch) index
   * from `to`. With it, one walk per length class down the (org, class, epoch, id, epoch_end)
   * index, from `to` to `from` minus that class's longest length, each stopping at `limit`, merged
   * in the same statement: a short window over millions of rows reads only rows near it, however
   * long one region elsewhere is. The walks read only that index (it holds the end time they check
   * and the order they need). The rows shown, at most `limit`, are then taken from the cache of
   * each annotation's JSON, and only those missing there are read, by id.
   */
  async findJson(orgId: number, query: AnnotationQuery, filter: FolderFilter): Promise<Buffer> {
    const stamp = this.rendered?.begin();
    const classes = query.from === undefined ? [undefined] : await this.spanClasses(orgId);
    const ids = classes.length === 0 ? [] : await this.runWalk(walkSql(this.dialect, orgId, query, filter, classes));
    const parts = new Array<Buffer | undefined>(ids.length);
    let missing: number[] | undefined;
    for (let i = 0; i < ids.length; i++) {
      const bytes = this.rendered?.get(ids[i]!);
      if (bytes === undefined) (missing ??= []).push(ids[i]!);
      else parts[i] = bytes;
    }
    if (missing) {
      const read = new Map<number, Buffer>();
      for (let start = 0; start < missing.length; start += READ_BATCH) {
        for (const row of await this.select()
          .where('a.id', 'in', missing.slice(start, start + READ_BATCH))
          .execute()) {
          const bytes = Buffer.from(JSON.stringify(annotationJson(AnnotationStore.view(row))));
          read.set(row.id, bytes);
          this.rendered?.set(row.id, bytes, stamp!);
        }
      }
      // In the walks' order; a row deleted meanwhile is left out.
      for (let i = 0; i < ids.length; i++) parts[i] ??= read.get(ids[i]!);
    }
    return joinJsonArray(parts);
  }

  /** The ids a walk built by `walkSql` finds, in order; its `?` marks become `$1, $2, …` on PostgreSQL. */
  private async runWalk(walk: SqlText): Promise<number[]> {
    let text = walk.text;
    if (this.dialect === 'postgres') {
      let n = 0;
      text = text.replace(/\?/g, () => `$${++n}`);
    }
    const { rows } = await this.db.executeQuery<{ ids: string | null }>(CompiledQuery.raw(text, walk.values));
    const ids = rows[0]?.ids;
    return ids ? ids.split(',').map(Number) : [];
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
