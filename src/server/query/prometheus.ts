/**
 * Prometheus queries as Grafana runs them (`pkg/promlib`): the step from the range, maxDataPoints
 * and the minimum interval; start and end aligned down to the step; Grafana's built-in variables
 * substituted; one frame per series in Grafana's data-frame shape.
 */
import { downstreamError, QueryError } from './errors';
import type { Field, Frame } from './frames';
import { sortedLabels } from './frames';
import { httpFailure, jsonOf, requestDataSource, type HttpAnswer } from './http';
import { heatmapFrames, tableFrame } from './prometheusFormats';
import { scanPrometheusMatrix, type ScannedMatrix } from './prometheusScan';
import { alignDown, type TimeRange } from './time';
import { formatInterval, goDuration, parseIntervalMs, roundInterval } from '../../contract/durations';
import { prometheusQueryFieldsSchema, type FrameMeta } from '../../contract/query';
import { checkQueryFields, numberField, stringField, type QueryContext, type QueryRunner } from './types';

/** Grafana never asks for more than this many points per series, whatever maxDataPoints says. */
const SAFE_RESOLUTION = 11_000;
const DEFAULT_MIN_INTERVAL_MS = 15_000;
const DEFAULT_MAX_DATA_POINTS = 100;

const variableIntervals = new Set([
  '$__interval',
  '${__interval}',
  '$__interval_ms',
  '${__interval_ms}',
  '$__rate_interval',
  '${__rate_interval}',
  '$__rate_interval_ms',
  '${__rate_interval_ms}',
]);
const isRateInterval = (text: string) => text === '$__rate_interval' || text === '${__rate_interval}';

export interface StepInput {
  range: TimeRange;
  /** The query's own min step (`interval`), e.g. "30s"; may be a variable such as `$__rate_interval`. */
  interval: string;
  /** The query's `intervalMs` as sent by the client (0 or undefined when not sent). */
  intervalMs?: number | null;
  maxDataPoints?: number | null;
  /** The data source's scrape interval (`jsonData.timeInterval`). */
  dsTimeInterval: string;
  intervalFactor?: number;
}

function readInterval(text: string, what: string): number {
  const ms = parseIntervalMs(text);
  if (ms === undefined || ms <= 0) throw new QueryError(`${what} "${text}" is not an interval; use e.g. 15s, 1m or 1h`);
  return ms;
}

/**
 * The minimum interval (`gtime.GetIntervalFrom`): the query's `interval`, else its `intervalMs`,
 * else the data source's `timeInterval`, else 15 s.
 */
export function minimumInterval(input: StepInput): number {
  const interval = variableIntervals.has(input.interval.trim()) || input.interval.trim() === '0s' ? '' : input.interval.trim();
  if (interval) return readInterval(interval, 'the min step');
  if (input.intervalMs) return input.intervalMs;
  if (input.dsTimeInterval.trim()) return readInterval(input.dsTimeInterval.trim(), "the data source's scrape interval");
  return DEFAULT_MIN_INTERVAL_MS;
}

/** `$__rate_interval`: max(interval + scrape interval, 4 × scrape interval). */
export function rateInterval(intervalMs: number, scrapeInterval: string): number {
  const scrape = parseIntervalMs(scrapeInterval || '15s') ?? 0;
  return Math.max(intervalMs + scrape, 4 * scrape);
}

/** The step Grafana sends Prometheus (`calculatePrometheusInterval`), in milliseconds. */
export function prometheusStep(input: StepInput): number {
  const span = input.range.to - input.range.from;
  const min = minimumInterval(input);
  const perPoint = Math.trunc(span / (input.maxDataPoints || DEFAULT_MAX_DATA_POINTS));
  const calculated = perPoint < min ? min : roundInterval(perPoint);
  const safe = roundInterval(Math.trunc(span / SAFE_RESOLUTION));
  const adjusted = Math.max(calculated, safe);
  if (isRateInterval(input.interval.trim())) return rateInterval(adjusted, input.dsTimeInterval);
  return adjusted * Math.max(1, Math.trunc(input.intervalFactor ?? 1));
}

