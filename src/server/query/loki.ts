/**
 * Loki queries as Grafana runs them (`pkg/tsdb/loki`): LogQL over `query_range` (or `query` for
 * instant queries); log results become Grafana's log frame (labels, Time, Line, tsNs, id), metric
 * results one time series frame per series, named by `legendFormat`.
 */
import { downstreamError, QueryError } from './errors';
import type { Field, Frame } from './frames';
import { sortedLabels } from './frames';
import { excerpt } from '../health/http';
import { httpFailure, jsonOf, requestDataSource } from './http';
import type { TimeRange } from './time';
import { formatInterval, goDuration, parseIntervalMs } from '../../contract/durations';
import { lokiQueryFieldsSchema } from '../../contract/query';
import { checkQueryFields, numberField, stringField, type QueryContext, type QueryRunner } from './types';

const SAFE_RESOLUTION = 11_000;
const DEFAULT_MAX_LINES = 1000;

interface LokiStream {
  stream?: Record<string, string>;
  values?: Array<[string, string, Record<string, unknown>?]>;
}
interface LokiSeries {
  metric?: Record<string, string>;
  values?: Array<[number, string]>;
  value?: [number, string];
}
interface LokiAnswer {
  status?: string;
  data?: { resultType?: string; result?: unknown[] };
  error?: string;
}

/** Grafana's Loki step: the query's `step`, else its interval, times `resolution`; never above 11,000 points. */
export function lokiStep(context: QueryContext): number {
  const span = context.range.to - context.range.from;
  const stepText = stringField(context.query, 'step').trim();
  let step: number;
  if (stepText) {
    const parsed = parseIntervalMs(stepText);
    if (parsed === undefined || parsed <= 0) throw new QueryError(`step "${stepText}" is not an interval; use e.g. 15s or 1m`);
    step = parsed;
  } else step = numberField(context.query, 'intervalMs') ?? 1000;
  step *= Math.max(1, Math.trunc(numberField(context.query, 'resolution') ?? 1));
  return Math.max(step, Math.trunc(span / SAFE_RESOLUTION), 1);
}

/**
 * Grafana's variables in LogQL: `$__interval`, `$__interval_ms`, `$__range`, `$__range_s`,
 * `$__range_ms`, and `$__auto` (the step for range queries, the whole range for instant ones).
 */
export function interpolateLokiVariables(
  expr: string,
  options: { intervalMs: number; stepMs: number; range: TimeRange; instant: boolean },
): string {
  const rangeMs = options.range.to - options.range.from;
  const rangeS = Math.round(rangeMs / 1000);
  const values: Record<string, string> = {
    __interval_ms: String(options.intervalMs),
    __interval: formatInterval(options.intervalMs),
    __range_ms: String(rangeMs),
    __range_s: String(rangeS),
    __range: `${rangeS}s`,
    __auto: options.instant ? `${rangeS}s` : formatInterval(options.stepMs),
  };
  return expr.replace(
    /\$\{(__[a-z_]+)\}|\$(__interval_ms|__interval|__range_ms|__range_s|__range|__auto)/g,
    (whole, braced, bare) => values[(braced ?? bare) as string] ?? whole,
  );
}

/** Loki's rendering of a series without a name: `{job="api", level="error"}`. */
function lokiSeriesName(labels: Record<string, string>, legendFormat: string): string {
  if (legendFormat) return legendFormat.replace(/\{\{\s*(.+?)\s*\}\}/g, (_, name: string) => labels[name] ?? '');
  const pairs = Object.keys(labels)
    .map((key) => `${key}=${JSON.stringify(labels[key])}`)
    .sort();
  return `{${pairs.join(', ')}}`;
}

/** The same id Grafana gives a log line: `<tsNs>_<fnv32 of line_labels>`, made unique by a suffix. */
function lineIds(tsNs: string[], lines: string[], labels: string[]): string[] {
  const seen = new Map<string, number>();
  return tsNs.map((ts, i) => {
    let hash = 0x811c9dc5;
    for (const byte of Buffer.from(`${lines[i]}_${labels[i]}`)) hash = Math.imul(hash, 0x01000193) ^ byte;
    const sum = `${ts}_${(hash >>> 0).toString(16)}`;
    const count = seen.get(sum) ?? 0;
    seen.set(sum, count + 1);
    return count > 0 ? `${sum}_${count}` : sum;
  });
}

function logFrame(streams: LokiStream[], expr: string, direction: string): Frame {
  const rows: Array<{ labels: Record<string, string>; labelsJson: string; ns: bigint; tsNs: string; line: string }> = [];
  for (const stream of streams) {
    const labels = sortedLabels(stream.stream ?? {});
    const labelsJson = JSON.stringify(labels);
    for (const [tsNs, line] of stream.values ?? []) rows.push({ labels, labelsJson, ns: BigInt(tsNs), tsNs, line });
  }
  const forward = direction === 'forward';
  rows.sort((a, b) => (a.ns === b.ns ? 0 : a.ns < b.ns === forward ? -1 : 1));
  const tsNs = rows.map((row) => row.tsNs);
  const lines = rows.map((row) => row.line);
  const fields: Field[] = [
    { name: 'labels', type: 'other', frameType: 'json.RawMessage', values: rows.map((row) => row.labels) },
    { name: 'Time', type: 'time', values: rows.map((row) => Number(row.ns / 1_000_000n)) },
    { name: 'Line', type: 'string', values: lines },
    { name: 'tsNs', type: 'string', values: tsNs },
    {
      name: 'id',
      type: 'string',
      values: lineIds(
        tsNs,
        lines,
        rows.map((row) => row.labelsJson),
      ),
    },
  ];
  return {
    meta: { custom: { frameType: 'LabeledTimeValues' }, preferredVisualisationType: 'logs', executedQueryString: `Expr: ${expr}` },
    fields,
  };
}

