import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const DATABASE_FILE = 'sightline.db';

export interface Connection {
  db: Db;
  file: string;
  /** Migrations applied by this open (empty when the file was up to date). */
  applied: string[];
  close(): Promise<void>;
}

/** Opens (creating when missing) the SQLite file in the data dir and brings its schema up to date. */
export async function openDatabase(dataDir: string): Promise<Connection> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  // WAL with synchronous=NORMAL is durable across application crashes and much faster than FULL.
  sqlite.pragma('synchronous = NORMAL');
  // The CLI may write while the server runs; wait for its lock instead of failing.
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    const applied = await migrateToLatest(db as Kysely<unknown>);
    return { db, file, applied, close: () => db.destroy() };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Runs `work` in a transaction, or inside the caller's when `db` already is one (store modules nest). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
