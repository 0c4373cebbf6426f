/**
 * The one outgoing HTTP exchange: what its callers rely on whichever transport carries it — TLS
 * verified unless turned off, the status line's words, headers as node reports them, the size cap
 * both ways, one deadline, a reset connection named as such, pooled connections reused, and the
 * deny list on a name's resolved address.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutgoing, DEFAULT_DENY_CIDRS } from './outgoing';
import { outgoingExchange, type ExchangeInit } from './outgoingHttp';

// Debian's openssl comes with postgresql (through ssl-cert), which the test run installs.
const OPENSSL = '/usr/bin/openssl';
const hasOpenssl = fs.existsSync(OPENSSL);

const servers: net.Server[] = [];
let tlsUrl: string;
let httpUrl: string;
let resetUrl: string;
const sockets = new Set<net.Socket>();

async function listen<T extends net.Server>(server: T): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

/** An HTTPS server with a new self-signed certificate for `localhost`. */
async function startTlsServer(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-tls-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  const subject = ['-subj', '/CN=localhost', '-days', '1'];
  execFileSync(OPENSSL, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', ...subject, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  const tls = { key: fs.readFileSync(key), cert: fs.readFileSync(cert) };
  fs.rmSync(dir, { recursive: true, force: true });
  return `https://${await listen(https.createServer(tls, (_, response) => response.end('over TLS')))}`;
}

beforeAll(async () => {
  if (hasOpenssl) tlsUrl = await startTlsServer();
  const plain = http.createServer((request, response) => {
    if (request.url === '/silent') return;
    if (request.url === '/large') {
      response.end(Buffer.alloc(5000, 'a'));
      return;
    }
    if (request.url === '/moved') {
      response.setHeader('x-twice', ['one', 'two']);
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.writeHead(302, 'Moved Along', { location: '/elsewhere' });
      response.end();
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () =>
      response
        .writeHead(200, 'Fine')
        .end(`${request.method} ${request.url} ${body}${request.headers.authorization ? ` ${request.headers.authorization}` : ''}`),
    );
  });
  plain.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  httpUrl = `http://${await listen(plain)}`;
  resetUrl = `http://${await listen(createServer((socket) => socket.destroy()))}`;
});

afterAll(async () => {
  configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS });
  for (const server of servers) {
    if ('closeAllConnections' in server) (server as http.Server).closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const exchange = (url: string, init: Partial<ExchangeInit> = {}) =>
  outgoingExchange(new URL(url), { method: 'GET', headers: {}, timeoutMs: 20_000, maxBytes: 100_000, overLimit: 'truncate', ...init });

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('the exchange succeeded');
    },
    (error: NodeJS.ErrnoException) => error,
  );

describe('outgoingExchange', () => {
  it.skipIf(!hasOpenssl)('verifies TLS certificates unless told not to, pooled or not (needs openssl)', async () => {
    for (const pooled of [false, true]) {
      expect((await failureOf(exchange(`${tlsUrl}/`, { pooled }))).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
      const answer = await exchange(`${tlsUrl}/`, { pooled, rejectUnauthorized: false });
      expect(answer.body.toString()).toBe('over TLS');
      // A socket that skipped verification is not handed to a verifying exchange.
      expect((await failureOf(exchange(`${tlsUrl}/`, { pooled }))).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
    }
  });

  it('sends the method, path, query and body; answers the status line, headers as node gives them, and the body', async () => {
    const posted = await exchange(`${httpUrl}/api/v1/query?x=1`, {
      method: 'POST',
      body: 'query=up',
      headers: { 'content-type': 'text/plain' },
    });
    expect(posted).toMatchObject({ status: 200, statusText: 'Fine' });
    expect(posted.body.toString()).toBe('POST /api/v1/query?x=1 query=up');
    const moved = await exchange(`${httpUrl}/moved`);
    expect(moved).toMatchObject({ status: 302, statusText: 'Moved Along' });
    expect(moved.headers).toMatchObject({ location: '/elsewhere', 'x-twice': 'one, two', 'set-cookie': ['a=1', 'b=2'] });
  });

  it("sends a URL's user and password as Basic auth, unless an authorization header is set", async () => {
    const withUser = httpUrl.replace('http://', 'http://alert%40ops:p%3Ass@');
    expect((await exchange(`${withUser}/auth`)).body.toString()).toBe(
      `GET /auth  Basic ${Buffer.from('alert@ops:p:ss').toString('base64')}`,
    );
    expect((await exchange(`${withUser}/auth`, { headers: { Authorization: 'Bearer t' } })).body.toString()).toBe('GET /auth  Bearer t');
  });

  it('keeps what fits, or fails TOO_LARGE, past the size cap', async () => {
    const kept = await exchange(`${httpUrl}/large`, { maxBytes: 1000 });
    expect(kept.body.toString()).toBe('a'.repeat(1000));
    expect((await failureOf(exchange(`${httpUrl}/large`, { maxBytes: 1000, overLimit: 'fail' }))).code).toBe('TOO_LARGE');
  });

  it('gives up at the deadline, and names a connection the server closed', async () => {
    expect((await failureOf(exchange(`${httpUrl}/silent`, { timeoutMs: 200, pooled: true }))).code).toBe('TIMEOUT');
    expect((await failureOf(exchange(`${resetUrl}/`))).code).toBe('ECONNRESET');
    expect((await failureOf(exchange('http://127.0.0.1:1/'))).code).toBe('ECONNREFUSED');
  });

  it('reuses pooled connections; opens one per exchange otherwise', async () => {
    const opened = () => sockets.size;
    for (let i = 0; i < 3; i++) await exchange(`${httpUrl}/pooled`, { pooled: true });
    const afterPooled = opened();
    expect(afterPooled).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 3; i++) await exchange(`${httpUrl}/pooled`, { pooled: true });
    expect(opened()).toBe(afterPooled);
    // A one-off exchange closes its connection when done.
    await exchange(`${httpUrl}/once`);
    await expect.poll(opened).toBe(afterPooled);
  });

  it('refuses a name that resolves to a denied address, and a denied literal, before connecting', async () => {
    configureOutgoing({ denyCidrs: ['127.0.0.0/8', '::1/128'] });
    try {
      const port = new URL(httpUrl).port;
      for (const pooled of [false, true]) {
        expect((await failureOf(exchange(`http://localhost:${port}/`, { pooled }))).code).toBe('EDENIED');
        expect((await failureOf(exchange(`http://127.0.0.1:${port}/`, { pooled }))).code).toBe('EDENIED');
      }
    } finally {
      configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS });
    }
  });
});
