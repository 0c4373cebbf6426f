/**
 * Query errors never carry a data source's secrets, even when the backend quotes them: a fake
 * PostgreSQL server that answers the password with an error naming it.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutSecrets } from '../health/types';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import { closeAllPools } from './pools';

/** Speaks just enough of PostgreSQL's protocol to ask for a cleartext password and refuse it, quoting it. */
function startReflectingPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('error', () => undefined);
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!started) {
        // The startup message: Int32 length, then its body; no type byte.
        if (buffer.length < 4 || buffer.length < buffer.readInt32BE(0)) return;
        buffer = buffer.subarray(buffer.readInt32BE(0));
        started = true;
        const askPassword = Buffer.alloc(9);
        askPassword.write('R', 0);
        askPassword.writeInt32BE(8, 1);
        askPassword.writeInt32BE(3, 5); // AuthenticationCleartextPassword
        socket.write(askPassword);
      }
      // The password message: 'p', Int32 length, the password and a NUL.
      if (buffer.length < 5 || buffer.length < 1 + buffer.readInt32BE(1)) return;
      const password = buffer.subarray(5, 1 + buffer.readInt32BE(1) - 1).toString();
      const fields = Buffer.from(`SFATAL\0C28000\0Mpassword "${password}" is not accepted by this server\0\0`);
      const error = Buffer.alloc(5);
      error.write('E', 0);
      error.writeInt32BE(4 + fields.length, 1);
      socket.end(Buffer.concat([error, fields]));
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

describe('secrets in query errors', () => {
  let server: TestServer;
  let backend: Awaited<ReturnType<typeof startReflectingPostgres>>;
  beforeAll(async () => {
    server = await startTestServer();
    backend = await startReflectingPostgres();
  });
  afterAll(async () => {
    await closeAllPools();
    await backend?.stop();
    await server?.cleanup();
  });

  it('a password the backend quotes back is blanked from the query error', async () => {
    const password = 'reflected-secret-7731';
    const { uid } = await createDataSource(server, {
      name: 'reflecting',
      type: 'grafana-postgresql-datasource',
      url: backend.url,
      user: 'grafana',
      jsonData: { database: 'app', sslmode: 'disable' },
      secureJsonData: { password },
    });
    const answer = await server.call({
      method: 'POST',
      url: '/api/ds/query',
      payload: {
        from: 'now-1h',
        to: 'now',
        queries: [{ refId: 'A', datasource: { uid }, format: 'table', rawSql: 'SELECT 1' }],
      },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).not.toContain(password);
    expect(answer.json().results.A.error).toBe('PostgreSQL: password "***" is not accepted by this server');
  });
});

describe('withoutSecrets', () => {
  it('blanks every secret and a password in the URL, as written and decoded, longest first', () => {
    const target = { secrets: { password: 'abcd', token: 'abcdefgh', short: 'xyz' }, url: 'http://user:p%40ss-word@host:9090/' };
    expect(withoutSecrets('token abcdefgh, password abcd, xyz, p%40ss-word, p@ss-word', target)).toBe(
      'token ***, password ***, xyz, ***, ***',
    );
    expect(withoutSecrets('nothing here', { secrets: {}, url: 'host:5432' })).toBe('nothing here');
  });
});
