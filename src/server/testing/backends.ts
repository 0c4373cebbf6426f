/**
 * Real backends for health-check tests, from Debian's packages (`.ci/run` installs them), on
 * loopback and free ports, stopped by the test (and killed with the test process otherwise).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';

export const PROMETHEUS_BIN = '/usr/bin/prometheus';
export const POSTGRES_BIN_DIR = '/usr/lib/postgresql/15/bin';
export const hasPrometheus = fs.existsSync(PROMETHEUS_BIN);
export const hasPostgres = fs.existsSync(path.join(POSTGRES_BIN_DIR, 'initdb'));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, ready: () => Promise<boolean>, child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`);
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${what} was not ready after ${timeoutMs} ms`);
}

function httpOk(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    http.get(url, (res) => {
      res.resume();
      resolve((res.statusCode ?? 0) < 500);
    }).on('error', () => resolve(false));
  });
}

export interface Backend {
  url: string;
  stop(): Promise<void>;
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

/** A real Prometheus; with `basicAuth`, behind its own web config's basic auth. */
export async function startPrometheus(options: { basicAuth?: { user: string; password: string } } = {}): Promise<Backend> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-prometheus-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), 'global:\n  scrape_interval: 1h\nscrape_configs: []\n');
  const args = [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=error',
  ];
  if (options.basicAuth) {
    const hash = bcrypt.hashSync(options.basicAuth.password, 4);
    fs.writeFileSync(path.join(dir, 'web.yml'), `basic_auth_users:\n  ${options.basicAuth.user}: ${hash}\n`);
    args.push(`--web.config.file=${path.join(dir, 'web.yml')}`);
  }
  const child = spawn(PROMETHEUS_BIN, args, { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitFor('prometheus', () => httpOk(`${url}/-/ready`), child);
  return {
    url,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway PostgreSQL cluster with password authentication over TCP: superuser `postgres`
 * with `password`, and a database `app`.
 */
export async function startPostgres(password: string): Promise<Backend & { host: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-postgres-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: run the server tools as the postgres user then.
  const run = (bin: string, args: string[]) =>
    asRoot ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN_DIR, bin), ...args], { stdio: 'pipe' }) : execFileSync(path.join(POSTGRES_BIN_DIR, bin), args, { stdio: 'pipe' });
  fs.writeFileSync(path.join(dir, 'pw'), password);
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  run('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', `--pwfile=${path.join(dir, 'pw')}`, '--no-locale', '-E', 'UTF8']);
  run('pg_ctl', ['-D', path.join(dir, 'data'), '-w', '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start']);
  run('psql', ['-h', dir, '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE app']);
  return {
    url: `127.0.0.1:${port}`,
    host: '127.0.0.1',
    async stop() {
      try {
        run('pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A small HTTP server speaking just enough of a backend's API; records requests. */
export async function startFakeHttp(
  handler: (request: http.IncomingMessage, body: string) => { status?: number; body?: unknown; headers?: Record<string, string> } | 'hang',
): Promise<Backend & { requests: Array<{ url: string; headers: http.IncomingHttpHeaders }> }> {
  const requests: Array<{ url: string; headers: http.IncomingHttpHeaders }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', headers: request.headers });
      const answer = handler(request, body);
      if (answer === 'hang') return; // never answers: for time-outs
      const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      response.writeHead(answer.status ?? 200, { 'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json', ...answer.headers });
      response.end(payload);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP server that accepts connections and never says a word: for connect and handshake time-outs. */
export async function startSilentTcp(): Promise<Backend & { port: number }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
