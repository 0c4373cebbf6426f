import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openStoreBeside, startTestServer, TEST_STORE, type TestServer } from '../testing/harness';
import { rng } from '../testing/random';
import { annotationJson, AnnotationStore, type AnnotationQuery, type AnnotationView } from './annotations';
import type { FolderFilter } from './dashboards';

/**
 * `findJson` (per-length-class index walks merged in SQL, each annotation's JSON cached by id on
 * SQLite) must answer, byte for byte, what a plain scan of every row gives: for points and regions
 * of every length, every filter and limit, and after every kind of write that changes an answer.
 */

const ORG = 1;
const DAY = 86_400_000;
const START = Date.parse('2026-01-01T00:00:00Z');
const SPAN = 60 * DAY;
const TAGS = ['deploy', 'incident', 'web', 'db', 'Ünïcode'];
let server: TestServer;
const dashboards: Array<{ id: number; folderId: number | null }> = [];
const folderIds: number[] = [];
let personId: number;

/** Every annotation of the org, each read alone by id (the store's view of one annotation). */
async function everyAnnotation(): Promise<AnnotationView[]> {
  const ids = await server.store.db.selectFrom('annotation').select('id').where('org_id', '=', ORG).execute();
  const views = await Promise.all(ids.map(({ id }) => server.store.annotations.get(ORG, id)));
  return views.filter((view) => view !== undefined);
}

function visible(row: AnnotationView, filter: FolderFilter): boolean {
  if (filter.all || row.dashboardId === null) return true;
  if (filter.dashboardIds?.includes(row.dashboardId)) return true;
  return row.folderId === null ? filter.rootVisible : filter.folderIds.includes(row.folderId);
}

/** The reference: filter every row, newest first (ties by id), cut at the limit. */
function scan(rows: AnnotationView[], query: AnnotationQuery, filter: FolderFilter): string {
  const tags = [...new Set(query.tags.map((tag) => tag.trim()).filter(Boolean))];
  const shown = rows
    .filter(
      (row) =>
        (query.to === undefined || row.time <= query.to) &&
        (query.from === undefined || row.timeEnd >= query.from) &&
        (query.dashboardId === undefined || row.dashboardId === query.dashboardId) &&
        (query.panelId === undefined || row.panelId === query.panelId) &&
        (query.userId === undefined || row.userId === query.userId) &&
        (tags.length === 0 || (query.matchAny ? tags.some((t) => row.tags.includes(t)) : tags.every((t) => row.tags.includes(t)))) &&
        visible(row, filter),
    )
    .sort((a, b) => b.time - a.time || b.id - a.id)
    .slice(0, query.limit);
  return JSON.stringify(shown.map(annotationJson));
}

async function found(query: AnnotationQuery, filter: FolderFilter = { all: true }): Promise<string> {
  return (await server.store.annotations.findJson(ORG, query, filter)).toString('utf8');
}

/** A length from every class: points, milliseconds, minutes, days, and a few of over a year. */
function duration(random: () => number): number {
  const r = random();
  if (r < 0.45) return 0;
  if (r < 0.97) return Math.floor(10 ** (random() * 9.5));
  return Math.floor(400 * DAY * random()) + 365 * DAY;
}

