import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annotationListSchema, annotationSchema, annotationTagsResponseSchema } from '../../contract/annotations';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid: 'web', title: 'Web' } } });
});
afterAll(() => server.cleanup());

const T = Date.parse('2026-06-01T12:00:00Z');
const MIN = 60_000;
const create = (payload: object, token?: string) =>
  server.call({ method: 'POST', url: '/api/annotations', payload, ...(token ? { token } : {}) });
const find = async (query: string, token?: string) => {
  const response = await server.call({ method: 'GET', url: `/api/annotations${query}`, ...(token ? { token } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return annotationListSchema.parse(response.json());
};

describe('annotations', () => {
  it('creates a point and a region, and reads them back in Grafana shape', async () => {
    const point = await create({ dashboardUID: 'web', panelId: 2, time: T, tags: ['deploy', 'web'], text: 'v1.2 deployed' });
    expect(point.statusCode).toBe(200);
    expect(point.json()).toEqual({ message: 'Annotation added', id: expect.any(Number) });
    const region = await create({ time: T + 10 * MIN, timeEnd: T + 20 * MIN, tags: ['incident'], text: 'outage' });
    const [outage, deploy] = await find(`?from=${T - MIN}&to=${T + 30 * MIN}`);
    expect(deploy).toMatchObject({
      id: point.json().id,
      dashboardUID: 'web',
      dashboardId: expect.any(Number),
      panelId: 2,
      time: T,
      timeEnd: T,
      text: 'v1.2 deployed',
      tags: ['deploy', 'web'],
      login: 'sa-admin',
    });
    expect(outage).toMatchObject({
      id: region.json().id,
      dashboardUID: null,
      dashboardId: 0,
      panelId: 0,
      time: T + 10 * MIN,
      timeEnd: T + 20 * MIN,
    });
    const one = annotationSchema.parse((await server.call({ method: 'GET', url: `/api/annotations/${region.json().id}` })).json());
    expect(one.text).toBe('outage');
  });

  it('defaults time to now and timeEnd to time', async () => {
    const before = Date.now();
    const { id } = (await create({ text: 'now' })).json();
    const found = (await find(`?from=${before - 1000}&to=${Date.now() + 1000}`)).find((a) => a.id === id)!;
    expect(found.time).toBeGreaterThanOrEqual(before);
    expect(found.timeEnd).toBe(found.time);
  });

  it('finds what overlaps the range at its edges, and not what lies outside', async () => {
    const base = Date.parse('2026-07-01T00:00:00Z');
    const make = (text: string, time: number, timeEnd = time) => create({ text, time, timeEnd, tags: ['edges'] });
    await make('before', base - 2 * MIN);
    await make('overlaps start', base - 5 * MIN, base + MIN);
    await make('on start', base);
    await make('inside', base + 10 * MIN);
    await make('on end', base + 60 * MIN);
    await make('overlaps end', base + 50 * MIN, base + 90 * MIN);
    await make('spans all', base - 60 * MIN, base + 120 * MIN);
    await make('after', base + 61 * MIN);
    await make('region before', base - 30 * MIN, base - MIN);
    const found = await find(`?from=${base}&to=${base + 60 * MIN}&tags=edges`);
    expect(found.map((a) => a.text)).toEqual(['on end', 'overlaps end', 'inside', 'on start', 'overlaps start', 'spans all']);
  });

  it('filters by tags (all, or any with matchAny), dashboard, panel and type', async () => {
    const base = Date.parse('2026-08-01T00:00:00Z');
    await create({ text: 'a', time: base, tags: ['red', 'blue'], dashboardUID: 'web', panelId: 1 });
    await create({ text: 'b', time: base + 1, tags: ['red'], dashboardUID: 'web', panelId: 2 });
    await create({ text: 'c', time: base + 2, tags: ['blue'] });
    const range = `from=${base}&to=${base + 10}`;
    expect((await find(`?${range}&tags=red&tags=blue`)).map((a) => a.text)).toEqual(['a']);
    expect((await find(`?${range}&tags=red&tags=blue&matchAny=true`)).map((a) => a.text)).toEqual(['c', 'b', 'a']);
    expect((await find(`?${range}&dashboardUID=web`)).map((a) => a.text)).toEqual(['b', 'a']);
    expect((await find(`?${range}&dashboardUID=web&panelId=2`)).map((a) => a.text)).toEqual(['b']);
    expect(await find(`?${range}&dashboardUID=no-such-dashboard`)).toEqual([]);
    expect(await find(`?${range}&type=alert`)).toEqual([]);
    expect((await find(`?${range}&type=annotation&limit=2`)).map((a) => a.text)).toEqual(['c', 'b']);
  });

  it('updates with PUT (replace) and PATCH (only given fields)', async () => {
    const { id } = (await create({ text: 'draft', time: T, tags: ['x'] })).json();
    const patched = await server.call({ method: 'PATCH', url: `/api/annotations/${id}`, payload: { text: 'final' } });
    expect(patched.json()).toEqual({ message: 'Annotation updated' });
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}` })).json()).toMatchObject({
      text: 'final',
      tags: ['x'],
      time: T,
      timeEnd: T,
    });
    await server.call({ method: 'PATCH', url: `/api/annotations/${id}`, payload: { time: T + MIN } });
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}` })).json()).toMatchObject({ time: T + MIN, timeEnd: T + MIN });
    await server.call({ method: 'PUT', url: `/api/annotations/${id}`, payload: { time: T, timeEnd: T + 5 * MIN, text: 'replaced' } });
    // A field PUT leaves out is left as it is (issue 14); `tags: []` clears them.
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}` })).json()).toMatchObject({
      text: 'replaced',
      tags: ['x'],
      timeEnd: T + 5 * MIN,
    });
    await server.call({
      method: 'PUT',
      url: `/api/annotations/${id}`,
      payload: { time: T, timeEnd: T + 5 * MIN, text: 'replaced', tags: [] },
    });
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}` })).json()).toMatchObject({ tags: [] });
    const backwards = await server.call({ method: 'PATCH', url: `/api/annotations/${id}`, payload: { timeEnd: T - 1 } });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toMatch(/timeEnd .* must not be before time/);
  });

  it('deletes, and answers 404 for what is gone and 400 for a bad id', async () => {
    const { id } = (await create({ text: 'bye' })).json();
    expect((await server.call({ method: 'DELETE', url: `/api/annotations/${id}` })).json()).toEqual({ message: 'Annotation deleted' });
    for (const method of ['GET', 'DELETE', 'PATCH'] as const) {
      const gone = await server.call({ method, url: `/api/annotations/${id}`, payload: method === 'PATCH' ? { text: 'x' } : undefined });
      expect(gone.statusCode, method).toBe(404);
      expect(gone.json()).toEqual({ message: 'Annotation not found' });
    }
    expect((await server.call({ method: 'DELETE', url: '/api/annotations/abc' })).statusCode).toBe(400);
  });

  it('refuses bad input with 400', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ text: '' }, /text: cannot be empty/],
      [{}, /text: is required/],
      [{ text: 'x', time: 'yesterday' }, /time: must be epoch milliseconds/],
      [{ text: 'x', time: 1.5 }, /time: must be whole milliseconds/],
      [{ text: 'x', time: 2000, timeEnd: 1000 }, /timeEnd \(1000\) must not be before time \(2000\)/],
      [{ text: 'x', tags: 'deploy' }, /tags: must be an array of strings/],
      [{ text: 'x', dashboardUID: 'missing' }, /dashboard not found/],
      [{ text: 'x', panelId: 'two' }, /panelId: must be a number/],
    ];
    for (const [payload, message] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    for (const query of ['?from=yesterday', '?to=1.5', '?limit=x', '?matchAny=perhaps', '?type=note']) {
      expect((await server.call({ method: 'GET', url: `/api/annotations${query}` })).statusCode, query).toBe(400);
    }
  });

  it('counts tags, optionally by prefix', async () => {
    const fresh = await startTestServer();
    try {
      for (const tags of [['deploy', 'web'], ['deploy'], ['db']])
        await fresh.call({ method: 'POST', url: '/api/annotations', payload: { text: 't', tags } });
      const all = annotationTagsResponseSchema.parse((await fresh.call({ method: 'GET', url: '/api/annotations/tags' })).json());
      expect(all.result.tags).toEqual([
        { tag: 'db', count: 1 },
        { tag: 'deploy', count: 2 },
        { tag: 'web', count: 1 },
      ]);
      const prefixed = (await fresh.call({ method: 'GET', url: '/api/annotations/tags?tag=de' })).json();
      expect(prefixed.result.tags).toEqual([{ tag: 'deploy', count: 2 }]);
    } finally {
      await fresh.cleanup();
    }
  });

  it('let a Viewer annotate dashboards it can view, but only Editors annotate the organization', async () => {
    const viewer = await server.accountWithToken('Viewer');
    expect((await create({ text: 'viewer note', dashboardUID: 'web' }, viewer.token)).statusCode).toBe(200);
    const org = await create({ text: 'viewer org note' }, viewer.token);
    expect(org.statusCode).toBe(403);
    expect(org.json().message).toMatch(/annotations\.organization:write/);
    const { id } = (await create({ text: 'admin org note' })).json();
    expect((await server.call({ method: 'DELETE', url: `/api/annotations/${id}`, token: viewer.token })).statusCode).toBe(403);
    const editor = await server.accountWithToken('Editor');
    expect((await create({ text: 'editor org note' }, editor.token)).statusCode).toBe(200);
  });

  it('hides annotations of dashboards the caller may not view', async () => {
    await server.call({ method: 'POST', url: '/api/folders', payload: { uid: 'secret', title: 'Secret' } });
    await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { uid: 'hidden', title: 'Hidden' }, folderUid: 'secret' },
    });
    await server.call({ method: 'POST', url: '/api/folders/secret/permissions', payload: { items: [{ role: 'Editor', permission: 2 }] } });
    const base = Date.parse('2026-09-01T00:00:00Z');
    const { id } = (await create({ text: 'hidden note', time: base, dashboardUID: 'hidden' })).json();
    await create({ text: 'visible note', time: base + 1 });
    const viewer = await server.accountWithToken('Viewer');
    expect((await find(`?from=${base}&to=${base + 10}`, viewer.token)).map((a) => a.text)).toEqual(['visible note']);
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}`, token: viewer.token })).statusCode).toBe(403);
    expect((await find(`?from=${base}&to=${base + 10}`)).map((a) => a.text)).toEqual(['visible note', 'hidden note']);
  });

  it('go with their dashboard when it is deleted', async () => {
    await server.call({ method: 'POST', url: '/api/dashboards/db', payload: { dashboard: { uid: 'short-lived', title: 'Short' } } });
    const { id } = (await create({ text: 'on short-lived', dashboardUID: 'short-lived' })).json();
    await server.call({ method: 'DELETE', url: '/api/dashboards/uid/short-lived' });
    expect((await server.call({ method: 'GET', url: `/api/annotations/${id}` })).statusCode).toBe(404);
  });
});
