import { Kysely, sql, type ColumnBuilderCallback, type CreateTableBuilder, type ColumnDataType } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { dialectOf } from './dialect';
import { newUid } from './util';

/** Channel the PostgreSQL change triggers notify on (migration 0007); the payload is the table's name. */
export const CHANGES_CHANNEL = 'sightline_changes';

/**
 * Versioned migrations, applied in name order at every start. Never change what one that has
 * shipped does: add the next number instead. (0001–0005 gained PostgreSQL branches when that store
 * arrived; their SQLite statements do what they did, and a SQLite file migrated before is as one
 * migrated after.)
 */
const migrations: Record<string, Migration> = {
  '0001_orgs_users_service_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('org')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('address1', 'text', notNullDefault(''))
        .addColumn('address2', 'text', notNullDefault(''))
        .addColumn('city', 'text', notNullDefault(''))
        .addColumn('zip_code', 'text', notNullDefault(''))
        .addColumn('state', 'text', notNullDefault(''))
        .addColumn('country', 'text', notNullDefault(''))
        .$call(createdAndUpdated)
        .execute();

      await db.schema
        .createTable('user')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('login', 'text', (c) =>
          c
            .notNull()
            .modifyEnd(sql`collate nocase`)
            .unique(),
        )
        .addColumn('email', 'text', (c) =>
          c
            .notNull()
            .modifyEnd(sql`collate nocase`)
            .unique(),
        )
        .addColumn('name', 'text', notNullDefault(''))
        .addColumn('password_hash', 'text')
        .addColumn('is_service_account', 'integer', notNullDefault(0))
        .addColumn('is_disabled', 'integer', notNullDefault(0))
        .$call(createdAndUpdated)
        .addColumn('last_seen_at', 'integer', notNull)
        .execute();
      // Service account names are unique per org, whatever their case.
      await (
        dialectOf(db) === 'postgres'
          ? sql`create unique index user_service_account_name on "user" (org_id, lower(name)) where is_service_account = 1`
          : sql`create unique index user_service_account_name on user (org_id, name collate nocase)
        where is_service_account = 1`
      ).execute(db);

      await db.schema
        .createTable('org_user')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('user_id', 'integer', belongsTo('user.id'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('None', 'Viewer', 'Editor', 'Admin')`))
        .$call(createdAndUpdated)
        .addPrimaryKeyConstraint('org_user_pk', ['org_id', 'user_id'])
        .execute();
      await db.schema.createIndex('org_user_user_id').on('org_user').column('user_id').execute();

      await db.schema
        .createTable('api_key')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('service_account_id', 'integer', belongsTo('user.id'))
        .addColumn('name', 'text', notNull)
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .$call(createdAndUpdated)
        .addColumn('last_used_at', 'integer')
        .addColumn('expires', 'integer')
        .addColumn('is_revoked', 'integer', notNullDefault(0))
        .execute();
      // A revoked token keeps its row (so it is refused as "revoked", not "unknown") but frees its name.
      await sql`create unique index api_key_account_name on api_key (service_account_id, name)
        where is_revoked = 0`.execute(db);
    },
  },
  '0002_dashboards_folders_annotations': {
    async up(db: Kysely<unknown>) {
      // Folders and dashboards share one table, as in Grafana: their ids are one sequence, which
      // search results and `folderIds` rely on.
      await db.schema
        .createTable('dashboard')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('is_folder', 'integer', notNullDefault(0))
        .addColumn('folder_id', 'integer', mayBelongTo('dashboard.id'))
        .addColumn('title', 'text', notNull)
        .addColumn('title_lower', 'text', notNull)
        .addColumn('slug', 'text', notNull)
        .addColumn('tags', 'text', notNullDefault('[]'))
        .addColumn('data', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .$call(createdAndUpdated)
        .addColumn('created_by', 'integer')
        .addColumn('updated_by', 'integer')
        .addUniqueConstraint('dashboard_org_uid', ['org_id', 'uid'])
        .execute();
      await db.schema.createIndex('dashboard_org_title').on('dashboard').columns(['org_id', 'title_lower']).execute();
      await db.schema.createIndex('dashboard_folder').on('dashboard').column('folder_id').execute();

      await createTagTable(db, 'dashboard');

      await db.schema
        .createTable('dashboard_version')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('dashboard_id', 'integer', belongsTo('dashboard.id'))
        .addColumn('version', 'integer', notNull)
        .addColumn('parent_version', 'integer', notNull)
        .addColumn('restored_from', 'integer', notNullDefault(0))
        .addColumn('created', 'integer', notNull)
        .addColumn('created_by', 'integer')
        .addColumn('message', 'text', notNullDefault(''))
        .addColumn('data', 'text', notNull)
        .addUniqueConstraint('dashboard_version_unique', ['dashboard_id', 'version'])
        .execute();

      await db.schema
        .createTable('folder_permission')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('folder_id', 'integer', belongsTo('dashboard.id'))
        .addColumn('role', 'text', (c) => c.check(sql`role in ('Viewer', 'Editor')`))
        .addColumn('user_id', 'integer', mayBelongTo('user.id'))
        .addColumn('permission', 'integer', (c) => c.notNull().check(sql`permission in (1, 2, 4)`))
        .$call(createdAndUpdated)
        .addCheckConstraint('folder_permission_subject', sql`(role is null) <> (user_id is null)`)
        .execute();
      await db.schema.createIndex('folder_permission_folder').on('folder_permission').column('folder_id').execute();

      await db.schema
        .createTable('annotation')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('dashboard_id', 'integer', mayBelongTo('dashboard.id'))
        .addColumn('panel_id', 'integer', notNullDefault(0))
        .addColumn('user_id', 'integer', notNull)
        .addColumn('epoch', 'integer', notNull)
        .addColumn('epoch_end', 'integer', notNull)
        .addColumn('text', 'text', notNull)
        .addColumn('tags', 'text', notNullDefault('[]'))
        .$call(createdAndUpdated)
        .execute();
      // Range queries walk this index from `to` downwards; see store/annotations.ts.
      await db.schema.createIndex('annotation_org_epoch').on('annotation').columns(['org_id', 'epoch']).execute();
      await db.schema.createIndex('annotation_dashboard').on('annotation').columns(['dashboard_id', 'epoch']).execute();

      await createTagTable(db, 'annotation');

      // The longest region per org: lets a range query bound its index walk from below.
      await db.schema
        .createTable('annotation_span')
        .addColumn('org_id', 'integer', (c) => c.primaryKey().references('org.id').onDelete('cascade'))
        .addColumn('max_duration', 'integer', notNull)
        .execute();
    },
  },
  '0003_datasources': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_source')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('name', 'text', (c) => c.notNull().modifyEnd(sql`collate nocase`))
        .addColumn('type', 'text', notNull)
        .addColumn('access', 'text', notNull)
        .addColumn('url', 'text', notNullDefault(''))
        .addColumn('user', 'text', notNullDefault(''))
        .addColumn('database', 'text', notNullDefault(''))
        .addColumn('basic_auth', 'integer', notNullDefault(0))
        .addColumn('basic_auth_user', 'text', notNullDefault(''))
        .addColumn('with_credentials', 'integer', notNullDefault(0))
        .addColumn('is_default', 'integer', notNullDefault(0))
        .addColumn('json_data', 'text', notNullDefault('{}'))
        // JSON object: field name → AES-256-GCM sealed value (see src/server/secrets.ts).
        .addColumn('secure_json_data', 'text', notNullDefault('{}'))
        .addColumn('version', 'integer', notNullDefault(1))
        .$call(createdAndUpdated)
        .addUniqueConstraint('data_source_org_uid', ['org_id', 'uid'])
        .addUniqueConstraint('data_source_org_name', ['org_id', 'name'])
        .execute();
      // At most one default per org.
      await sql`create unique index data_source_one_default on data_source (org_id) where is_default = 1`.execute(db);
    },
  },
  '0004_hardening': {
    async up(db: Kysely<unknown>) {
      // Regions are indexed by their length class (0: a point; k: length up to 4^k ms), so a range
      // query bounds each class's index walk by that class's longest length instead of by the
      // org's longest region ever (one region from 0 to 2^53 disabled the lower bound for good).
      await addColumns(db, 'annotation', [['span_class', 'integer', notNullDefault(0)]]);
      const cases = Array.from({ length: 27 }, (_, i) => `when d <= ${4 ** (i + 1)} then ${i + 1}`).join(' ');
      await sql
        .raw(
          `update annotation set span_class = (select case when d <= 0 then 0 ${cases} else 28 end from (select epoch_end - epoch as d) as spans)`,
        )
        .execute(db);
      await db.schema.createIndex('annotation_org_class_epoch').on('annotation').columns(['org_id', 'span_class', 'epoch']).execute();
      // Which classes an org has, so a query visits only those (never shrinks; an empty class costs one index probe).
      await db.schema
        .createTable('annotation_span_class')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('span_class', 'integer', notNull)
        .addPrimaryKeyConstraint('annotation_span_class_pk', ['org_id', 'span_class'])
        .execute();
      // `where true`: SQLite cannot otherwise tell the upsert clause from a join condition.
      await sql`insert into annotation_span_class (org_id, span_class) select distinct org_id, span_class from annotation where true
        on conflict do nothing`.execute(db);
      // The single longest-ever span it replaces.
      await db.schema.dropTable('annotation_span').execute();
    },
  },
  '0005_teams_stars_permissions': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('team')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('name', 'text', (c) => c.notNull().modifyEnd(sql`collate nocase`))
        .addColumn('email', 'text', notNullDefault(''))
        .$call(createdAndUpdated)
        .addUniqueConstraint('team_org_uid', ['org_id', 'uid'])
        // Grafana: "Team name taken", whatever the case.
        .addUniqueConstraint('team_org_name', ['org_id', 'name'])
        .execute();

      await db.schema
        .createTable('team_member')
        .addColumn('team_id', 'integer', belongsTo('team.id'))
        .addColumn('user_id', 'integer', belongsTo('user.id'))
        .addColumn('created', 'integer', notNull)
        .addPrimaryKeyConstraint('team_member_pk', ['team_id', 'user_id'])
        .execute();
      await db.schema.createIndex('team_member_user').on('team_member').column('user_id').execute();

      await db.schema
        .createTable('star')
        .addColumn('user_id', 'integer', belongsTo('user.id'))
        .addColumn('dashboard_id', 'integer', belongsTo('dashboard.id'))
        .addColumn('created', 'integer', notNull)
        .addPrimaryKeyConstraint('star_pk', ['user_id', 'dashboard_id'])
        .execute();

      // A folder permission may now name a team. SQLite cannot change a table's check constraint,
      // so the table is rebuilt with its rows (ids kept).
      await createPermissionTable(db, 'folder_permission_v5', 'folder_id', 'folder_permission_one_subject');
      await sql`insert into folder_permission_v5 (id, folder_id, role, user_id, team_id, permission, created, updated)
        select id, folder_id, role, user_id, null, permission, created, updated from folder_permission`.execute(db);
      await db.schema.dropTable('folder_permission').execute();
      await sql`alter table folder_permission_v5 rename to folder_permission`.execute(db);
      await db.schema.createIndex('folder_permission_folder').on('folder_permission').column('folder_id').execute();

      // Grants on one dashboard, on top of its folder's (Grafana's dashboard ACL).
      await createPermissionTable(db, 'dashboard_permission', 'dashboard_id', 'dashboard_permission_one_subject');
      await db.schema.createIndex('dashboard_permission_dashboard').on('dashboard_permission').column('dashboard_id').execute();
    },
  },
  '0006_provisioning': {
    async up(db: Kysely<unknown>) {
      // Data sources from provisioning files: `read_only` (the file's `editable: false`), and
      // `prunable` (from a file with `prune: true`: deleted once no file names it).
      await addColumns(db, 'data_source', [
        ['provisioned', 'integer', notNullDefault(0)],
        ['read_only', 'integer', notNullDefault(0)],
        ['prunable', 'integer', notNullDefault(0)],
      ]);
      // Which dashboards a provider's files hold (Grafana's dashboard_provisioning).
      await db.schema
        .createTable('dashboard_provisioning')
        .addColumn('dashboard_id', 'integer', (c) => c.primaryKey().references('dashboard.id').onDelete('cascade'))
        .addColumn('org_id', 'integer', notNull)
        .addColumn('provider', 'text', notNull)
        .addColumn('external_id', 'text', notNull)
        .addColumn('check_sum', 'text', notNull)
        .addColumn('allow_ui_updates', 'integer', notNullDefault(0))
        .addColumn('updated', 'integer', notNull)
        .addUniqueConstraint('dashboard_provisioning_file', ['org_id', 'provider', 'external_id'])
        .execute();
    },
  },
  '0007_postgres': {
    // PostgreSQL only; SQLite needs neither.
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'postgres') return;
      // Title search looks for words anywhere in titles (`like '%word%'`): a trigram index answers that.
      await sql`create index dashboard_title_trgm on dashboard using gin (title_lower gin_trgm_ops)`.execute(db);
      // Other instances cache identities and orgs (store/tokens.ts, store/orgs.ts): a change to
      // what they are read from is announced to every instance when its transaction commits.
      await sql`create function sightline_notify_change() returns trigger language plpgsql as $$
        begin
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, tg_table_name);
          return null;
        end $$`.execute(db);
      for (const table of CACHED_TABLES) await announceChanges(db, table);
      // A token's "last used" time changes as it is used; that alone tells other instances nothing.
      await announceChanges(db, 'api_key', ['org_id', 'service_account_id', 'key_hash', 'expires', 'is_revoked']);
    },
  },
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
  '0012_sign_in': {
    async up(db: Kysely<unknown>) {
      // A person's signed-in browser: only the SHA-256 of the cookie's value is kept, as for tokens.
      await db.schema
        .createTable('user_session')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('user_id', 'integer', belongsTo('user.id'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'integer', notNull)
        .addColumn('seen_at', 'integer', notNull)
        .addColumn('client_address', 'text', notNull)
        .addColumn('user_agent', 'text', notNull)
        .execute();
      await db.schema.createIndex('user_session_user').on('user_session').column('user_id').execute();
      // Failed sign-ins, counted per login and per client address over the throttling window; shared
      // by every instance on one database, so spreading attempts over instances gains nothing.
      await db.schema
        .createTable('login_attempt')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('login', 'text', notNull)
        .addColumn('client_address', 'text', notNull)
        .addColumn('created', 'integer', notNull)
        .execute();
      await db.schema.createIndex('login_attempt_login').on('login_attempt').columns(['login', 'created']).execute();
      await db.schema.createIndex('login_attempt_address').on('login_attempt').columns(['client_address', 'created']).execute();
      await db.schema.createIndex('login_attempt_created').on('login_attempt').column('created').execute();
      if (dialectOf(db) === 'postgres') {
        // Sessions are cached like tokens: a sign-out on one instance is announced to the others.
        // Their "seen" time alone tells other instances nothing.
        await announceChanges(db, 'user_session', ['user_id', 'token_hash', 'created']);
      }
    },
  },
  '0013_alert_rules': {
    async up(db: Kysely<unknown>) {
      // Grafana-managed alert rules (provisioning shape); `data`, `labels`, `annotations` and
      // `notification_settings` are JSON text. Titles are unique within a folder, as in Grafana.
      await db.schema
        .createTable('alert_rule')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('folder_uid', 'text', notNull)
        .addColumn('rule_group', 'text', notNull)
        .addColumn('rule_group_idx', 'integer', notNull)
        .addColumn('title', 'text', notNull)
        .addColumn('condition', 'text', notNull)
        .addColumn('data', 'text', notNull)
        .addColumn('no_data_state', 'text', notNull)
        .addColumn('exec_err_state', 'text', notNull)
        .addColumn('for_ms', 'integer', notNull)
        .addColumn('keep_firing_for_ms', 'integer', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('is_paused', 'integer', notNull)
        .addColumn('notification_settings', 'text')
        .addColumn('missing_series_evals_to_resolve', 'integer')
        .addColumn('provenance', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .addColumn('updated', 'integer', notNull)
        .execute();
      await db.schema.createIndex('alert_rule_org_uid').unique().on('alert_rule').columns(['org_id', 'uid']).execute();
      await db.schema
        .createIndex('alert_rule_org_folder_title')
        .unique()
        .on('alert_rule')
        .columns(['org_id', 'folder_uid', 'title'])
        .execute();
      await db.schema
        .createIndex('alert_rule_org_group')
        .on('alert_rule')
        .columns(['org_id', 'folder_uid', 'rule_group', 'rule_group_idx'])
        .execute();
      // A group's evaluation interval; the group exists while it has rules.
      await db.schema
        .createTable('alert_rule_group')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('folder_uid', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('interval_seconds', 'integer', notNull)
        .addPrimaryKeyConstraint('alert_rule_group_pk', ['org_id', 'folder_uid', 'name'])
        .execute();
      // One row per alert instance (rule + label set), so a restart or another instance carries on
      // where the last evaluation left off.
      await db.schema
        .createTable('alert_instance')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('rule_uid', 'text', notNull)
        .addColumn('fingerprint', 'text', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('reason', 'text', notNull)
        .addColumn('since', 'integer', notNull)
        .addColumn('started_at', 'integer', notNull)
        .addColumn('last_eval', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('eval_values', 'text', notNull)
        .addColumn('last_sent', 'integer')
        .addColumn('resolved_at', 'integer')
        .addColumn('missing_evals', 'integer', notNull)
        .addColumn('last_error', 'text', notNull)
        .addPrimaryKeyConstraint('alert_instance_pk', ['org_id', 'rule_uid', 'fingerprint'])
        .execute();
      // The rule's last evaluation (health, error, duration), for the rule states API.
      await db.schema
        .createTable('alert_rule_evaluation')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('rule_uid', 'text', notNull)
        .addColumn('evaluated_at', 'integer', notNull)
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('health', 'text', notNull)
        .addColumn('last_error', 'text', notNull)
        .addPrimaryKeyConstraint('alert_rule_evaluation_pk', ['org_id', 'rule_uid'])
        .execute();
      // Live scheduler instances (one row each, refreshed every tick): rule groups are shared among them.
      await db.schema
        .createTable('alert_scheduler_instance')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('heartbeat', 'integer', notNull)
        .addColumn('started', 'integer', notNull)
        .execute();
      // Grafana's annotation historian: state changes are annotations naming the rule and states.
      await addColumns(db, 'annotation', [
        ['alert_id', 'integer', notNullDefault(0)],
        ['new_state', 'text', notNullDefault('')],
        ['prev_state', 'text', notNullDefault('')],
      ]);
    },
  },
  '0014_alert_notifications': {
    async up(db: Kysely<unknown>) {
      // Alerting's notifications half (issue 30). Contact point integrations: one row each; those
      // sharing a name make one contact point. Secret settings are sealed like data source secrets.
      await db.schema
        .createTable('alert_contact_point')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('uid', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('settings', 'text', notNull)
        .addColumn('secure_settings', 'text', notNull)
        .addColumn('disable_resolve_message', 'integer', notNullDefault(0))
        .addColumn('provenance', 'text', notNullDefault(''))
        .$call(createdAndUpdated)
        .addUniqueConstraint('alert_contact_point_org_uid', ['org_id', 'uid'])
        .execute();
      await db.schema.createIndex('alert_contact_point_org_name').on('alert_contact_point').columns(['org_id', 'name']).execute();
      // The notification policy tree: one JSON document per org; no row means the default tree.
      await db.schema
        .createTable('alert_policy_tree')
        .addColumn('org_id', 'integer', (c) => c.primaryKey().references('org.id').onDelete('cascade'))
        .addColumn('tree', 'text', notNull)
        .addColumn('provenance', 'text', notNullDefault(''))
        .addColumn('updated', 'integer', notNull)
        .execute();
      for (const table of ['alert_mute_timing', 'alert_template']) {
        await db.schema
          .createTable(table)
          .addColumn('id', 'integer', autoIncrementKey)
          .addColumn('org_id', 'integer', belongsTo('org.id'))
          .addColumn('name', 'text', notNull)
          .addColumn('content', 'text', notNull)
          .addColumn('provenance', 'text', notNullDefault(''))
          .addColumn('updated', 'integer', notNull)
          .addUniqueConstraint(`${table}_org_name`, ['org_id', 'name'])
          .execute();
      }
      // Silences are shared by every instance through this table; expiring one sets ends_at to now.
      await db.schema
        .createTable('alert_silence')
        .addColumn('silence_id', 'text', (c) => c.primaryKey())
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('matchers', 'text', notNull)
        .addColumn('starts_at', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('created_by', 'text', notNull)
        .addColumn('comment', 'text', notNull)
        .addColumn('updated', 'integer', notNull)
        .execute();
      await db.schema.createIndex('alert_silence_org_ends').on('alert_silence').columns(['org_id', 'ends_at']).execute();
      // Alerts received from the rules half, one row per label set; read by the dispatcher of every
      // instance and by the Alertmanager v2 alerts API.
      await db.schema
        .createTable('alert_received')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('fingerprint', 'text', notNull)
        .addColumn('labels', 'text', notNull)
        .addColumn('annotations', 'text', notNull)
        .addColumn('starts_at', 'integer', notNull)
        .addColumn('ends_at', 'integer', notNull)
        .addColumn('updated', 'integer', notNull)
        // When this firing spell was first received: a new group's group_wait counts from it.
        .addColumn('received', 'integer', notNull)
        .addColumn('generator_url', 'text', notNull)
        .addColumn('extra', 'text', notNull)
        .addPrimaryKeyConstraint('alert_received_pk', ['org_id', 'fingerprint'])
        .execute();
      // Resolved alerts are forgotten by their end.
      await db.schema.createIndex('alert_received_ends').on('alert_received').column('ends_at').execute();
      // Notification log: per aggregation group (route + group labels), what was last notified and
      // when the group is next due. Instances claim a flush by bumping `version` conditionally, so a
      // group is notified once per interval however many instances run.
      await db.schema
        .createTable('alert_notification_log')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('group_key', 'text', notNull)
        .addColumn('receiver', 'text', notNull)
        .addColumn('version', 'integer', notNull)
        .addColumn('first_seen', 'integer', notNull)
        .addColumn('next_flush', 'integer', notNull)
        .addColumn('last_sent', 'integer')
        .addColumn('firing', 'text', notNull)
        .addColumn('resolved', 'text', notNull)
        .addPrimaryKeyConstraint('alert_notification_log_pk', ['org_id', 'group_key'])
        .execute();
    },
  },
  '0015_alert_delivery_status': {
    async up(db: Kysely<unknown>) {
      // Each contact point integration's last delivery attempt (Grafana's receiver status), shared
      // by every instance so the UI shows "last delivery failed" whichever instance sent it.
      await db.schema
        .createTable('alert_delivery_status')
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('integration_uid', 'text', notNull)
        .addColumn('attempted_at', 'integer', notNull)
        .addColumn('duration_ms', 'integer', notNull)
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('alert_delivery_status_pk', ['org_id', 'integration_uid'])
        .execute();
    },
  },
  '0016_alert_default_contact_point': {
    async up(db: Kysely<unknown>) {
      // Grafana's default Alertmanager configuration: orgs without any contact point get the email
      // contact point the default policy routes to (new orgs get it when they are created).
      const now = Date.now();
      const orgs = await sql<{ id: number }>`select id from org where id not in (select org_id from alert_contact_point)`.execute(db);
      for (const org of orgs.rows) {
        await sql`insert into alert_contact_point (org_id, uid, name, type, settings, secure_settings, disable_resolve_message, provenance, created, updated)
          values (${Number(org.id)}, ${newUid()}, 'grafana-default-email', 'email', ${JSON.stringify({ addresses: '<example@email.com>' })}, '{}', 0, '', ${now}, ${now})`.execute(
          db,
        );
      }
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
  '0018_announce_cached_tables': {
    // PostgreSQL: the annotation store caches each annotation's JSON (with its dashboard's uid) and
    // the length classes in use, and the data source store what `find` read, as on SQLite; other
    // instances' writes to what they are read from are announced like the identity tables' (0007),
    // so those caches are emptied within moments.
    async up(db: Kysely<unknown>) {
      if (dialectOf(db) !== 'postgres') return;
      for (const table of ['annotation', 'annotation_span_class', 'dashboard', 'data_source']) await announceChanges(db, table);
    },
  },
};

/** SQLite's FTS5 trigram index of dashboard titles (migration 0008, dropped by 0010); a virtual table, not data. */
const TITLE_INDEX = 'dashboard_title_fts';

/** Tables behind the identity and org caches (with api_key, below); their changes are broadcast on PostgreSQL. */
const CACHED_TABLES = ['org', 'user', 'org_user'];

/**
 * PostgreSQL: every write to `table` is announced on CHANGES_CHANNEL when its transaction commits
 * (the function of migration 0007), so other instances empty their caches of it. With `columns`,
 * an update is announced only when it sets one of them.
 */
async function announceChanges(db: Kysely<unknown>, table: string, columns?: string[]): Promise<void> {
  const updates = columns ? sql`update of ${sql.join(columns.map((column) => sql.id(column)))}` : sql`update`;
  await sql`create trigger ${sql.id(`${table}_notify_change`)} after insert or ${updates} or delete or truncate on ${sql.table(table)}
          for each statement execute function sightline_notify_change()`.execute(db);
}

/**
 * Tags of a dashboard or an annotation, one row each, for finding by tag (the item's own row
 * keeps them as JSON, for answers).
 */
async function createTagTable(db: Kysely<unknown>, item: 'dashboard' | 'annotation'): Promise<void> {
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

// Column definitions the tables share. They build what the migrations always built: a migration
// that has run must mean the same on a database migrated later.

const notNull: ColumnBuilderCallback = (c) => c.notNull();

/** Not null; rows that existed before the column (or are written without it) get `value`. */
const notNullDefault =
  (value: string | number): ColumnBuilderCallback =>
  (c) =>
    c.notNull().defaultTo(value);

/** The row's id, numbered by the database. */
const autoIncrementKey: ColumnBuilderCallback = (c) => c.primaryKey().autoIncrement();

/** The row belongs to `target` (`org.id`, `user.id`, ...) and is deleted with it. */
const belongsTo =
  (target: string): ColumnBuilderCallback =>
  (c) =>
    c.notNull().references(target).onDelete('cascade');

/** Like `belongsTo`, where the row may belong to none. */
const mayBelongTo =
  (target: string): ColumnBuilderCallback =>
  (c) =>
    c.references(target).onDelete('cascade');

/** `created` and `updated`, epoch milliseconds. */
function createdAndUpdated<TB extends string, C extends string>(table: CreateTableBuilder<TB, C>) {
  return table.addColumn('created', 'integer', notNull).addColumn('updated', 'integer', notNull);
}

/** New columns of an existing table, one `alter table` each (SQLite adds one column a statement). */
async function addColumns(
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
async function createPermissionTable(db: Kysely<unknown>, table: string, grantsOn: string, oneSubjectCheck: string): Promise<void> {
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

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations inside one `BEGIN IMMEDIATE` transaction. Kysely runs SQLite
 * migrations without a transaction and without a lock, so two processes starting at once on a new
 * data dir both ran them ("table … already exists"). Holding the write lock makes the second wait
 * and then find nothing to do; a migration that fails leaves no half-applied schema.
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  if (dialectOf(db) === 'postgres') {
    // Kysely runs PostgreSQL migrations in one transaction under its own lock table; the caller
    // holds an advisory lock too (postgres.ts). The schema's extensions come first.
    await sql`create extension if not exists citext`.execute(db);
    await sql`create extension if not exists pg_trgm`.execute(db);
    return outcomeOf(await migrator.migrateToLatest());
  }
  await sql`begin immediate`.execute(db);
  let outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>;
  try {
    outcome = await migrator.migrateToLatest();
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
  if (outcome.error) {
    await sql`rollback`.execute(db);
    throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  }
  await sql`commit`.execute(db);
  return outcomeOf(outcome);
}

function outcomeOf(outcome: Awaited<ReturnType<Migrator['migrateToLatest']>>): string[] {
  if (outcome.error) throw outcome.error instanceof Error ? outcome.error : new Error(String(outcome.error));
  return (outcome.results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
