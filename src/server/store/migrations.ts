import { Kysely, sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

/**
 * Versioned migrations, applied in name order at every start. Never edit one that has shipped:
 * add the next number instead.
 */
const migrations: Record<string, Migration> = {
  '0001_orgs_users_service_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('org')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('address1', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('address2', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('zip_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('uid', 'text', (c) => c.notNull().unique())
        .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
        .addColumn('login', 'text', (c) => c.notNull().modifyEnd(sql`collate nocase`).unique())
        .addColumn('email', 'text', (c) => c.notNull().modifyEnd(sql`collate nocase`).unique())
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('password_hash', 'text')
        .addColumn('is_service_account', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_disabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addColumn('last_seen_at', 'integer', (c) => c.notNull())
        .execute();
      // Service account names are unique per org, whatever their case.
      await sql`create unique index user_service_account_name on user (org_id, name collate nocase)
        where is_service_account = 1`.execute(db);

      await db.schema
        .createTable('org_user')
        .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('None', 'Viewer', 'Editor', 'Admin')`))
        .addColumn('created', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('org_user_pk', ['org_id', 'user_id'])
        .execute();
      await db.schema.createIndex('org_user_user_id').on('org_user').column('user_id').execute();

      await db.schema
        .createTable('api_key')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('org_id', 'integer', (c) => c.notNull().references('org.id').onDelete('cascade'))
        .addColumn('service_account_id', 'integer', (c) => c.notNull().references('user.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created', 'integer', (c) => c.notNull())
        .addColumn('updated', 'integer', (c) => c.notNull())
        .addColumn('last_used_at', 'integer')
        .addColumn('expires', 'integer')
        .addColumn('is_revoked', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // A revoked token keeps its row (so it is refused as "revoked", not "unknown") but frees its name.
      await sql`create unique index api_key_account_name on api_key (service_account_id, name)
        where is_revoked = 0`.execute(db);
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
