import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver } from 'kysely';
import { ensurePrivateDir, ensurePrivateFile } from '../datadir';
import type { SqlDialect } from './dialect';
import { migrateToLatest } from './migrations';
import type { Database } from './schema';
import { leavesCachesAlone } from './uncountedWrites';

export type Db = Kysely<Database>;

export const DATABASE_FILE = 'sightline.db';

export interface Connection {
  db: Db;
  dialect: SqlDialect;
  /** The SQLite file, or the PostgreSQL URL without its password. */
  file: string;
  /**
   * How many data-changing statements (insert, update, delete, DDL) this connection has run (but
   * those that change nothing a cache reads: `leavesCachesAlone`), plus
   * the changes seen from elsewhere: on PostgreSQL those other instances announced, on SQLite the
   * commits other connections made to the file (`PRAGMA data_version`, asked at most every
   * `OTHER_COMMITS_CHECK_MS`). Anything that caches what it read can compare it to see whether
   * the data may have changed.
   */
  writes(): number;
  /** Migrations applied by this open (empty when the file was up to date). */
  applied: string[];
  /** Start-up warnings about the data dir (its mode). */
  warnings: string[];
  close(): Promise<void>;
}

/** A transaction's start (`ImmediateTransactionDriver`). */
const BEGIN = /^\s*begin\b/i;

/**
 * The connection as Kysely sees it, with each SQL text prepared once. Kysely prepares every query
 * it runs; preparing costs more than running most of ours. Statements are reused only
 * synchronously (Kysely's SQLite driver runs `all`/`run` to completion; nothing streams), and the
 * least recently used are dropped beyond `size` (SQL with `in (?, ?, …)` lists varies in length).
 * Kysely calls `prepare` once per execution, so this is also where writes are counted.
 */
class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement>();
  /**
   * Data-changing statements run so far (counted just before each runs), but those of
   * `leavesCachesAlone`, and `begin immediate`: SQLite takes it for a write (it takes the write
   * lock), yet it changes nothing; the transaction's writes count for themselves. Counted, every
   * transaction of uncounted writes (a rule's evaluation) emptied every cache.
   */
  writes = 0;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    private readonly size = 500,
  ) {}

  prepare(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql);
    if (statement) {
      this.statements.delete(sql);
    } else {
      statement = this.sqlite.prepare(sql);
      if (this.statements.size >= this.size) this.statements.delete(this.statements.keys().next().value!);
    }
    this.statements.set(sql, statement);
    if (!statement.readonly && !BEGIN.test(sql) && !leavesCachesAlone(sql)) this.writes++;
    return statement;
  }

  clear(): void {
    this.statements.clear();
  }

  close(): void {
    this.statements.clear();
    this.sqlite.close();
  }
}

/**
 * Values read from the database, remembered while the connection has seen no write at all since
 * they were read (any insert, update or delete through the server, or by another process on the
 * file or another instance: see `Connection.writes`), and for at most `ttlMs`, a bound for what
 * could still slip by (an instance's announcement lost while its listener reconnects). Only found
 * values are kept; a missing one is asked for again every time.
 */
export class ReadCache<K, V extends object> {
  private readonly entries = new Map<K, { value: Readonly<V>; writes: number; at: number }>();

  constructor(
    private readonly writes: () => number,
    private readonly ttlMs: number,
    private readonly size = 1_000,
  ) {}

  /** The value kept for `key` while it may still be used, without reading anything; else undefined. */
  peek(key: K): Readonly<V> | undefined {
    const hit = this.entries.get(key);
    return hit && hit.writes === this.writes() && Date.now() - hit.at < this.ttlMs ? hit.value : undefined;
  }

  async get(key: K, read: () => Promise<V | undefined>): Promise<Readonly<V> | undefined> {
    // Stamped with the count read before the query: a write that runs meanwhile makes it stale.
    const writes = this.writes();
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.writes === writes && now - hit.at < this.ttlMs) return hit.value;
    if (hit) this.entries.delete(key);
    const value = await read();
    if (value !== undefined) {
      if (this.entries.size >= this.size) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { value: Object.freeze(value), writes, at: now });
    }
    return value;
  }
}

