import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchQuery } from '../../contract/search';
import { startTestServer, TEST_STORE, type TestServer } from '../testing/harness';
import type { FolderFilter } from './dashboards';

/**
 * Title search through the indexes (SQLite: the walk, the FTS5 trigram index, or the first walk
 * alone; PostgreSQL: pg_trgm) must answer exactly as checking every title does.
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

/** mulberry32, seeded: the same titles and queries every run. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
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

type Params = SearchQuery & { limit: number; page: number; starredIds?: number[] };
const params = (query: string, more: Partial<Params> = {}): Params => ({
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

async function compare(query: Params, filter: FolderFilter = { all: true }) {
  const dashboards = server.store.dashboards;
  const indexed = await dashboards.search(ORG, query, filter);
  const plan = dashboards.lastSearchPlan;
  const scanned = await dashboards.searchByScan(ORG, query, filter);
  expect(indexed, `query ${JSON.stringify(query)} (${plan})`).toEqual(scanned);
  return plan;
}

describe('title search through the indexes', () => {
  const tunings = [
    { name: 'as judged', tuning: { trigramCost: 40 } },
    { name: 'judged, the index cheap', tuning: { trigramCost: 1 } },
    { name: 'always through the index', tuning: { trigramCost: 40, force: 'index' as const } },
    { name: 'always walking', tuning: { trigramCost: 40, force: 'walk' as const } },
  ];

  for (const { name, tuning } of tunings) {
    it(`answers as checking every title does (${name})`, async () => {
      server.store.dashboards.searchTuning = tuning;
      const random = rng(7);
      const plans = new Set<string>();
      for (const query of queries(random, titles)) {
        plans.add(await compare(params(query)));
        plans.add(await compare(params(query, { sort: 'alpha-desc', limit: 7, page: 2 })));
      }
      // Judged: both ways are taken over these queries.
      if (TEST_STORE === 'sqlite' && !tuning.force) expect([...plans].sort()).toEqual(['index', 'walk']);
      if (TEST_STORE === 'sqlite' && tuning.force === 'index') expect(plans).toContain('index');
    });
  }

  it('pages, sorts and filters alike', async () => {
    for (const force of ['index', 'walk'] as const) {
      server.store.dashboards.searchTuning = { trigramCost: 40, force };
      for (const query of ['clu', 'node ab', 'ößt', 'api 1', 'zzz', '数据', 'emoji😀']) {
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
        await compare(params(query, { starredIds: [5, 6, 7, 8, 9, 10, 11, 12] }));
        await compare(params(query), { all: false, rootVisible: false, folderIds: [folderIds[0]!], dashboardIds: [20, 21, 22] });
        await compare(params(query), { all: false, rootVisible: true, folderIds: [] });
      }
    }
  });

  it('finds dashboards created in batches as those saved one by one', async () => {
    server.store.dashboards.searchTuning = { trigramCost: 40, force: 'index' };
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
    const found = await dashboards.search(ORG, params('okapi batched', { tag: ['batch'] }), { all: true });
    expect(found.map((row) => row.uid)).toEqual(['batch-0', 'batch-2', 'batch-1']);
    await compare(params('okapi'));
  });

  it('follows renames, moves and deletes, folders with their dashboards too', async () => {
    server.store.dashboards.searchTuning = { trigramCost: 40, force: 'index' };
    const dashboards = server.store.dashboards;
    const found = async (query: string) => (await dashboards.search(ORG, params(query), { all: true })).map((row) => row.uid);
    const save = (uid: string, t: string, folderId: number | null) =>
      dashboards.save({ orgId: ORG, userId: USER, model: { title: t }, title: t, tags: [], uid, folderId, overwrite: true, message: '' });

    await save('renamed', 'Quixotic Walrus Board', folderIds[0]!);
    expect(await found('walrus quix')).toEqual(['renamed']);
    await save('renamed', 'Placid Narwhal Board', folderIds[1]!);
    expect(await found('walrus')).toEqual([]);
    expect(await found('narwhal')).toEqual(['renamed']);
    await compare(params('board'));

    const folder = await server.store.folders.create({ orgId: ORG, uid: 'gone', title: 'Going away', userId: USER });
    await save('inside', 'Ephemeral Pangolin', folder.id);
    expect(await found('pangolin')).toEqual(['inside']);
    await dashboards.delete(folder.id);
    expect(await found('pangolin')).toEqual([]);
    expect(await found('going away')).toEqual([]);

    const row = await dashboards.getByUid(ORG, 'renamed');
    await dashboards.delete(row!.id);
    expect(await found('narwhal')).toEqual([]);
    await compare(params('board'));
  });
});
