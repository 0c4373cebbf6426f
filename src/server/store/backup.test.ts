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
