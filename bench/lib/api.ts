/**
 * The API benches against a running Sightline: latency one request at a time as the data grows
 * (scale), and throughput/latency under load beside a bare Fastify baseline serving the same bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { RecordedRoute } from '../baseline-server';
import { load, sequential, type LoadOptions, type LoadResult, type LoadTarget } from './load';
import { startBaseline, type ServerProcess } from './processes';
import { percentile } from './stats';
import { annotationUrls, BENCH_TOKEN, searchUrls, type SeedState } from './seed';

export const AUTH = { authorization: `Bearer ${BENCH_TOKEN}` };

export interface ScalePoint {
  p50: number;
  p99: number;
  max: number;
  /** Mean answer size, bytes (headers included). */
  bytes: number;
  /** Requests measured (after the warm-up). */
  requests: number;
}

export function searchTarget(): LoadTarget {
  return { method: 'GET', paths: searchUrls(), headers: AUTH };
}

export function annotationTarget(state: SeedState, count = 200): LoadTarget {
  return { method: 'GET', paths: annotationUrls(state, count), headers: AUTH };
}

/** Search and annotation-range latency, one request at a time. */
export async function measureScale(
  server: ServerProcess,
  state: SeedState,
  requests: number,
): Promise<{ search: ScalePoint; annotations: ScalePoint }> {
  const warmup = Math.max(20, Math.round(requests / 10));
  const search = await sequential(server.url, searchTarget(), requests, warmup, 'scale: search');
  const annotations = await sequential(server.url, annotationTarget(state, 500), requests, warmup, 'scale: annotations');
  return { search: { ...search, requests }, annotations: { ...annotations, requests } };
}

export interface Endpoint {
  key: string;
  label: string;
  /** The Fastify route pattern the baseline registers. */
  route: string;
  target: LoadTarget;
}

export function endpoints(state: SeedState, large: { uid: string; model: Record<string, unknown> }): Endpoint[] {
  const saveBody = JSON.stringify({ dashboard: { ...large.model, uid: large.uid }, overwrite: true, message: 'bench update' });
  return [
    { key: 'org', label: 'GET /api/org', route: '/api/org', target: { method: 'GET', paths: ['/api/org'], headers: AUTH } },
    {
      key: 'search',
      label: `GET /api/search?query=… (${state.dashboards.toLocaleString('en')} dashboards)`,
      route: '/api/search',
      target: searchTarget(),
    },
    {
      key: 'dashboard',
      label: `GET /api/dashboards/uid/{uid} (${String(large.model.title)}: ${Array.isArray(large.model.panels) ? large.model.panels.length : '?'} panels, ${Math.round(Buffer.byteLength(JSON.stringify(large.model)) / 1000)} kB)`,
      route: '/api/dashboards/uid/:uid',
      target: { method: 'GET', paths: [`/api/dashboards/uid/${large.uid}`], headers: AUTH },
    },
    {
      key: 'annotations',
      label: `GET /api/annotations, 1 h window (${state.annotations.toLocaleString('en')} annotations)`,
      route: '/api/annotations',
      target: annotationTarget(state),
    },
    {
      key: 'save',
      label: 'POST /api/dashboards/db (update the same dashboard)',
      route: '/api/dashboards/db',
      target: { method: 'POST', paths: ['/api/dashboards/db'], headers: AUTH, body: saveBody },
    },
  ];
}

/** Asks Sightline every URL of every endpoint once, keeping the answers for the baseline to replay. */
async function record(server: ServerProcess, list: Endpoint[]): Promise<RecordedRoute[]> {
  const routes: RecordedRoute[] = [];
  for (const endpoint of list) {
    const bodies: Record<string, string> = {};
    let status = 200;
    for (const url of endpoint.target.paths) {
      const response = await fetch(`${server.url}${url}`, {
        method: endpoint.target.method,
        headers: { ...endpoint.target.headers, ...(endpoint.target.body ? { 'content-type': 'application/json' } : {}) },
        body: endpoint.target.body,
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${endpoint.label}: ${url} answered ${response.status}: ${text.slice(0, 300)}`);
      status = response.status;
      bodies[url] = text;
    }
    routes.push({ method: endpoint.target.method, route: endpoint.route, bodies, fallback: Object.values(bodies)[0]!, status });
  }
  return routes;
}

export interface LoadRow {
  key: string;
  label: string;
  sightline: LoadResult;
  baseline: LoadResult;
  /** Sightline's requests/s over the baseline's. */
  ratio: number;
}

/** Sums two half runs into one result (requests and CPU add up; percentiles are re-taken over both). */
function combine(a: LoadResult & { latencies: number[] }, b: LoadResult & { latencies: number[] }): LoadResult {
  const latencies = [...a.latencies, ...b.latencies].sort((x, y) => x - y);
  const seconds = a.seconds + b.seconds;
  return {
    requests: latencies.length,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    bytes: (a.bytes * a.requests + b.bytes * b.requests) / Math.max(1, latencies.length),
    serverCpu: (a.serverCpu * a.seconds + b.serverCpu * b.seconds) / seconds,
    clientCpu: (a.clientCpu * a.seconds + b.clientCpu * b.seconds) / seconds,
  };
}

/**
 * Each endpoint under the same load on Sightline and on the baseline, in the order Sightline,
 * baseline, baseline, Sightline with half the duration each: a machine that gets busier or quieter
 * during the row then weighs on both sides alike.
 */
export async function measureLoad(
  server: ServerProcess,
  list: Endpoint[],
  options: LoadOptions,
  workDir: string,
  log: (line: string) => void,
): Promise<LoadRow[]> {
  const file = path.join(workDir, 'baseline-responses.json');
  fs.writeFileSync(file, JSON.stringify(await record(server, list)));
  const baseline = await startBaseline(file);
  try {
    const rows: LoadRow[] = [];
    const half = { ...options, duration: options.duration / 2 };
    for (const endpoint of list) {
      const on = (target: ServerProcess, warmup: boolean) =>
        load(
          target.url,
          target.pid,
          endpoint.target,
          { ...half, warmup: warmup ? options.warmup : 0 },
          `${endpoint.label} on ${target.name}`,
        );
      const s1 = await on(server, true);
      const b1 = await on(baseline, true);
      const b2 = await on(baseline, false);
      const s2 = await on(server, false);
      const sightline = combine(s1, s2);
      const bare = combine(b1, b2);
      const row = { key: endpoint.key, label: endpoint.label, sightline, baseline: bare, ratio: sightline.rps / bare.rps };
      log(
        `  ${endpoint.label}: ${Math.round(sightline.rps)} req/s (p50 ${sightline.p50.toFixed(2)}, p99 ${sightline.p99.toFixed(1)} ms, CPU ${sightline.serverCpu.toFixed(0)}%) ` +
          `vs baseline ${Math.round(bare.rps)} req/s (CPU ${bare.serverCpu.toFixed(0)}%): ${(row.ratio * 100).toFixed(0)}%; load generator CPU ${sightline.clientCpu.toFixed(0)}% / ${bare.clientCpu.toFixed(0)}%`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    await baseline.stop();
  }
}
