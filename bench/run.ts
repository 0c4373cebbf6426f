/**
 * `npm run bench`: seeds a temp data dir, runs the real server on it as its own process, and
 * measures API throughput and latency beside a bare Fastify baseline, how latency and memory grow
 * with the data, and the UI's bundle sizes and load times in headless Chromium. Prints the tables
 * and writes bench/results/latest.json. See docs/performance.md.
 *
 *   npm run bench                  full run (4–6 minutes on 2 quiet cores)
 *   npm run bench -- --quick       smaller data and shorter runs, for a quick check
 *   npm run bench -- --skip-ui     API and scale only
 *   npm run bench -- --skip-postgres  without the PostgreSQL rows (they need Debian's postgresql)
 *   npm run bench -- --update-doc  also replace the tables in docs/performance.md
 *   npm run bench -- --scale       also the scale steps of issue 19: 100,000 / 1,000,000 and
 *                                  1,000,000 / 10,000,000 (dashboards / annotations): latency and RSS,
 *                                  and the dashboards list and the timeline timed again at the largest
 *                                  step (unless --skip-ui); --scale-annotations N caps their
 *                                  annotations (seeding time)
 *   npm run bench -- --scale-steps 20000/120000,40000/200000
 *                                  --scale with these sizes instead (dashboards/annotations per step),
 *                                  to check the scale steps without seeding millions
 *   options: --connections N --duration S --warmup S --scale-requests N --ui-runs N --keep
 *            --only org,search,dashboard,annotations,save,query (load rows to run); --only rulelist
 *            also seeds 10,000 alert rules and times the rules list (bench/lib/ruleList.ts)
 *            --only editor  of the UI rows only the panel editor's (issue 29)
 *   npm run bench -- --only alerting --skip-ui --skip-postgres
 *                                  issue 30's alerting row alone: 10,000 rules against a real
 *                                  Prometheus for 3 intervals (--quick: 1,000 rules, 1 interval)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { Browser } from '@playwright/test';
import { bootstrap } from '../src/server/bootstrap';
import { openStore } from '../src/server/store';
import { AUTH, endpoints, measureLoad, measureScale, type LoadRow } from './lib/api';
import { killAllNow, memoryOf, startSightline, stopAll, type ProcessMemory } from './lib/processes';
import { measureLiveDashboard, withLiveDashboard } from './lib/liveDashboard';
import { editorChunk, measurePanelEditor, type EditorBench } from './lib/panelEditor';
import { measureRuleList } from './lib/ruleList';
import { measureQueries, type QueryBenchRow } from './lib/queries';
import { budgets, markdown, type Results } from './lib/report';
import { measureAlerting, measureAlertingSharing, type AlertingBench } from './lib/alerting';
import { measurePostgres, type PostgresBench } from './lib/postgres';
import { BENCH_TOKEN, newSeedState, ROOT, seedAnnotations, seedDashboards, seedLargeDashboard, type SeedState } from './lib/seed';
import { bundleSizes, buildUi, launch, timePage, uiUnavailable, type BundleReport, type PageTiming, type Session } from './lib/ui';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'skip-ui': { type: 'boolean', default: false },
    'skip-postgres': { type: 'boolean', default: false },
    'update-doc': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    only: { type: 'string' },
    connections: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    'scale-requests': { type: 'string' },
    'ui-runs': { type: 'string' },
    scale: { type: 'boolean', default: false },
    'scale-annotations': { type: 'string' },
    'scale-steps': { type: 'string' },
  },
});

/**
 * A step of the seeded data. The load bench and the UI timings run at the step marked `load` and
 * `ui`; the dashboards list and the timeline are timed again at the one marked `uiLargest`.
 */
interface Step {
  dashboards: number;
  annotations: number;
  load?: boolean;
  ui?: boolean;
  uiLargest?: boolean;
}

/** `--scale-steps 20000/120000,40000/200000`: dashboards/annotations per scale step. */
function parseScaleSteps(text: string): Step[] {
  return text.split(',').map((part) => {
    const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(part);
    if (!match) throw new Error(`--scale-steps: "${part}" is not dashboards/annotations, e.g. 20000/120000`);
    return { dashboards: Number(match[1]), annotations: Number(match[2]) };
  });
}

