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
export const MARIADB_BIN = '/usr/sbin/mariadbd';
export const hasMariaDb = fs.existsSync(MARIADB_BIN) && fs.existsSync('/usr/bin/mariadb-install-db');

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
    http
      .get(url, (res) => {
        res.resume();
        resolve((res.statusCode ?? 0) < 500);
      })
      .on('error', () => resolve(false));
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

/**
 * A real Prometheus; with `basicAuth`, behind its own web config's basic auth. With `scrapeSelf`
 * it scrapes its own metrics every second, so real series exist (see `waitForSamples`).
 */
export async function startPrometheus(
  options: {
    basicAuth?: { user: string; password: string };
    scrapeSelf?: boolean;
    /** `-/quit` and `-/reload` work (to prove the proxy keeps them out). */
    lifecycle?: boolean;
    /** A TSDB directory to serve (e.g. backfilled with promtool) instead of an empty one. */
    tsdbPath?: string;
    /** Other targets to scrape every second (`host:port`, `/metrics`), with basic auth when given. */
    scrape?: Array<{ job: string; target: string; basicAuth?: { user: string; password: string } }>;
  } = {},
): Promise<Backend & { pid: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-prometheus-'));
  const port = await freePort();
  const scrape = options.scrapeSelf
    ? [
        'global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n',
        `  - job_name: prometheus\n    static_configs:\n      - targets: ['127.0.0.1:${port}']\n`,
        ...(options.basicAuth
          ? [`    basic_auth:\n      username: ${options.basicAuth.user}\n      password: ${options.basicAuth.password}\n`]
          : []),
      ].join('')
    : options.scrape
      ? [
          'global:\n  scrape_interval: 1s\n  evaluation_interval: 1s\nscrape_configs:\n',
          ...options.scrape.map(
            (s) =>
              `  - job_name: ${s.job}\n    static_configs:\n      - targets: ['${s.target}']\n` +
              (s.basicAuth ? `    basic_auth:\n      username: ${s.basicAuth.user}\n      password: ${s.basicAuth.password}\n` : ''),
          ),
        ].join('')
      : 'global:\n  scrape_interval: 1h\nscrape_configs: []\n';
  fs.writeFileSync(path.join(dir, 'prometheus.yml'), scrape);
  const args = [
    `--config.file=${path.join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${options.tsdbPath ?? path.join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--log.level=error',
  ];
  if (options.lifecycle) args.push('--web.enable-lifecycle', '--web.enable-admin-api');
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
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until Prometheus holds at least `count` samples of `selector` over the last 5 minutes
 * (a state, not a time: on a busy machine scrapes come late). `headers` for basic auth.
 */
export async function waitForSamples(
  url: string,
  selector: string,
  count: number,
  headers: Record<string, string> = {},
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const query = encodeURIComponent(`min(count_over_time(${selector}[5m])) >= ${count}`);
  while (Date.now() < deadline) {
    const answer = await fetch(`${url}/api/v1/query?query=${query}`, { headers }).then(
      (response) => response.json() as Promise<{ data?: { result?: unknown[] } }>,
      () => undefined,
    );
    if ((answer?.data?.result?.length ?? 0) > 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`Prometheus at ${url} did not hold ${count} samples of ${selector} within ${timeoutMs} ms`);
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
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(POSTGRES_BIN_DIR, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(POSTGRES_BIN_DIR, bin), args, { stdio: 'pipe' });
  fs.writeFileSync(path.join(dir, 'pw'), password);
  if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
  run('initdb', [
    '-D',
    path.join(dir, 'data'),
    '-U',
    'postgres',
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    `--pwfile=${path.join(dir, 'pw')}`,
    '--no-locale',
    '-E',
    'UTF8',
  ]);
  run('pg_ctl', [
    '-D',
    path.join(dir, 'data'),
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
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

/**
 * A throwaway MariaDB server (Debian's `mariadb-server`) on a free loopback port, with a database
 * `app` and a user `grafana` with `password` and all privileges on `app`, connecting over TCP.
 */
export async function startMariaDb(password: string): Promise<Backend & { host: string; port: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-mariadb-'));
  const port = await freePort();
  const socket = path.join(dir, 'sock');
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? ['--user=root'] : [];
  execFileSync(
    '/usr/bin/mariadb-install-db',
    ['--no-defaults', `--datadir=${path.join(dir, 'data')}`, '--auth-root-authentication-method=normal', '--skip-test-db', ...user],
    {
      stdio: 'pipe',
    },
  );
  const child = spawn(
    MARIADB_BIN,
    [
      '--no-defaults',
      `--datadir=${path.join(dir, 'data')}`,
      `--socket=${socket}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-name-resolve',
      '--innodb-buffer-pool-size=16M',
      '--innodb-log-file-size=8M',
      `--log-error=${path.join(dir, 'error.log')}`,
      `--pid-file=${path.join(dir, 'pid')}`,
      ...user,
    ],
    { stdio: 'ignore' },
  );
  const client = (sql: string) => execFileSync('/usr/bin/mariadb', ['--no-defaults', '-S', socket, '-uroot', '-e', sql], { stdio: 'pipe' });
  await waitFor(
    'mariadb',
    async () => {
      try {
        client('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    child,
    60_000,
  );
  const quoted = password.replace(/\\/g, '\\\\').replace(/'/g, "\\'");
  client(`CREATE DATABASE app; CREATE USER 'grafana'@'%' IDENTIFIED BY '${quoted}'; GRANT ALL ON app.* TO 'grafana'@'%';`);
  return {
    url: `127.0.0.1:${port}`,
    host: '127.0.0.1',
    port,
    async stop() {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A small HTTP server speaking just enough of a backend's API; records requests. */
export async function startFakeHttp(
  handler: (request: http.IncomingMessage, body: string) => { status?: number; body?: unknown; headers?: Record<string, string> } | 'hang',
): Promise<Backend & { requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> }> {
  const requests: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      const answer = handler(request, body);
      if (answer === 'hang') return; // never answers: for time-outs
      const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
      response.writeHead(answer.status ?? 200, {
        'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
        ...answer.headers,
      });
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

interface FakeLokiStream {
  labels: Record<string, string>;
  entries: Array<{ ns: bigint; line: string }>;
}

/**
 * Debian has no Grafana Loki (its `loki` package is a genetics program), so Loki is tested
 * against this small server speaking Loki's HTTP API: `push`, `query_range` and `query` for log
 * selectors (`{job="app"}`, with an optional `|= "text"` filter) and for `count_over_time` and
 * `rate` over them, `labels` and `label/<name>/values`. A query it cannot read is a 400 with
 * Loki's "parse error" wording.
 */
export async function startFakeLoki() {
  const streams = new Map<string, FakeLokiStream>();
  const selectorPattern = /^\{([^}]*)\}\s*(?:\|=\s*"([^"]*)")?$/;
  const parseSelector = (text: string) => {
    const match = selectorPattern.exec(text.trim());
    if (!match) return undefined;
    const matchers: Array<[string, string]> = [];
    for (const part of match[1]!.split(',').filter((p) => p.trim())) {
      const pair = /^\s*([a-zA-Z_]\w*)\s*=\s*"([^"]*)"\s*$/.exec(part);
      if (!pair) return undefined;
      matchers.push([pair[1]!, pair[2]!]);
    }
    return { matchers, contains: match[2] };
  };
  const select = (selector: NonNullable<ReturnType<typeof parseSelector>>) =>
    [...streams.values()]
      .filter((stream) => selector.matchers.every(([key, value]) => stream.labels[key] === value))
      .map((stream) => ({
        ...stream,
        entries: stream.entries.filter((entry) => selector.contains === undefined || entry.line.includes(selector.contains)),
      }));
  const durationNs = (text: string) => {
    const match = /^(\d+)(ms|s|m|h)$/.exec(text);
    const unit = { ms: 1_000_000n, s: 1_000_000_000n, m: 60_000_000_000n, h: 3_600_000_000_000n };
    return match ? BigInt(match[1]!) * unit[match[2] as keyof typeof unit] : undefined;
  };
  const parseError = (query: string) => ({
    status: 400,
    body: `parse error at line 1, col 1: syntax error: unexpected IDENTIFIER in "${query}"`,
  });

  /** The series of a metric query evaluated at `times` (nanoseconds). */
  const evaluateMetric = (query: string, times: bigint[]) => {
    const metric = /^(count_over_time|rate)\((.*)\[(\w+)\]\)$/.exec(query.trim());
    if (!metric) return undefined;
    const selector = parseSelector(metric[2]!);
    const range = durationNs(metric[3]!);
    if (!selector || !range) return undefined;
    return select(selector).map((stream) => ({
      metric: stream.labels,
      values: times
        .map((t): [number, string] => {
          const count = stream.entries.filter((entry) => entry.ns > t - range && entry.ns <= t).length;
          const value = metric[1] === 'rate' ? count / Number(range / 1_000_000_000n) : count;
          return [Number(t) / 1e9, String(value)];
        })
        .filter(([, value]) => value !== '0'),
    }));
  };

  const backend = await startFakeHttp((request, body) => {
    const url = new URL(request.url ?? '/', 'http://loki');
    const param = (name: string) => url.searchParams.get(name) ?? '';
    if (request.method === 'POST' && url.pathname === '/loki/api/v1/push') {
      const pushed = JSON.parse(body) as { streams: Array<{ stream: Record<string, string>; values: Array<[string, string]> }> };
      for (const stream of pushed.streams) {
        const key = JSON.stringify(Object.entries(stream.stream).sort());
        const entry = streams.get(key) ?? { labels: stream.stream, entries: [] };
        entry.entries.push(...stream.values.map(([ns, line]) => ({ ns: BigInt(ns), line })));
        streams.set(key, entry);
      }
      return { status: 204, body: '' };
    }
    if (url.pathname === '/loki/api/v1/labels') {
      return { body: { status: 'success', data: [...new Set([...streams.values()].flatMap((s) => Object.keys(s.labels)))].sort() } };
    }
    const labelValues = /^\/loki\/api\/v1\/label\/([^/]+)\/values$/.exec(url.pathname);
    if (labelValues) {
      return {
        body: { status: 'success', data: [...new Set([...streams.values()].map((s) => s.labels[labelValues[1]!]).filter(Boolean))].sort() },
      };
    }
    if (url.pathname === '/loki/api/v1/query_range' || url.pathname === '/loki/api/v1/query') {
      const query = param('query');
      const instant = url.pathname.endsWith('/query');
      const end = BigInt(param(instant ? 'time' : 'end') || '0');
      const start = instant ? end : BigInt(param('start') || '0');
      const stepNs = BigInt(Math.round(Number(param('step') || '1') * 1e9));
      const times: bigint[] = [];
      for (let t = start; t <= end && times.length < 11_000; t += stepNs) times.push(t);
      const series = evaluateMetric(query, instant ? [end] : times);
      if (series) {
        const result = instant
          ? series.filter((s) => s.values.length > 0).map((s) => ({ metric: s.metric, value: s.values[0] }))
          : series.filter((s) => s.values.length > 0);
        return { body: { status: 'success', data: { resultType: instant ? 'vector' : 'matrix', result, stats: {} } } };
      }
      const selector = parseSelector(query);
      if (!selector) return parseError(query);
      const limit = Number(param('limit') || '100');
      const forward = param('direction') === 'forward';
      const entries = select(selector)
        .flatMap((stream) => stream.entries.filter((e) => e.ns >= start && e.ns <= end).map((e) => ({ ...e, labels: stream.labels })))
        .sort((a, b) => (a.ns === b.ns ? 0 : a.ns < b.ns === forward ? -1 : 1))
        .slice(0, limit);
      const grouped = new Map<string, { stream: Record<string, string>; values: Array<[string, string]> }>();
      for (const entry of entries) {
        const key = JSON.stringify(entry.labels);
        const group = grouped.get(key) ?? { stream: entry.labels, values: [] };
        group.values.push([String(entry.ns), entry.line]);
        grouped.set(key, group);
      }
      return { body: { status: 'success', data: { resultType: 'streams', result: [...grouped.values()], stats: {} } } };
    }
    return { status: 404, body: '404 page not found\n' };
  });
  return backend;
}
