/**
 * The load rows again with PostgreSQL as the store (a throwaway cluster of Debian's postgresql,
 * seeded through the store with the same data), and one instance against two over the same
 * database. Two instances are balanced per connection, as a TCP round-robin balancer does: half of
 * the load generator's connections go to each, with no proxy in between to cost CPU of its own.
 */
import path from 'node:path';
import { bootstrap } from '../../src/server/bootstrap';
import { openStore } from '../../src/server/store';
import { hasPostgres, startPostgres } from '../../src/server/testing/backends';
import type { Endpoint, LoadRow } from './api';
import { load, type LoadOptions, type LoadResult } from './load';
import { startSightline, type ServerProcess } from './processes';
import { percentile } from './stats';
import { BENCH_TOKEN, newSeedState, seedAnnotations, seedDashboards, seedLargeDashboard, type SeedState } from './seed';

const PASSWORD = 'sightline-bench-postgres';
/**
 * Annotations seeded at most. Seeding goes through the store's batched inserts (500 rows a
 * statement, as on SQLite), but every statement is a round trip and PostgreSQL's index upkeep
 * costs more than SQLite's: about a minute per million here. A 1 h range reads the same few index
 * entries at a million as at ten, so the PostgreSQL rows stop at a million (`--scale` does not
 * raise it).
 */
const MAX_ANNOTATIONS = 1_000_000;
const SECRET_KEY = 'sightline-bench-secret-key';

export interface StoreRow {
  key: string;
  label: string;
  sqlite: LoadResult | undefined;
  postgres: LoadResult;
}

export interface InstancesRow {
  key: string;
  label: string;
  one: LoadResult;
  two: LoadResult;
  /** Two instances' requests/s over one's. */
  ratio: number;
}

export interface PostgresBench {
  dashboards: number;
  annotations: number;
  seedSeconds: number;
  stores: StoreRow[];
  instances: InstancesRow[];
}

/** Two runs at once (one per instance) as one result: requests and CPU add up, percentiles over both. */
function together(a: LoadResult & { latencies: number[] }, b: LoadResult & { latencies: number[] }): LoadResult {
  const latencies = [...a.latencies, ...b.latencies].sort((x, y) => x - y);
  const seconds = Math.max(a.seconds, b.seconds);
  return {
    requests: latencies.length,
    seconds,
    rps: a.rps + b.rps,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    bytes: (a.bytes * a.requests + b.bytes * b.requests) / Math.max(1, latencies.length),
    serverCpu: a.serverCpu + b.serverCpu,
    clientCpu: a.clientCpu,
  };
}

const strip = ({ latencies: _latencies, ...result }: LoadResult & { latencies: number[] }): LoadResult => result;

export async function measurePostgres(options: {
  /** The SQLite seed the load rows ran on: the same data is seeded here. */
  sqliteState: SeedState;
  sqliteRows: LoadRow[];
  endpointsFor: (state: SeedState, large: { uid: string; model: Record<string, unknown> }) => Endpoint[];
  /** Endpoint keys for the one-versus-two-instances rows. */
  instanceKeys: string[];
  settings: LoadOptions;
  workDir: string;
  log: (line: string) => void;
}): Promise<PostgresBench | undefined> {
  const { log, settings } = options;
  if (!hasPostgres) {
    log("PostgreSQL rows skipped: Debian's postgresql is not installed");
    return undefined;
  }
  const cluster = await startPostgres(PASSWORD);
  const databaseUrl = `postgres://postgres:${PASSWORD}@${cluster.url}/app`;
  const dataDir = path.join(options.workDir, 'postgres-instance');
  const env = { SIGHTLINE_DATABASE_URL: databaseUrl, SIGHTLINE_SECRET_KEY: SECRET_KEY };
  const servers: ServerProcess[] = [];
  try {
    const state = newSeedState(options.sqliteState.end);
    const annotations = Math.min(options.sqliteState.annotations, MAX_ANNOTATIONS);
    log(
      `PostgreSQL: seeding ${options.sqliteState.dashboards.toLocaleString('en')} dashboards and ${annotations.toLocaleString('en')} annotations`,
    );
    const seedStart = Date.now();
    const store = await openStore(dataDir, { databaseUrl, secretKey: SECRET_KEY });
    let large: Awaited<ReturnType<typeof seedLargeDashboard>>;
    try {
      await bootstrap(store, BENCH_TOKEN);
      await seedDashboards(store, state, options.sqliteState.dashboards);
      large = await seedLargeDashboard(store, state);
      await seedAnnotations(store, state, annotations);
    } finally {
      await store.close();
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;
    log(`PostgreSQL: seeded in ${seedSeconds.toFixed(0)} s`);

    servers.push(await startSightline(dataDir, undefined, BENCH_TOKEN, undefined, env));
    const [first] = servers as [ServerProcess];
    const list = options.endpointsFor(state, large);
    const stores: StoreRow[] = [];
    for (const endpoint of list) {
      const result = strip(await load(first.url, first.pid, endpoint.target, settings, `${endpoint.label} on PostgreSQL`));
      const sqlite = options.sqliteRows.find((row) => row.key === endpoint.key)?.sightline;
      stores.push({ key: endpoint.key, label: endpoint.label, sqlite, postgres: result });
      log(
        `  ${endpoint.label}: PostgreSQL ${Math.round(result.rps)} req/s (p50 ${result.p50.toFixed(2)}, p99 ${result.p99.toFixed(1)} ms, CPU ${result.serverCpu.toFixed(0)}%)` +
          (sqlite ? ` vs SQLite ${Math.round(sqlite.rps)} req/s: ${((result.rps / sqlite.rps) * 100).toFixed(0)}%` : ''),
      );
    }

    servers.push(await startSightline(dataDir, undefined, BENCH_TOKEN, undefined, env));
    const second = servers[1]!;
    const instances: InstancesRow[] = [];
    const half = { ...settings, connections: Math.max(1, Math.floor(settings.connections / 2)) };
    for (const endpoint of list.filter((e) => options.instanceKeys.includes(e.key))) {
      const one = strip(await load(first.url, first.pid, endpoint.target, settings, `${endpoint.label} on one instance`));
      const [a, b] = await Promise.all([
        load(first.url, first.pid, endpoint.target, half, `${endpoint.label} on instance 1 of 2`),
        load(second.url, second.pid, endpoint.target, half, `${endpoint.label} on instance 2 of 2`),
      ]);
      const two = together(a, b);
      instances.push({ key: endpoint.key, label: endpoint.label, one, two, ratio: two.rps / one.rps });
      log(
        `  ${endpoint.label}: one instance ${Math.round(one.rps)} req/s, two ${Math.round(two.rps)} req/s (${(two.rps / one.rps).toFixed(2)}×)`,
      );
    }
    return {
      dashboards: options.sqliteState.dashboards,
      annotations,
      seedSeconds,
      stores,
      instances,
    };
  } finally {
    for (const server of servers) await server.stop();
    await cluster.stop();
  }
}