/** Grafana's built-in variables in an expression (`interpolateVariables`). */
export function interpolatePrometheusVariables(
  expr: string,
  options: { stepMs: number; requestIntervalMs: number; range: TimeRange; interval: string; dsTimeInterval: string },
): string {
  const rangeMs = options.range.to - options.range.from;
  const rangeS = Math.round(rangeMs / 1000);
  let minStep = options.interval.trim();
  let rate: number;
  if (isRateInterval(minStep)) rate = options.stepMs;
  else {
    if (minStep === '$__interval' || minStep === '${__interval}') minStep = goDuration(options.stepMs);
    if (!minStep) minStep = options.dsTimeInterval;
    rate = rateInterval(options.requestIntervalMs, minStep);
  }
  const values: Record<string, string> = {
    __interval_ms: String(options.stepMs),
    __interval: formatInterval(options.stepMs),
    __range_ms: String(rangeMs),
    __range_s: String(rangeS),
    __range: `${rangeS}s`,
    __rate_interval_ms: String(rate),
    __rate_interval: goDuration(rate),
  };
  // Longest names first, so `$__interval_ms` is not read as `$__interval` + `_ms`.
  return expr.replace(
    /\$\{(__[a-z_]+)\}|\$(__rate_interval_ms|__rate_interval|__interval_ms|__interval|__range_ms|__range_s|__range)/g,
    (whole, braced, bare) => {
      return values[(braced ?? bare) as string] ?? whole;
    },
  );
}

