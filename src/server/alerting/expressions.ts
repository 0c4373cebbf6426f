/**
 * Grafana's server-side expressions (`datasourceUid: "__expr__"`, grafana/grafana `pkg/expr`):
 * math (mathExpression.ts), reduce, threshold (with a recovery threshold), resample and classic
 * conditions, over the values of the queries and expressions before them.
 */
import { parseIntervalMs } from '../../contract/durations';
import { ExpressionError } from './expressionError';
import { labelsKey, NO_DATA, type ExprValue, type Labels, type Series } from './values';

// --- Reduce ----------------------------------------------------------------------------------

export const reducers = ['last', 'mean', 'min', 'max', 'sum', 'count', 'median'] as const;

function reduceNumbers(reducer: string, values: number[]): number {
  switch (reducer) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'count':
      return values.length;
  }
  if (values.length === 0) return NaN;
  switch (reducer) {
    case 'last':
      return values[values.length - 1]!;
    case 'mean':
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'median': {
      const sorted = [...values].sort((a, b) => a - b);
      const mid = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
    }
  }
  throw new ExpressionError(`unknown reducer "${reducer}": use one of ${reducers.join(', ')}`);
}

/**
 * Reduce: each series to one number. Modes as Grafana: strict (any null or NaN makes the result
 * NaN, except count), `dropNN` (nulls, NaN and ±Inf left out), `replaceNN` (replaced by
 * `replaceWithValue`). Numbers pass through unchanged.
 */
export function reduce(input: ExprValue, reducer: string, mode: string | undefined, replaceWith: number | undefined): ExprValue {
  if (input.kind === 'nodata') return NO_DATA;
  if (input.kind === 'scalar' || input.kind === 'number') return input;
  const items = input.items.map((series) => {
    let values: Array<number | null> = series.values;
    if (mode === 'dropNN') values = values.filter((v) => v !== null && Number.isFinite(v));
    else if (mode === 'replaceNN') values = values.map((v) => (v === null || !Number.isFinite(v) ? (replaceWith ?? 0) : v));
    const numbers = values.map((v) => (v === null ? NaN : v));
    const value = reducer === 'count' ? values.length : numbers.some(Number.isNaN) ? NaN : reduceNumbers(reducer, numbers);
    return { labels: series.labels, value };
  });
  return { kind: 'number', items };
}

// --- Threshold -------------------------------------------------------------------------------

export interface Evaluator {
  type: string;
  params: number[];
}

export function checkEvaluator(evaluator: Evaluator, value: number | null): boolean {
  if (evaluator.type === 'no_value') return value === null || Number.isNaN(value);
  if (value === null || Number.isNaN(value)) return false;
  const [a = 0, b = 0] = evaluator.params;
  switch (evaluator.type) {
    case 'gt':
      return value > a;
    case 'lt':
      return value < a;
    case 'eq':
      return value === a;
    case 'ne':
      return value !== a;
    case 'gte':
      return value >= a;
    case 'lte':
      return value <= a;
    case 'within_range':
      return value > Math.min(a, b) && value < Math.max(a, b);
    case 'outside_range':
      return value < Math.min(a, b) || value > Math.max(a, b);
    case 'within_range_included':
      return value >= Math.min(a, b) && value <= Math.max(a, b);
    case 'outside_range_included':
      return value <= Math.min(a, b) || value >= Math.max(a, b);
  }
  throw new ExpressionError(`unknown threshold type "${evaluator.type}": use gt, lt, within_range or outside_range`);
}

/**
 * Threshold: 1 where the evaluator holds, else 0. With `unload` (Grafana's recovery threshold),
 * items whose labels are `loaded` (firing in the last evaluation) stay 1 until the unload
 * evaluator holds.
 */
export function threshold(input: ExprValue, evaluator: Evaluator, unload?: { evaluator: Evaluator; loaded: Set<string> }): ExprValue {
  const test = (labels: Labels) => (v: number | null) => {
    if (unload && unload.loaded.has(labelsKey(labels))) return checkEvaluator(unload.evaluator, v) ? 0 : 1;
    return checkEvaluator(evaluator, v) ? 1 : 0;
  };
  switch (input.kind) {
    case 'nodata':
      return NO_DATA;
    case 'scalar':
      return { kind: 'scalar', value: test({})(input.value) };
    case 'number':
      return { kind: 'number', items: input.items.map((item) => ({ labels: item.labels, value: test(item.labels)(item.value) })) };
    case 'series':
      return {
        kind: 'series',
        items: input.items.map((s) => ({ labels: s.labels, times: s.times, values: s.values.map(test(s.labels)) })),
      };
  }
}

// --- Resample --------------------------------------------------------------------------------

