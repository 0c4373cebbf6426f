import { Kysely, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { alertingMigrations } from './alertingMigrations';
import { libraryMigrations } from './libraryMigrations';
import { searchMigrations } from './searchMigrations';
import { dialectOf } from './dialect';
import {
  CACHED_TABLES,
  addColumns,
  announceChanges,
  autoIncrementKey,
  belongsTo,
  createPermissionTable,
  createTagTable,
  createdAndUpdated,
  mayBelongTo,
  notNull,
  notNullDefault,
} from './migrationHelpers';

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
  ...searchMigrations,
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
  ...alertingMigrations,
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
  '0019_preferences': {
    // Grafana's `preferences`: one row per org (no user, no team), per team, or per person in an
    // org. Deleting the org, the team or the account deletes its row; deleting the home dashboard
    // empties the reference, so the default home applies again.
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preferences')
        .addColumn('id', 'integer', autoIncrementKey)
        .addColumn('org_id', 'integer', belongsTo('org.id'))
        .addColumn('user_id', 'integer', mayBelongTo('user.id'))
        .addColumn('team_id', 'integer', mayBelongTo('team.id'))
        .addColumn('version', 'integer', notNullDefault(0))
        .addColumn('home_dashboard_id', 'integer', (c) => c.references('dashboard.id').onDelete('set null'))
        .addColumn('home_dashboard_uid', 'text', notNullDefault(''))
        .addColumn('timezone', 'text', notNullDefault(''))
        .addColumn('week_start', 'text', notNullDefault(''))
        .addColumn('theme', 'text', notNullDefault(''))
        .addColumn('json_data', 'text', notNullDefault('{}'))
        .$call(createdAndUpdated)
        .execute();
      // One row per owner; a missing user or team counts as 0, as Grafana stores them.
      await sql`create unique index preferences_owner on preferences (org_id, coalesce(user_id, 0), coalesce(team_id, 0))`.execute(db);
      await db.schema.createIndex('preferences_user').on('preferences').column('user_id').execute();
      await db.schema.createIndex('preferences_team').on('preferences').column('team_id').execute();
      await db.schema.createIndex('preferences_home_dashboard').on('preferences').column('home_dashboard_id').execute();
    },
  },
  ...libraryMigrations,
};

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
