/** The results file's shape, the budgets of issue 10, and the Markdown tables run.ts prints. */
import type { LoadRow, ScalePoint } from './api';
import type { ProcessMemory } from './processes';
import { editorBudgets, editorMarkdown, type EditorBench } from './panelEditor';
import type { PostgresBench } from './postgres';
import type { AlertingBench } from './alerting';
import type { QueryBenchRow } from './queries';
import type { BundleReport, PageTiming } from './ui';

export interface ScaleRow {
  dashboards: number;
  annotations: number;
  seedSeconds: number;
  search: ScalePoint;
  annotationsRange: ScalePoint;
  /** Server RSS right after start, and after the scale queries. */
  memoryIdle: ProcessMemory;
  memoryAfter: ProcessMemory;
  /**
   * At the largest step of a `--scale` run with the UI built: the dashboards list and the
   * timeline, timed as at the load step, and the pages that could not be timed.
   */
  ui?: { pages: PageTiming[]; failed: Array<{ page: string; error: string }> };
}

export interface Budget {
  name: string;
  target: string;
  measured: string;
  met: boolean | null;
  /** By how much it is missed (or the margin it is met by). */
  margin: string;
}

export interface Results {
  meta: {
    date: string;
    commit: string;
    node: string;
    cpus: string;
    memory: string;
    settings: Record<string, unknown>;
    seconds: number;
  };
  load: LoadRow[];
  /** `/api/ds/query` against Prometheus vs the same query sent to Prometheus directly. */
  queries?: QueryBenchRow;
  /** The load rows on PostgreSQL, and one versus two instances. */
  postgres?: PostgresBench;
  /** Issue 30: 10,000 alert rules against a real Prometheus. */
  alerting?: AlertingBench;
  /** Server memory after the load runs. */
  loadMemory: ProcessMemory | undefined;
  scale: ScaleRow[];
  ui: { bundles: BundleReport; pages: PageTiming[] } | undefined;
  /** Issue 29's panel editor rows. */
  editor?: EditorBench;
  budgets: Budget[];
}

/** Load generator CPU (% of one core) from which it, rather than the server, is taken to limit the rate. */
const GENERATOR_BOUND = 85;
/** Server CPU time per answered request, µs. */
const cpuPerRequest = (result: { serverCpu: number; rps: number }) => Math.round((result.serverCpu / 100 / result.rps) * 1e6);
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);
const count = (n: number) => n.toLocaleString('en');
const size = (bytes: number) => (bytes >= 1000 ? `${kB(bytes)} kB` : `${Math.round(bytes)} B`);

/** The scale row of the step marked `marker` in the settings: `load` (the data the load bench ran on) or `ui`. */
function markedStep(results: Results, marker: 'load' | 'ui'): ScaleRow | undefined {
  const steps = results.meta.settings.steps as string[] | undefined;
  const index = steps?.findIndex((s) => s.split(' ').includes(marker)) ?? -1;
  return index === -1 ? undefined : results.scale[index];
}
const loadStep = (results: Results) => markedStep(results, 'load');

/** Issue 19's goal for the dashboards list: visible in < 500 ms after navigation, median. */
const LIST_GOAL = 500;

/** What a page timing waited for, for the tables. */
function waitsFor(page: PageTiming): string {
  if (page.mode === 'graph') return "Explore's first graph (10 series of a real Prometheus)";
  if (page.mode === 'rules') return `first group row of the alert rules list (10,000 rules; ${page.count} rows rendered)`;
  return page.mode === 'list'
    ? `first rows of the dashboards list (${page.count} rows rendered of the virtualised list)`
    : page.mode === 'panels'
      ? `every panel on screen (${page.count} of 30) to draw its Prometheus answer`
      : page.mode === 'timeline'
        ? `the timeline canvas to paint ${count(page.count)} annotations (range: the newest 10,000)`
        : `first row of the annotation table (${count(page.count)} rows; no timeline canvas)`;
}

