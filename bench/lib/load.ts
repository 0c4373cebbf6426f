/**
 * Load with autocannon: a fixed number of keep-alive connections, each sending its next request
 * as soon as the previous answer arrives (closed loop), for a fixed time after a warm-up.
 * Latencies are taken from autocannon's per-response event (sub-millisecond precision; its own
 * histogram rounds to whole milliseconds).
 */
import autocannon, { type Instance } from 'autocannon';
import { cpuSecondsOf } from './processes';
import { percentile } from './stats';

export interface LoadTarget {
  method: 'GET' | 'POST';
  /** Request paths (with query), rotated through in order across all connections. */
  paths: string[];
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before measuring, discarded. */
  warmup: number;
}

export interface LoadResult {
  requests: number;
  /** Seconds measured. */
  seconds: number;
  /** Requests answered per second (2xx only count; others fail the run). */
  rps: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean answer size, bytes (headers included). */
  bytes: number;
  /** CPU the server process used during the measured run, in % of one core. */
  serverCpu: number;
  /** CPU the load generator (this process) used, in % of one core. */
  clientCpu: number;
}

function fire(url: string, target: LoadTarget, options: { connections: number; duration?: number; amount?: number }, latencies?: number[]) {
  let next = 0;
  const instance = autocannon({
    url,
    connections: options.connections,
    ...(options.amount ? { amount: options.amount } : { duration: options.duration }),
    timeout: 30,
    requests: [
      {
        method: target.method,
        headers: { ...(target.body ? { 'content-type': 'application/json' } : {}), ...target.headers },
        ...(target.body ? { body: target.body } : {}),
        setupRequest: (request) => {
          request.path = target.paths[next++ % target.paths.length]!;
          return request;
        },
      },
    ],
  });
  let bytes = 0;
  let answered = 0;
  instance.on('response', (_client, status, resBytes, responseTime) => {
    if (status >= 200 && status < 300) {
      latencies?.push(responseTime);
      bytes += resBytes;
      answered++;
    }
  });
  return { instance, stats: () => ({ bytes: answered ? bytes / answered : 0 }) };
}

async function finished(instance: Instance, what: string) {
  const result = await instance;
  if (result.errors > 0 || result.non2xx > 0 || result.timeouts > 0) {
    throw new Error(`${what}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return result;
}

/** Warm-up, then a measured closed-loop run against `url` (a server whose process id is `pid`). */
export async function load(
  url: string,
  pid: number,
  target: LoadTarget,
  options: LoadOptions,
  what: string,
): Promise<LoadResult & { latencies: number[] }> {
  if (options.warmup > 0)
    await finished(fire(url, target, { connections: options.connections, duration: options.warmup }).instance, `${what} (warm-up)`);
  const latencies: number[] = [];
  const run = fire(url, target, { connections: options.connections, duration: options.duration }, latencies);
  const serverBefore = cpuSecondsOf(pid);
  const clientBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  await finished(run.instance, what);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpu = ((cpuSecondsOf(pid) - serverBefore) / elapsed) * 100;
  const client = process.cpuUsage(clientBefore);
  latencies.sort((a, b) => a - b);
  return {
    latencies,
    requests: latencies.length,
    seconds: elapsed,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    bytes: run.stats().bytes,
    serverCpu,
    clientCpu: ((client.user + client.system) / 1e6 / elapsed) * 100,
  };
}

/** Latency of `count` requests sent one at a time (one connection, nothing queued), after `warmup` more. */
export async function sequential(
  url: string,
  target: LoadTarget,
  count: number,
  warmup: number,
  what: string,
): Promise<{ p50: number; p99: number; max: number; bytes: number }> {
  if (warmup > 0) await finished(fire(url, target, { connections: 1, amount: warmup }).instance, `${what} (warm-up)`);
  const latencies: number[] = [];
  const run = fire(url, target, { connections: 1, amount: count }, latencies);
  await finished(run.instance, what);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? NaN,
    bytes: run.stats().bytes,
  };
}