const quick = args.quick!;
const settings: {
  quick: boolean;
  connections: number;
  duration: number;
  warmup: number;
  scaleRequests: number;
  uiRuns: number;
  steps: Step[];
} = {
  quick,
  connections: Number(args.connections ?? 10),
  duration: Number(args.duration ?? (quick ? 3 : 10)),
  warmup: Number(args.warmup ?? (quick ? 1 : 3)),
  scaleRequests: Number(args['scale-requests'] ?? (quick ? 100 : 300)),
  uiRuns: Number(args['ui-runs'] ?? (quick ? 3 : 7)),
  /** The data grows step by step; the load and UI benches run at the step marked for them. */
  steps: quick
    ? [
        { dashboards: 1_000, annotations: 10_000 },
        { dashboards: 10_000, annotations: 100_000, load: true, ui: true },
      ]
    : [
        { dashboards: 1_000, annotations: 10_000 },
        { dashboards: 10_000, annotations: 100_000 },
        { dashboards: 10_000, annotations: 1_000_000, load: true, ui: true },
        { dashboards: 100_000, annotations: 1_000_000 },
      ],
};
if (args.scale || args['scale-steps']) {
  // Issue 19's sizes (or --scale-steps), after the usual steps (the data only grows); latency and
  // memory, and the UI again at the largest step.
  const cap = Number(args['scale-annotations'] ?? Infinity);
  const usual = settings.steps.length;
  const sizes = args['scale-steps']
    ? parseScaleSteps(args['scale-steps'])
    : [
        { dashboards: 100_000, annotations: 1_000_000 },
        { dashboards: 1_000_000, annotations: 10_000_000 },
      ];
  for (const step of sizes) {
    const last = settings.steps[settings.steps.length - 1]!;
    const next = { dashboards: step.dashboards, annotations: Math.max(last.annotations, Math.min(step.annotations, cap)) };
    if (next.dashboards > last.dashboards || next.annotations > last.annotations) settings.steps.push(next);
  }
  // Issue 19 wants the list and the timeline measured at its largest sizes, not only at the load step's.
  if (settings.steps.length > usual) settings.steps[settings.steps.length - 1]!.uiLargest = true;
}