export function budgets(results: Results): Budget[] {
  const list: Budget[] = [];
  const org = results.load.find((row) => row.key === 'org');
  if (org) {
    list.push({
      name: 'Auth + GET /api/org throughput vs the bare baseline',
      target: '≥ 50%',
      measured: `${(org.ratio * 100).toFixed(0)}% (${Math.round(org.sightline.rps)} vs ${Math.round(org.baseline.rps)} req/s); server CPU per request ${(cpuPerRequest(org.sightline) / cpuPerRequest(org.baseline)).toFixed(2)}× the baseline's`,
      met: org.ratio >= 0.5,
      margin: `${((0.5 - org.ratio) * 100).toFixed(0)} points`,
    });
  }
  const step = loadStep(results);
  const search = results.load.find((row) => row.key === 'search');
  const annotations = results.load.find((row) => row.key === 'annotations');
  if (step) {
    const under = (row: LoadRow | undefined) =>
      row ? `; under load (${results.meta.settings.connections} connections): p99 ${ms(row.sightline.p99)} ms` : '';
    list.push({
      name: `Search over ${count(step.dashboards)} dashboards, p99`,
      target: '< 20 ms',
      measured: `${ms(step.search.p99)} ms one at a time${under(search)}`,
      met: step.search.p99 < 20,
      margin: `${ms(step.search.p99 - 20)} ms`,
    });
    list.push({
      name: `Annotation 1 h range over ${count(step.annotations)} annotations, p99`,
      target: '< 20 ms',
      measured: `${ms(step.annotationsRange.p99)} ms one at a time${under(annotations)}`,
      met: step.annotationsRange.p99 < 20,
      margin: `${ms(step.annotationsRange.p99 - 20)} ms`,
    });
  }
  // Issue 19's goals: CPU per request against the bare baseline, and search latency at scale.
  const cpuRatio = (row: LoadRow) => cpuPerRequest(row.sightline) / cpuPerRequest(row.baseline);
  if (org) {
    list.push({
      name: 'GET /api/org requests/s vs the bare baseline (issue 19)',
      target: '≥ 90%',
      measured: `${(org.ratio * 100).toFixed(0)}%`,
      met: org.ratio >= 0.9,
      margin: `${((0.9 - org.ratio) * 100).toFixed(0)} points`,
    });
  }
  for (const [row, goal] of [
    [search, 10],
    [annotations, 8],
    [results.load.find((r) => r.key === 'save'), 2],
  ] as const) {
    if (!row) continue;
    const ratio = cpuRatio(row);
    list.push({
      name: `${row.label}: server CPU per request vs the baseline (issue 19)`,
      target: `≤ ${goal}×`,
      measured: `${ratio.toFixed(1)}× (${cpuPerRequest(row.sightline)} / ${cpuPerRequest(row.baseline)} µs)`,
      met: ratio <= goal,
      margin: `${(ratio - goal).toFixed(1)}×`,
    });
  }
  for (const row of results.scale.filter((r) => r.dashboards >= 100_000)) {
    list.push({
      name: `Search over ${count(row.dashboards)} dashboards, p99 one at a time (issue 19)`,
      target: '< 10 ms',
      measured: `${ms(row.search.p99)} ms (p50 ${ms(row.search.p50)} ms)`,
      met: row.search.p99 < 10,
      margin: `${ms(row.search.p99 - 10)} ms`,
    });
  }
  if (results.queries) {
    const q = results.queries;
    list.push({
      name: '/api/ds/query vs the same range query sent to Prometheus directly, requests/s',
      target: '≥ 80%',
      measured: `${(q.rpsRatio * 100).toFixed(0)}% (${Math.round(q.sightline.rps)} vs ${Math.round(q.direct.rps)} req/s); p50 ${ms(q.sightline.p50)} vs ${ms(q.direct.p50)} ms`,
      met: q.rpsRatio >= 0.8,
      margin: `${((0.8 - q.rpsRatio) * 100).toFixed(0)} points`,
    });
  }
  if (results.alerting) {
    const { lag, groups, rulesPerGroup } = results.alerting;
    list.push({
      name: `Alerting: scheduler lag p99, ${count(groups * rulesPerGroup)} rules (issue 30)`,
      target: '< 1 s',
      measured: `${lag.p99.toFixed(3)} s (p50 ${lag.p50.toFixed(3)} s, ${(lag.underOneSecond * 100).toFixed(1)}% under 1 s)`,
      met: lag.p99 < 1,
      margin: `${(lag.p99 - 1).toFixed(3)} s`,
    });
  }
  if (results.ui) {
    const js = results.ui.bundles.initial.js;
    for (const [name, goal] of [
      ['Initial UI JS, gzipped', 200_000],
      ['Initial UI JS, gzipped (issue 19)', 170_000],
    ] as const) {
      list.push({ name, target: `≤ ${goal / 1000} kB`, measured: `${kB(js)} kB`, met: js <= goal, margin: `${kB(js - goal)} kB` });
    }
    const dashboards = results.ui.pages.find((p) => p.probe === 'dashboards-list');
    if (dashboards) {
      list.push({
        name: 'Dashboards list visible after navigation, median',
        target: '< 1 s',
        measured: `${dashboards.median.toFixed(0)} ms`,
        met: dashboards.median < 1000,
        margin: `${(dashboards.median - 1000).toFixed(0)} ms`,
      });
    }
    for (const row of results.scale.filter((r) => r.ui)) {
      const name = `Dashboards list over ${count(row.dashboards)} dashboards visible after navigation, median (issue 19)`;
      const timed = row.ui!.pages.find((p) => p.probe === 'dashboards-list');
      const failed = row.ui!.failed.find((f) => f.page === '/dashboards');
      if (timed) {
        list.push({
          name,
          target: `< ${LIST_GOAL} ms`,
          measured: `${timed.median.toFixed(0)} ms`,
          met: timed.median < LIST_GOAL,
          margin: `${(timed.median - LIST_GOAL).toFixed(0)} ms`,
        });
      } else if (failed) {
        list.push({ name, target: `< ${LIST_GOAL} ms`, measured: `not timed: ${failed.error.split('\n')[0]}`, met: null, margin: '' });
      }
    }
    const live = results.ui.pages.find((p) => p.probe === 'live-dashboard');
    if (live) {
      list.push({
        name: '30-panel dashboard over real Prometheus, every visible panel drawn, median',
        target: '< 1.5 s',
        measured: `${live.median.toFixed(0)} ms`,
        met: live.median < 1500,
        margin: `${(live.median - 1500).toFixed(0)} ms`,
      });
    }
    const explore = results.ui.pages.find((p) => p.probe === 'explore');
    if (explore) {
      list.push({
        name: 'Explore opened on a Prometheus query, first graph drawn, median',
        target: '< 1 s',
        measured: `${explore.median.toFixed(0)} ms`,
        met: explore.median < 1000,
        margin: `${(explore.median - 1000).toFixed(0)} ms`,
      });
    }
  }
  list.push(...editorBudgets(results.editor, results.ui?.bundles));
  return list;
}

