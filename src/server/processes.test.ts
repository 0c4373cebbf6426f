// store: sqlite only — processes sharing one SQLite file; instances.test.ts covers PostgreSQL.
/**
 * Several server processes on one data dir (issue 13 item 7), and a server killed with SIGKILL
 * under a write loop (crash test): real child processes, real SQLite files.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from './testing/backends';
import { ADMIN_TOKEN, tempDataDir } from './testing/harness';
import { serverEntry, spawnServer, untilHealthy } from './testing/serverProcess';

const root = path.resolve(import.meta.dirname, '../..');
const children = new Set<ChildProcess>();
const dirs: string[] = [];
afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
  children.clear();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

interface Child {
  process: ChildProcess;
  url: string;
  stderr: () => string;
}

async function startServer(dataDir: string): Promise<Child> {
  const port = await freePort();
  const child = spawnServer(port, dataDir, { SIGHTLINE_LOG_LEVEL: 'warn', SIGHTLINE_WEB_DIR: dataDir }, ['ignore', 'ignore', 'pipe']);
  children.add(child);
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  return { process: child, url: `http://127.0.0.1:${port}`, stderr: () => stderr };
}

/** Waits until the server answers, or fails with what it printed when it exits first. */
const ready = (child: Child) => untilHealthy(child.process, child.url, child.stderr);

const call = (child: Child, method: string, url: string, body?: unknown) =>
  fetch(`${child.url}${url}`, {
    method,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('7. two processes on one data dir', () => {
  it('both come up on a new data dir, and writes through both (and the CLI) all succeed', async () => {
    const dataDir = path.join(tempDataDir(), 'shared');
    dirs.push(path.dirname(dataDir));
    const [a, b] = await Promise.all([startServer(dataDir), startServer(dataDir)]);
    await Promise.all([ready(a), ready(b)]);
    expect(await (await call(a, 'GET', '/api/org')).json()).toMatchObject({ id: 1, name: 'Main Org.' });
    expect(await (await call(b, 'GET', '/api/org')).json()).toMatchObject({ id: 1, name: 'Main Org.' });

    const created = await call(a, 'POST', '/api/datasources', {
      name: 'shared',
      type: 'prometheus',
      access: 'proxy',
      url: 'http://127.0.0.1:9',
    });
    const { datasource } = (await created.json()) as { datasource: { uid: string } };
    // Read-then-write transactions from both processes at once: dashboard saves (uid look-up,
    // then insert and version), data source updates (read row, then update), annotations.
    const writes: Array<Promise<Response>> = [];
    for (let i = 0; i < 120; i++) {
      const via = i % 2 ? a : b;
      writes.push(
        call(via, 'POST', '/api/dashboards/db', { dashboard: { uid: `race-${i % 10}`, title: `Race ${i % 10}` }, overwrite: true }),
      );
      writes.push(
        call(via, 'PUT', `/api/datasources/uid/${datasource.uid}`, {
          name: 'shared',
          type: 'prometheus',
          access: 'proxy',
          url: 'http://127.0.0.1:9',
          jsonData: { n: i },
        }),
      );
      writes.push(call(via, 'POST', '/api/annotations', { text: `race ${i}`, tags: ['race'] }));
    }
    const cli = new Promise<number>((resolve) => {
      const run = spawn(process.execPath, [...serverEntry('cli'), 'token', '--data-dir', dataDir, '--name', 'beside', '--role', 'Viewer'], {
        cwd: root,
        stdio: 'ignore',
        env: { ...process.env, SIGHTLINE_ADMIN_TOKEN: '' },
      });
      run.on('exit', (code) => resolve(code ?? 1));
    });
    const statuses = await Promise.all(writes.map(async (w) => (await w).status));
    const failures = statuses.filter((status) => status !== 200);
    expect(failures).toEqual([]);
    expect(await cli).toBe(0);
    const annotations = (await (await call(b, 'GET', '/api/annotations?tags=race&limit=1000')).json()) as unknown[];
    expect(annotations).toHaveLength(120);
    expect(a.stderr()).not.toMatch(/SQLITE_BUSY|database is locked/);
    expect(b.stderr()).not.toMatch(/SQLITE_BUSY|database is locked/);
  }, 120_000);
});

describe('7. concurrent bootstrap', () => {
  it('four processes that open a new data dir at the same moment all come up with one org, one admin and one key', async () => {
    const parent = tempDataDir();
    dirs.push(parent);
    const dataDir = path.join(parent, 'data');
    const go = path.join(parent, 'go');
    // Each process loads its code, says it is ready, then waits for the same signal: the opens race for real.
    const script = `
      const fs = require('node:fs');
      const { openStore } = require('./src/server/store');
      const { bootstrap } = require('./src/server/bootstrap');
      fs.writeFileSync(process.argv[1] + '.ready-' + process.pid, '');
      const wait = () => fs.existsSync(process.argv[1]) ? run() : setImmediate(wait);
      const run = async () => {
        const store = await openStore(process.argv[2]);
        const result = await bootstrap(store, ${JSON.stringify(ADMIN_TOKEN)});
        await store.close();
        process.stdout.write(JSON.stringify({ created: result.created }));
      };
      wait();`;
    const runs = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, go, dataDir], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.add(child);
      let out = '';
      let err = '';
      child.stdout!.on('data', (chunk) => (out += chunk));
      child.stderr!.on('data', (chunk) => (err += chunk));
      return new Promise<{ code: number | null; out: string; err: string }>((resolve) =>
        child.on('exit', (code) => resolve({ code, out, err })),
      );
    });
    await expect.poll(() => fs.readdirSync(parent).filter((name) => name.startsWith('go.ready-')).length, { timeout: 60_000 }).toBe(4);
    fs.writeFileSync(go, '');
    const results = await Promise.all(runs);
    expect(results.map((r) => ({ code: r.code, err: r.err }))).toEqual(Array.from({ length: 4 }, () => ({ code: 0, err: '' })));
    expect(results.map((r) => JSON.parse(r.out).created as boolean).filter(Boolean)).toHaveLength(1);
    const server = await startServer(dataDir);
    await ready(server);
    expect(await (await call(server, 'GET', '/api/org')).json()).toMatchObject({ id: 1, name: 'Main Org.' });
    const accounts = (await (await call(server, 'GET', '/api/serviceaccounts/search')).json()) as { totalCount: number };
    expect(accounts.totalCount).toBe(1);
  }, 120_000);
});

