import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { orgSchema } from '../../contract/org';
import { answer, API, connectedSession, failWith, fixtures, server, signedInSession } from '../test/server';
import { apiFetch } from './client';
import { ApiError, NetworkError, serverFieldError, UnexpectedResponseError } from './errors';
import { shouldRetry } from './queryClient';
import { getSession, lastEndReason, startSession } from './session';

describe('apiFetch', () => {
  it('carries the field a 400 names beside its message', async () => {
    startSession(connectedSession());
    server.use(
      http.post(`${API}/api/datasources`, () =>
        HttpResponse.json({ message: 'that address is not allowed', field: 'url' }, { status: 400 }),
      ),
    );
    const error = await apiFetch('/api/datasources', { method: 'POST', body: {}, schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).field).toBe('url');
    expect((error as ApiError).message).toBe('that address is not allowed');
  });

  it('leaves field undefined when the server names none', () => {
    expect(new ApiError(400, 'bad', { message: 'bad' }).field).toBeUndefined();
    expect(new ApiError(400, 'bad', undefined).field).toBeUndefined();
  });

  it('gives a form the server’s words for the fields a refusal names, and nothing for any other error', () => {
    const taken = new ApiError(409, 'Team name taken', { message: 'Team name taken', field: 'name' });
    expect(serverFieldError(taken, 'name')).toBe('Team name taken');
    expect(serverFieldError(taken, 'email', 'name')).toBe('Team name taken');
    expect(serverFieldError(taken, 'email')).toBeUndefined();
    expect(serverFieldError(new ApiError(409, 'name already exists', { message: 'name already exists' }), 'name')).toBeUndefined();
    expect(serverFieldError(new Error('offline'), 'name')).toBeUndefined();
    expect(serverFieldError(null, 'name')).toBeUndefined();
  });

  it('sends the bearer token and parses the answer with the contract', async () => {
    startSession(connectedSession());
    let authorization: string | null = null;
    server.use(
      http.get(`${API}/api/org`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json({ ...fixtures.org, extraFieldFromGrafana: true });
      }),
    );
    const org = await apiFetch('/api/org', { schema: orgSchema });
    expect(authorization).toBe('Bearer glsa_test');
    expect(org.name).toBe('Main Org.');
  });

  it('sends JSON bodies with their content type', async () => {
    startSession(connectedSession());
    let received: unknown;
    server.use(
      http.post(`${API}/api/folders`, async ({ request }) => {
        received = { type: request.headers.get('content-type'), body: await request.json() };
        return HttpResponse.json({ message: 'ok' });
      }),
    );
    await apiFetch('/api/folders', { method: 'POST', body: { title: 'Ops' }, schema: z.object({ message: z.string() }) });
    expect(received).toEqual({ type: 'application/json', body: { title: 'Ops' } });
  });

  it("turns an error answer into an ApiError with the status and the server's message", async () => {
    startSession(connectedSession());
    server.use(failWith('post', '/api/datasources', 409, { message: 'data source with the same name already exists: "Metrics"' }));
    const error = await apiFetch('/api/datasources', { method: 'POST', body: {}, schema: z.unknown() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'data source with the same name already exists: "Metrics"' });
  });

  it('says what status came back when an error has no JSON body', async () => {
    startSession(connectedSession());
    server.use(http.get(`${API}/api/org`, () => new HttpResponse('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' })));
    await expect(apiFetch('/api/org', { schema: orgSchema })).rejects.toMatchObject({
      status: 502,
      message: 'The server answered 502 Bad Gateway',
    });
  });

  it('gives a readable "unexpected response" error when the answer breaks the contract', async () => {
    startSession(connectedSession());
    server.use(answer('get', '/api/org', { id: 'one', name: 5 }));
    const error = await apiFetch('/api/org', { schema: orgSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect((error as Error).message).toMatch(/^Unexpected response from \/api\/org: id: .*; name: .*; address: /);
  });

  it('says so when a 200 is not JSON (e.g. an HTML page at that address)', async () => {
    startSession(connectedSession());
    server.use(
      http.get(`${API}/api/org`, () => new HttpResponse('<!doctype html><p>hi</p>', { headers: { 'content-type': 'text/html' } })),
    );
    await expect(apiFetch('/api/org', { schema: orgSchema })).rejects.toThrow(
      /not JSON\. Is http:\/\/localhost:3000 a Sightline or Grafana server\?/,
    );
  });

  it('reports an unreachable server as a NetworkError naming the address', async () => {
    server.use(http.get('http://unreachable.test/api/org', () => HttpResponse.error()));
    const error = await apiFetch('/api/org', {
      schema: orgSchema,
      credentials: { serverUrl: 'http://unreachable.test', token: 't' },
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toBe(
      'Cannot reach the server at http://unreachable.test: check the address and that the server is running.',
    );
  });

  it('ends the session on a 401, keeping the reason for the connect page', async () => {
    startSession(connectedSession());
    server.use(failWith('get', '/api/datasources', 401, { message: 'Expired API key: token expired at 2026-01-01T00:00:00.000Z' }));
    await expect(apiFetch('/api/datasources', { schema: z.unknown() })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(lastEndReason()).toBe('Expired API key: token expired at 2026-01-01T00:00:00.000Z');
  });

  it('leaves the session alone when a 401 answers a token being tried on the connect page', async () => {
    startSession(connectedSession());
    server.use(failWith('get', '/api/org', 401, { message: 'Invalid API key' }));
    await expect(apiFetch('/api/org', { schema: orgSchema, credentials: { serverUrl: '', token: 'other' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).not.toBeNull();
  });
  it('sends no Authorization header for a cookie session: the browser sends the cookie', async () => {
    startSession(signedInSession());
    let authorization: string | null = 'unset';
    server.use(
      http.get(`${API}/api/org`, ({ request }) => {
        authorization = request.headers.get('authorization');
        return HttpResponse.json(fixtures.org);
      }),
    );
    await apiFetch('/api/org', { schema: orgSchema });
    expect(authorization).toBeNull();
  });

  it('ends a cookie session on a 401 too, keeping the reason for the sign-in page', async () => {
    startSession(signedInSession());
    server.use(failWith('get', '/api/org', 401, { message: 'Session expired' }));
    await expect(apiFetch('/api/org', { schema: orgSchema })).rejects.toMatchObject({ status: 401 });
    expect(getSession()).toBeNull();
    expect(lastEndReason()).toBe('Session expired');
  });

  it('keeps the session when a 401 answers what was sent (a wrong old password)', async () => {
    startSession(signedInSession());
    server.use(failWith('put', '/api/user/password', 401, { message: 'Invalid old password' }));
    await expect(
      apiFetch('/api/user/password', { method: 'PUT', body: {}, schema: z.unknown(), keepSessionOn401: true }),
    ).rejects.toMatchObject({ status: 401, message: 'Invalid old password' });
    expect(getSession()).not.toBeNull();
  });
});

describe('query retries', () => {
  it('never retry client errors or contract breaks, and retry others twice', () => {
    expect(shouldRetry(0, new ApiError(404, 'nope', {}))).toBe(false);
    expect(shouldRetry(0, new ApiError(401, 'nope', {}))).toBe(false);
    expect(shouldRetry(0, new UnexpectedResponseError('x'))).toBe(false);
    expect(shouldRetry(0, new ApiError(503, 'busy', {}))).toBe(true);
    expect(shouldRetry(1, new NetworkError('down'))).toBe(true);
    expect(shouldRetry(2, new NetworkError('down'))).toBe(false);
  });
});