beforeAll(async () => {
  server = await startTestServer();
  const { store } = server;
  personId = await store.users.createPerson({
    orgId: ORG,
    login: 'ann-author',
    email: 'Author@Example.com',
    name: 'Author',
    passwordHash: 'not used',
    role: 'Editor',
  });
  for (let f = 0; f < 2; f++)
    folderIds.push((await store.folders.create({ orgId: ORG, uid: `af${f}`, title: `Folder ${f}`, userId: 1 })).id);
  for (const [i, folderId] of [null, folderIds[0]!, folderIds[1]!, folderIds[1]!].entries()) {
    const saved = await store.dashboards.save({
      orgId: ORG,
      userId: 1,
      model: { title: `Board ${i}` },
      title: `Board ${i}`,
      tags: [],
      uid: `board-${i}`,
      folderId,
      overwrite: false,
      message: '',
    });
    dashboards.push({ id: saved.id, folderId });
  }
  const random = rng(7);
  for (const userId of [1, personId]) {
    const items = Array.from({ length: 700 }, (_, i) => {
      const time = START + Math.floor(random() * SPAN);
      const board = random() < 0.3 ? null : dashboards[Math.floor(random() * dashboards.length)]!;
      return {
        dashboardId: board?.id ?? null,
        panelId: Math.floor(random() * 3),
        time,
        timeEnd: time + duration(random),
        text: `note ${userId}/${i} "quoted" \u2028 ✓`,
        tags: TAGS.filter(() => random() < 0.3),
      };
    });
    // A few at the very same time, so the id decides their order.
    for (let i = 0; i < 5; i++) items.push({ ...items[0]!, text: `same time ${i}` });
    await store.annotations.createMany(ORG, userId, items);
  }
}, 120_000);
afterAll(() => server.cleanup());

function queries(random: () => number): AnnotationQuery[] {
  const out: AnnotationQuery[] = [];
  for (let i = 0; i < 150; i++) {
    const to = START + Math.floor(random() * (SPAN + 10 * DAY)) - 5 * DAY;
    const length = Math.floor(10 ** (random() * 10));
    const tags = TAGS.filter(() => random() < 0.15);
    out.push({
      from: random() < 0.1 ? undefined : to - length,
      to: random() < 0.05 ? undefined : to,
      tags: random() < 0.1 ? [...tags, ` ${TAGS[0]} `] : tags,
      matchAny: random() < 0.5,
      dashboardId: random() < 0.15 ? dashboards[Math.floor(random() * dashboards.length)]!.id : undefined,
      panelId: random() < 0.1 ? Math.floor(random() * 3) : undefined,
      userId: random() < 0.1 ? personId : undefined,
      limit: [1, 7, 100, 100, 100, 5000][Math.floor(random() * 6)]!,
    });
  }
  return out;
}

const FILTERS: Array<() => FolderFilter> = [
  () => ({ all: true }),
  () => ({ all: false, rootVisible: true, folderIds: [] }),
  () => ({ all: false, rootVisible: false, folderIds: [folderIds[1]!] }),
  () => ({ all: false, rootVisible: false, folderIds: [], dashboardIds: [dashboards[1]!.id] }),
  () => ({ all: false, rootVisible: false, folderIds: [] }),
];