/** Prometheus sample values are strings; `+Inf`, `-Inf` and `NaN` among them. */
function sampleValue(text: unknown): number {
  if (text === '+Inf' || text === 'Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  return Number(text);
}

const timeMs = (seconds: number) => Math.round(seconds * 1000);

/**
 * Sample times as a JSON array of epoch milliseconds. Whole seconds (the usual case: steps of whole
 * seconds, aligned) print as the seconds and three zeros, much cheaper than printing the doubles.
 */
function timesJson(samples: Array<[number, string]>): string {
  let out = '[';
  for (let i = 0; i < samples.length; i++) {
    const t = samples[i]![0];
    if (i > 0) out += ',';
    // 0 would print as `0000`, which JSON does not allow.
    out += Number.isInteger(t) && t !== 0 ? `${t}000` : String(Math.round(t * 1000));
  }
  return `${out}]`;
}

/**
 * Whether a sample text is already a JSON number. Prometheus prints floats in Go's 'f' format
 * ("12", "-0.5"); NaN, +Inf and -Inf end in a letter and take the slow path.
 */
function isJsonNumber(text: string): boolean {
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(text.length - 1);
  return text.length > 0 && last >= 48 && last <= 57 && (first === 45 || (first >= 48 && first <= 57));
}

/** Prometheus's own rendering of a series (`up{instance="h:9090", job="p"}`), as Grafana names frames. */
export function metricName(labels: Record<string, string>): string {
  const name = labels.__name__ ?? '';
  const pairs = Object.keys(labels)
    .filter((key) => key !== '__name__')
    .map((key) => `${key}=${JSON.stringify(labels[key])}`)
    .sort();
  if (pairs.length === 0) return name || '{}';
  return `${name}{${pairs.join(', ')}}`;
}

/** `{{label}}` templates (Grafana's legendFormat); `__auto` leaves naming to the panel. */
export function legendName(legendFormat: string, labels: Record<string, string>, expr: string): string {
  let legend = metricName(labels);
  if (legendFormat === '__auto') {
    if (Object.keys(labels).length > 0) legend = '';
  } else if (legendFormat) {
    legend = legendFormat.replace(/\{\{\s*(.+?)\s*\}\}/g, (_, name: string) => labels[name] ?? '');
  }
  return legend === '{}' ? expr : legend;
}

interface PromSeries {
  metric?: Record<string, string>;
  values?: Array<[number, string]>;
  value?: [number, string];
  histograms?: unknown;
}

interface PromAnswer {
  status?: string;
  data?: { resultType?: string; result?: unknown };
  errorType?: string;
  error?: string;
  warnings?: string[];
  infos?: string[];
}

export interface PrometheusPlan {
  expr: string;
  stepMs: number;
  /** Aligned start and end (range queries). */
  start: number;
  end: number;
  instant: boolean;
  range: boolean;
  format: string;
  legendFormat: string;
  method: 'GET' | 'POST';
}

/** What Sightline will ask Prometheus for, from the query and the data source's settings. */
export function planPrometheusQuery(context: QueryContext): PrometheusPlan {
  const { query, range, target } = context;
  checkQueryFields(prometheusQueryFieldsSchema, query);
  const rawExpr = stringField(query, 'expr');
  if (!rawExpr.trim()) throw new QueryError('the query has no PromQL expression: enter one in expr');
  const interval = stringField(query, 'interval');
  const dsTimeInterval = typeof target.jsonData.timeInterval === 'string' ? target.jsonData.timeInterval : '';
  const stepMs = prometheusStep({
    range,
    interval,
    intervalMs: numberField(query, 'intervalMs'),
    maxDataPoints: query.maxDataPoints,
    dsTimeInterval,
    intervalFactor: numberField(query, 'intervalFactor'),
  });
  const expr = interpolatePrometheusVariables(rawExpr, {
    stepMs,
    requestIntervalMs: numberField(query, 'intervalMs') ?? 1000,
    range,
    interval,
    dsTimeInterval,
  });
  const instant = query.instant === true;
  // In older dashboards neither was set, and that meant a range query.
  const rangeQuery = query.range === true || !instant;
  const utcOffsetSec = numberField(query, 'utcOffsetSec') ?? 0;
  return {
    expr,
    stepMs,
    start: alignDown(range.from, stepMs, utcOffsetSec),
    end: alignDown(range.to, stepMs, utcOffsetSec),
    instant,
    range: rangeQuery,
    format: stringField(query, 'format') || 'time_series',
    legendFormat: stringField(query, 'legendFormat'),
    method: String(target.jsonData.httpMethod ?? 'POST').toUpperCase() === 'GET' ? 'GET' : 'POST',
  };
}

const seconds = (ms: number) => String(ms / 1000);

/** The answer's text when Prometheus answered 2xx; its error, in its words, otherwise. */
async function callPrometheus(
  context: QueryContext,
  plan: PrometheusPlan,
  path: string,
  params: Record<string, string>,
): Promise<HttpAnswer> {
  const answer = await requestDataSource(context.target, path, { method: plan.method, params, timeoutMs: context.timeoutMs });
  const looksJson = String(answer.headers['content-type'] ?? '').includes('json') || answer.body.trimStart().startsWith('{');
  if (answer.status >= 200 && answer.status < 300) return answer;
  if (looksJson && (answer.status === 400 || answer.status === 422 || answer.status === 503)) {
    const body = jsonOf<PromAnswer>(answer, 'Prometheus API');
    if (body.error) {
      const kind = body.errorType ? `${body.errorType}: ` : '';
      throw downstreamError(`${kind}${body.error}`, answer.status === 503 ? 503 : 400);
    }
  }
  throw httpFailure(answer, 'Prometheus');
}

function notices(body: PromAnswer): Array<{ severity: string; text: string }> | undefined {
  const list = [
    ...(body.warnings ?? []).map((text) => ({ severity: 'warning', text })),
    ...(body.infos ?? []).map((text) => ({ severity: 'info', text })),
  ];
  return list.length > 0 ? list : undefined;
}

function seriesFrames(body: PromAnswer, plan: PrometheusPlan, stepMs: number | undefined): Frame[] {
  const resultType = body.data?.resultType;
  const result = body.data?.result;
  const meta = (custom: string, type = 'timeseries-multi') => ({ type, typeVersion: [0, 1], custom: { resultType: custom } });
  if (resultType === 'scalar' || resultType === 'string') {
    const [t, v] = (result ?? []) as [number, string];
    return [
      {
        meta: meta(resultType, resultType === 'scalar' ? 'numeric-multi' : 'timeseries-multi'),
        fields: [
          { name: 'Time', type: 'time', values: [timeMs(t)] },
          resultType === 'scalar'
            ? { name: 'Value', type: 'number', values: [sampleValue(v)] }
            : { name: 'Value', type: 'string', values: [v] },
        ],
      },
    ];
  }
  if (resultType !== 'matrix' && resultType !== 'vector') {
    throw downstreamError(`Prometheus answered an unknown result type "${String(resultType)}"`, 502);
  }
  const series = (Array.isArray(result) ? result : []) as PromSeries[];
  // Tables and heatmaps regroup the numbers; series frames can carry Prometheus's own number texts.
  const asText = plan.format !== 'table' && plan.format !== 'heatmap';
  const seriesMeta = meta(resultType);
  return series.map((one) => {
    const samples = resultType === 'matrix' ? (one.values ?? []) : one.value ? [one.value] : [];
    const texts = new Array<string>(samples.length);
    for (let i = 0; i < samples.length; i++) texts[i] = samples[i]![1];
    const time = asText
      ? timeField([], timesJson(samples), stepMs)
      : timeField(
          samples.map(([t]) => timeMs(t)),
          undefined,
          stepMs,
        );
    return seriesFrame(one.metric ?? {}, time, valueColumn(texts, asText), plan, seriesMeta);
  });
}

function timeField(values: number[], json: string | undefined, stepMs: number | undefined): Field {
  return {
    name: 'Time',
    type: 'time',
    values,
    ...(json !== undefined ? { json } : {}),
    ...(stepMs ? { config: { interval: stepMs } } : {}),
  };
}

/** A value column: its numbers, or their JSON text as Prometheus wrote them when every one is a JSON number. */
function valueColumn(texts: string[], asText: boolean): Pick<Field, 'values' | 'json'> {
  let plain = asText;
  for (let i = 0; plain && i < texts.length; i++) plain = isJsonNumber(texts[i]!);
  return plain ? { values: [], json: `[${texts.join(',')}]` } : { values: texts.map(sampleValue) };
}

/**
 * One series' frame, named as Grafana names it. The frames of one answer share one `meta` (never
 * changed in place), which the frame writer then turns into text once.
 */
function seriesFrame(
  metric: Record<string, string>,
  time: Field,
  column: Pick<Field, 'values' | 'json' | 'jsonEntities'>,
  plan: PrometheusPlan,
  meta: FrameMeta,
): Frame {
  const labels = sortedLabels(metric);
  const name = legendName(plan.legendFormat, labels, plan.expr);
  const value: Field = {
    name: 'Value',
    type: 'number',
    ...column,
    labels,
    ...(name ? { config: { displayNameFromDS: name } } : {}),
  };
  return { name: name || undefined, meta, fields: [time, value] };
}

/** The frames of a range answer read by `scanPrometheusMatrix` (series frames only, not tables or heatmaps). */
function scannedFrames(scanned: ScannedMatrix, plan: PrometheusPlan, stepMs: number): Frame[] {
  const meta: FrameMeta = { type: 'timeseries-multi', typeVersion: [0, 1], custom: { resultType: 'matrix' } };
  return scanned.series.map((one) =>
    seriesFrame(
      one.metric,
      timeField([], one.timesJson, stepMs),
      { values: [], json: one.valuesJson, ...(one.entities ? { jsonEntities: one.entities } : {}) },
      plan,
      meta,
    ),
  );
}

function finish(frames: Frame[], body: PromAnswer, plan: PrometheusPlan, stepLabel: string): Frame[] {
  const resultType = body.data?.resultType ?? 'matrix';
  let out = frames;
  if (plan.format === 'table' && (resultType === 'matrix' || resultType === 'vector')) out = [tableFrame(frames, resultType)];
  if (plan.format === 'heatmap' && (resultType === 'matrix' || resultType === 'vector') && frames.length > 0)
    out = heatmapFrames(frames, plan.legendFormat);
  // Grafana always answers at least one frame, to carry the executed query and notices.
  if (out.length === 0) out = [{ meta: { type: 'timeseries-multi', typeVersion: [0, 1], custom: { resultType } }, fields: [] }];
  const first = out[0]!;
  first.meta = {
    ...first.meta,
    executedQueryString: `Expr: ${plan.expr}\nStep: ${stepLabel}`,
    ...(notices(body) ? { notices: notices(body) } : {}),
  };
  return out;
}

/**
 * The frames of a range query's answer. Series frames (not tables or heatmaps, which regroup the
 * numbers) are read from the text directly when it is in Prometheus's own form; `scan: false`
 * parses it as JSON always (the tests compare the two).
 */
export function rangeFrames(answer: HttpAnswer, plan: PrometheusPlan, scan = true): Frame[] {
  const scanned =
    scan && plan.format !== 'table' && plan.format !== 'heatmap' ? scanPrometheusMatrix(answer.bytes ?? answer.body) : undefined;
  const body = scanned ? (scanned.envelope as PromAnswer) : jsonOf<PromAnswer>(answer, 'Prometheus API');
  const series = scanned ? scannedFrames(scanned, plan, plan.stepMs) : seriesFrames(body, plan, plan.stepMs);
  return finish(series, body, plan, goDuration(plan.stepMs));
}

export const runPrometheus: QueryRunner = async (context) => {
  const plan = planPrometheusQuery(context);
  const frames: Frame[] = [];
  if (plan.range) {
    const answer = await callPrometheus(context, plan, '/api/v1/query_range', {
      query: plan.expr,
      start: seconds(plan.start),
      end: seconds(plan.end),
      step: seconds(plan.stepMs),
    });
    frames.push(...rangeFrames(answer, plan));
  }
  if (plan.instant) {
    const body = jsonOf<PromAnswer>(
      await callPrometheus(context, plan, '/api/v1/query', { query: plan.expr, time: seconds(context.range.to) }),
      'Prometheus API',
    );
    frames.push(...finish(seriesFrames(body, plan, undefined), body, plan, goDuration(plan.stepMs)));
  }
  return frames;
};
