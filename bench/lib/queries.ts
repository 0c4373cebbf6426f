/**
 * `/api/ds/query` against a real Prometheus versus the same range query sent to Prometheus
 * directly: 10 series × 1 h at the step Sightline computes (Grafana's maths), from data backfilled
 * with promtool so the hour is complete. Ratios of requests/s and of latency, and the CPU each
 * query costs Sightline's process.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startPrometheus } from '../../src/server/testing/backends';
import { AUTH } from './api';
import { load, type LoadOptions, type LoadResult, type LoadTarget } from './load';
import { cpuSecondsOf, type ServerProcess } from './processes';
import { percentile } from './stats';

const PROMTOOL = '/usr/bin/promtool';
const PROMETHEUS = '/usr/bin/prometheus';
const SERIES = 10;
const HOUR_MS = 3_600_000;
const SCRAPE_MS = 15_000;

export interface QueryBenchRow {
  label: string;
  series: number;
  points: number;
  stepSeconds: number;
  sightline: LoadResult;
  direct: LoadResult;
  /** Sightline's requests/s over direct's. */
  rpsRatio: number;
  /** Direct p50 (and p99) latency over Sightline's: 1 = as fast, 0.5 = twice as slow. */
  p50Ratio: number;
  p99Ratio: number;
  /** CPU per query, µs: Sightline's process (while serving /api/ds/query) and Prometheus's. */
  sightlineCpuPerQuery: number;
  prometheusCpuPerQuery: number;
}

/** An OpenMetrics file of SERIES gauges, one sample every 15 s over the hour ending at `end`. */
export function openMetrics(end: number): string {
  const lines = ['# HELP bench_value A gauge for the query bench.', '# TYPE bench_value gauge'];
  for (let series = 0; series < SERIES; series++) {
    for (let t = end - HOUR_MS; t <= end; t += SCRAPE_MS) {
      lines.push(`bench_value{series="${series}",job="bench"} ${(series * 10 + Math.sin(t / 600_000) * 5).toFixed(3)} ${t / 1000}`);
    }
  }
  lines.push('# EOF');
  return `${lines.join('\n')}\n`;
}

function combine(
  a: LoadResult & { latencies: number[] },
  b: LoadResult & { latencies: number[] },
  cpuSeconds: number,
): LoadResult & { otherCpu: number } {
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
    otherCpu: (cpuSeconds / seconds) * 100,
  };
}

