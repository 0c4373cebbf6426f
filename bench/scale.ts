/**
 * How search and annotation range queries grow with data: seeds a temp data dir through the
 * store, then times requests through the real app (`inject`, no socket) and prints a table.
 * `npx tsx bench/scale.ts [--dashboards 1000,10000] [--annotations 10000,1000000] [--runs 200]`
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app';
import { bootstrap } from '../src/server/bootstrap';
import { openStore, type Store } from '../src/server/store';
import type { AnnotationFields } from '../src/server/store/annotations';

const TOKEN = 'bench-admin-token-0123456789abcdef';
const { values } = parseArgs({
  options: {
    dashboards: { type: 'string', default: '1000,10000' },
    annotations: { type: 'string', default: '10000,1000000' },
    runs: { type: 'string', default: '200' },
  },
});
const RUNS = Number(values.runs);
const WORDS = ['cluster', 'node', 'latency', 'errors', 'api', 'database', 'queue', 'cache', 'kafka', 'ingress', 'billing', 'search'];
const HOUR = 3_600_000;
const END = Date.parse('2026-11-01T00:00:00Z');

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timeRequests(store: Store, urls: () => string): Promise<{ p50: number; p99: number; rows: number }> {
  const app = await buildApp({ store });
  await app.ready();
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS + 20; i++) {
    const url = urls();
    const start = process.hrtime.bigint();
    const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    if (i >= 20) times.push(elapsed); // the first 20 warm up
    rows = Math.max(rows, (response.json() as unknown[]).length);
  }
  await app.close();
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), rows };
}

async function withStore<T>(work: (store: Store) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-'));
  const store = await openStore(dir);
  try {
    await bootstrap(store, TOKEN);
    return await work(store);
  } finally {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;

async function seedDashboards(store: Store, count: number): Promise<void> {
  await store.transaction(async (stores) => {
    const folders: number[] = [];
    for (let f = 0; f < 50; f++) folders.push((await stores.folders.create({ orgId: 1, title: `Team ${f}`, userId: 2 })).id);
    for (let i = 0; i < count; i++) {
      const title = `${pick(WORDS)} ${pick(WORDS)} ${pick(WORDS)} ${i}`;
      await stores.dashboards.save({
        orgId: 1,
        userId: 2,
        model: { title, panels: [] },
        title,
        tags: [pick(WORDS), pick(WORDS)],
        uid: undefined,
        folderId: random() < 0.2 ? null : pick(folders),
        overwrite: false,
        message: '',
      });
    }
  });
}

async function seedAnnotations(store: Store, count: number): Promise<void> {
  // Spread over 30 days before END; one in ten is a region of up to an hour.
  const span = 30 * 24 * HOUR;
  const batch: AnnotationFields[] = [];
  const flush = async () => {
    await store.annotations.createMany(1, 2, batch.splice(0));
  };
  for (let i = 0; i < count; i++) {
    const time = END - Math.floor(random() * span);
    batch.push({ dashboardId: null, panelId: 0, time, timeEnd: random() < 0.1 ? time + Math.floor(random() * HOUR) : time, text: `event ${i}`, tags: [pick(WORDS)] });
    if (batch.length === 20_000) await flush();
  }
  await flush();
}

const rssMb = () => Math.round(process.memoryUsage().rss / 1e6);

const lines: string[] = [];
for (const count of values.dashboards!.split(',').map(Number)) {
  await withStore(async (store) => {
    const started = Date.now();
    await seedDashboards(store, count);
    const seeded = Date.now() - started;
    const search = await timeRequests(store, () => `/api/search?query=${pick(WORDS)}%20${pick(WORDS)}&limit=100`);
    lines.push(`| search, 2 words, limit 100 | ${count} dashboards | ${search.p50.toFixed(2)} ms | ${search.p99.toFixed(2)} ms | ${search.rows} | ${rssMb()} MB | seeded in ${(seeded / 1000).toFixed(1)} s |`);
  });
}
for (const count of values.annotations!.split(',').map(Number)) {
  await withStore(async (store) => {
    const started = Date.now();
    await seedAnnotations(store, count);
    const seeded = Date.now() - started;
    const range = await timeRequests(store, () => {
      const to = END - Math.floor(random() * 29 * 24 * HOUR);
      return `/api/annotations?from=${to - HOUR}&to=${to}&limit=100`;
    });
    const tagged = await timeRequests(store, () => {
      const to = END - Math.floor(random() * 29 * 24 * HOUR);
      return `/api/annotations?from=${to - HOUR}&to=${to}&tags=${pick(WORDS)}&limit=100`;
    });
    lines.push(`| annotations, 1 h window | ${count} annotations | ${range.p50.toFixed(2)} ms | ${range.p99.toFixed(2)} ms | ${range.rows} | ${rssMb()} MB | seeded in ${(seeded / 1000).toFixed(1)} s |`);
    lines.push(`| annotations, 1 h window + tag | ${count} annotations | ${tagged.p50.toFixed(2)} ms | ${tagged.p99.toFixed(2)} ms | ${tagged.rows} | ${rssMb()} MB | |`);
  });
}
console.log(`\n| query | data | p50 | p99 | rows (max) | process RSS | |\n|---|---|---|---|---|---|---|\n${lines.join('\n')}\n(${RUNS} requests each through app.inject after 20 warm-up requests)`);
