/**
 * Issue 30's alerting rows: 10,000 rules (1,000 groups of 10, 1 min interval) on one Sightline
 * against a real Prometheus scraping itself. After a warm-up interval, the scheduler runs for a
 * few intervals and we read, from Sightline's `/metrics`, how late each group's evaluation started
 * after its scheduled tick (`sightline_alerting_scheduler_lag_seconds`) and how many rules it
 * evaluated, and from /proc the CPU the process used meanwhile: CPU per evaluation. Beside it, the
 * same PromQL sent through `POST /api/ds/query`: CPU per bare query. Then, with PostgreSQL, three
 * instances on one database: how many of the evaluations each ran.
 */
import os from 'node:os';
import path from 'node:path';
import { bootstrap } from '../../src/server/bootstrap';
import { openStore } from '../../src/server/store';
import { hasPostgres, startPostgres, startPrometheus } from '../../src/server/testing/backends';
import { AUTH } from './api';
import { cpuSecondsOf, startSightline, type ServerProcess } from './processes';
import { BENCH_TOKEN } from './seed';

/** What every rule asks Prometheus (it scrapes itself, so there is always an answer). */
export const RULE_EXPR = 'sum(rate(prometheus_http_requests_total[1m]))';
const FOLDERS = 10;
const INTERVAL_SECONDS = 60;

export interface AlertingBench {
  groups: number;
  rulesPerGroup: number;
  intervalSeconds: number;
  /** The measured window, seconds, and the evaluations (rules) run in it. */
  seconds: number;
  evaluations: number;
  /** Group evaluations started in the window, and how late they started after their tick, seconds. */
  lag: { count: number; p50: number; p99: number; max: number; mean: number; underOneSecond: number };
  /** Mean time of one rule evaluation (queries and expressions), ms, from Sightline's histogram. */
  evaluationMs: number;
  /** Sightline's CPU, µs: per rule evaluation (everything the process did in the window) and per bare query. */
  cpuPerEvaluation: number;
  cpuPerQuery: number;
  /** Prometheus's CPU per rule evaluation and per bare query, µs. */
  prometheusCpuPerEvaluation: number;
  prometheusCpuPerQuery: number;
  /** The 1-minute load average when the window ended (the machine is shared). */
  loadAverage: number;
  /** Three instances on one PostgreSQL database (unless skipped). */
  shared?: AlertingSharing;
}

export interface AlertingSharing {
  rules: number;
  seconds: number;
  /** Per instance: rule evaluations in the window, and the lag p99 of its group evaluations, s. */
  instances: Array<{ evaluations: number; lagP99: number }>;
  /** All instances' evaluations over rules × intervals measured: 1 = each group once per interval. */
  coverage: number;
}

interface Histogram {
  buckets: Array<{ le: number; count: number }>;
  count: number;
  sum: number;
}

async function metrics(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: AUTH });
  if (!response.ok) throw new Error(`/metrics answered ${response.status}`);
  return response.text();
}

