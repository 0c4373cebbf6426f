/**
 * Seeds a data dir through the store, the way the server itself writes: dashboards in folders,
 * a large real dashboard, and annotations spread over the last 30 days. Deterministic (seeded
 * PRNGs keyed by index), and growable: seeding 1,000 dashboards then 9,000 more gives the same
 * data as seeding 10,000 at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Store } from '../../src/server/store';
import type { AnnotationFields } from '../../src/server/store/annotations';
import { rng } from '../../src/server/testing/random';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The bootstrap admin token of every bench data dir. */
export const BENCH_TOKEN = 'sightline-bench-admin-token-0123456789';
/** The org and account `bootstrap` creates: org 1, the person `admin` (id 1), the service account (id 2). */
const ORG_ID = 1;
const USER_ID = 2;

export const WORDS = ['cluster', 'node', 'latency', 'errors', 'api', 'database', 'queue', 'cache', 'kafka', 'ingress', 'billing', 'search'];
export const HOUR = 3_600_000;
/** Annotations are spread over this long before the seed's end time. */
export const ANNOTATION_SPAN = 30 * 24 * HOUR;
export const FOLDER_COUNT = 50;
export const LARGE_DASHBOARD_UID = 'bench-istio';
export const LARGE_DASHBOARD_FILE = path.join(ROOT, 'src/server/testing/fixtures/dashboards/istio-service-dashboard.json');

export const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** What is in a bench data dir so far; seeding functions grow it. */
export interface SeedState {
  dashboards: number;
  annotations: number;
  folderIds: number[];
  /** Annotation times are spread over [end - 30 days, end]. */
  end: number;
}

export function newSeedState(end = Date.now()): SeedState {
  return { dashboards: 0, annotations: 0, folderIds: [], end: Math.floor(end / 60_000) * 60_000 };
}

/** Dashboards per `createMany` call (one transaction each). */
const DASHBOARD_CHUNK = 20_000;

/**
 * Grows the data dir to `total` generated dashboards (three-word titles, two tags, 80% in one of
 * 50 folders), through the store's batched insert (`DashboardStore.createMany`: multi-row
 * inserts, each dashboard with its tags and first version), so a million take minutes.
 */
export async function seedDashboards(store: Store, state: SeedState, total: number, progress?: (done: number) => void): Promise<void> {
  if (total <= state.dashboards) return;
  await store.transaction(async (stores) => {
    for (let f = state.folderIds.length; f < FOLDER_COUNT; f++) {
      state.folderIds.push(
        (await stores.folders.create({ orgId: ORG_ID, uid: `bench-folder-${f}`, title: `Team ${f}`, userId: USER_ID })).id,
      );
    }
  });
  for (let start = state.dashboards; start < total; start += DASHBOARD_CHUNK) {
    const items = [];
    for (let i = start; i < Math.min(total, start + DASHBOARD_CHUNK); i++) {
      const random = rng(i + 1);
      const title = `${pick(random, WORDS)} ${pick(random, WORDS)} ${pick(random, WORDS)} ${i}`;
      items.push({
        model: { title, panels: [], schemaVersion: 39 },
        title,
        tags: [pick(random, WORDS), pick(random, WORDS)],
        uid: `bench-${i}`,
        folderId: random() < 0.2 ? null : pick(random, state.folderIds),
        message: '',
      });
    }
    await store.dashboards.createMany(ORG_ID, USER_ID, items);
    state.dashboards = start + items.length;
    progress?.(state.dashboards);
  }
}

/** The large real dashboard (Istio service, 116 KB, 28 panels) in the first folder, under a known uid. */
export async function seedLargeDashboard(store: Store, state: SeedState): Promise<{ uid: string; model: Record<string, unknown> }> {
  const model = JSON.parse(fs.readFileSync(LARGE_DASHBOARD_FILE, 'utf8')) as Record<string, unknown>;
  const folderId = state.folderIds[0] ?? null;
  await store.dashboards.save({
    orgId: ORG_ID,
    userId: USER_ID,
    model: { ...model, uid: LARGE_DASHBOARD_UID },
    title: String(model.title),
    tags: Array.isArray(model.tags) ? (model.tags as string[]) : [],
    uid: LARGE_DASHBOARD_UID,
    folderId,
    overwrite: true,
    message: 'bench seed',
  });
  return { uid: LARGE_DASHBOARD_UID, model };
}

/**
 * Grows the data dir to `total` organization annotations spread uniformly over the 30 days
 * before `state.end`; one in ten is a region of up to an hour, each carries one tag.
 */
export async function seedAnnotations(store: Store, state: SeedState, total: number): Promise<void> {
  const batch: AnnotationFields[] = [];
  const flush = async () => {
    if (batch.length > 0) await store.annotations.createMany(ORG_ID, USER_ID, batch.splice(0));
  };
  for (let i = state.annotations; i < total; i++) {
    const random = rng(1_000_003 * (i + 1));
    const time = state.end - Math.floor(random() * ANNOTATION_SPAN);
    const timeEnd = random() < 0.1 ? time + Math.floor(random() * HOUR) : time;
    batch.push({
      dashboardId: null,
      panelId: 0,
      time,
      timeEnd,
      text: `deploy ${i}: ${pick(random, WORDS)} rollout`,
      tags: [pick(random, WORDS)],
    });
    if (batch.length === 20_000) await flush();
  }
  await flush();
  state.annotations = Math.max(state.annotations, total);
}

/** Search URLs the benches rotate through: every pair of distinct words, as a two-word query. */
export function searchUrls(extra = ''): string[] {
  const urls: string[] = [];
  for (let a = 0; a < WORDS.length; a++) {
    for (let b = a + 1; b < WORDS.length; b++) urls.push(`/api/search?query=${WORDS[a]}%20${WORDS[b]}${extra}`);
  }
  return urls;
}

/** One-hour windows at seeded random places in the seeded 30 days (not in the last hour). */
export function annotationUrls(state: SeedState, count: number, seed = 7): string[] {
  const random = rng(seed);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const to = state.end - HOUR - Math.floor(random() * (ANNOTATION_SPAN - 2 * HOUR));
    urls.push(`/api/annotations?from=${to - HOUR}&to=${to}`);
  }
  return urls;
}
