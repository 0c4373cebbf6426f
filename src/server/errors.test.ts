import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '../contract/errors';
import { httpError } from './errors';
import { ConflictError, InvalidError, VersionMismatchError, type DomainError } from './store/errors';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ maxBodyBytes: 64 * 1024 });
});
afterAll(() => server.cleanup());

const raw = (method: 'POST' | 'PATCH' | 'PUT', url: string, body: string, contentType = 'application/json') =>
  server.call({ method, url, body, headers: { 'content-type': contentType } });

function expectClientError(response: { statusCode: number; json(): unknown }, status: number, message: RegExp) {
  expect(response.statusCode).toBe(status);
  const body = errorResponseSchema.parse(response.json());
  expect(body.message).toMatch(message);
}

describe('bad input always gets a 4xx with a message', () => {
  it('malformed JSON → 400', async () => {
    expectClientError(await raw('POST', '/api/serviceaccounts', '{"name": "x",'), 400, /^bad request data: the body is not valid JSON/);
    expectClientError(await raw('PUT', '/api/org', "{name: 'x'}"), 400, /not valid JSON/);
  });

  it('an array, a scalar or no body where an object belongs → 400', async () => {
    expectClientError(await raw('POST', '/api/serviceaccounts', '[{"name":"x"}]'), 400, /must be a JSON object, got an array/);
    expectClientError(await raw('POST', '/api/serviceaccounts', '"x"'), 400, /must be a JSON object, got a string/);
    expectClientError(await raw('POST', '/api/serviceaccounts', '42'), 400, /must be a JSON object, got a number/);
    expectClientError(await raw('POST', '/api/serviceaccounts', 'null'), 400, /got nothing/);
    expectClientError(await raw('POST', '/api/serviceaccounts', ''), 400, /got nothing/);
  });

  it('wrong types name the field → 400', async () => {
    expectClientError(await raw('POST', '/api/serviceaccounts', '{"name": 5}'), 400, /^bad request data: name: must be a string$/);
    expectClientError(
      await raw('POST', '/api/serviceaccounts', '{"name": "ok", "isDisabled": "yes"}'),
      400,
      /isDisabled: must be true or false/,
    );
    expectClientError(
      await raw('PATCH', '/api/serviceaccounts/2', '{"role": ["Admin"]}'),
      400,
      /^invalid role specified: \["Admin"\]; use one of None, Viewer, Editor, Admin \(role\)$/,
    );
  });

  it('reads a JSON body whatever content type it came with, as Grafana does', async () => {
    const response = await raw('POST', '/api/serviceaccounts', '{"name": "curl -d"}', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(201);
  });

  it('refuses prototype-poisoning keys', async () => {
    expectClientError(await raw('POST', '/api/serviceaccounts', '{"name": "p", "__proto__": {"admin": true}}'), 400, /not valid JSON/);
  });

  it('non-numeric ids → 400, unknown ids → 404', async () => {
    expectClientError(await server.call({ method: 'GET', url: '/api/serviceaccounts/abc' }), 400, /^id: must be a number, got "abc"$/);
    expectClientError(await server.call({ method: 'GET', url: '/api/serviceaccounts/-1' }), 400, /must be a number/);
    expectClientError(await server.call({ method: 'DELETE', url: '/api/serviceaccounts/1/tokens/x' }), 400, /^tokenId: must be a number/);
    expectClientError(await server.call({ method: 'GET', url: '/api/serviceaccounts/99999999' }), 404, /^service account not found$/);
  });

  it('a body over the limit → 413 saying the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
    expectClientError(await raw('POST', '/api/serviceaccounts', big), 413, /too large: the limit is 65536 bytes/);
  });

  it('an unknown method on a known path → 404 in JSON', async () => {
    expectClientError(await server.call({ method: 'PUT', url: '/api/serviceaccounts/search' }), 404, /Not found: PUT/);
  });

  it('leaves nothing half-written when a write fails', async () => {
    const count = async () => {
      const users = await server.store.db
        .selectFrom('user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const members = await server.store.db
        .selectFrom('org_user')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return [users.n, members.n];
    };
    await server.call({ method: 'POST', url: '/api/serviceaccounts', payload: { name: 'Atomic One' } });
    const before = await count();
    // Same login (sa-atomic-one) under another name: the user insert fails inside the transaction.
    const clash = await server.call({ method: 'POST', url: '/api/serviceaccounts', payload: { name: 'atomic-one!' } });
    expect(clash.statusCode).toBe(400);
    const rename = await server.call({ method: 'PATCH', url: '/api/serviceaccounts/2', payload: { name: 'atomic one', role: 'Viewer' } });
    expect(rename.statusCode).toBe(400);
    expect(await count()).toEqual(before);
    // The failed PATCH changed neither the name nor the role of the bootstrap account.
    expect((await server.call({ method: 'GET', url: '/api/serviceaccounts/2' })).json()).toMatchObject({ name: 'admin', role: 'Admin' });
  });
});

describe('domain errors become HTTP answers in one place', () => {
  const cases: Array<[DomainError, number, Record<string, unknown>]> = [
    [new InvalidError('Cannot remove last organization admin'), 400, { message: 'Cannot remove last organization admin' }],
    [new InvalidError('service account already exists', 'name'), 400, { message: 'service account already exists', field: 'name' }],
    [new ConflictError('Team name taken', 'name'), 409, { message: 'Team name taken', field: 'name' }],
    [
      new ConflictError('Datasource has already been updated by someone else'),
      409,
      { message: 'Datasource has already been updated by someone else' },
    ],
    [
      new VersionMismatchError('The dashboard has been changed by someone else'),
      412,
      { status: 'version-mismatch', message: 'The dashboard has been changed by someone else' },
    ],
  ];
  it.each(cases)('%s → %i', (error, status, body) => {
    const answer = httpError(error);
    expect(answer.statusCode).toBe(status);
    expect(answer.body()).toEqual(body);
  });

  it('answers the store’s refusals through the error handler with their status, message and field', async () => {
    const post = (url: string, payload: object) => server.call({ method: 'POST', url, payload });
    await post('/api/teams', { name: 'Mapped' });
    const team = await post('/api/teams', { name: 'Mapped' });
    expect([team.statusCode, team.json()]).toEqual([409, { message: 'Team name taken', field: 'name' }]);

    await post('/api/serviceaccounts', { name: 'mapped' });
    const account = await post('/api/serviceaccounts', { name: 'mapped' });
    expect(account.statusCode).toBe(400);
    expect(account.json()).toEqual({
      message: 'service account already exists: the name "mapped" or its login "sa-mapped" is taken',
      field: 'name',
    });

    await post('/api/dashboards/db', { dashboard: { uid: 'mapped', title: 'Mapped' } });
    await post('/api/dashboards/db', { dashboard: { uid: 'mapped', title: 'Mapped', version: 1 } });
    const stale = await post('/api/dashboards/db', { dashboard: { uid: 'mapped', title: 'Stale', version: 1 } });
    expect([stale.statusCode, stale.json()]).toEqual([
      412,
      { status: 'version-mismatch', message: 'The dashboard has been changed by someone else' },
    ]);
  });
});

describe('a 400 names the field it is about', () => {
  const dataSource = { name: 'fielded', type: 'prometheus', access: 'proxy', url: 'http://127.0.0.1:9090' };
  const refusal = async (method: 'POST' | 'PATCH', url: string, payload: object) => {
    const response = await server.call({ method, url, payload });
    expect(response.statusCode).toBe(400);
    return errorResponseSchema.parse(response.json());
  };

  it('a request body that does not fit the contract: the first failing field, as a path', async () => {
    expect(await refusal('POST', '/api/serviceaccounts', { name: 5 })).toMatchObject({ field: 'name' });
    expect(await refusal('POST', '/api/datasources', { ...dataSource, url: 5 })).toMatchObject({ field: 'url' });
    expect(await refusal('POST', '/api/datasources', { ...dataSource, jsonData: { timeout: 'soon' } })).toMatchObject({
      message: expect.stringMatching(/^bad request data: jsonData.timeout: /),
      field: 'jsonData.timeout',
    });
    expect(await refusal('PATCH', '/api/serviceaccounts/2', { role: 'Owner' })).toMatchObject({ field: 'role' });
  });

  it('checks beyond the contract, in routes and in the store', async () => {
    expect(await refusal('POST', '/api/datasources', { ...dataSource, url: 'ftp://x' })).toEqual({
      message: 'Validation error, invalid URL: "ftp://x" is not an http:// or https:// address',
      field: 'url',
    });
    expect(await refusal('POST', '/api/datasources', { ...dataSource, type: 'nope' })).toMatchObject({ field: 'type' });
    expect(await refusal('POST', '/api/dashboards/db', { dashboard: { title: ' ' } })).toEqual({
      status: 'empty-name',
      message: 'Dashboard title cannot be empty',
      field: 'dashboard.title',
    });
    const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'fielded', title: 'Fielded' } });
    expect(folder.statusCode).toBe(200);
    expect(await refusal('POST', '/api/dashboards/db', { dashboard: { uid: 'fielded', title: 'Same uid' } })).toMatchObject({
      field: 'dashboard.uid',
    });
  });
});
