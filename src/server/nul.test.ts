/**
 * Issue 27, hole 6: NUL bytes in paths, query strings and JSON strings. PostgreSQL text cannot hold
 * NUL (`GET /api/dashboards/uid/%00` answered 500 there), so every store refuses them alike, with a
 * 400 that says where the NUL is. Runs on SQLite and on PostgreSQL (the server-postgres project).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: string, token?: string | null) {
  const response = await server.call({
    method,
    url,
    ...(payload === undefined ? {} : { payload, headers: { 'content-type': 'application/json' } }),
    ...(token === undefined ? {} : { token }),
  });
  return { status: response.statusCode, json: response.json() as { message: string; field?: string } };
}

describe('NUL characters are refused with 400 on every store', () => {
  it('in paths and query strings, percent-encoded, wherever the router or the query parser would decode them', async () => {
    for (const url of [
      '/api/dashboards/uid/%00',
      '/api/dashboards/uid/a%00b/versions',
      '/api/folders/%00',
      '/api/datasources/uid/%00',
      '/api/datasources/name/x%00',
      '/api/annotations/%00',
      '/api/nothing-here/%00',
    ]) {
      expect(await call('GET', url), url).toEqual({
        status: 400,
        json: { message: 'bad request data: the path contains a NUL character (%00)' },
      });
    }
    for (const url of ['/api/search?query=%00', '/api/search?tag=a%00', '/api/annotations?tags=%00', '/api/org/users/lookup?query=x%00']) {
      expect(await call('GET', url), url).toEqual({
        status: 400,
        json: { message: 'bad request data: the query string contains a NUL character (%00)' },
      });
    }
    expect((await call('DELETE', '/api/dashboards/uid/%00')).status).toBe(400);
    // Strangers still learn nothing but that a token is needed.
    expect((await call('GET', '/api/dashboards/uid/%00', undefined, null)).status).toBe(401);
    // `%2500` is the text "%00", not a NUL: an ordinary unknown uid.
    expect((await call('GET', '/api/dashboards/uid/%2500')).status).toBe(404);
  });

  it('in JSON strings and keys, naming the field', async () => {
    const title = await call('POST', '/api/dashboards/db', '{"dashboard":{"title":"a\\u0000b"}}');
    expect(title).toEqual({
      status: 400,
      json: { message: 'bad request data: dashboard.title contains a NUL character', field: 'dashboard.title' },
    });
    const tag = await call('POST', '/api/dashboards/db', '{"dashboard":{"title":"t","tags":["ok","\\u0000"]}}');
    expect(tag.json.field).toBe('dashboard.tags.1');
    const key = await call('POST', '/api/datasources', '{"name":"n","type":"prometheus","access":"proxy","jsonData":{"a\\u0000":1}}');
    expect(key.status).toBe(400);
    expect(key.json.message).toMatch(/^bad request data: jsonData\.a\\u0000 contains a NUL character$/);
    expect((await call('POST', '/api/folders', '{"title":"\\u0000"}')).json.field).toBe('title');
    expect((await call('POST', '/api/annotations', '{"text":"x","tags":["\\u0000"]}')).status).toBe(400);
    expect(await call('PUT', '/api/org', '"\\u0000"')).toEqual({
      status: 400,
      json: { message: 'bad request data: the body contains a NUL character' },
    });
  });

  it('an escaped backslash before u0000 is ordinary text, stored and returned as sent', async () => {
    const saved = await call('POST', '/api/dashboards/db', '{"dashboard":{"title":"back\\\\u0000slash"}}');
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const uid = (saved.json as unknown as { uid: string }).uid;
    const read = await server.call({ method: 'GET', url: `/api/dashboards/uid/${uid}` });
    expect(read.json().dashboard.title).toBe('back\\u0000slash');
    expect((await call('GET', '/api/search?query=back')).status).toBe(200);
  });
});
