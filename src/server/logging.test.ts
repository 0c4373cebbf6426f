/**
 * Request logs (issue 18 item 4): formats, one line per request, 5xx with the stack, and a whole
 * server process run whose every log line is searched for the tokens and secrets it was given.
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLine, loggerOptions, requestLoggersOnUse } from './logging';
import { ADMIN_TOKEN, tempDataDir } from './testing/harness';
import { startListeningServer } from './testing/listening';
import { startServerProcess, type ServerProcess } from './testing/serverProcess';

const cleanups: Array<() => void | Promise<void>> = [];

/** A Fastify app whose log lines (JSON, at `level` and above) are collected in memory. */
async function appLoggingTo(level: string) {
  let written = '';
  const out = new Writable({
    write(chunk, _encoding, done) {
      written += String(chunk);
      done();
    },
  });
  const app = Fastify({ logger: loggerOptions(level, 'json', out) });
  return { app, written: () => written };
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const LINE = JSON.stringify({
  level: 30,
  time: Date.UTC(2026, 0, 2, 3, 4, 5, 678),
  pid: 1,
  hostname: 'h',
  msg: 'GET /api/org 200 1.2 ms',
  handler: '/api/org',
  status: 200,
  remote_addr: '127.0.0.1',
});

describe('log formats', () => {
  it('logfmt: time, level and message first, then the fields, quoted when needed', () => {
    expect(formatLine(LINE, 'logfmt')).toBe(
      't=2026-01-02T03:04:05.678Z level=info msg="GET /api/org 200 1.2 ms" handler=/api/org status=200 remote_addr=127.0.0.1\n',
    );
  });

  it('pretty: a short time, the level and the message, then the fields; an error keeps its stack', () => {
    expect(formatLine(LINE, 'pretty')).toBe(
      '03:04:05.678 INFO  GET /api/org 200 1.2 ms  handler=/api/org status=200 remote_addr=127.0.0.1\n',
    );
    const error = JSON.stringify({
      level: 50,
      time: 0,
      msg: 'request failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:2)' },
    });
    expect(formatLine(error, 'pretty')).toBe('00:00:00.000 ERROR request failed\n    Error: boom\n        at x (y.ts:1:2)\n');
    expect(formatLine(error, 'logfmt')).toContain('error=boom stack="Error: boom\\n    at x (y.ts:1:2)"');
  });

  it('redacts secrets from objects that are logged', async () => {
    const { app, written } = await appLoggingTo('info');
    app.log.info({ headers: { authorization: 'Bearer abc' }, secureJsonData: { password: 'p' }, target: { secrets: { x: 'y' } } }, 'x');
    await app.close();
    expect(written()).not.toMatch(/abc|"p"|"y"/);
    expect(written()).toContain('[redacted]');
  });
});

describe('request loggers', () => {
  it("make the request's child logger when a line is written: the same lines, its reqId in each", async () => {
    const { app, written } = await appLoggingTo('warn');
    requestLoggersOnUse(app);
    app.get('/quiet', async (request) => {
      request.log.info('below the level');
      const log = request.log as typeof request.log & { isLevelEnabled(level: string): boolean };
      return { level: log.level, info: log.isLevelEnabled('info') };
    });
    app.get('/loud', async (request) => {
      request.log.warn({ token: 'secret' }, 'loud');
      request.log.child({ part: 'nested' }).error('nested');
      return { id: request.id };
    });
    const child = vi.spyOn(app.log, 'child');
    expect((await app.inject('/quiet')).json()).toEqual({ level: 'warn', info: false });
    expect(child).not.toHaveBeenCalled();
    const { id } = (await app.inject('/loud')).json<{ id: string }>();
    await app.close();
    const lines = written()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toMatchObject([
      { level: 40, reqId: id, token: '[redacted]', msg: 'loud' },
      { level: 50, reqId: id, part: 'nested', msg: 'nested' },
    ]);
    // The request's child, made once, then the route's own child of it (pino children inherit the spy).
    expect(child.mock.calls.map(([bindings]) => bindings)).toEqual([{ reqId: id }, { part: 'nested' }]);
  });
});

