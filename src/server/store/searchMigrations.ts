/**
 * The search's migrations (issues 19 and 32): title and folder list indexes, the annotation range
 * index, and the change log that keeps the in-memory search catalogue current (SQLite triggers in
 * 0010, PostgreSQL's in 0017). Part of `migrations.ts`'s one ordered list; the names keep it in order.
 */
import { Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { dialectOf } from './dialect';

/** SQLite's FTS5 trigram index of dashboard titles (migration 0008, dropped by 0010); a virtual table, not data. */
const TITLE_INDEX = 'dashboard_title_fts';

export const searchMigrations: Record<string, Migration> = {
  '0008_search_index': {
    async up(db: Kysely<unknown>) {
      // The folder view lists a folder's dashboards by title: (org, folder, title) answers it in order.
      await db.schema.createIndex('dashboard_org_folder_title').on('dashboard').columns(['org_id', 'folder_id', 'title_lower']).execute();
      if (dialectOf(db) === 'postgres') return; // title search there: the trigram index of 0007.
      // Title search finds the dashboards whose titles hold a word through this trigram index
      // instead of checking every title (store/dashboards.ts). Its text is `title_lower` as the
      // server lowered it, indexed as it is (case_sensitive 1: no folding of its own), so a word
      // of three or more characters in a title is always found; `instr` then checks every word.
      // It reads its text from the dashboard table (external content) and keeps only the index.
      await sql`create virtual table ${sql.table(TITLE_INDEX)} using fts5(title_lower, content='dashboard', content_rowid='id',
        tokenize='trigram case_sensitive 1', columnsize=0)`.execute(db);
      // Kept in step by triggers, in the writing transaction, whatever writes the row: saves,
      // imports, provisioning, restores of versions, and deletes (cascades fire them too).
      await sql`create trigger dashboard_title_index_insert after insert on dashboard begin
        insert into ${sql.table(TITLE_INDEX)} (rowid, title_lower) values (new.id, new.title_lower);
      end`.execute(db);
      await sql`create trigger dashboard_title_index_delete after delete on dashboard begin
        insert into ${sql.table(TITLE_INDEX)} (${sql.table(TITLE_INDEX)}, rowid, title_lower) values ('delete', old.id, old.title_lower);
      end`.execute(db);
      await sql`create trigger dashboard_title_index_update after update of title_lower on dashboard
        when old.title_lower is not new.title_lower begin
        insert into ${sql.table(TITLE_INDEX)} (${sql.table(TITLE_INDEX)}, rowid, title_lower) values ('delete', old.id, old.title_lower);
        insert into ${sql.table(TITLE_INDEX)} (rowid, title_lower) values (new.id, new.title_lower);
      end`.execute(db);
      // Existing dashboards.
      await sql`insert into ${sql.table(TITLE_INDEX)} (${sql.table(TITLE_INDEX)}) values ('rebuild')`.execute(db);
    },
  },
  '0009_annotation_range_index': {
    async up(db: Kysely<unknown>) {
      // A range query walks each length class by (org, class, epoch) and checks the end time of
      // every row it passes; with the id (the order's tie-break) and the end time in the index,
      // the walk reads the index alone and the table only for the rows it returns.
      await db.schema
        .createIndex('annotation_org_class_epoch_covering')
        .on('annotation')
        .columns(['org_id', 'span_class', 'epoch', 'id', 'epoch_end'])
        .execute();
      // Its first three columns: the index it replaces.
      await db.schema.dropIndex('annotation_org_class_epoch').execute();
    },
  },
  '0010_dashboard_changes': {
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) === 'postgres') return; // PostgreSQL's log is 0017's.
      // Title search runs in memory now, with this log: 0008's trigram index is no longer read.
      for (const trigger of ['dashboard_title_index_insert', 'dashboard_title_index_delete', 'dashboard_title_index_update']) {
        await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
      }
      await sql`drop table if exists ${sql.table(TITLE_INDEX)}`.execute(db);
      // A log of which dashboards changed, read by the in-memory search (store/searchCatalogue.ts)
      // to bring itself up to date before each answer. Triggers write it in the writing
      // transaction, whatever writes the row (this process or another, cascades included). `seq`
      // is the rowid: numbered without gaps, as only the oldest rows are ever deleted.
      await sql`create table dashboard_change (seq integer primary key, org_id integer not null, dashboard_id integer not null)`.execute(
        db,
      );
      await sql`create trigger dashboard_change_insert after insert on dashboard begin
        insert into dashboard_change (org_id, dashboard_id) values (new.org_id, new.id);
      end`.execute(db);
      // Only what a search checks or shows: not the model (`data`), versions or timestamps.
      await sql`create trigger dashboard_change_update after update of org_id, uid, is_folder, folder_id, title, title_lower, slug, tags
        on dashboard begin
        insert into dashboard_change (org_id, dashboard_id) values (new.org_id, new.id);
      end`.execute(db);
      await sql`create trigger dashboard_change_delete after delete on dashboard begin
        insert into dashboard_change (org_id, dashboard_id) values (old.org_id, old.id);
      end`.execute(db);
      // The newest 10,000 are kept: a reader further behind reads its orgs again whole.
      await sql`create trigger dashboard_change_prune after insert on dashboard_change when new.seq % 1000 = 0 begin
        delete from dashboard_change where seq <= new.seq - 10000;
      end`.execute(db);
    },
  },
  '0011_folder_list_index': {
    async up(db: Kysely<unknown>) {
      // The org's folders in title order (the folder list, and the access check of every request by
      // someone not an Admin) were found by walking (org, title) through every dashboard: 3 s at
      // 1,000,000 dashboards. With the kind in the index they are its first rows.
      await db.schema
        .createIndex('dashboard_org_kind_title')
        .on('dashboard')
        .columns(['org_id', 'is_folder', 'title_lower', 'id'])
        .execute();
    },
  },
  '0017_dashboard_changes_postgres': {
    // PostgreSQL's log of changed dashboards, so the search answers from memory there too
    // (store/dashboardChanges.ts reads it; SQLite's is 0010's). Needs PostgreSQL 13 (xid8).
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'postgres') return;
      await sql`create table dashboard_change (
        seq bigserial primary key,
        xid xid8 not null default pg_current_xact_id(),
        org_id bigint not null,
        dashboard_id bigint not null
      )`.execute(db);
      await sql`create index dashboard_change_xid on dashboard_change (xid)`.execute(db);
      // The highest transaction whose entries are gone: a reader behind it reads the rows whole.
      await sql`create table dashboard_change_pruned (xid xid8 not null)`.execute(db);
      await sql`insert into dashboard_change_pruned (xid) values ('0')`.execute(db);
      await sql`create function sightline_dashboard_changed() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            insert into dashboard_change (org_id, dashboard_id) values (old.org_id, old.id);
          else
            insert into dashboard_change (org_id, dashboard_id) values (new.org_id, new.id);
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger dashboard_change_write after insert or delete on dashboard
        for each row execute function sightline_dashboard_changed()`.execute(db);
      // Only what a search checks or shows: not the model (`data`), versions or timestamps.
      await sql`create trigger dashboard_change_update after update of org_id, uid, is_folder, folder_id, title, title_lower, slug, tags
        on dashboard for each row execute function sightline_dashboard_changed()`.execute(db);
      await sql`create function sightline_dashboard_truncated() returns trigger language plpgsql as $$
        begin
          update dashboard_change_pruned set xid = greatest(xid, pg_current_xact_id());
          return null;
        end $$`.execute(db);
      await sql`create trigger dashboard_change_truncate after truncate on dashboard
        for each statement execute function sightline_dashboard_truncated()`.execute(db);
      // The newest 10,000 are kept, as on SQLite.
      await sql`create function sightline_dashboard_change_prune() returns trigger language plpgsql as $$
        declare
          gone xid8;
        begin
          with deleted as (delete from dashboard_change where seq <= new.seq - 10000 returning xid)
            select xid into gone from deleted order by xid desc limit 1;
          if gone is not null then
            update dashboard_change_pruned set xid = greatest(xid, gone);
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger dashboard_change_prune after insert on dashboard_change
        for each row when (new.seq % 1000 = 0) execute function sightline_dashboard_change_prune()`.execute(db);
    },
  },
};
