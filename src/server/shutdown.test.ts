/**
 * Graceful shutdown (issue 18 item 6): the real server process gets SIGTERM while queries are in
 * flight (held by a slow backend) and while a load loop runs; every request it accepted is
 * answered, it stops accepting new connections, and it exits 0 with the database closed.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDataDir, TEST_STORE } from './testing/harness';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A Prometheus that holds every query until `release()`. */
async function slowPrometheus() {
  const held: http.ServerResponse[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      held.push(response);
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Resolves once `count` queries are held. */
    async holding(count: number) {
      while (held.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    release() {
      for (const response of held.splice(0)) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ status: 'success', data: { resultType: 'matrix', result: [] } }));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a new connection to the port is refused (the server stopped listening). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** One GET on a connection of its own: its status, or the socket error's code. */
function getOnce(port: number, p: string): Promise<number | string> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: p, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });
}

describe('graceful shutdown', () => {
  it('answers every request in flight after SIGTERM, refuses new connections, exits 0 with the store closed', async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const backend = await slowPrometheus();
    cleanups.push(() => backend.close());
    const server: ServerProcess = await startServerProcess(dataDir, { SIGHTLINE_SHUTDOWN_TIMEOUT_SECONDS: '60' });
    cleanups.push(() => server.kill());

    const created = await server.api('/api/datasources', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'slow', type: 'prometheus', access: 'proxy', url: backend.url, uid: 'slow' }),
    });
    expect(created.status).toBe(200);
    const pidFiles = () => fs.readdirSync(dataDir).filter((name) => /^server\.\d+\.pid$/.test(name));
    // A pid file guards a SQLite data dir against a restore; PostgreSQL has no file to guard.
    expect(pidFiles()).toEqual(TEST_STORE === 'sqlite' ? [`server.${server.child.pid}.pid`] : []);

    // Load: one request after another, each on a new connection, until the server stops accepting.
    const outcomes: Array<number | string> = [];
    let loadRunning = true;
    const load = (async () => {
      while (loadRunning) outcomes.push(await getOnce(server.port, '/api/health'));
    })();

    const inFlight = Array.from({ length: 5 }, (_, i) =>
      server.api('/api/ds/query', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          from: 'now-1h',
          to: 'now',
          queries: [{ refId: `Q${i}`, datasource: { uid: 'slow', type: 'prometheus' }, expr: 'up' }],
        }),
      }),
    );
    await backend.holding(5);
    const sentAt = outcomes.length;
    server.child.kill('SIGTERM');
    while (!(await refused(server.port))) await new Promise((resolve) => setTimeout(resolve, 20));
    loadRunning = false;
    await load;

    backend.release();
    const answers = await Promise.all(inFlight);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    for (const answer of answers) expect(answer.headers.get('connection')).toBe('close');

    expect(await server.exited).toBe(0);
    // Before SIGTERM every load request was answered 200; after it, a request was either answered
    // 200 or its connection was never accepted. None got an error status.
    expect(outcomes.slice(0, sentAt).every((o) => o === 200)).toBe(true);
    expect(outcomes.filter((o) => typeof o === 'number' && o !== 200)).toEqual([]);
    expect(server.output()).toMatch(/SIGTERM: shutting down/);
    expect(server.output()).toMatch(/"msg":"stopped"/);
    // The database was closed (SQLite folds the WAL back and removes it) and the pid file removed;
    // on PostgreSQL "stopped" above is logged only after the pool has closed.
    expect(fs.existsSync(path.join(dataDir, 'sightline.db-wal'))).toBe(false);
    expect(pidFiles()).toEqual([]);
  }, 60_000);
});