export function markdown(results: Results): string {
  const { meta } = results;
  const settings = meta.settings as {
    connections: number;
    duration: number;
    warmup: number;
    scaleRequests: number;
    uiRuns: number;
    quick: boolean;
  };
  const out: string[] = [];
  out.push(
    `Run ${meta.date.slice(0, 16).replace('T', ' ')} UTC${settings.quick ? ' (**--quick**: smaller data, shorter runs)' : ''}, commit ${meta.commit}, Node ${meta.node}, ${meta.cpus}, ${meta.memory} RAM; took ${Math.round(meta.seconds / 60)} min.`,
    '',
  );

  if (results.load.length > 0) {
    const step = loadStep(results);
    out.push(
      `### API under load`,
      '',
      `${settings.connections} connections, ${settings.warmup} s warm-up then ${settings.duration} s measured per row; data: ${step ? `${count(step.dashboards)} dashboards, ${count(step.annotations)} annotations` : '?'}. ` +
        `Ratio = Sightline's requests/s over a bare Fastify route's answering the same bytes without auth or storage.`,
      '',
      '| Endpoint | Sightline req/s | Baseline req/s | Ratio | Sightline p50 / p99 | Baseline p50 / p99 | Answer size | Server CPU per request (Sightline / baseline) |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
    );
    let generatorBound = false;
    for (const row of results.load) {
      const bound = row.baseline.clientCpu >= GENERATOR_BOUND || row.sightline.clientCpu >= GENERATOR_BOUND;
      generatorBound ||= bound;
      out.push(
        `| ${row.label} | ${Math.round(row.sightline.rps)}${row.sightline.clientCpu >= GENERATOR_BOUND ? '¹' : ''} | ${Math.round(row.baseline.rps)}${row.baseline.clientCpu >= GENERATOR_BOUND ? '¹' : ''} | ${(row.ratio * 100).toFixed(0)}% | ${ms(row.sightline.p50)} / ${ms(row.sightline.p99)} ms | ${ms(row.baseline.p50)} / ${ms(row.baseline.p99)} ms | ${size(row.sightline.bytes)} | ${cpuPerRequest(row.sightline)} / ${cpuPerRequest(row.baseline)} µs (${(cpuPerRequest(row.sightline) / cpuPerRequest(row.baseline)).toFixed(1)}×) |`,
      );
    }
    if (generatorBound) {
      out.push(
        '',
        `¹ The load generator (autocannon, in the bench process) used ≥ ${GENERATOR_BOUND}% of a core there: with 2 cores it, not the server, set that rate, so the ratio flatters Sightline; compare the CPU per request.`,
      );
    }
    if (results.loadMemory)
      out.push('', `Server RSS after the load runs: ${mb(results.loadMemory.rss)} MB (peak ${mb(results.loadMemory.peak)} MB).`);
    out.push('');
  }

  if (results.postgres) {
    const pg = results.postgres;
    out.push(
      '### PostgreSQL beside SQLite',
      '',
      `The same load on a throwaway PostgreSQL 15 cluster on this machine (seeded with the same ${count(pg.dashboards)} dashboards and ${count(pg.annotations)} annotations in ${pg.seedSeconds.toFixed(0)} s), ` +
        `${settings.connections} connections, ${settings.warmup} s warm-up then ${settings.duration} s measured. PostgreSQL's own CPU is not in "server CPU".`,
      '',
      '| Endpoint | SQLite req/s | PostgreSQL req/s | PostgreSQL / SQLite | PostgreSQL p50 / p99 | Server CPU per request (SQLite / PostgreSQL) |',
      '|---|---:|---:|---:|---:|---:|',
    );
    for (const row of pg.stores) {
      out.push(
        `| ${row.label} | ${row.sqlite ? Math.round(row.sqlite.rps) : '–'} | ${Math.round(row.postgres.rps)} | ${row.sqlite ? `${((row.postgres.rps / row.sqlite.rps) * 100).toFixed(0)}%` : '–'} | ${ms(row.postgres.p50)} / ${ms(row.postgres.p99)} ms | ${row.sqlite ? cpuPerRequest(row.sqlite) : '–'} / ${cpuPerRequest(row.postgres)} µs |`,
      );
    }
    if (pg.instances.length > 0) {
      out.push(
        '',
        `One instance against two on the same PostgreSQL database, balanced per connection (half of the ${settings.connections} connections to each, as a TCP round-robin balancer does, without a proxy's own cost):`,
        '',
        '| Endpoint | One instance req/s | Two instances req/s | Two / one | p99 one / two | Server CPU, all instances |',
        '|---|---:|---:|---:|---:|---:|',
      );
      for (const row of pg.instances) {
        out.push(
          `| ${row.label} | ${Math.round(row.one.rps)} | ${Math.round(row.two.rps)} | ${row.ratio.toFixed(2)}× | ${ms(row.one.p99)} / ${ms(row.two.p99)} ms | ${row.one.serverCpu.toFixed(0)}% / ${row.two.serverCpu.toFixed(0)}% |`,
        );
      }
    }
    out.push('');
  }

  if (results.queries) {
    const q = results.queries;
    out.push(
      '### Queries: /api/ds/query vs Prometheus directly',
      '',
      `${settings.connections} connections, ${settings.warmup} s warm-up then ${settings.duration} s measured per side (Sightline, direct, direct, Sightline). ` +
        `The same range query both ways: through Sightline (auth, data source lookup, Grafana's step maths, one POST to Prometheus, frames) and as a POST to Prometheus's own query_range.`,
      '',
      '| Query | Sightline req/s | Direct req/s | Ratio | Sightline p50 / p99 | Direct p50 / p99 | Latency ratio p50 / p99 | Sightline CPU per query | Prometheus CPU per query |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      `| ${q.label} | ${Math.round(q.sightline.rps)} | ${Math.round(q.direct.rps)} | ${(q.rpsRatio * 100).toFixed(0)}% | ${ms(q.sightline.p50)} / ${ms(q.sightline.p99)} ms | ${ms(q.direct.p50)} / ${ms(q.direct.p99)} ms | ${(q.p50Ratio * 100).toFixed(0)}% / ${(q.p99Ratio * 100).toFixed(0)}% | ${q.sightlineCpuPerQuery} µs | ${q.prometheusCpuPerQuery} µs |`,
      '',
      `Answer sizes: ${size(q.sightline.bytes)} through Sightline (Grafana's frames) and ${size(q.direct.bytes)} from Prometheus. Latency ratio = direct latency over Sightline's (100% = as fast).`,
      '',
    );
  }

  if (results.alerting) out.push(...alertingTable(results.alerting));

  if (results.scale.length > 0) {
    out.push(
      `### Scale`,
      '',
      `Latency one request at a time (${settings.scaleRequests} requests after a warm-up): search is a two-word query (all 66 pairs of 12 words, default limit 1,000), the annotation range a 1 h window at 500 places in 30 days (default limit 100). RSS of the server process: right after start → after the queries (peak).`,
      '',
      '| Dashboards | Annotations | Search p50 / p99 | Search goal (issue 19) | Search answer size | Annotation range p50 / p99 | Server RSS | Seeding |',
      '|---:|---:|---:|---|---:|---:|---:|---:|',
    );
    for (const row of results.scale) {
      out.push(
        `| ${count(row.dashboards)} | ${count(row.annotations)} | ${ms(row.search.p50)} / ${ms(row.search.p99)} ms | ${row.dashboards >= 100_000 ? `p99 < 10 ms: ${row.search.p99 < 10 ? 'met' : '**missed**'}` : '–'} | ${size(row.search.bytes)} | ${ms(row.annotationsRange.p50)} / ${ms(row.annotationsRange.p99)} ms | ${mb(row.memoryIdle.rss)} → ${mb(row.memoryAfter.rss)} MB (${mb(row.memoryAfter.peak)}) | ${row.seedSeconds.toFixed(0)} s |`,
      );
    }
    out.push('');
  }

  if (results.ui) {
    const { bundles, pages } = results.ui;
    out.push(
      `### UI`,
      '',
      `Initial load (what index.html loads: the entry, its static imports, the route preload script and CSS): **${kB(bundles.initial.js)} kB JS** (${kB(bundles.initial.jsRaw)} kB before gzip) and **${kB(bundles.initial.css)} kB CSS**, gzipped, in ${bundles.initial.files.length} files. ` +
        `Where the initial JS comes from (share of the bytes before gzip, from the source maps): ${bundles.initial.composition
          .slice(0, 8)
          .map((c) => `${c.source} ${(c.share * 100).toFixed(0)}%`)
          .join(', ')}.`,
      '',
      'Each route then loads (gzipped, beyond the initial files; shared chunks counted for every route that needs them):',
      '',
      '| Route | JS | CSS | Files |',
      '|---|---:|---:|---:|',
    );
    for (const route of bundles.routes) out.push(`| ${route.route} | ${kB(route.js)} kB | ${kB(route.css)} kB | ${route.files.length} |`);
    if (pages.length > 0) {
      out.push(
        '',
        `Headless Chromium, fresh context (empty cache) per run, one untimed warm-up then ${settings.uiRuns} runs; time from navigation start to the animation frame that paints:`,
        '',
        '| Page | Waits for | Median | Runs | Last script / last API answer (median) |',
        '|---|---|---:|---|---:|',
      );
      for (const page of pages) {
        out.push(
          `| ${page.page.split('?')[0]} | ${waitsFor(page)} | **${page.median.toFixed(0)} ms** | ${page.runs.map((r) => r.toFixed(0)).join(', ')} | ${page.scripts.toFixed(0)} / ${page.api.toFixed(0)} ms (${page.apiCalls} API call${page.apiCalls === 1 ? '' : 's'}) |`,
        );
      }
    }
    out.push('');
  }

  if (results.editor) out.push(...editorMarkdown(results.editor));

  const largest = results.scale.find((row) => row.ui);
  if (largest?.ui) {
    const uiStep = markedStep(results, 'ui');
    const atLoad = (page: PageTiming) => results.ui?.pages.find((p) => p.probe === page.probe);
    out.push(
      '### UI at the largest step',
      '',
      `The dashboards list and the timeline again, timed the same way (fresh context per run, one untimed warm-up then ${settings.uiRuns} runs), over ${count(largest.dashboards)} dashboards and ${count(largest.annotations)} annotations; ` +
        `beside them their medians at the load step${uiStep ? ` (${count(uiStep.dashboards)} dashboards, ${count(uiStep.annotations)} annotations)` : ''}.`,
      '',
      `| Page | Waits for | Median | Runs | Last script / last API answer (median) | Median at ${uiStep ? `${count(uiStep.dashboards)} / ${count(uiStep.annotations)}` : 'the UI step'} | Goal (issue 19) |`,
      '|---|---|---:|---|---:|---:|---|',
    );
    for (const page of largest.ui.pages) {
      const before = atLoad(page);
      const goal = page.probe === 'dashboards-list' ? `median < ${LIST_GOAL} ms: ${page.median < LIST_GOAL ? 'met' : '**missed**'}` : '–';
      out.push(
        `| ${page.page.split('?')[0]} | ${waitsFor(page)} | **${page.median.toFixed(0)} ms** | ${page.runs.map((r) => r.toFixed(0)).join(', ')} | ${page.scripts.toFixed(0)} / ${page.api.toFixed(0)} ms (${page.apiCalls} API call${page.apiCalls === 1 ? '' : 's'}) | ${before ? `${before.median.toFixed(0)} ms` : '–'} | ${goal} |`,
      );
    }
    for (const failure of largest.ui.failed) {
      out.push(`| ${failure.page} | not timed: ${failure.error.split('\n')[0]!.replace(/\|/g, '\\|')} | – | – | – | – | – |`);
    }
    out.push('');
  }

  if (results.budgets.length > 0) {
    out.push('### Budgets', '', '| Budget | Target | Measured | Met? |', '|---|---|---|---|');
    for (const budget of results.budgets) {
      out.push(
        `| ${budget.name} | ${budget.target} | ${budget.measured} | ${budget.met === null ? '–' : budget.met ? 'yes' : `**no**, by ${budget.margin}`} |`,
      );
    }
  }
  return out.join('\n');
}

