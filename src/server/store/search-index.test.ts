import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStoreBeside, startTestServer, type TestServer } from '../testing/harness';
import { rng } from '../testing/random';
import type { FolderFilter, SearchParams } from './dashboards';
import { DashboardSearch } from './searchCatalogue';
import { searchHit } from './searchHits';
import { searchRows } from './searchSql';

/**
 * `/api/search`'s answers (from the in-memory catalogue, kept up to date by the change log) must
 * be, byte for byte, what the SQL search (on PostgreSQL through pg_trgm) and the reference hit
 * builder give, for every query, filter, order and page, and after every kind of write.
 */
const PIECES = [
  'Cluster',
  'cluster',
  'NODE',
  'node-exporter',
  'api',
  'API',
  'Latency',
  'p99',
  'k8s',
  'a',
  'I',
  'db',
  'x',
  '100%',
  '50_percent',
  '%_%',
  'under_score',
  '"quoted"',
  "it's",
  "O'Brien",
  'AND',
  'OR',
  'NOT',
  'NEAR',
  '(group)',
  'col:on',
  'star*',
  '^caret',
  '-dash',
  'Größe',
  'STRASSE',
  'straße',
  'Ωmega',
  'ΣΊΣΥΦΟΣ',
  'İstanbul',
  'ǅungla',
  'café',
  'cafe\u0301',
  '日本語の表示',
  '数据库',
  '😀emoji😀',
  '👩‍💻dev',
  'tab\there',
  'nbsp\u00a0word',
  'ﬁle',
  'MiXeD',
  'mixed',
  'ab',
  'abc',
  'abcd',
  'zz',
  'zzz',
  'zzzz',
];

function title(random: () => number, i: number): string {
  const count = 1 + Math.floor(random() * 4);
  const words = Array.from({ length: count }, () => PIECES[Math.floor(random() * PIECES.length)]!);
  // Joined without a space now and then, so words run into each other.
  return words.reduce((text, word) => text + (random() < 0.2 ? '' : ' ') + word, '') + (random() < 0.5 ? ` ${i}` : '');
}

/** Queries: pieces of the vocabulary and of real titles, cut anywhere and re-cased, and some that match nothing. */
function queries(random: () => number, titles: string[]): string[] {
  const out = new Set<string>(['', ' ', 'cluster', 'CLUSTER node', 'node cluster', 'a', 'ab', 'x y', 'zz', '%', '_', '"', "'", '%_%', '*']);
  for (const piece of PIECES) {
    out.add(piece);
    out.add(piece.toUpperCase());
    out.add(piece.slice(1));
  }
  for (let i = 0; i < 150; i++) {
    const t = titles[Math.floor(random() * titles.length)]!;
    const chars = [...t];
    const start = Math.floor(random() * chars.length);
    const length = 1 + Math.floor(random() * 6);
    let cut = chars.slice(start, start + length).join('');
    if (random() < 0.5) cut = cut.toUpperCase();
    const other = PIECES[Math.floor(random() * PIECES.length)]!;
    out.add(random() < 0.5 ? cut : `${cut} ${other}`);
  }
  out.add('nothing-like-this-anywhere');
  out.add('cluster nothing-like-this');
  return [...out];
}

const ORG = 1;
const USER = 2;
const COUNT = 3000;
let server: TestServer;
const folderIds: number[] = [];
const titles: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  await server.store.transaction(async (stores) => {
    for (let f = 0; f < 5; f++) {
      folderIds.push((await stores.folders.create({ orgId: ORG, uid: `f${f}`, title: `Folder ${f} ${PIECES[f * 7]}`, userId: USER })).id);
    }
    const random = rng(42);
    for (let i = 0; i < COUNT; i++) {
      const t = title(random, i);
      titles.push(t);
      await stores.dashboards.save({
        orgId: ORG,
        userId: USER,
        model: { title: t },
        title: t,
        tags: random() < 0.3 ? ['even', 'k8s'].slice(i % 2) : [],
        uid: `d${i}`,
        folderId: random() < 0.3 ? null : folderIds[Math.floor(random() * folderIds.length)]!,
        overwrite: false,
        message: '',
      });
    }
  });
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const params = (query: string, more: Partial<SearchParams> = {}): SearchParams => ({
  query,
  tag: [],
  dashboardUIDs: [],
  dashboardIds: [],
  folderUIDs: [],
  folderIds: [],
  limit: 1000,
  page: 1,
  ...more,
});

/** The answer as the SQL search and `searchHit` give it. */
async function expected(query: SearchParams, filter: FolderFilter, starred: ReadonlySet<number>): Promise<string> {
  const rows = await searchRows(server.store.db, ORG, query, filter);
  return JSON.stringify(rows.map((row) => searchHit(row, starred.has(row.id))));
}