function metricFrames(
  series: LokiSeries[],
  resultType: string,
  expr: string,
  stepMs: number,
  legendFormat: string,
  range: boolean,
): Frame[] {
  return series.map((one) => {
    const labels = sortedLabels(one.metric ?? {});
    const samples = resultType === 'matrix' ? (one.values ?? []) : one.value ? [one.value] : [];
    const name = lokiSeriesName(labels, legendFormat);
    return {
      name,
      meta: {
        type: range ? 'timeseries-multi' : 'numeric-multi',
        typeVersion: [0, 1],
        executedQueryString: range ? `Expr: ${expr}\nStep: ${goDuration(stepMs)}` : `Expr: ${expr}`,
      },
      fields: [
        {
          name: 'Time',
          type: 'time',
          values: samples.map(([t]) => Math.round(t * 1000)),
          ...(range ? { config: { interval: stepMs } } : {}),
        },
        {
          name: 'Value',
          type: 'number',
          labels,
          config: { displayNameFromDS: name },
          values: samples.map(([, v]) => (v === '+Inf' ? Infinity : v === '-Inf' ? -Infinity : Number(v))),
        },
      ],
    };
  });
}

const nanoseconds = (ms: number) => `${BigInt(ms) * 1_000_000n}`;

export const runLoki: QueryRunner = async (context) => {
  const { query, range, target } = context;
  checkQueryFields(lokiQueryFieldsSchema, query);
  const rawExpr = stringField(query, 'expr');
  if (!rawExpr.trim()) throw new QueryError('the query has no LogQL expression: enter one in expr');
  const queryType = stringField(query, 'queryType') || (query.instant === true ? 'instant' : 'range');
  const stepMs = lokiStep(context);
  const expr = interpolateLokiVariables(rawExpr, { intervalMs: query.intervalMs ?? 1000, stepMs, range, instant: queryType === 'instant' });
  const direction = stringField(query, 'direction') === 'forward' ? 'forward' : 'backward';
  const configuredMaxLines = numberField(target.jsonData, 'maxLines');
  const maxLines = Math.trunc(
    numberField(query, 'maxLines') ?? (configuredMaxLines && configuredMaxLines > 0 ? configuredMaxLines : DEFAULT_MAX_LINES),
  );
  if (!(maxLines > 0)) throw new QueryError(`maxLines must be a positive number, got ${String(query.maxLines)}`);
  const instant = queryType === 'instant';
  const params: Record<string, string> = instant
    ? { query: expr, time: nanoseconds(range.to), limit: String(maxLines), direction }
    : {
        query: expr,
        start: nanoseconds(range.from),
        end: nanoseconds(range.to),
        step: String(stepMs / 1000),
        limit: String(maxLines),
        direction,
      };
  const answer = await requestDataSource(target, instant ? '/loki/api/v1/query' : '/loki/api/v1/query_range', {
    method: 'GET',
    params,
    timeoutMs: context.timeoutMs,
  });
  if (answer.status === 400) {
    // Loki explains a bad query in plain text (or a JSON `error`).
    const text = answer.body.trimStart().startsWith('{') ? (jsonOf<LokiAnswer>(answer, 'Loki API').error ?? answer.body) : answer.body;
    throw downstreamError(`Loki: ${excerpt(text, 500)}`);
  }
  if (answer.status < 200 || answer.status >= 300) throw httpFailure(answer, 'Loki');
  const body = jsonOf<LokiAnswer>(answer, 'Loki API');
  const resultType = body.data?.resultType;
  const result = body.data?.result ?? [];
  if (resultType === 'streams') return [logFrame(result as LokiStream[], expr, direction)];
  if (resultType === 'matrix' || resultType === 'vector') {
    const frames = metricFrames(result as LokiSeries[], resultType, expr, stepMs, stringField(query, 'legendFormat'), !instant);
    return frames.length > 0 ? frames : [{ meta: { executedQueryString: `Expr: ${expr}` }, fields: [] }];
  }
  if (resultType === 'scalar') {
    const [t, v] = result as unknown as [number, string];
    return [
      {
        meta: { executedQueryString: `Expr: ${expr}` },
        fields: [
          { name: 'Time', type: 'time', values: [Math.round(t * 1000)] },
          { name: 'Value', type: 'number', values: [Number(v)] },
        ],
      },
    ];
  }
  throw downstreamError(`Loki answered an unknown result type "${String(resultType)}" at ${answer.shownUrl}`, 502);
};
