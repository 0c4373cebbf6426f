/**
 * `/metrics` in Prometheus' text format (prom-client), on a registry of its own per server:
 * request durations by route template (never the raw URL: its cardinality is the caller's to
 * choose), requests in flight, health check and query durations by data source type and outcome,
 * totals of what the store holds, and Node's process metrics.
 */
import crypto from 'node:crypto';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';
import type { AlertingObserver } from './alerting/scheduler';
import { observeNotifications } from './alerting/notify/notifier';
import { observeHealthChecks } from './health/types';
import { observeQueries } from './query/service';
import type { Store } from './store';
import type { StoreTotals } from './store/stats';

/** Request durations: from 5 ms (an answer from memory) to 30 s (the request timeout). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Backend round trips are slower than our own answers. */
const BACKEND_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Store totals are counted at most this often (counting a million annotations takes a moment). */
const TOTALS_TTL_MS = 5_000;

export interface Metrics {
  registry: Registry;
  /** One finished request: its route template, method, status and duration. */
  observeRequest(handler: string, method: string, status: number, seconds: number): void;
  requestStarted(): void;
  requestEnded(): void;
  /** The exposition text. */
  render(): Promise<string>;
  /** What the alerting scheduler reports. */
  alerting: AlertingObserver;
  /** Unhooks the query and health observers (when they are still this server's). */
  close(): void;
}

