/**
 * Issue 27, hole 3: `0.0.0.0`, `0` and `[::]` reach this host, so a data source pointed at them
 * reached loopback whatever the deny list said. Each way out (health check, proxy, query; HTTP and
 * SQL) is tried against a listener on every local address, which must never see a connection.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutgoing, DEFAULT_DENY_CIDRS } from './outgoing';
import { createDataSource } from './testing/datasources';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = await startTestServer();
  // `::` takes IPv4 too (dual stack), so 0.0.0.0 and :: would both reach it.
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve, reject) => listener.once('error', reject).listen(0, '::', resolve));
  port = (listener.address() as net.AddressInfo).port;
  // Loopback is allowed (as by default); only the unspecified spellings are under test.
  configureOutgoing({ denyCidrs: DEFAULT_DENY_CIDRS });
});
afterAll(async () => {
  await new Promise<void>((resolve) => listener.close(() => resolve()));
  await server.cleanup();
});

let unique = 0;
/** A data source under a name of its own; its uid. */
async function newDataSource(payload: object): Promise<string> {
  return (await createDataSource(server, { name: `unspecified ${++unique}`, ...payload })).uid;
}

const UNSPECIFIED = /address (0\.0\.0\.0|::|::ffff:0:0) is not allowed: an unspecified address/;

describe('unspecified addresses are refused on every way out', () => {
  it.each(['0.0.0.0', '[::]', '0', '[::ffff:0.0.0.0]', '0x0'])('http://%s:<port>: health check, proxy and query', async (host) => {
    const uid = await newDataSource({ type: 'prometheus', url: `http://${host}:${port}` });

    const health = await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health` });
    expect(health.statusCode).toBe(400);
    expect(health.json().message).toMatch(UNSPECIFIED);

    const proxied = await server.call({ method: 'GET', url: `/api/datasources/proxy/uid/${uid}/api/v1/query?query=1` });
    expect(proxied.statusCode, proxied.body).toBeGreaterThanOrEqual(400);
    expect(proxied.statusCode).toBeLessThan(500);
    expect(proxied.json().message).toMatch(UNSPECIFIED);

    const queried = await server.call({
      method: 'POST',
      url: '/api/ds/query',
      payload: { from: '0', to: '60000', queries: [{ refId: 'A', datasource: { uid }, expr: 'up' }] },
    });
    expect(queried.statusCode).toBe(400);
    expect(queried.json().results.A.error).toMatch(UNSPECIFIED);

    expect(connections).toBe(0);
  });

  it.each([
    ['mysql', {}],
    ['grafana-postgresql-datasource', { jsonData: { database: 'postgres' } }],
  ])('%s at 0.0.0.0, [::] and 0: health check and query', async (type, extra) => {
    for (const host of ['0.0.0.0', '[::]', '0']) {
      const uid = await newDataSource({ type, url: `${host}:${port}`, user: 'reader', ...extra });
      const health = await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health` });
      expect(health.statusCode, `${type} ${host}`).toBe(400);
      expect(health.json().message).toMatch(UNSPECIFIED);

      const queried = await server.call({
        method: 'POST',
        url: '/api/ds/query',
        payload: { from: '0', to: '60000', queries: [{ refId: 'A', datasource: { uid }, rawSql: 'SELECT 1', format: 'table' }] },
      });
      expect(queried.statusCode, `${type} ${host}: ${queried.body}`).toBeGreaterThanOrEqual(400);
      expect(queried.statusCode).toBeLessThan(500);
      expect(queried.json().results.A.error).toMatch(UNSPECIFIED);
    }
    expect(connections).toBe(0);
  });

  it('the listener itself is reachable on loopback, so the refusals above are the policy, not the network', async () => {
    const uid = await newDataSource({ type: 'prometheus', url: `http://127.0.0.1:${port}` });
    const health = await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health` });
    expect(health.statusCode).toBe(400);
    expect(health.json().message).not.toMatch(/not allowed/);
    expect(connections).toBeGreaterThan(0);
  });
});