function scalar(text: string, name: string): number {
  const match = new RegExp(`^${name}(?:\\{\\})? ([0-9.eE+-]+)$`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

function histogram(text: string, name: string): Histogram {
  const buckets: Histogram['buckets'] = [];
  for (const match of text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} ([0-9.eE+-]+)$`, 'gm'))) {
    buckets.push({ le: match[1] === '+Inf' ? Infinity : Number(match[1]), count: Number(match[2]) });
  }
  return { buckets, count: scalar(text, `${name}_count`), sum: scalar(text, `${name}_sum`) };
}

function minus(after: Histogram, before: Histogram): Histogram {
  return {
    buckets: after.buckets.map((bucket, i) => ({ le: bucket.le, count: bucket.count - (before.buckets[i]?.count ?? 0) })),
    count: after.count - before.count,
    sum: after.sum - before.sum,
  };
}

/** A quantile of a histogram, interpolated linearly inside its bucket (as PromQL's histogram_quantile). */
export function quantile(h: Histogram, q: number): number {
  if (h.count === 0) return NaN;
  const rank = q * h.count;
  let lowerLe = 0;
  let lowerCount = 0;
  for (const bucket of h.buckets) {
    if (bucket.count >= rank) {
      if (bucket.le === Infinity) return lowerLe;
      return lowerLe + ((bucket.le - lowerLe) * (rank - lowerCount)) / Math.max(1, bucket.count - lowerCount);
    }
    lowerLe = bucket.le;
    lowerCount = bucket.count;
  }
  return lowerLe;
}

function upperBound(h: Histogram): number {
  const top = h.buckets.find((bucket) => bucket.count >= h.count);
  return top?.le ?? Infinity;
}

async function call(server: ServerProcess, method: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Rule `r` of a group: the PromQL, then a threshold no answer reaches (rules stay Normal, as most do). */
function rule(group: number, r: number, datasourceUid: string) {
  return {
    title: `bench rule ${group}-${r}`,
    condition: 'C',
    for: '0s',
    noDataState: 'NoData',
    execErrState: 'Error',
    data: [
      {
        refId: 'A',
        relativeTimeRange: { from: 600, to: 0 },
        datasourceUid,
        model: { refId: 'A', expr: RULE_EXPR, instant: true, range: false },
      },
      {
        refId: 'C',
        datasourceUid: '__expr__',
        model: { refId: 'C', type: 'threshold', expression: 'A', conditions: [{ evaluator: { type: 'gt', params: [1_000_000 + r] } }] },
      },
    ],
  };
}

/** Runs `count` jobs, `width` at a time. */
async function pool(count: number, width: number, job: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await job(next++);
    }),
  );
}

/** Waits until the servers' `/metrics` say `rules` evaluations ran (each rule once: the warm-up interval). */
async function waitForEvaluations(servers: ServerProcess[], rules: number, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  const evaluations = async () => {
    let sum = 0;
    for (const server of servers) sum += scalar(await metrics(server), 'sightline_alerting_rule_evaluations_total');
    return sum;
  };
  while ((await evaluations()) < rules) {
    if (Date.now() > deadline) throw new Error(`fewer than ${rules} rule evaluations after ${deadlineMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

async function createDatasource(server: ServerProcess, url: string): Promise<string> {
  const { datasource } = (await call(server, 'POST', '/api/datasources', {
    name: `alerting bench prometheus ${Date.now()}`,
    type: 'prometheus',
    access: 'proxy',
    url,
    jsonData: { httpMethod: 'POST' },
  })) as { datasource: { uid: string } };
  return datasource.uid;
}

/** `groups` groups of `rulesPerGroup` rules in FOLDERS folders, through the provisioning API, two PUTs at a time. */
async function seedRules(server: ServerProcess, datasourceUid: string, groups: number, rulesPerGroup: number): Promise<void> {
  const folders: string[] = [];
  for (let f = 0; f < FOLDERS; f++) {
    folders.push(((await call(server, 'POST', '/api/folders', { title: `alerting bench ${f}` })) as { uid: string }).uid);
  }
  await pool(groups, 2, async (g) => {
    const name = `group-${g}`;
    await call(server, 'PUT', `/api/v1/provisioning/folder/${folders[g % FOLDERS]}/rule-groups/${name}`, {
      title: name,
      interval: INTERVAL_SECONDS,
      rules: Array.from({ length: rulesPerGroup }, (_, r) => rule(g, r, datasourceUid)),
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const LAG = 'sightline_alerting_scheduler_lag_seconds';
const EVALUATIONS = 'sightline_alerting_rule_evaluations_total';

export async function measureAlerting(
  server: ServerProcess,
  options: { groups: number; rulesPerGroup: number; intervals: number; queries: number },
  log: (line: string) => void,
): Promise<AlertingBench> {
  const prometheus = await startPrometheus({ scrapeSelf: true });
  try {
    const datasource = { uid: await createDatasource(server, prometheus.url) };

    // The bare query first, before any rule exists: the scheduler is idle meanwhile.
    const queryBody = JSON.stringify({
      from: 'now-10m',
      to: 'now',
      queries: [{ refId: 'A', datasource: { type: 'prometheus', uid: datasource.uid }, expr: RULE_EXPR, instant: true, range: false }],
    });
    const ask = async () => {
      const response = await fetch(`${server.url}/api/ds/query`, {
        method: 'POST',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: queryBody,
      });
      if (!response.ok) throw new Error(`/api/ds/query: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    };
    await pool(50, 2, ask);
    const queryCpu = [cpuSecondsOf(server.pid), cpuSecondsOf(prometheus.pid)] as const;
    await pool(options.queries, 2, ask);
    const cpuPerQuery = ((cpuSecondsOf(server.pid) - queryCpu[0]) / options.queries) * 1e6;
    const prometheusCpuPerQuery = ((cpuSecondsOf(prometheus.pid) - queryCpu[1]) / options.queries) * 1e6;
    log(`  bare query: ${cpuPerQuery.toFixed(0)} µs of Sightline CPU, ${prometheusCpuPerQuery.toFixed(0)} µs of Prometheus CPU`);

    const total = options.groups * options.rulesPerGroup;
    log(`  seeding ${total.toLocaleString('en')} rules (${options.groups} groups of ${options.rulesPerGroup}, ${INTERVAL_SECONDS} s)`);
    const seedStart = Date.now();
    await seedRules(server, datasource.uid, options.groups, options.rulesPerGroup);
    log(`  seeded in ${((Date.now() - seedStart) / 1000).toFixed(0)} s; warm-up: every rule evaluated once`);
    await waitForEvaluations([server], total, 3 * INTERVAL_SECONDS * 1000);

    const before = { text: await metrics(server), cpu: cpuSecondsOf(server.pid), prometheus: cpuSecondsOf(prometheus.pid), at: Date.now() };
    log(`  measuring ${options.intervals} interval(s)`);
    await sleep(options.intervals * INTERVAL_SECONDS * 1000);
    const after = { text: await metrics(server), cpu: cpuSecondsOf(server.pid), prometheus: cpuSecondsOf(prometheus.pid), at: Date.now() };

    const lag = minus(
      histogram(after.text, 'sightline_alerting_scheduler_lag_seconds'),
      histogram(before.text, 'sightline_alerting_scheduler_lag_seconds'),
    );
    const duration = minus(
      histogram(after.text, 'sightline_alerting_rule_evaluation_duration_seconds'),
      histogram(before.text, 'sightline_alerting_rule_evaluation_duration_seconds'),
    );
    const evaluations = scalar(after.text, EVALUATIONS) - scalar(before.text, EVALUATIONS);
    const underOne = lag.buckets.find((bucket) => bucket.le === 1)?.count ?? 0;
    const result: AlertingBench = {
      groups: options.groups,
      rulesPerGroup: options.rulesPerGroup,
      intervalSeconds: INTERVAL_SECONDS,
      seconds: (after.at - before.at) / 1000,
      evaluations,
      lag: {
        count: lag.count,
        p50: quantile(lag, 0.5),
        p99: quantile(lag, 0.99),
        max: upperBound(lag),
        mean: lag.count ? lag.sum / lag.count : NaN,
        underOneSecond: lag.count ? underOne / lag.count : NaN,
      },
      evaluationMs: duration.count ? (duration.sum / duration.count) * 1000 : NaN,
      cpuPerEvaluation: ((after.cpu - before.cpu) / Math.max(1, evaluations)) * 1e6,
      cpuPerQuery,
      prometheusCpuPerEvaluation: ((after.prometheus - before.prometheus) / Math.max(1, evaluations)) * 1e6,
      prometheusCpuPerQuery,
      loadAverage: Number(os.loadavg()[0]!.toFixed(2)),
    };
    log(
      `  ${evaluations} evaluations in ${result.seconds.toFixed(0)} s; lag p50 ${result.lag.p50.toFixed(3)} s, p99 ${result.lag.p99.toFixed(3)} s (≤ ${result.lag.max} s), ${(result.lag.underOneSecond * 100).toFixed(1)}% under 1 s; CPU ${result.cpuPerEvaluation.toFixed(0)} µs per evaluation vs ${cpuPerQuery.toFixed(0)} µs per bare query; load ${result.loadAverage}`,
    );
    return result;
  } finally {
    await prometheus.stop();
  }
}

const PASSWORD = 'sightline-bench-alerting';

/**
 * Three instances of Sightline on one throwaway PostgreSQL database with the same rules: after a
 * warm-up interval, each instance's evaluations over `intervals` intervals, from its `/metrics`.
 */
export async function measureAlertingSharing(
  workDir: string,
  options: { groups: number; rulesPerGroup: number; intervals: number },
  log: (line: string) => void,
): Promise<AlertingSharing | undefined> {
  if (!hasPostgres) {
    log("  three instances: skipped (Debian's postgresql is not installed)");
    return undefined;
  }
  const cluster = await startPostgres(PASSWORD);
  const databaseUrl = `postgres://postgres:${PASSWORD}@${cluster.url}/app`;
  const secretKey = 'sightline-bench-alerting-secret';
  const dataDir = path.join(workDir, 'alerting-postgres');
  const servers: ServerProcess[] = [];
  const prometheus = await startPrometheus({ scrapeSelf: true });
  try {
    const store = await openStore(dataDir, { databaseUrl, secretKey });
    try {
      await bootstrap(store, BENCH_TOKEN);
    } finally {
      await store.close();
    }
    const env = { SIGHTLINE_DATABASE_URL: databaseUrl, SIGHTLINE_SECRET_KEY: secretKey };
    for (let i = 0; i < 3; i++) servers.push(await startSightline(dataDir, undefined, BENCH_TOKEN, undefined, env));
    const rules = options.groups * options.rulesPerGroup;
    log(`  three instances on PostgreSQL: seeding ${rules.toLocaleString('en')} rules`);
    await seedRules(servers[0]!, await createDatasource(servers[0]!, prometheus.url), options.groups, options.rulesPerGroup);
    await waitForEvaluations(servers, rules, 3 * INTERVAL_SECONDS * 1000);
    const before = await Promise.all(servers.map(metrics));
    const started = Date.now();
    log(`  three instances: measuring ${options.intervals} interval(s)`);
    await sleep(options.intervals * INTERVAL_SECONDS * 1000);
    const after = await Promise.all(servers.map(metrics));
    const instances = servers.map((_, i) => ({
      evaluations: scalar(after[i]!, EVALUATIONS) - scalar(before[i]!, EVALUATIONS),
      lagP99: quantile(minus(histogram(after[i]!, LAG), histogram(before[i]!, LAG)), 0.99),
    }));
    const total = instances.reduce((sum, instance) => sum + instance.evaluations, 0);
    const result = { rules, seconds: (Date.now() - started) / 1000, instances, coverage: total / (rules * options.intervals) };
    log(
      `  three instances: ${instances.map((i) => `${i.evaluations} (lag p99 ${i.lagP99.toFixed(3)} s)`).join(', ')} evaluations; ${(result.coverage * 100).toFixed(1)}% of rules × intervals`,
    );
    return result;
  } finally {
    for (const server of servers) await server.stop();
    await prometheus.stop();
    await cluster.stop();
  }
}
