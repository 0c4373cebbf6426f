import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/harness';
import { toAnnotation } from './annotations';
import { toSearchHit } from './search';

/**
 * Search hits and annotation lists are written by Fastify's schema serializer; the bytes must be
 * exactly what JSON.stringify of the same objects gives (fields, order, escapes, nulls).
 */
const TITLES = ['Plain', 'Quote " and \\ backslash', 'Tab\tnew\nline', 'Ünïcödé 日本 😀', 'lone \ud800 surrogate', '</script>', ''];

let server: TestServer;
let folderUid = '';

beforeAll(async () => {
  server = await startTestServer();
  const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Folder "ß" 😀' } });
  folderUid = folder.json<{ uid: string }>().uid;
  for (const [i, title] of TITLES.entries()) {
    const saved = await server.call({
      method: 'POST',
      url: '/api/dashboards/db',
      payload: { dashboard: { title: `${title} ${i}`, tags: [title, 'x'] }, folderUid: i % 2 ? folderUid : undefined },
    });
    expect(saved.statusCode).toBe(200);
    const { uid } = saved.json<{ uid: string }>();
    await server.call({ method: 'POST', url: `/api/user/stars/dashboard/uid/${uid}` });
    const annotation = await server.call({
      method: 'POST',
      url: '/api/annotations',
      payload: {
        dashboardUID: i % 3 ? uid : undefined,
        time: 1_000 + i,
        timeEnd: 2_000 + i,
        text: title || 'empty',
        tags: [title || 'empty'],
      },
    });
    expect(annotation.statusCode).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
});

describe('answers written from a schema', () => {
  it('search hits are the bytes JSON.stringify gives', async () => {
    for (const url of ['/api/search', '/api/search?query=a', '/api/search?starred=true', '/api/search?type=dash-folder']) {
      const answer = await server.call({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      const starred = new Set(
        (JSON.parse(answer.body) as Array<{ id: number; isStarred: boolean }>).filter((h) => h.isStarred).map((h) => h.id),
      );
      const query = Object.fromEntries(new URL(`http://x${url}`).searchParams);
      const rows = await server.store.dashboards.searchByScan(
        1,
        {
          query: query.query,
          type: query.type as 'dash-folder' | undefined,
          tag: [],
          dashboardUIDs: [],
          dashboardIds: [],
          folderUIDs: [],
          folderIds: [],
          limit: 1000,
          page: 1,
          starredIds: query.starred ? [...starred] : undefined,
        },
        { all: true },
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(answer.body).toBe(JSON.stringify(rows.map((row) => toSearchHit(row, starred))));
    }
  });

  it('annotation lists are the bytes JSON.stringify gives', async () => {
    for (const url of ['/api/annotations', '/api/annotations?from=0&to=5000', '/api/annotations?limit=3']) {
      const answer = await server.call({ method: 'GET', url });
      expect(answer.statusCode).toBe(200);
      const query = Object.fromEntries(new URL(`http://x${url}`).searchParams);
      const rows = await server.store.annotations.find(
        1,
        {
          from: query.from === undefined ? undefined : Number(query.from),
          to: query.to === undefined ? undefined : Number(query.to),
          tags: [],
          matchAny: false,
          limit: Number(query.limit ?? 100),
        },
        { all: true },
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(answer.body).toBe(JSON.stringify(rows.map(toAnnotation)));
    }
  });
});