async function compare(
  query: SearchParams,
  filter: FolderFilter = { all: true },
  starred: ReadonlySet<number> = new Set([3, 4, 5]),
  search: DashboardSearch = server.store.search,
) {
  const answered = (await search.answer(ORG, query, filter, starred)).toString();
  expect(answered, `query ${JSON.stringify(query)}`).toBe(await expected(query, filter, starred));
  return answered;
}

const uidsOf = async (query: string) =>
  (JSON.parse((await server.store.search.answer(ORG, params(query), { all: true }, new Set())).toString()) as Array<{ uid: string }>).map(
    (hit) => hit.uid,
  );

describe('title search', () => {
  it('answers as the SQL search does', async () => {
    const random = rng(7);
    let hits = 0;
    for (const query of queries(random, titles)) {
      hits += (JSON.parse(await compare(params(query))) as unknown[]).length;
      await compare(params(query, { sort: 'alpha-desc', limit: 7, page: 2 }));
    }
    // The queries find things (a comparison of empty answers proves little).
    expect(hits).toBeGreaterThan(10_000);
  });

  it('pages, sorts and filters alike', async () => {
    for (const query of ['', 'clu', 'node ab', 'ößt', 'api 1', 'zzz', '数据', 'emoji😀']) {
      for (let page = 1; page <= 4; page++) {
        await compare(params(query, { limit: 13, page }));
        await compare(params(query, { limit: 13, page, sort: 'alpha-desc' }));
      }
      await compare(params(query, { tag: ['k8s'] }));
      await compare(params(query, { tag: ['k8s', 'even'] }));
      await compare(params(query, { type: 'dash-db' }));
      await compare(params(query, { type: 'dash-folder' }));
      await compare(params(query, { folderIds: [0, folderIds[1]!] }));
      await compare(params(query, { folderUIDs: ['f2', 'general'] }));
      await compare(params(query, { dashboardUIDs: ['d1', 'd2', 'd30', 'f1'] }));
      await compare(params(query, { dashboardIds: [1, 2, 3, 40, 41] }));
      await compare(params(query, { starredIds: [5, 6, 7, 8, 9, 10, 11, 12] }));
      await compare(params(query, { starredIds: [] }));
      await compare(params(query), { all: false, rootVisible: false, folderIds: [folderIds[0]!], dashboardIds: [20, 21, 22] });
      await compare(params(query), { all: false, rootVisible: true, folderIds: [] });
      await compare(params(query), { all: false, rootVisible: false, folderIds: [] });
    }
  });

  it('finds dashboards created in batches as those saved one by one', async () => {
    const dashboards = server.store.dashboards;
    const items = ['Batched Okapi One', 'Batched Okapi Two', 'Batched Okapi Three'].map((t, i) => ({
      model: { title: t, panels: [] },
      title: t,
      tags: ['batch', 'batch', `n${i}`],
      uid: `batch-${i}`,
      folderId: i === 0 ? null : folderIds[0]!,
      message: 'seeded',
    }));
    const ids = await dashboards.createMany(ORG, USER, items);
    expect(ids).toHaveLength(3);
    for (const [i, id] of ids.entries()) {
      const row = await dashboards.getByUid(ORG, `batch-${i}`);
      expect(row).toMatchObject({ id, version: 1, folder_id: i === 0 ? null : folderIds[0], tags: JSON.stringify(['batch', `n${i}`]) });
      expect(JSON.parse(row!.data)).toEqual({ title: items[i]!.title, panels: [], id, uid: `batch-${i}`, version: 1 });
      const versions = await dashboards.versions(id, { limit: 10, start: 0 });
      expect(versions.map((v) => [v.version, v.message])).toEqual([[1, 'seeded']]);
    }
    const found = await server.store.search.answer(ORG, params('okapi batched', { tag: ['batch'] }), { all: true }, new Set());
    expect((JSON.parse(found.toString()) as Array<{ uid: string }>).map((hit) => hit.uid)).toEqual(['batch-0', 'batch-2', 'batch-1']);
    await compare(params('okapi'));
  });

  it('follows renames, moves, retags and deletes, folders with their dashboards too', async () => {
    const dashboards = server.store.dashboards;
    const save = (uid: string, t: string, folderId: number | null, tags: string[] = []) =>
      dashboards.save({ orgId: ORG, userId: USER, model: { title: t }, title: t, tags, uid, folderId, overwrite: true, message: '' });

    await save('renamed', 'Quixotic Walrus Board', folderIds[0]!);
    expect(await uidsOf('walrus quix')).toEqual(['renamed']);
    await save('renamed', 'Placid Narwhal Board', folderIds[1]!, ['sea']);
    expect(await uidsOf('walrus')).toEqual([]);
    expect(await uidsOf('narwhal')).toEqual(['renamed']);
    await compare(params('board', { tag: ['sea'] }));
    await compare(params('board'));

    const folder = await server.store.folders.create({ orgId: ORG, uid: 'gone', title: 'Going away', userId: USER });
    await save('inside', 'Ephemeral Pangolin', folder.id);
    expect(await uidsOf('pangolin')).toEqual(['inside']);
    // A folder's new title shows on its dashboards' hits.
    await server.store.folders.rename(folder, 'Leaving soon', USER);
    expect(await compare(params('pangolin'))).toContain('"folderTitle":"Leaving soon"');
    await dashboards.delete(folder.id);
    expect(await uidsOf('pangolin')).toEqual([]);
    expect(await uidsOf('leaving soon')).toEqual([]);

    const row = await dashboards.getByUid(ORG, 'renamed');
    await dashboards.delete(row!.id);
    expect(await uidsOf('narwhal')).toEqual([]);
    await compare(params('board'));

    // New titles of every kind go where SQL sorts them (code point order, surrogates included).
    const random = rng(99);
    for (let i = 0; i < 60; i++) await save(`late-${i}`, title(random, 100_000 + i), i % 3 === 0 ? null : folderIds[i % 5]!);
    await compare(params(''));
    await compare(params('', { sort: 'alpha-desc' }));
  });

  it('reads the org again after more changes than it follows one by one', async () => {
    await compare(params('bulk'));
    const items = Array.from({ length: 6_000 }, (_, i) => ({
      model: {},
      title: `Bulk Import ${i}`,
      tags: [],
      uid: `bulk-${i}`,
      folderId: null,
      message: '',
    }));
    await server.store.dashboards.createMany(ORG, USER, items);
    expect(JSON.parse(await compare(params('bulk import', { limit: 5000 })))).toHaveLength(5000);
  });

  it('stays right through many changes with blocks of 8 and 40 hits kept', async () => {
    // Splits, emptied blocks, evicted hits and a load merged from many chunks: what real sizes reach only at scale.
    const small = new DashboardSearch(server.store.db, { blockSize: 8, hitBudget: 40, loadChunk: 7 });
    const dashboards = server.store.dashboards;
    const random = rng(5);
    const uids: string[] = [];
    const check = async () => {
      await compare(params(''), { all: true }, new Set([3, 4, 5]), small);
      await compare(params('', { sort: 'alpha-desc', limit: 50, page: 3 }), { all: true }, new Set([7]), small);
      await compare(params('zebu'), { all: true }, new Set(), small);
      await compare(params(PIECES[Math.floor(random() * PIECES.length)]!), { all: true }, new Set(), small);
    };
    await check();
    for (let round = 0; round < 12; round++) {
      // A crowd in one place (a block fills and splits), renames across the order, moves, deletes.
      for (let i = 0; i < 10; i++) {
        const uid = `zebu-${round}-${i}`;
        uids.push(uid);
        const t = `Zebu ${random() < 0.5 ? 'herd' : title(random, i)} ${round}.${i}`;
        await dashboards.save({
          orgId: ORG,
          userId: USER,
          model: { title: t },
          title: t,
          tags: [],
          uid,
          folderId: null,
          overwrite: false,
          message: '',
        });
      }
      for (let i = 0; i < 4; i++) {
        const uid = uids[Math.floor(random() * uids.length)]!;
        const t = random() < 0.5 ? `Aardvark ${uid}` : `Zebu ${title(random, i)}`;
        const folderId = random() < 0.5 ? null : folderIds[Math.floor(random() * folderIds.length)]!;
        await dashboards.save({
          orgId: ORG,
          userId: USER,
          model: { title: t },
          title: t,
          tags: ['moved'],
          uid,
          folderId,
          overwrite: true,
          message: '',
        });
      }
      await check();
      for (let i = 0; i < 6 && uids.length > 0; i++) {
        const [uid] = uids.splice(Math.floor(random() * uids.length), 1);
        await dashboards.delete((await dashboards.getByUid(ORG, uid!))!.id);
      }
      await check();
    }
    // Every one of them gone: the blocks they filled are gone too.
    for (const uid of uids) await dashboards.delete((await dashboards.getByUid(ORG, uid))!.id);
    await check();
    expect(await uidsOf('zebu')).toEqual([]);
  });

  it("sees another process's (or instance's) writes to the same store", async () => {
    await compare(params('capybara'));
    const beside = await openStoreBeside(server.dataDir);
    try {
      const t = 'Capybara From Beside';
      await beside.dashboards.save({
        orgId: ORG,
        userId: USER,
        model: { title: t },
        title: t,
        tags: [],
        uid: 'beside',
        folderId: null,
        overwrite: false,
        message: '',
      });
      expect(await uidsOf('capybara')).toEqual(['beside']);
      const row = await beside.dashboards.getByUid(ORG, 'beside');
      await beside.dashboards.delete(row!.id);
      expect(await uidsOf('capybara')).toEqual([]);
    } finally {
      await beside.close();
    }
  });
});
