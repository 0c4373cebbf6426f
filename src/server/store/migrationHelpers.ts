/**
 * What the migrations build tables with: shared column definitions, tag and permission tables,
 * PostgreSQL's change announcements. They build what the migrations always built: a migration that
 * has run must mean the same on a database migrated later.
 */
import { Kysely, sql, type ColumnBuilderCallback, type CreateTableBuilder, type ColumnDataType } from 'kysely';
import { dialectOf } from './dialect';

/** Tables behind the identity and org caches (with api_key, below); their changes are broadcast on PostgreSQL. */
export const CACHED_TABLES = ['org', 'user', 'org_user'];

/**
 * PostgreSQL: every write to `table` is announced on CHANGES_CHANNEL when its transaction commits
 * (the function of migration 0007), so other instances empty their caches of it. With `columns`,
 * an update is announced only when it sets one of them.
 */
export async function announceChanges(db: Kysely<unknown>, table: string, columns?: string[]): Promise<void> {
  const updates = columns ? sql`update of ${sql.join(columns.map((column) => sql.id(column)))}` : sql`update`;
  await sql`create trigger ${sql.id(`${table}_notify_change`)} after insert or ${updates} or delete or truncate on ${sql.table(table)}
          for each statement execute function sightline_notify_change()`.execute(db);
}

/**
 * Tags of a dashboard or an annotation, one row each, for finding by tag (the item's own row
 * keeps them as JSON, for answers).
 */
export async function createTagTable(db: Kysely<unknown>, item: 'dashboard' | 'annotation'): Promise<void> {
  await db.schema
    .createTable(`${item}_tag`)
    .addColumn(`${item}_id`, 'integer', belongsTo(`${item}.id`))
    .addColumn('org_id', 'integer', notNull)
    .addColumn('term', 'text', notNull)
    .addPrimaryKeyConstraint(`${item}_tag_pk`, [`${item}_id`, 'term'])
    .execute();
  await db.schema
    .createIndex(`${item}_tag_term`)
    .on(`${item}_tag`)
    .columns(['org_id', 'term', `${item}_id`])
    .execute();
}

/** Exactly one of a permission's subjects (role, user, team) is set. */
function oneSubject(db: Kysely<unknown>) {
  return dialectOf(db) === 'postgres'
    ? sql`num_nonnulls(role, user_id, team_id) = 1`
    : sql`(role is not null) + (user_id is not null) + (team_id is not null) = 1`;
}

export const notNull: ColumnBuilderCallback = (c) => c.notNull();

/** Not null; rows that existed before the column (or are written without it) get `value`. */
export const notNullDefault =
  (value: string | number): ColumnBuilderCallback =>
  (c) =>
    c.notNull().defaultTo(value);

/** The row's id, numbered by the database. */
export const autoIncrementKey: ColumnBuilderCallback = (c) => c.primaryKey().autoIncrement();

/** The row belongs to `target` (`org.id`, `user.id`, ...) and is deleted with it. */
export const belongsTo =
  (target: string): ColumnBuilderCallback =>
  (c) =>
    c.notNull().references(target).onDelete('cascade');

/** Like `belongsTo`, where the row may belong to none. */
export const mayBelongTo =
  (target: string): ColumnBuilderCallback =>
  (c) =>
    c.references(target).onDelete('cascade');

/** `created` and `updated`, epoch milliseconds. */
export function createdAndUpdated<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('created', 'integer', notNull).addColumn('updated', 'integer', notNull);
}

/** New columns of an existing table, one `alter table` each (SQLite adds one column a statement). */
export async function addColumns(
  db: Kysely<unknown>,
  table: string,
  columns: Array<[name: string, type: ColumnDataType, build: ColumnBuilderCallback]>,
): Promise<void> {
  for (const [name, type, build] of columns) await db.schema.alterTable(table).addColumn(name, type, build).execute();
}

/**
 * Grants on a folder or a dashboard (`grantsOn`, a dashboard row's id) to a role, a person or a
 * team (migration 0005; 0002's first folder table had no teams).
 */
export async function createPermissionTable(db: Kysely<unknown>, table: string, grantsOn: string, oneSubjectCheck: string): Promise<void> {
  await db.schema
    .createTable(table)
    .addColumn('id', 'integer', autoIncrementKey)
    .addColumn(grantsOn, 'integer', belongsTo('dashboard.id'))
    .addColumn('role', 'text', (c) => c.check(sql`role in ('Viewer', 'Editor')`))
    .addColumn('user_id', 'integer', mayBelongTo('user.id'))
    .addColumn('team_id', 'integer', mayBelongTo('team.id'))
    .addColumn('permission', 'integer', (c) => c.notNull().check(sql`permission in (1, 2, 4)`))
    .$call(createdAndUpdated)
    .addCheckConstraint(oneSubjectCheck, oneSubject(db))
    .execute();
}
