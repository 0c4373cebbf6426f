/**
 * The real server listening on a loopback port, for tests that must speak raw HTTP (fetch
 * normalises URLs and never trickles a body) and read the server's log lines.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { buildApp, type AppDeps, type ConnectionLimits } from '../app';
import { bootstrap } from '../bootstrap';
import { openStore, type Store } from '../store';
import { ADMIN_TOKEN, adminPassword, tempDataDir } from './harness';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export interface ListeningServer {
  app: FastifyInstance;
  store: Store;
  dataDir: string;
  port: number;
  url: string;
  /** Every log line the server wrote, parsed. */
  logs: Array<Record<string, unknown>>;
  /** `fetch` with the admin token unless `token` says otherwise (null: none). */
  api(path: string, init?: RequestInit & { token?: string | null }): Promise<Response>;
  close(): Promise<void>;
}

export async function startListeningServer(
  options: {
    limits?: Partial<ConnectionLimits>;
    maxBodyBytes?: number;
    webDir?: string;
    dataDir?: string;
    metrics?: AppDeps['metrics'];
    logRequests?: boolean;
  } = {},
): Promise<ListeningServer> {
  const dataDir = options.dataDir ?? tempDataDir();
  const store = await openStore(dataDir);
  await bootstrap(store, ADMIN_TOKEN, await adminPassword());
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const app = await buildApp({
    store,
    maxBodyBytes: options.maxBodyBytes,
    webDir: options.webDir,
    limits: options.limits,
    metrics: options.metrics,
    logRequests: options.logRequests,
    logger: { level: 'warn', stream },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as net.AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    app,
    store,
    dataDir,
    port,
    url,
    logs,
    api: (path, { token = ADMIN_TOKEN, headers, ...init } = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...headers } }),
    async close() {
      await app.close();
      await store.close();
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawExchange {
  /** Everything the server sent. */
  text: string;
  /** The status code of the first response, 0 when none came. */
  status: number;
  /** The first response's JSON body, when it had one. */
  json: unknown;
  /** Whether the server closed the connection (rather than the test giving up). */
  closedByServer: boolean;
}

/**
 * Writes `request` as is on a new socket and collects the answer until the server closes the
 * connection, or until `giveUpMs` (a safety net against a hanging test, not a timing assertion).
 */
export function rawRequest(port: number, request: string | Buffer, giveUpMs = 20_000): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseExchange(text, closedByServer));
    };
    const timer = setTimeout(() => finish(false), giveUpMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
  });
}

export function parseExchange(text: string, closedByServer: boolean): RawExchange {
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
  const bodyStart = text.indexOf('\r\n\r\n');
  let json: unknown;
  if (bodyStart !== -1) {
    let body = text.slice(bodyStart + 4);
    // A chunked body: the JSON sits between the size lines.
    if (/transfer-encoding: chunked/i.test(text.slice(0, bodyStart)))
      body = body.replace(/^[0-9a-f]+\r\n/i, '').replace(/\r\n0\r\n\r\n$/, '');
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
  }
  return { text, status, json, closedByServer };
}