/**
 * Resample to one point per `window` from `from` to `to`: the points in (t − window, t] reduced by
 * `downsampler` (mean, last, min, max, sum); a bucket without points filled by `upsampler`: `pad`
 * (the last value before), `backfilling` (the next value after) or `fillna` (null).
 */
export function resample(input: ExprValue, window: string, downsampler: string, upsampler: string, from: number, to: number): ExprValue {
  if (input.kind !== 'series') return input;
  const windowMs = parseIntervalMs(window);
  if (!windowMs || windowMs <= 0) throw new ExpressionError(`resample needs a window such as "10s", got "${window}"`);
  if ((to - from) / windowMs > 100_000) throw new ExpressionError('resample would make more than 100,000 points: choose a longer window');
  const start = Math.ceil(from / windowMs) * windowMs;
  const items = input.items.map((series) => {
    const times: number[] = [];
    const values: Array<number | null> = [];
    let index = 0;
    for (let t = start; t <= to; t += windowMs) {
      const bucket: number[] = [];
      while (index < series.times.length && series.times[index]! <= t) {
        if (series.times[index]! > t - windowMs && series.values[index] !== null) bucket.push(series.values[index]!);
        index++;
      }
      let value: number | null;
      if (bucket.length > 0) value = reduceNumbers(downsampler === 'mean' ? 'mean' : downsampler, bucket);
      else if (upsampler === 'pad') value = lastBefore(series, t);
      else if (upsampler === 'backfilling') value = firstAfter(series, t);
      else value = null;
      times.push(t);
      values.push(value);
    }
    return { labels: series.labels, times, values };
  });
  return { kind: 'series', items };
}

function lastBefore(series: Series, t: number): number | null {
  for (let i = series.times.length - 1; i >= 0; i--) if (series.times[i]! <= t && series.values[i] !== null) return series.values[i]!;
  return null;
}

function firstAfter(series: Series, t: number): number | null {
  for (let i = 0; i < series.times.length; i++) if (series.times[i]! > t && series.values[i] !== null) return series.values[i]!;
  return null;
}

// --- Classic conditions ----------------------------------------------------------------------

export interface ClassicCondition {
  evaluator: Evaluator;
  operator?: { type?: string };
  query: { params: string[] };
  reducer: { type: string };
}

function classicReduce(type: string, values: Array<number | null>): number | null {
  const present = values.filter((v): v is number => v !== null && !Number.isNaN(v));
  switch (type) {
    case 'count':
      return values.length;
    case 'count_non_null':
      return present.length;
    case 'avg':
      return present.length ? present.reduce((a, b) => a + b, 0) / present.length : null;
    case 'diff':
    case 'diff_abs':
    case 'percent_diff':
    case 'percent_diff_abs': {
      if (present.length === 0) return null;
      const [first, last] = [present[0]!, present[present.length - 1]!];
      let value = type.startsWith('percent') ? ((last - first) / Math.abs(first)) * 100 : last - first;
      if (type.endsWith('_abs')) value = Math.abs(value);
      return value;
    }
  }
  if (present.length === 0) return type === 'sum' ? null : null;
  return reduceNumbers(type, present);
}

/**
 * Grafana's classic condition: each condition reduces every series of its query and holds when any
 * series meets its evaluator; conditions combine left to right with their `and`/`or`. One number
 * without labels: 1 firing, 0 not; no data when every query it reads had none.
 */
export function classicConditions(conditions: ClassicCondition[], vars: Map<string, ExprValue>): ExprValue {
  if (conditions.length === 0) throw new ExpressionError('classic_conditions needs at least one condition');
  let firing = false;
  let anyData = false;
  conditions.forEach((condition, i) => {
    const refId = condition.query?.params?.[0];
    const input = refId ? vars.get(refId) : undefined;
    if (!input) throw new ExpressionError(`classic condition ${i + 1} reads query "${refId ?? ''}", which does not exist`);
    const reduced: Array<number | null> =
      input.kind === 'series'
        ? input.items.map((s) => classicReduce(condition.reducer?.type ?? 'last', s.values))
        : input.kind === 'number'
          ? input.items.map((item) => item.value)
          : input.kind === 'scalar'
            ? [input.value]
            : [];
    if (reduced.length > 0) anyData = true;
    const holds =
      reduced.length === 0 ? condition.evaluator.type === 'no_value' : reduced.some((v) => checkEvaluator(condition.evaluator, v));
    const operator = condition.operator?.type ?? 'and';
    firing = i === 0 ? holds : operator === 'or' ? firing || holds : firing && holds;
  });
  if (!anyData) return NO_DATA;
  return { kind: 'number', items: [{ labels: {}, value: firing ? 1 : 0 }] };
}