export async function measureQueries(
  server: ServerProcess,
  options: LoadOptions,
  workDir: string,
  log: (line: string) => void,
): Promise<QueryBenchRow | undefined> {
  if (!fs.existsSync(PROMTOOL) || !fs.existsSync(PROMETHEUS)) {
    log(`  /api/ds/query: skipped (needs ${PROMETHEUS} and ${PROMTOOL})`);
    return undefined;
  }
  // A complete hour, well in the past, aligned to the step so both sides ask for the same points.
  const end = Math.floor((Date.now() - 3 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  const start = end - HOUR_MS;
  const dir = path.join(workDir, 'prometheus-bench');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'data.om'), openMetrics(end));
  execFileSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', path.join(dir, 'data.om'), path.join(dir, 'tsdb')], {
    stdio: 'pipe',
  });
  const prometheus = await startPrometheus({ tsdbPath: path.join(dir, 'tsdb') });
  try {
    const created = await fetch(`${server.url}/api/datasources`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `bench prometheus ${Date.now()}`,
        type: 'prometheus',
        access: 'proxy',
        url: prometheus.url,
        jsonData: { httpMethod: 'POST' },
      }),
    });
    if (!created.ok) throw new Error(`creating the bench data source failed: ${created.status} ${await created.text()}`);
    const { uid } = ((await created.json()) as { datasource: { uid: string } }).datasource;

    // What a Grafana panel sends: 1 h, maxDataPoints 1000, intervalMs 15 s → Grafana's step 15 s.
    const queryBody = JSON.stringify({
      from: String(start),
      to: String(end),
      queries: [
        {
          refId: 'A',
          datasource: { type: 'prometheus', uid },
          expr: 'bench_value',
          range: true,
          intervalMs: SCRAPE_MS,
          maxDataPoints: 1000,
        },
      ],
    });
    const check = await fetch(`${server.url}/api/ds/query`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body: queryBody,
    });
    const answer = (await check.json()) as {
      results: {
        A: { frames?: Array<{ schema: { meta?: { executedQueryString?: string } }; data: { values: unknown[][] } }>; error?: string };
      };
    };
    const frames = answer.results.A.frames ?? [];
    if (!check.ok || frames.length !== SERIES)
      throw new Error(`the bench query answered ${check.status} with ${frames.length} frames: ${answer.results.A.error ?? ''}`);
    const stepSeconds = Number(/Step: (\d+)s/.exec(frames[0]!.schema.meta?.executedQueryString ?? '')?.[1]);
    const points = frames[0]!.data.values[0]!.length;
    const form = new URLSearchParams({
      query: 'bench_value',
      start: String(start / 1000),
      end: String(end / 1000),
      step: String(stepSeconds),
    }).toString();

    const sightlineTarget: LoadTarget = { method: 'POST', paths: ['/api/ds/query'], headers: AUTH, body: queryBody };
    const directTarget: LoadTarget = {
      method: 'POST',
      paths: ['/api/v1/query_range'],
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    };
    const half = { ...options, duration: options.duration / 2 };
    const label = `POST /api/ds/query, Prometheus range query (${SERIES} series × 1 h, step ${stepSeconds} s, ${points} points each)`;
    // Sightline, direct, direct, Sightline: a machine that gets busier or quieter weighs on both alike.
    const run = async (url: string, pid: number, target: LoadTarget, warmup: boolean, other: number, what: string) => {
      const before = cpuSecondsOf(other);
      const result = await load(url, pid, target, { ...half, warmup: warmup ? options.warmup : 0 }, what);
      return { result, otherCpu: cpuSecondsOf(other) - before };
    };
    const s1 = await run(server.url, server.pid, sightlineTarget, true, prometheus.pid, `${label} on sightline`);
    const d1 = await run(prometheus.url, prometheus.pid, directTarget, true, server.pid, `${label} direct`);
    const d2 = await run(prometheus.url, prometheus.pid, directTarget, false, server.pid, `${label} direct`);
    const s2 = await run(server.url, server.pid, sightlineTarget, false, prometheus.pid, `${label} on sightline`);
    const sightline = combine(s1.result, s2.result, s1.otherCpu + s2.otherCpu);
    const direct = combine(d1.result, d2.result, d1.otherCpu + d2.otherCpu);
    const row: QueryBenchRow = {
      label,
      series: SERIES,
      points,
      stepSeconds,
      sightline,
      direct,
      rpsRatio: sightline.rps / direct.rps,
      p50Ratio: direct.p50 / sightline.p50,
      p99Ratio: direct.p99 / sightline.p99,
      sightlineCpuPerQuery: Math.round((sightline.serverCpu / 100 / sightline.rps) * 1e6),
      prometheusCpuPerQuery: Math.round((direct.serverCpu / 100 / direct.rps) * 1e6),
    };
    log(
      `  ${label}: ${Math.round(sightline.rps)} req/s (p50 ${sightline.p50.toFixed(2)}, p99 ${sightline.p99.toFixed(1)} ms) vs direct ${Math.round(direct.rps)} req/s ` +
        `(p50 ${direct.p50.toFixed(2)}, p99 ${direct.p99.toFixed(1)} ms): ${(row.rpsRatio * 100).toFixed(0)}% of direct; Sightline CPU ${row.sightlineCpuPerQuery} µs per query`,
    );
    return row;
  } finally {
    await prometheus.stop();
  }
}