function alertingTable(a: AlertingBench): string[] {
  return [
    '### Alerting: rules against a real Prometheus',
    '',
    `${count(a.groups * a.rulesPerGroup)} rules (${count(a.groups)} groups of ${a.rulesPerGroup}, every ${a.intervalSeconds} s) on one instance; ${count(a.evaluations)} evaluations in ${a.seconds.toFixed(0)} s after a warm-up interval; load average ${a.loadAverage}. ` +
      'Lag = how late a group evaluation started after its tick (`sightline_alerting_scheduler_lag_seconds`, quantiles interpolated in its buckets).',
    '',
    '| Lag p50 / p99 / max bucket | Under 1 s | Evaluation time, mean | Sightline CPU per evaluation / per bare query | Prometheus CPU per evaluation / per bare query |',
    '|---:|---:|---:|---:|---:|',
    `| ${a.lag.p50.toFixed(3)} / ${a.lag.p99.toFixed(3)} / ≤ ${a.lag.max} s | ${(a.lag.underOneSecond * 100).toFixed(1)}% | ${ms(a.evaluationMs)} ms | ${a.cpuPerEvaluation.toFixed(0)} / ${a.cpuPerQuery.toFixed(0)} µs | ${a.prometheusCpuPerEvaluation.toFixed(0)} / ${a.prometheusCpuPerQuery.toFixed(0)} µs |`,
    '',
    ...(a.shared
      ? [
          `Three instances on one PostgreSQL database, the same ${count(a.shared.rules)} rules, ${a.shared.seconds.toFixed(0)} s measured: evaluations per instance ${a.shared.instances
            .map(
              (i) =>
                `${count(i.evaluations)} (${(
                  (i.evaluations /
                    Math.max(
                      1,
                      a.shared!.instances.reduce((sum, j) => sum + j.evaluations, 0),
                    )) *
                  100
                ).toFixed(0)}%, lag p99 ${i.lagP99.toFixed(3)} s)`,
            )
            .join(', ')}; together ${(a.shared.coverage * 100).toFixed(1)}% of rules × intervals (100% = each group once per interval).`,
          '',
        ]
      : []),
  ];
}