const started = Date.now();
const log = (line: string) => process.stdout.write(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-'));
const dataDir = path.join(workDir, 'data');

async function cleanUp(): Promise<void> {
  await stopAll();
  if (!args.keep) fs.rmSync(workDir, { recursive: true, force: true });
}
process.once('exit', killAllNow);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the servers`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function gitCommit(): string {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'src'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
    return dirty ? `${commit} + uncommitted changes` : commit;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<Results> {
  log(`work dir ${workDir}${args.keep ? ' (kept)' : ''}`);
  let webDir: string | undefined;
  let bundles: BundleReport | undefined;
  if (!args['skip-ui']) {
    const unavailable = uiUnavailable();
    if (unavailable) throw new Error(unavailable);
    log('building the UI');
    webDir = path.join(workDir, 'web');
    buildUi(webDir);
    bundles = bundleSizes(webDir);
  }

  const state = newSeedState();
  let large: Awaited<ReturnType<typeof seedLargeDashboard>> | undefined;
  const scale: Results['scale'] = [];
  let loadRows: LoadRow[] = [];
  let pages: PageTiming[] = [];
  let editor: EditorBench | undefined;
  let loadMemory: ProcessMemory | undefined;
  let queries: QueryBenchRow | undefined;
  /** The data and rows of the load step, for the PostgreSQL rows to compare with. */
  let loadState: SeedState | undefined;

  let alerting: AlertingBench | undefined;
  const only = args.only?.split(',');
  if (only?.includes('alerting')) alerting = await alertingRow();
  // Rows that need none of the seeded dashboards run alone when only they are asked for.
  const standalone = ['alerting'];
  for (const step of only?.every((key) => standalone.includes(key)) ? [] : settings.steps) {
    log(`seeding ${step.dashboards.toLocaleString('en')} dashboards and ${step.annotations.toLocaleString('en')} annotations`);
    const seedStart = Date.now();
    const store = await openStore(dataDir);
    try {
      if (state.dashboards === 0) await bootstrap(store, BENCH_TOKEN);
      await seedDashboards(store, state, step.dashboards, (done) => {
        if (done % 200_000 === 0) log(`  ${done.toLocaleString('en')} dashboards`);
      });
      large ??= await seedLargeDashboard(store, state);
      await seedAnnotations(store, state, step.annotations);
    } finally {
      await store.close();
    }
    const seedSeconds = (Date.now() - seedStart) / 1000;

    const server = await startSightline(dataDir, webDir, BENCH_TOKEN);
    try {
      const idle = memoryOf(server.pid);
      log(`server pid ${server.pid} at ${server.url}; measuring latency one request at a time`);
      const { search, annotations } = await measureScale(server, state, settings.scaleRequests);
      const after = memoryOf(server.pid);
      const row: Results['scale'][number] = {
        dashboards: step.dashboards,
        annotations: step.annotations,
        seedSeconds,
        search,
        annotationsRange: annotations,
        memoryIdle: idle,
        memoryAfter: after,
      };
      scale.push(row);
      log(
        `  search p50 ${search.p50.toFixed(2)} p99 ${search.p99.toFixed(2)} ms; annotations p50 ${annotations.p50.toFixed(2)} p99 ${annotations.p99.toFixed(2)} ms; RSS ${(after.rss / 1e6).toFixed(0)} MB`,
      );

      if (step.load) {
        log(`load: ${settings.connections} connections, ${settings.warmup} s warm-up + ${settings.duration} s per run`);
        const only = args.only?.split(',');
        const list = endpoints(state, large!).filter((e) => !only || only.includes(e.key));
        loadRows = list.length > 0 ? await measureLoad(server, list, settings, workDir, log) : [];
        loadState = { ...state, folderIds: [...state.folderIds] };
        if (!only || only.includes('query')) queries = await measureQueries(server, settings, workDir, log);
        loadMemory = memoryOf(server.pid);
      }
      if (step.ui && webDir) {
        log(`UI: headless Chromium, ${settings.uiRuns} runs per page`);
        const session = await sessionFor(server.url);
        const browser = await launch();
        try {
          const only = args.only?.split(',') ?? [];
          const editorOnly = only.includes('editor');
          if (!editorOnly) pages = await listAndTimeline(browser, server.url, session, state.end);
          if (only.includes('rulelist')) pages.push(await measureRuleList(server, browser, session, settings.uiRuns, log));
          await withLiveDashboard(server, workDir, log, async (live) => {
            if (!editorOnly) pages.push(...(await measureLiveDashboard(browser, session, settings.uiRuns, server, live, log)));
            editor = await measurePanelEditor(browser, session, settings.uiRuns, server, live, log);
          });
        } finally {
          await browser.close();
        }
        for (const page of pages) log(`  ${page.page}: ${page.median.toFixed(0)} ms (${page.mode}, ${page.count} items)`);
      }
      if (step.uiLargest && webDir) {
        log(`UI at the largest step: headless Chromium, ${settings.uiRuns} runs per page`);
        const session = await sessionFor(server.url);
        const browser = await launch();
        const failed: Array<{ page: string; error: string }> = [];
        try {
          // Seeding this far may have taken hours: a page that does not paint is reported, not fatal.
          const timed = await listAndTimeline(browser, server.url, session, state.end, (page, error) => {
            failed.push({ page, error: error instanceof Error ? error.message : String(error) });
            log(`  ${page}: not timed: ${failed[failed.length - 1]!.error}`);
          });
          row.ui = { pages: timed, failed };
        } finally {
          await browser.close();
        }
        for (const page of row.ui.pages) log(`  ${page.page}: ${page.median.toFixed(0)} ms (${page.mode}, ${page.count} items)`);
      }
    } finally {
      await server.stop();
    }
  }

  let postgres: PostgresBench | undefined;
  if (loadState && !args['skip-postgres']) {
    const only = args.only?.split(',');
    postgres = await measurePostgres({
      sqliteState: loadState,
      sqliteRows: loadRows,
      endpointsFor: (pgState, pgLarge) => endpoints(pgState, pgLarge).filter((e) => !only || only.includes(e.key)),
      instanceKeys: ['org', 'search', 'annotations', 'save'],
      settings,
      workDir,
      log,
    });
  }

  return {
    meta: {
      date: new Date().toISOString(),
      commit: gitCommit(),
      node: process.version,
      cpus: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'unknown'}`,
      memory: `${Math.round(os.totalmem() / 1e9)} GB`,
      settings: {
        ...settings,
        steps: settings.steps.map(
          (s) => `${s.dashboards}/${s.annotations}${s.load ? ' load' : ''}${s.ui ? ' ui' : ''}${s.uiLargest ? ' ui-largest' : ''}`,
        ),
      },
      seconds: 0,
    },
    load: loadRows,
    queries,
    loadMemory,
    postgres,
    alerting,
    scale,
    ui: bundles ? { bundles, pages } : undefined,
    editor: editor && bundles ? { ...editor, lazyChunk: editorChunk(bundles) } : editor,
    budgets: [],
  };
}