/**
 * Write transactions take the write lock when they begin (`BEGIN IMMEDIATE`). A deferred
 * transaction that reads first and then writes fails at once with SQLITE_BUSY when another
 * process (the CLI, a second server) wrote meanwhile; an immediate one waits for the lock
 * (busy_timeout) and then sees the other's writes. Every transaction here writes.
 */
class ImmediateTransactionDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateTransactionDialect extends SqliteDialect {
  constructor(private readonly settings: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateTransactionDriver(this.settings);
  }
}

/** How often `data_version` is asked at most; a commit by another process is seen within this. */
const OTHER_COMMITS_CHECK_MS = 20;

/**
 * How many times the file was found changed by another connection (the CLI, a second server):
 * SQLite changes `data_version` for this connection when another commits, never for its own
 * commits. Asking costs about 2.5 µs (the bench machine; a few percent of `GET /api/org`, which
 * asks twice), so it is asked at most every `OTHER_COMMITS_CHECK_MS`: under load, a few dozen
 * times a second.
 */
function commitsByOthers(sqlite: BetterSqlite3.Database): () => number {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let last = dataVersion.get();
  let changes = 0;
  let checkedAt = performance.now();
  return () => {
    const now = performance.now();
    if (now - checkedAt < OTHER_COMMITS_CHECK_MS) return changes;
    checkedAt = now;
    const version = dataVersion.get();
    if (version !== last) {
      last = version;
      changes++;
    }
    return changes;
  };
}

/** `NORMAL` (default): durable across crashes of the process; `FULL`: also across power loss. */
export type SynchronousMode = 'NORMAL' | 'FULL';

/**
 * `journal_mode = WAL`, asked again while another process holds the lock it needs: switching
 * takes an exclusive lock, and SQLite answers SQLITE_BUSY at once, without the busy handler, when
 * another connection is switching or recovering the same file (seen with four processes opening a
 * new data dir together), or leaves the old mode. Gives up after about as long as `busy_timeout`.
 */
async function switchToWal(sqlite: BetterSqlite3.Database): Promise<void> {
  for (let waitedMs = 0; ;) {
    let mode: unknown;
    try {
      // SQLite answers the mode the file is in: the old one when it could not switch.
      mode = sqlite.pragma('journal_mode = WAL', { simple: true });
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
    }
    if (mode === 'wal') return;
    if (waitedMs >= 5_000) throw new Error(`could not switch ${sqlite.name} to WAL mode: another process keeps it locked`);
    const pause = 10 + Math.floor(Math.random() * 40);
    await new Promise((resolve) => setTimeout(resolve, pause));
    waitedMs += pause;
  }
}

/** Opens (creating when missing) the SQLite file in the data dir and brings its schema up to date. */
export async function openDatabase(dataDir: string, options: { synchronous?: SynchronousMode } = {}): Promise<Connection> {
  const warnings = ensurePrivateDir(dataDir);
  const file = path.join(dataDir, DATABASE_FILE);
  // Created 0600 before SQLite opens it; SQLite gives -wal and -shm the same mode.
  ensurePrivateFile(file);
  const sqlite = new BetterSqlite3(file);
  // First, so that everything after it (switching to WAL too) waits for another process's lock.
  // The CLI may write while the server runs; two servers may start at once on a new data dir.
  sqlite.pragma('busy_timeout = 5000');
  await switchToWal(sqlite);
  sqlite.pragma('foreign_keys = ON');
  // WAL with synchronous=NORMAL is durable across application crashes and much faster than FULL;
  // FULL also syncs the WAL at every commit, for power-loss durability.
  sqlite.pragma(`synchronous = ${options.synchronous ?? 'NORMAL'}`);
  const statements = new StatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateTransactionDialect({ database: statements }) });
  try {
    const applied = await migrateToLatest(db as Kysely<unknown>);
    // Statements prepared against the schema as it was before a migration are not kept.
    statements.clear();
    const otherCommits = commitsByOthers(sqlite);
    return {
      db,
      dialect: 'sqlite',
      file,
      applied,
      warnings,
      writes: () => statements.writes + otherCommits(),
      close: () => db.destroy(),
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}

/** Runs `work` in a transaction, or inside the caller's when `db` already is one (store modules nest). */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
