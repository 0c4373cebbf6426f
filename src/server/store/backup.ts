/**
 * Backup and restore of the embedded store. A backup uses SQLite's online backup API
 * (better-sqlite3 `db.backup()`): it copies pages in steps and restarts a step when a writer
 * changed the database meanwhile, so the copy is consistent while servers keep running. A restore
 * replaces the data dir's database file; it refuses while any server runs on that data dir
 * (their `server.<pid>.pid` files, see datadir.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { runningServers } from '../datadir';
import { DATABASE_FILE } from './db';

export interface BackupProgress {
  totalPages: number;
  remainingPages: number;
}

export class BackupRefused extends Error {}

/** A path with its directory's symlinks resolved (the file itself need not exist). */
function realPathOf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    try {
      return path.join(fs.realpathSync(path.dirname(file)), path.basename(file));
    } catch {
      return path.resolve(file);
    }
  }
}

/** The live database file `out` would replace (itself, or its -wal, -shm or -journal), by path or by inode (a hard link). */
function liveFileAt(databaseFile: string, out: string): string | undefined {
  const target = realPathOf(out);
  const outStat = fs.statSync(out, { throwIfNoEntry: false });
  for (const live of ['', '-wal', '-shm', '-journal'].map((suffix) => databaseFile + suffix)) {
    if (realPathOf(live) === target) return live;
    const liveStat = outStat && fs.statSync(live, { throwIfNoEntry: false });
    if (liveStat && liveStat.dev === outStat.dev && liveStat.ino === outStat.ino) return live;
  }
  return undefined;
}

/**
 * Copies the data dir's database to `out`, telling `progress` after each step. Refused when `out`
 * is the live database or one of its -wal/-shm/-journal files (never, whatever `force` says: the
 * copy would replace what it copies), and when `out` exists unless `force`.
 */
export async function backupDatabase(
  dataDir: string,
  out: string,
  progress: (p: BackupProgress) => void = () => undefined,
  { force = false }: { force?: boolean } = {},
): Promise<BackupProgress> {
  const file = path.join(dataDir, DATABASE_FILE);
  if (!fs.existsSync(file)) throw new Error(`no database at ${file}: is ${dataDir} a Sightline data directory?`);
  const live = liveFileAt(file, out);
  if (live) throw new BackupRefused(`${out} is the live database file ${live}: write the backup somewhere else`);
  const existing = fs.statSync(out, { throwIfNoEntry: false });
  if (existing?.isDirectory()) throw new BackupRefused(`${out} is a directory: give the path of the file to write`);
  if (existing && !force) throw new BackupRefused(`${out} already exists: choose another file, or add --force to replace it`);
  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  source.pragma('busy_timeout = 5000');
  let last: BackupProgress = { totalPages: 0, remainingPages: 0 };
  // A name of this run's own beside `out`, so no file of anyone else's is overwritten on the way.
  const temporary = `${out}.${process.pid}-${randomBytes(4).toString('hex')}.partial`;
  try {
    last = await source.backup(temporary, {
      progress(info) {
        progress(info);
        // Pages per step: small steps let the servers write between them.
        return 256;
      },
    });
    // Only a finished copy takes the name.
    fs.chmodSync(temporary, 0o600);
    fs.renameSync(temporary, out);
  } finally {
    source.close();
    fs.rmSync(temporary, { force: true });
  }
  return last;
}

export class RestoreRefused extends Error {}

/**
 * Checks `backup` (a SQLite file with Sightline's migrations) and puts it in place of the data
 * dir's database; the replaced file is kept beside it as `sightline.db.before-restore-<time>`.
 */
export function restoreDatabase(dataDir: string, backup: string, now = new Date()): { replaced: string | undefined; migrations: number } {
  const running = runningServers(dataDir);
  if (running.length > 0) {
    throw new RestoreRefused(
      `a Sightline server is running on ${dataDir} (pid ${running.join(', ')}): stop it first. ` +
        `If no server runs there, delete the stale server.<pid>.pid file${running.length > 1 ? 's' : ''} in that directory.`,
    );
  }
  if (!fs.existsSync(backup)) throw new RestoreRefused(`${backup} does not exist`);
  let migrations: number;
  const check = new BetterSqlite3(backup, { readonly: true, fileMustExist: true });
  try {
    const integrity = check.pragma('quick_check', { simple: true });
    if (integrity !== 'ok') throw new RestoreRefused(`${backup} is damaged: ${String(integrity)}`);
    const table = check.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) throw new RestoreRefused(`${backup} is not a Sightline database (it has no migrations table)`);
    migrations = (check.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n;
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`${backup} is not a SQLite database: ${(error as Error).message}`);
  } finally {
    check.close();
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, DATABASE_FILE);
  const incoming = `${file}.restoring`;
  fs.copyFileSync(backup, incoming);
  fs.chmodSync(incoming, 0o600);
  let replaced: string | undefined;
  if (fs.existsSync(file)) {
    replaced = `${file}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(file, replaced);
  }
  // The old database's WAL and shared memory belong to it, not to the restored file.
  for (const suffix of ['-wal', '-shm']) {
    if (fs.existsSync(file + suffix)) {
      if (replaced) fs.renameSync(file + suffix, replaced + suffix);
      else fs.rmSync(file + suffix);
    }
  }
  fs.renameSync(incoming, file);
  return { replaced, migrations };
}