describe(`annotation ranges (${TEST_STORE})`, () => {
  it('answer what a scan of every row answers, for every filter and limit', async () => {
    const rows = await everyAnnotation();
    const random = rng(11);
    let nonEmpty = 0;
    for (const [i, query] of queries(random).entries()) {
      const filter = FILTERS[i % FILTERS.length]!();
      const expected = scan(rows, query, filter);
      if (expected !== '[]') nonEmpty++;
      expect(await found(query, filter), JSON.stringify({ query, filter })).toBe(expected);
      // Again: now from the cache of each annotation's JSON (on SQLite).
      expect(await found(query, filter)).toBe(expected);
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('show every change at once: text, times, tags, author, dashboard, deletes', async () => {
    const window = { from: START, to: START + SPAN, tags: [], matchAny: false, limit: 5000 };
    const check = async () => expect(await found(window)).toBe(scan(await everyAnnotation(), window, { all: true }));
    await check();
    const [first, second] = await everyAnnotation();
    await server.store.annotations.update(ORG, first!.id, { time: START + 1, timeEnd: START + 2 * DAY, text: 'moved', tags: ['new'] });
    await check();
    await server.store.annotations.delete(ORG, second!.id);
    await check();
    await server.store.db
      .updateTable('user')
      .set({ login: 'renamed-author', email: 'new@example.com' })
      .where('id', '=', personId)
      .execute();
    await check();
    expect(await found(window)).toContain('"login":"renamed-author"');
    await server.store.dashboards.delete(dashboards[3]!.id);
    await check();
    await server.store.annotations.create(ORG, personId, {
      dashboardId: null,
      panelId: 0,
      time: START + DAY,
      timeEnd: START + DAY,
      text: 'fresh',
      tags: [],
    });
    await check();
  });

  it('show a write made by another connection (another process on the file, another instance)', async () => {
    const window = { from: START, to: START + SPAN, tags: [], matchAny: false, limit: 5000 };
    await found(window);
    const beside = await openStoreBeside(server.dataDir);
    try {
      const [row] = await everyAnnotation();
      await beside.annotations.update(ORG, row!.id, { time: row!.time, timeEnd: row!.timeEnd, text: 'edited elsewhere', tags: row!.tags });
      // A region longer than any before: a length class this connection has not seen yet.
      await beside.annotations.create(ORG, 1, {
        dashboardId: null,
        panelId: 0,
        time: START - 900 * DAY,
        timeEnd: START + SPAN,
        text: 'very long',
        tags: [],
      });
    } finally {
      await beside.close();
    }
    // Seen as soon as the connection next asks the file whether another committed (within ms).
    await expect.poll(() => found(window), { timeout: 10_000, interval: 5 }).toContain('edited elsewhere');
    const answer = await found(window);
    expect(answer).toContain('very long');
    expect(answer).toBe(scan(await everyAnnotation(), window, { all: true }));
  });

  it("keep each annotation's JSON across the alerting scheduler's heartbeats, and drop it at a write", async () => {
    const window = { from: START, to: START + SPAN, tags: [], matchAny: false, limit: 5000 };
    // Called for the annotations missing from the cache, to read their rows.
    const reads = vi.spyOn(AnnotationStore.prototype as unknown as { select(): unknown }, 'select');
    const readsOfOneAnswer = async () => {
      reads.mockClear();
      await found(window);
      return reads.mock.calls.length;
    };
    try {
      // On PostgreSQL the announcements of the tests' earlier writes may still be arriving.
      await expect.poll(readsOfOneAnswer, { timeout: 10_000, interval: 20 }).toBe(0);
      // Every 2.5 s on every instance; it changes nothing an answer shows.
      await server.store.alerting.heartbeat('annotations-test', Date.now(), 10_000);
      expect(await readsOfOneAnswer()).toBe(0);
      await server.store.alerting.leave('annotations-test');
      expect(await readsOfOneAnswer()).toBe(0);
      const [row] = await everyAnnotation();
      await server.store.annotations.update(ORG, row!.id, {
        time: row!.time,
        timeEnd: row!.timeEnd,
        text: 'after the beat',
        tags: row!.tags,
      });
      expect(await readsOfOneAnswer()).toBeGreaterThan(0);
      expect(await found(window)).toBe(scan(await everyAnnotation(), window, { all: true }));
    } finally {
      reads.mockRestore();
    }
  });

  it.runIf(TEST_STORE === 'sqlite')('walk each length class down its own index also for a caller who sees only some folders', async () => {
    const executeQuery = vi.spyOn(server.store.db, 'executeQuery');
    try {
      const window = { from: START + 10 * DAY, to: START + 11 * DAY, tags: [], matchAny: false, limit: 100 };
      await found(window, { all: false, rootVisible: true, folderIds: [folderIds[1]!] });
      const walk = executeQuery.mock.calls.map(([query]) => query as CompiledQuery).find((query) => query.sql.includes('string_agg'))!;
      const { rows } = await server.store.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${walk.sql}`, [...walk.parameters]),
      );
      const walks = rows.filter((row) => /^SEARCH a /.test(row.detail));
      expect(walks.length).toBeGreaterThan(1);
      for (const { detail } of walks) expect(detail).toMatch(/USING (COVERING )?INDEX annotation_org_class_epoch_covering /);
    } finally {
      executeQuery.mockRestore();
    }
  });
});
