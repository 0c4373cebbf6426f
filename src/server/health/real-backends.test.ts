/**
 * Health checks against real Prometheus and PostgreSQL servers from Debian's packages
 * (`.ci/run` installs them; on a machine without them these tests are skipped and say so).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthCheckResultSchema } from '../../contract/datasources';
import { freePort, hasPostgres, hasPrometheus, startPostgres, startPrometheus, type Backend } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

let unique = 0;
async function check(payload: object) {
  const { uid, id } = await createDataSource(server, { name: `real ${++unique}`, ...payload });
  const response = await server.call({ method: 'GET', url: `/api/datasources/uid/${uid}/health` });
  const byId = await server.call({ method: 'GET', url: `/api/datasources/${id}/health` });
  expect(byId.json()).toEqual(response.json());
  return { statusCode: response.statusCode, ...healthCheckResultSchema.parse(response.json()), uid };
}

describe.skipIf(!hasPrometheus)('Prometheus (real server)', () => {
  let prometheus: Backend;
  let guarded: Backend;
  beforeAll(async () => {
    [prometheus, guarded] = await Promise.all([
      startPrometheus(),
      startPrometheus({ basicAuth: { user: 'grafana', password: 'prom-pass-123' } }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([prometheus?.stop(), guarded?.stop()]);
  });

  it('a healthy server → OK, by GET and by POST', async () => {
    expect(await check({ type: 'prometheus', url: prometheus.url })).toMatchObject({
      statusCode: 200,
      status: 'OK',
      message: 'Successfully queried the Prometheus API.',
    });
    expect(await check({ type: 'prometheus', url: prometheus.url, jsonData: { httpMethod: 'POST' } })).toMatchObject({ status: 'OK' });
  });

  it('a closed port → ERROR naming the address', async () => {
    const port = await freePort();
    const result = await check({ type: 'prometheus', url: `http://127.0.0.1:${port}` });
    expect(result).toMatchObject({ statusCode: 400, status: 'ERROR' });
    expect(result.message).toMatch(`connection refused at http://127.0.0.1:${port}/api/v1/query`);
  });

  it('behind basic auth: wrong password → ERROR, right password → OK', async () => {
    const base = { type: 'prometheus', url: guarded.url, basicAuth: true, basicAuthUser: 'grafana' };
    const none = await check({ type: 'prometheus', url: guarded.url });
    expect(none).toMatchObject({
      status: 'ERROR',
      message: expect.stringMatching(/^authentication failed \(HTTP 401\).*check user and password/),
    });
    const wrong = await check({ ...base, secureJsonData: { basicAuthPassword: 'not-the-password' } });
    expect(wrong).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/^authentication failed \(HTTP 401\)/) });
    expect(wrong.message).not.toContain('not-the-password');
    // Fixing the password (the rest of the settings unchanged) turns it OK.
    await server.call({
      method: 'PUT',
      url: `/api/datasources/uid/${wrong.uid}`,
      payload: { name: `fixed ${unique}`, access: 'proxy', ...base, secureJsonData: { basicAuthPassword: 'prom-pass-123' } },
    });
    const fixed = await server.call({ method: 'GET', url: `/api/datasources/uid/${wrong.uid}/health` });
    expect(fixed.json()).toEqual({ status: 'OK', message: 'Successfully queried the Prometheus API.' });
  });

  it('a URL of something that is not Prometheus → ERROR that says so', async () => {
    const result = await check({ type: 'prometheus', url: `${prometheus.url}/nothing-here` });
    expect(result.status).toBe('ERROR');
    expect(result.message).toMatch(/HTTP 404|not found|did not answer/);
  });
});

describe.skipIf(!hasPostgres)('PostgreSQL (real server)', () => {
  let postgres: Backend;
  beforeAll(async () => {
    postgres = await startPostgres('pg-pass-456');
  }, 60_000);
  afterAll(async () => {
    await postgres?.stop();
  });
  const base = () => ({
    type: 'grafana-postgresql-datasource',
    url: postgres.url,
    user: 'postgres',
    jsonData: { database: 'app', sslmode: 'disable' },
  });

  it('the right password → OK', async () => {
    expect(await check({ ...base(), secureJsonData: { password: 'pg-pass-456' } })).toMatchObject({
      statusCode: 200,
      status: 'OK',
      message: 'Database Connection OK',
    });
  });

  it('a wrong password → ERROR saying authentication failed', async () => {
    const result = await check({ ...base(), secureJsonData: { password: 'wrong-pass' } });
    expect(result).toMatchObject({
      statusCode: 400,
      status: 'ERROR',
      message: `authentication failed for user "postgres" at ${postgres.url}: check user and password`,
    });
  });

  it('a missing database → ERROR naming it', async () => {
    const result = await check({
      ...base(),
      jsonData: { database: 'nosuchdb', sslmode: 'disable' },
      secureJsonData: { password: 'pg-pass-456' },
    });
    expect(result).toMatchObject({ status: 'ERROR', message: `database "nosuchdb" does not exist at ${postgres.url}` });
  });

  it('SSL required by the data source but not offered by the server → ERROR that says what to change', async () => {
    const result = await check({
      ...base(),
      jsonData: { database: 'app', sslmode: 'require' },
      secureJsonData: { password: 'pg-pass-456' },
    });
    expect(result).toMatchObject({ status: 'ERROR', message: expect.stringMatching(/does not support SSL: set TLS\/SSL mode to disable/) });
  });

  it('the postgres alias is checked the same way', async () => {
    expect(await check({ ...base(), type: 'postgres', secureJsonData: { password: 'pg-pass-456' } })).toMatchObject({ status: 'OK' });
  });
});
