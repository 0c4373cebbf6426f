import path from 'node:path';
import pg from 'pg';

/** The migrated database every test database is copied from (see postgres-setup.ts). */
export const POSTGRES_TEMPLATE = 'sightline_template';
/** With PostgreSQL a secret key is required; every test server uses this one. */
export const POSTGRES_TEST_SECRET_KEY = 'sightline-test-secret-key-for-postgres';

/** Runs one statement as the cluster's superuser. */
export async function adminQuery(adminUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** A database name for a test's data dir: the same dir (a reopened server) finds the same database. */
function databaseNameOf(dataDir: string): string {
  return `t_${path
    .basename(dataDir)
    .replace(/[^a-zA-Z0-9]/g, '_')
    .toLowerCase()}`;
}

/**
 * The test database for `dataDir`: created from the template the first time, found again after.
 * Returns its URL and how to drop it.
 */
export function testDatabase(adminUrl: string, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  // Two servers started at once on one data dir share one database, created once.
  let database = databases.get(dataDir);
  if (!database) {
    database = createTestDatabase(adminUrl, dataDir);
    databases.set(dataDir, database);
  }
  return database;
}

const databases = new Map<string, ReturnType<typeof createTestDatabase>>();

async function createTestDatabase(adminUrl: string, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = databaseNameOf(dataDir);
  const exists = await adminQuery(adminUrl, `select 1 from pg_database where datname = '${name}'`);
  if (exists.rowCount === 0) {
    // Two workers copying the template at once: PostgreSQL refuses the second while the first
    // reads it ("source database is being accessed by other users"); it is a matter of turns.
    for (let attempt = 1; ; attempt++) {
      try {
        await adminQuery(adminUrl, `create database ${name} template ${POSTGRES_TEMPLATE}`);
        break;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      databases.delete(dataDir);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
