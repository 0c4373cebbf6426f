/**
 * Which annotations a window shows, as SQL: each annotation is filed in a length class (`spanClass`),
 * and a window walks each class's index from its newest end (`walkSql`), so a short window over
 * millions of annotations reads only the rows it answers with.
 */
import type { FolderFilter } from './dashboards';
import type { SqlDialect } from './dialect';
import type { AnnotationQuery } from './annotations';
import { uniqueTags } from './util';

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

/** SQL text with a `?` for each value and the values, written side by side so that they cannot disagree. */
export class SqlText {
  text = '';
  readonly values: unknown[] = [];

  /** `?`, for `value`. */
  value(value: unknown): string {
    this.values.push(value);
    return '?';
  }

  /** `?, ?, …`, one for each of `values`. */
  list(values: readonly unknown[]): string {
    return values.map((value) => this.value(value)).join(', ');
  }
}

/**
 * The walk of `AnnotationStore.findJson`: the ids of the annotations shown, newest first, up to
 * `limit`, as one comma-separated text; one walk per length class given (`undefined`: all classes,
 * by the (org, epoch) index), merged by a `union all` ordered as the index is. On SQLite each walk
 * is a plain arm of the `union all`: SQLite merges the arms as they come out of the index and stops
 * at `limit`, so a walk reads only as far as the answer needs (as subqueries with their own order
 * and limit, each read up to `limit` rows and was sorted again). PostgreSQL keeps the subqueries:
 * without their limits it estimates few rows per class and reads every row of the window to sort
 * them, where with them it merges the walks (Merge Append) and stops as SQLite does. The text
 * depends only on which filters are given, how many values each has and the limit, so the
 * statement cache prepares each shape once.
 */
export function walkSql(
  dialect: SqlDialect,
  orgId: number,
  query: AnnotationQuery,
  filter: FolderFilter,
  classes: Array<number | undefined>,
): SqlText {
  const out = new SqlText();
  // Written into the text: SQLite walks an index three times slower under a bound `limit ?`.
  const limit = String(Math.max(0, Math.floor(query.limit)));
  const tags = uniqueTags(query.tags);
  const walk = (spanClassOnly: number | undefined): string => {
    const restricted = !filter.all;
    // Joined to the dashboards (the caller sees only some folders), a class's walk needs a column
    // its index lacks, and SQLite would rather walk the (org, epoch) index and read every row of the
    // class's whole stretch (3.6 ms for a 1 h window over 1,000,000 annotations, against 78 µs
    // down the class's index); a given dashboard is left to its own index.
    const byClassIndex = dialect === 'sqlite' && restricted && spanClassOnly !== undefined && query.dashboardId === undefined;
    let text = `select a.id as id, a.epoch as epoch from annotation as a${byClassIndex ? ' indexed by annotation_org_class_epoch_covering' : ''}`;
    if (restricted) text += ' left join dashboard as d on d.id = a.dashboard_id';
    text += ` where a.org_id = ${out.value(orgId)}`;
    if (spanClassOnly !== undefined) text += ` and a.span_class = ${out.value(spanClassOnly)}`;
    if (query.to !== undefined) text += ` and a.epoch <= ${out.value(query.to)}`;
    if (query.from !== undefined) {
      text += ` and a.epoch_end >= ${out.value(query.from)}`;
      if (spanClassOnly !== undefined) text += ` and a.epoch >= ${out.value(query.from - classMaxDuration(spanClassOnly))}`;
    }
    if (query.dashboardId !== undefined) text += ` and a.dashboard_id = ${out.value(query.dashboardId)}`;
    if (query.panelId !== undefined) text += ` and a.panel_id = ${out.value(query.panelId)}`;
    if (query.userId !== undefined) text += ` and a.user_id = ${out.value(query.userId)}`;
    if (query.alertId !== undefined) text += ` and a.alert_id = ${out.value(query.alertId)}`;
    if (query.alertsOnly) text += ' and a.alert_id > 0';
    const tagged = (condition: string) =>
      ` and exists (select 1 from annotation_tag as t where t.annotation_id = a.id and t.term ${condition})`;
    if (tags.length > 0 && query.matchAny) text += tagged(`in (${out.list(tags)})`);
    else for (const tag of tags) text += tagged(`= ${out.value(tag)}`);
    if (!filter.all) {
      const { rootVisible, folderIds, dashboardIds = [] } = filter;
      const visible = ['a.dashboard_id is null'];
      // Dashboards granted by their own permissions, whatever their folder's.
      if (dashboardIds.length > 0) visible.push(`a.dashboard_id in (${out.list(dashboardIds)})`);
      if (rootVisible) visible.push('(a.dashboard_id is not null and d.folder_id is null)');
      if (folderIds.length > 0) visible.push(`d.folder_id in (${out.list(folderIds)})`);
      text += ` and (${visible.join(' or ')})`;
    }
    return text;
  };
  const ordered = (text: string) => `${text} order by a.epoch desc, a.id desc limit ${limit}`;
  const arms =
    classes.length === 1
      ? undefined
      : dialect === 'sqlite'
        ? classes.map(walk)
        : classes.map((k, i) => `select id, epoch from (${ordered(walk(k))}) as w${i}`);
  const walks = arms ? `${arms.join(' union all ')} order by epoch desc, id desc limit ${limit}` : ordered(walk(classes[0]));
  // One text of ids, not a row object for each: reading a hundred rows into objects costs more than the walks.
  out.text = `select string_agg(cast(id as text), ',' order by epoch desc, id desc) as ids from (${walks}) as walks`;
  return out;
}