describe('crash test', () => {
  it('every write acknowledged before SIGKILL is there after a restart', async () => {
    const dataDir = tempDataDir();
    dirs.push(dataDir);
    const first = await startServer(dataDir);
    await ready(first);
    const acknowledged: Array<{ id: number; text: string }> = [];
    let inFlight: Promise<unknown> | undefined;
    // Writes one after another; the kill lands while the next one is in flight.
    for (let i = 0; ; i++) {
      const text = `crash ${i}`;
      inFlight = call(first, 'POST', '/api/annotations', { text, tags: ['crash'] });
      if (acknowledged.length === 150) break;
      const response = (await inFlight) as Response;
      expect(response.status).toBe(200);
      acknowledged.push({ id: ((await response.json()) as { id: number }).id, text });
    }
    first.process.kill('SIGKILL');
    await Promise.resolve(inFlight).catch(() => undefined);
    await new Promise((resolve) => first.process.once('exit', resolve));

    const second = await startServer(dataDir);
    await ready(second);
    const stored = (await (await call(second, 'GET', '/api/annotations?tags=crash&limit=1000')).json()) as Array<{
      id: number;
      text: string;
    }>;
    const byId = new Map(stored.map((a) => [a.id, a.text]));
    for (const { id, text } of acknowledged) expect(byId.get(id), `annotation ${id}`).toBe(text);
    // The database is consistent, not only readable.
    const check = spawnSync(
      process.execPath,
      [
        '-e',
        `const D=require('better-sqlite3');const d=new D(${JSON.stringify(path.join(dataDir, 'sightline.db'))},{readonly:true});console.log(d.pragma('integrity_check',{simple:true}))`,
      ],
      { cwd: root, encoding: 'utf8' },
    );
    expect(check.stdout.trim()).toBe('ok');
  }, 120_000);
});
