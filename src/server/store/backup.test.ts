// store: sqlite only — backup and restore of the SQLite file (PostgreSQL: pg_dump).
/**
 * `npm run backup` and `npm run restore` (issue 18 item 5): a consistent copy while the real
 * server process keeps writing, a restore refused while it runs, and the restored data served.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir } from '../testing/harness';
import { openStore } from '.';
import { serverEntry, startServerProcess, type ServerProcess } from '../testing/serverProcess';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const cli = (...args: string[]) => run(process.execPath, [...serverEntry('cli'), ...args], { cwd: root });

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const json = { 'content-type': 'application/json' };
const saveDashboard = (server: ServerProcess, title: string) =>
  server.api('/api/dashboards/db', { method: 'POST', headers: json, body: JSON.stringify({ dashboard: { title, uid: title } }) });

describe('backup and restore', () => {
  it('backs up while the server writes, refuses to restore under a running server, and restores once it stopped', async () => {
    const work = tempDataDir();
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const dataDir = path.join(work, 'data');
    const server = await startServerProcess(dataDir);
    cleanups.push(() => server.kill());
    expect((await saveDashboard(server, 'before')).status).toBe(200);

    // Writes go on during the backup.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const response = await server.api('/api/annotations', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ text: `a${written}`, time: written + 1 }),
        });
        expect(response.status).toBe(200);
        written++;
      }
    })();
    const out = path.join(work, 'backup.db');
    const backup = await cli('backup', '--out', out, '--data-dir', dataDir);
    writing = false;
    await writes;
    expect(backup.stderr).toMatch(/^backup: \d+% \(\d+ of \d+ pages\)$/m);
    expect(backup.stderr).toMatch(/backup: 100% /);
    expect(backup.stderr).toMatch(new RegExp(`written to ${out}`));
    expect(backup.stderr).toMatch(/keep .*secret\.key with it/);
    const copy = new BetterSqlite3(out, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    expect((copy.prepare("select count(*) as n from dashboard where uid = 'before'").get() as { n: number }).n).toBe(1);
    copy.close();
    expect((await saveDashboard(server, 'after')).status).toBe(200);

    // Refused while the server runs, naming it.
    const refused = await cli('restore', out, '--data-dir', dataDir).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(refused?.code).toBe(1);
    expect(refused?.stderr).toContain(`restore refused: a Sightline server is running on ${dataDir} (pid ${server.child.pid})`);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // A pid file left by a server that died without cleaning up does not block a restore.
    fs.writeFileSync(path.join(dataDir, 'server.999999999.pid'), '999999999\n');
    const restored = await cli('restore', out, '--data-dir', dataDir);
    expect(restored.stderr).toMatch(/restore: .* is now the database of /);
    expect(restored.stderr).toMatch(/the previous database was kept as .*sightline\.db\.before-restore-/);

    const again = await startServerProcess(dataDir);
    cleanups.push(() => again.kill());
    expect((await again.api('/api/dashboards/uid/before')).status).toBe(200);
    expect((await again.api('/api/dashboards/uid/after')).status).toBe(404);
  }, 120_000);

  it('never writes over the live database or its -wal/-shm, and replaces an existing file only with --force', async () => {
    const work = tempDataDir();
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    const dataDir = path.join(work, 'data');
    // Open (as a running server holds it), so the -wal and -shm files exist too.
    const store = await openStore(dataDir);
    cleanups.push(() => store.close());
    const live = path.join(dataDir, 'sightline.db');
    expect(fs.existsSync(`${live}-wal`)).toBe(true);
    const refusal = (...args: string[]) =>
      cli('backup', '--data-dir', dataDir, ...args).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
    fs.symlinkSync(live, path.join(work, 'link.db'));
    fs.linkSync(live, path.join(work, 'hard.db'));
    // --force replaces other files, never these.
    for (const [out, ...flags] of [
      [live],
      [live, '--force'],
      [`${dataDir}/../data/sightline.db`, '--force'],
      [path.join(work, 'link.db'), '--force'],
      [path.join(work, 'hard.db'), '--force'],
      [`${live}-wal`, '--force'],
      [`${live}-shm`, '--force'],
    ] as Array<[string, ...string[]]>) {
      const error = await refusal('--out', out, ...flags);
      expect(error?.code, `${out} ${flags.join(' ')}`).toBe(1);
      expect(error?.stderr).toMatch(
        /^backup refused: .* is the live database file .*sightline\.db(-wal|-shm)?: write the backup somewhere else\n$/,
      );
    }
    const database = new BetterSqlite3(live, { readonly: true });
    expect(database.pragma('quick_check', { simple: true })).toBe('ok');
    expect((database.prepare('select count(*) as n from kysely_migration').get() as { n: number }).n).toBeGreaterThan(0);
    database.close();

    const existing = path.join(work, 'notes.txt');
    fs.writeFileSync(existing, 'keep me');
    const error = await refusal('--out', existing);
    expect(error?.code).toBe(1);
    expect(error?.stderr).toBe(`backup refused: ${existing} already exists: choose another file, or add --force to replace it\n`);
    expect(fs.readFileSync(existing, 'utf8')).toBe('keep me');
    expect((await refusal('--out', work))?.stderr).toMatch(/is a directory/);

    await cli('backup', '--data-dir', dataDir, '--out', existing, '--force');
    const copy = new BetterSqlite3(existing, { readonly: true });
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    copy.close();
    // Nothing of the run is left beside it.
    expect(fs.readdirSync(work).filter((name) => name.includes('.partial'))).toEqual([]);
  }, 120_000);

  it('refuses a file that is not a Sightline database', async () => {
    const work = tempDataDir();
    cleanups.push(() => fs.rmSync(work, { recursive: true, force: true }));
    fs.writeFileSync(path.join(work, 'junk.db'), 'not sqlite at all, just text that is long enough to be read as a header');
    const error = await cli('restore', path.join(work, 'junk.db'), '--data-dir', path.join(work, 'data')).then(
      () => undefined,
      (e: { code: number; stderr: string }) => e,
    );
    expect(error?.code).toBe(1);
    expect(error?.stderr).toMatch(/restore refused: .*junk\.db is not a SQLite database/);
    expect(fs.existsSync(path.join(work, 'data', 'sightline.db'))).toBe(false);
  }, 60_000);
});