describe('request lines', () => {
  it('a 5xx is logged with its stack even when request lines are off', async () => {
    const server = await startListeningServer();
    cleanups.push(() => server.close());
    server.store.orgs.get = () => Promise.reject(new Error('the disk is on fire'));
    expect((await server.api('/api/org')).status).toBe(500);
    const failed = server.logs.find((line) => line.msg === 'request failed');
    expect((failed?.err as { stack?: string } | undefined)?.stack).toMatch(/the disk is on fire\n\s+at /);
    const requestLine = server.logs.find((line) => line.status === 500);
    expect(requestLine).toMatchObject({ level: 50, method: 'GET', handler: '/api/org', status: 500, account: 'sa-admin', org: 1 });
  });
});

describe('a whole server run', () => {
  it('logs one line per request with route, status, duration, account, org and address; no token or secret in any line', async () => {
    const dataDir = tempDataDir();
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const metricsPassword = 'metrics-password-9f8e7d6c5b4a';
    const server: ServerProcess = await startServerProcess(dataDir, {
      SIGHTLINE_LOG_REQUESTS: 'true',
      SIGHTLINE_LOG_LEVEL: 'debug',
      SIGHTLINE_METRICS_AUTH: `scraper:${metricsPassword}`,
    });
    cleanups.push(() => server.kill());
    const json = { 'content-type': 'application/json' };

    // A service account token, minted and used (bearer and Grafana's basic form).
    const account = (await (
      await server.api('/api/serviceaccounts', { method: 'POST', headers: json, body: JSON.stringify({ name: 'ci', role: 'Editor' }) })
    ).json()) as { id: number };
    const { key: token } = (await (
      await server.api(`/api/serviceaccounts/${account.id}/tokens`, { method: 'POST', headers: json, body: JSON.stringify({ name: 't' }) })
    ).json()) as { key: string };
    expect((await server.api('/api/search', { token })).status).toBe(200);
    const basic = `Basic ${Buffer.from(`api_key:${token}`).toString('base64')}`;
    expect((await server.api('/api/org', { token: null, headers: { authorization: basic } })).status).toBe(200);
    // Wrong and revoked-looking tokens are refused and logged as failures, without the token.
    const wrongToken = 'glsa_thisIsNotARealTokenButLooksLikeOne_0123abcd';
    expect((await server.api('/api/org', { token: wrongToken })).status).toBe(401);

    // Data source secrets: a password, a header value, basic auth; checked and queried (they fail).
    const secrets = {
      password: 'db-password-1a2b3c4d',
      basicAuthPassword: 'basic-password-5e6f7a8b',
      httpHeaderValue1: 'Bearer header-secret-9c0d1e2f',
    };
    const created = await server.api('/api/datasources', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        name: 'prom',
        uid: 'prom',
        type: 'prometheus',
        access: 'proxy',
        url: 'http://127.0.0.1:1',
        basicAuth: true,
        basicAuthUser: 'u',
        jsonData: { httpHeaderName1: 'Authorization' },
        secureJsonData: secrets,
      }),
    });
    expect(created.status).toBe(200);
    expect((await server.api('/api/datasources/uid/prom/health')).status).toBe(400);
    const query = await server.api('/api/ds/query', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ from: 'now-1h', to: 'now', queries: [{ refId: 'A', datasource: { uid: 'prom' }, expr: 'up' }] }),
    });
    expect(query.status).toBe(400);
    expect((await server.api('/api/datasources/proxy/uid/prom/api/v1/query?query=up')).status).toBeGreaterThanOrEqual(400);
    // The metrics password, wrong and right.
    const scrape = (password: string) =>
      server.api('/metrics', { token: null, headers: { authorization: `Basic ${Buffer.from(`scraper:${password}`).toString('base64')}` } });
    expect((await scrape('nope')).status).toBe(401);
    expect((await scrape(metricsPassword)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const output = server.output();
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    const requestLines = lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => 'handler' in line);
    expect(requestLines.find((line) => line.handler === '/api/search')).toMatchObject({
      method: 'GET',
      status: 200,
      account: 'sa-ci',
      org: 1,
      remote_addr: '127.0.0.1',
      duration_ms: expect.any(Number),
    });
    expect(requestLines.find((line) => line.handler === '/api/org' && line.status === 401)).toBeDefined();
    expect(requestLines.length).toBeGreaterThanOrEqual(10);

    for (const secret of [ADMIN_TOKEN, token, wrongToken, metricsPassword, ...Object.values(secrets), 'header-secret-9c0d1e2f']) {
      expect(output.includes(secret), `a log line holds ${secret.slice(0, 8)}…`).toBe(false);
    }
  }, 60_000);
});