/** Issue 30's alerting row, on a Sightline of its own (an empty data dir, no dashboards). */
async function alertingRow(): Promise<AlertingBench> {
  const alertingDir = path.join(workDir, 'alerting-data');
  const store = await openStore(alertingDir);
  try {
    await bootstrap(store, BENCH_TOKEN);
  } finally {
    await store.close();
  }
  const size = quick ? { groups: 100, rulesPerGroup: 10, intervals: 1 } : { groups: 1_000, rulesPerGroup: 10, intervals: 3 };
  const server = await startSightline(alertingDir, undefined, BENCH_TOKEN);
  let row: AlertingBench;
  try {
    log(`alerting: server pid ${server.pid} at ${server.url}`);
    row = await measureAlerting(server, { ...size, queries: quick ? 300 : 2_000 }, log);
  } finally {
    await server.stop();
  }
  if (!args['skip-postgres']) row.shared = await measureAlertingSharing(workDir, { ...size, intervals: 1 }, log);
  return row;
}

/**
 * The dashboards list and the annotation timeline over the newest 10,000 annotations, timed
 * `settings.uiRuns` times each. A page that cannot be timed throws, or with `failed`, is passed to
 * it and left out.
 */
async function listAndTimeline(
  browser: Browser,
  url: string,
  session: Session,
  end: number,
  failed?: (page: string, error: unknown) => void,
): Promise<PageTiming[]> {
  const pages: PageTiming[] = [];
  const attempt = async (page: string, time: () => Promise<PageTiming>) => {
    try {
      pages.push(await time());
    } catch (error) {
      if (!failed) throw error;
      failed(page, error);
    }
  };
  await attempt('/dashboards', () => timePage(browser, url, session, '/dashboards', 'dashboards-list', settings.uiRuns));
  await attempt('/annotations', async () => {
    const newest = await annotationWindow(url, end, 10_000);
    return timePage(
      browser,
      url,
      session,
      `/annotations?from=${newest.from}&to=${newest.to}`,
      'annotations',
      settings.uiRuns,
      newest.count,
    );
  });
  return pages;
}

/**
 * The time range ending at `end` that holds the newest `wanted` annotations (fewer when the data
 * has fewer), so the timeline has that many to paint: the page draws every annotation of its
 * range it fetched, and it fetches up to 20,000.
 */
async function annotationWindow(url: string, end: number, wanted: number): Promise<{ from: number; to: number; count: number }> {
  const response = await fetch(`${url}/api/annotations?from=${end - 30 * 24 * 3_600_000}&to=${end}&limit=${wanted}`, { headers: AUTH });
  const rows = (await response.json()) as Array<{ time: number }>;
  if (!response.ok || rows.length === 0) throw new Error(`no annotations to time the timeline with (${response.status})`);
  return { from: rows[rows.length - 1]!.time, to: end, count: rows.length };
}

async function sessionFor(url: string): Promise<Session> {
  const get = async <T>(p: string) => (await (await fetch(`${url}${p}`, { headers: AUTH })).json()) as T;
  const user = await get<{ login: string; orgId: number }>('/api/user');
  const org = await get<{ id: number; name: string }>('/api/org');
  return { serverUrl: '', token: BENCH_TOKEN, orgId: org.id, orgName: org.name, role: 'Admin', login: user.login };
}

let exitCode = 0;
try {
  const results = await main();
  results.meta.seconds = Math.round((Date.now() - started) / 1000);
  results.budgets = budgets(results);
  const table = markdown(results);
  process.stdout.write(`\n${table}\n`);
  const resultsDir = path.join(ROOT, 'bench/results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote bench/results/latest.json`);
  if (args['update-doc']) {
    const doc = path.join(ROOT, 'docs/performance.md');
    const text = fs.readFileSync(doc, 'utf8');
    const begin = '<!-- bench:begin -->';
    const end = '<!-- bench:end -->';
    if (!text.includes(begin) || !text.includes(end)) throw new Error(`docs/performance.md has no ${begin} … ${end} section`);
    fs.writeFileSync(doc, `${text.slice(0, text.indexOf(begin) + begin.length)}\n${table}\n${text.slice(text.indexOf(end))}`);
    log('updated docs/performance.md');
  }
} catch (error) {
  exitCode = 1;
  process.stderr.write(`\nbench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await cleanUp();
}
process.exit(exitCode);