export function createMetrics(store: Store): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new RequestDurations(
    'sightline_http_request_duration_seconds',
    'HTTP requests by route template (handler), method and status code.',
    HTTP_BUCKETS,
  );
  registry.registerMetric(requests as unknown as Metric);
  // Counted in a plain number (twice per request, cheaper than the gauge's own inc and dec), read at each scrape.
  let requestsInFlight = 0;
  new Gauge({
    name: 'sightline_http_requests_in_flight',
    help: 'HTTP requests being answered now.',
    registers: [registry],
    collect() {
      this.set(requestsInFlight);
    },
  });
  /** Round trips to data sources, by data source type and outcome. */
  const backendDurations = (name: string, help: string) =>
    new Histogram({ name, help, labelNames: ['type', 'outcome'] as const, buckets: BACKEND_BUCKETS, registers: [registry] });
  const queries = backendDurations(
    'sightline_datasource_query_duration_seconds',
    'Data source queries (POST /api/ds/query) by data source type and outcome.',
  );
  const healthChecks = backendDurations(
    'sightline_datasource_health_check_duration_seconds',
    'Data source health checks by data source type and outcome.',
  );
  const totalsFailures = new Counter({
    name: 'sightline_stat_collection_failures_total',
    help: 'Scrapes whose store totals could not be read.',
    registers: [registry],
  });

  let totals: { at: number; value: Promise<StoreTotals> } | undefined;
  const currentTotals = (): Promise<StoreTotals> => {
    const now = Date.now();
    if (!totals || now - totals.at >= TOTALS_TTL_MS) {
      const value = store.stats.totals(now);
      totals = { at: now, value };
      value.catch(() => {
        totalsFailures.inc();
        if (totals?.value === value) totals = undefined;
      });
    }
    return totals.value;
  };
  const total = (name: string, help: string, read: (t: StoreTotals) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(read(await currentTotals()));
      },
    });
  total('sightline_stat_totals_dashboard', 'Dashboards in every org.', (t) => t.dashboards);
  total('sightline_stat_totals_folder', 'Folders in every org.', (t) => t.folders);
  total('sightline_stat_totals_annotations', 'Annotations in every org.', (t) => t.annotations);
  total('sightline_stat_totals_service_accounts', 'Service accounts in every org.', (t) => t.serviceAccounts);
  total('sightline_stat_totals_service_account_tokens', 'Service account tokens neither revoked nor expired.', (t) => t.tokens);
  new Gauge({
    name: 'sightline_stat_totals_datasource',
    help: 'Data sources in every org, by type.',
    labelNames: ['type'] as const,
    registers: [registry],
    async collect() {
      const { dataSources } = await currentTotals();
      this.reset();
      for (const { type, count } of dataSources) this.set({ type }, count);
    },
  });

  const ruleEvaluations = new Counter({
    name: 'sightline_alerting_rule_evaluations_total',
    help: 'Alert rule evaluations run by this instance.',
    registers: [registry],
  });
  const ruleEvaluationFailures = new Counter({
    name: 'sightline_alerting_rule_evaluation_failures_total',
    help: 'Alert rule evaluations whose queries or expressions failed (the rule is in Error).',
    registers: [registry],
  });
  const ruleEvaluationDuration = new Histogram({
    name: 'sightline_alerting_rule_evaluation_duration_seconds',
    help: 'Time to run one alert rule (queries and expressions).',
    buckets: BACKEND_BUCKETS,
    registers: [registry],
  });
  const ruleStates = new Gauge({
    name: 'sightline_alerting_rules',
    help: 'Alert instances of the rules this instance evaluates, by state.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const schedulerLag = new Histogram({
    name: 'sightline_alerting_scheduler_lag_seconds',
    help: 'How late each rule group evaluation started after its scheduled tick.',
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const alerting: AlertingObserver = {
    evaluation(seconds, failed) {
      ruleEvaluations.inc();
      if (failed) ruleEvaluationFailures.inc();
      ruleEvaluationDuration.observe(seconds);
    },
    schedulerLag: (seconds) => schedulerLag.observe(seconds),
    ruleStates(counts) {
      ruleStates.reset();
      for (const state of ['Normal', 'Pending', 'Alerting', 'Recovering', 'NoData', 'Error'])
        ruleStates.set({ state: state.toLowerCase() }, counts[state] ?? 0);
    },
  };

  const notifications = new Counter({
    name: 'sightline_alerting_notifications_total',
    help: 'Notification delivery attempts by contact point type and result (success, failure).',
    labelNames: ['type', 'result'] as const,
    registers: [registry],
  });
  const notificationObserver = (type: string, result: string) => notifications.inc({ type, result });
  observeNotifications(notificationObserver);
  const queryObserver = (type: string, outcome: string, seconds: number) => queries.observe({ type, outcome }, seconds);
  const healthObserver = (type: string, outcome: string, seconds: number) => healthChecks.observe({ type, outcome }, seconds);
  observeQueries(queryObserver);
  observeHealthChecks(healthObserver);

  return {
    registry,
    observeRequest: (handler, method, status, seconds) => requests.observe(handler, method, status, seconds),
    requestStarted: () => void requestsInFlight++,
    requestEnded: () => void requestsInFlight--,
    render: () => registry.metrics(),
    alerting,
    close() {
      unhook(observeQueries, queryObserver);
      unhook(observeHealthChecks, healthObserver);
      unhook(observeNotifications, notificationObserver);
    },
  };
}

interface DurationSeries {
  labels: { handler: string; method: string; status_code: string };
  /** Observations per bucket (not cumulative), in the order of the bounds. */
  buckets: number[];
  sum: number;
  count: number;
}

/**
 * A histogram of request durations by handler, method and status that prom-client's registry
 * writes exactly as it writes its own Histogram (the same values, in the same order). prom-client's
 * `observe` builds, validates and hashes a labels object on every call, a microsecond of a small
 * request's CPU; here each series is found by its label values through nested maps.
 * `metrics.test.ts` compares the text with a prom-client Histogram fed the same observations.
 */
export class RequestDurations {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly series: DurationSeries[] = [];
  private readonly byLabels = new Map<string, Map<string, Map<number, DurationSeries>>>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  observe(handler: string, method: string, status: number, seconds: number): void {
    if (!Number.isFinite(seconds)) throw new TypeError(`Value is not a valid number: ${seconds}`);
    let byMethod = this.byLabels.get(handler);
    if (!byMethod) this.byLabels.set(handler, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { labels: { handler, method, status_code: String(status) }, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      byStatus.set(status, series);
      this.series.push(series);
    }
    // Above the largest bound only the count (`le="+Inf"`) and the sum take it.
    for (let i = 0; i < this.bounds.length; i++) {
      if (seconds <= this.bounds[i]!) {
        series.buckets[i]!++;
        break;
      }
    }
    series.sum += seconds;
    series.count++;
  }

  /** prom-client's Histogram.getForPromString: cumulative buckets, `+Inf`, sum and count per series. */
  async getForPromString() {
    const bucketName = `${this.name}_bucket`;
    const values = this.series.flatMap(({ labels, buckets, sum, count }) => {
      let cumulative = 0;
      return [
        ...this.bounds.map((le, i) => ({
          labels: { le },
          sharedLabels: labels,
          value: (cumulative += buckets[i]!),
          metricName: bucketName,
          exemplar: null,
        })),
        { labels: { le: '+Inf' }, sharedLabels: labels, value: count, metricName: bucketName, exemplar: null },
        { labels: {}, sharedLabels: labels, value: sum, metricName: `${this.name}_sum`, exemplar: undefined },
        { labels: {}, sharedLabels: labels, value: count, metricName: `${this.name}_count`, exemplar: undefined },
      ];
    });
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** prom-client's Histogram.get: the same values with the shared labels folded into each value's labels. */
  async get() {
    const metric = await this.getForPromString();
    const values = metric.values.map(({ labels, sharedLabels, ...value }) => ({ ...value, labels: { ...labels, ...sharedLabels } }));
    return { ...metric, values };
  }

  reset(): void {
    this.series.length = 0;
    this.byLabels.clear();
  }
}

/** Takes `mine` off an observer hook; another server in this process (tests) may have hooked its own since: that one stays. */
function unhook<T>(observe: (next: T | undefined) => T | undefined, mine: T): void {
  const previous = observe(undefined);
  if (previous !== mine) observe(previous);
}

/** `user:password` of SIGHTLINE_METRICS_AUTH, compared in constant time with a request's basic auth. */
export function basicAuthMatches(header: string | undefined, expected: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? '');
  const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  // Hashes first: timingSafeEqual needs equal lengths, and the length must not leak either.
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b) && match !== null;
}
