import { asNumber } from './frames';

/** Grafana's reducers (`reduceOptions.calcs`, legend `calcs`): ids, names, and what they compute. */

export const REDUCER_NAMES: Record<string, string> = {
  lastNotNull: 'Last *',
  last: 'Last',
  firstNotNull: 'First *',
  first: 'First',
  min: 'Min',
  max: 'Max',
  mean: 'Mean',
  median: 'Median',
  sum: 'Total',
  count: 'Count',
  range: 'Range',
  delta: 'Delta',
  diff: 'Difference',
  diffperc: 'Difference percent',
  step: 'Min interval',
  changeCount: 'Change count',
  distinctCount: 'Distinct count',
  allIsNull: 'All nulls',
  allIsZero: 'All zeros',
  logmin: 'Min (above zero)',
  variance: 'Variance',
  stdDev: 'StdDev',
  allValues: 'All values',
  uniqueValues: 'All unique values',
};

/** Names old panels used (singlestat's `valueName`, graph legends) → today's ids. */
const ALIASES: Record<string, string> = {
  current: 'lastNotNull',
  avg: 'mean',
  average: 'mean',
  total: 'sum',
  name: 'lastNotNull',
  last_time: 'last',
};

export function reducerId(id: string): string {
  return ALIASES[id] ?? id;
}

export function reducerName(id: string): string {
  const canonical = reducerId(id);
  const percentile = /^p(\d{1,2}(?:\.\d+)?)$/.exec(canonical);
  if (percentile) return `${percentile[1]}th %`;
  return REDUCER_NAMES[canonical] ?? canonical;
}

interface Stats {
  first: unknown;
  last: unknown;
  firstNotNull: unknown;
  lastNotNull: unknown;
  count: number;
  nonNullCount: number;
  sum: number;
  min: number | null;
  max: number | null;
  logmin: number | null;
  delta: number;
  step: number | null;
  changeCount: number;
  numbers: number[];
  isNumeric: boolean;
}

function collect(values: unknown[]): Stats {
  const stats: Stats = {
    first: null,
    last: null,
    firstNotNull: null,
    lastNotNull: null,
    count: 0,
    nonNullCount: 0,
    sum: 0,
    min: null,
    max: null,
    logmin: null,
    delta: 0,
    step: null,
    changeCount: 0,
    numbers: [],
    isNumeric: true,
  };
  let previous: number | null = null;
  let previousRaw: unknown = undefined;
  for (let i = 0; i < values.length; i++) {
    const raw = values[i];
    if (i === 0) stats.first = raw ?? null;
    stats.last = raw ?? null;
    stats.count++;
    if (raw === null || raw === undefined) continue;
    if (stats.firstNotNull === null) stats.firstNotNull = raw;
    stats.lastNotNull = raw;
    if (i > 0 && previousRaw !== undefined && raw !== previousRaw) stats.changeCount++;
    previousRaw = raw;
    const n = asNumber(raw);
    if (n === null || typeof raw === 'string') {
      if (typeof raw === 'string' && n === null) stats.isNumeric = false;
      if (n === null) continue;
    }
    if (Number.isNaN(n)) continue;
    stats.nonNullCount++;
    stats.numbers.push(n);
    stats.sum += n;
    if (stats.min === null || n < stats.min) stats.min = n;
    if (stats.max === null || n > stats.max) stats.max = n;
    if (n > 0 && (stats.logmin === null || n < stats.logmin)) stats.logmin = n;
    if (previous !== null) {
      const step = n - previous;
      if (stats.step === null || step < stats.step) stats.step = step;
      // A counter that went down was reset: what it counted since is its new value.
      stats.delta += step >= 0 ? step : n;
    }
    previous = n;
  }
  return stats;
}

function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

/** Computes the asked reducers over one field's values. Unknown ids give null. */
export function reduceValues(values: unknown[], calcs: string[]): Record<string, unknown> {
  const stats = collect(values);
  const result: Record<string, unknown> = {};
  let sorted: number[] | undefined;
  const sortedNumbers = () => (sorted ??= [...stats.numbers].sort((a, b) => a - b));
  for (const id of calcs) {
    const calc = reducerId(id);
    switch (calc) {
      case 'first':
      case 'last':
      case 'firstNotNull':
      case 'lastNotNull':
        result[id] = stats[calc];
        break;
      case 'min':
      case 'max':
      case 'logmin':
      case 'step':
        result[id] = stats[calc];
        break;
      case 'count':
        result[id] = stats.count;
        break;
      case 'sum':
        result[id] = stats.nonNullCount > 0 ? stats.sum : null;
        break;
      case 'mean':
        result[id] = stats.nonNullCount > 0 ? stats.sum / stats.nonNullCount : null;
        break;
      case 'median': {
        const s = sortedNumbers();
        result[id] = s.length === 0 ? null : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
        break;
      }
      case 'range':
        result[id] = stats.min !== null && stats.max !== null ? stats.max - stats.min : null;
        break;
      case 'delta':
        result[id] = stats.nonNullCount > 0 ? stats.delta : null;
        break;
      case 'diff': {
        const a = asNumber(stats.firstNotNull);
        const b = asNumber(stats.lastNotNull);
        result[id] = a !== null && b !== null ? b - a : null;
        break;
      }
      case 'diffperc': {
        const a = asNumber(stats.firstNotNull);
        const b = asNumber(stats.lastNotNull);
        result[id] = a !== null && b !== null && a !== 0 ? ((b - a) / Math.abs(a)) * 100 : null;
        break;
      }
      case 'changeCount':
        result[id] = stats.changeCount;
        break;
      case 'distinctCount':
        result[id] = new Set(values.filter((v) => v !== null && v !== undefined)).size;
        break;
      case 'allIsNull':
        result[id] = stats.nonNullCount === 0 && stats.firstNotNull === null;
        break;
      case 'allIsZero':
        result[id] = stats.nonNullCount > 0 && stats.numbers.every((n) => n === 0);
        break;
      case 'variance':
      case 'stdDev': {
        if (stats.nonNullCount === 0) {
          result[id] = null;
          break;
        }
        const mean = stats.sum / stats.nonNullCount;
        const variance = stats.numbers.reduce((acc, n) => acc + (n - mean) * (n - mean), 0) / stats.nonNullCount;
        result[id] = calc === 'variance' ? variance : Math.sqrt(variance);
        break;
      }
      case 'allValues':
        result[id] = values.filter((v) => v !== null && v !== undefined);
        break;
      case 'uniqueValues':
        result[id] = [...new Set(values.filter((v) => v !== null && v !== undefined))];
        break;
      default: {
        const p = /^p(\d{1,2}(?:\.\d+)?)$/.exec(calc);
        result[id] = p ? percentile(sortedNumbers(), Number(p[1])) : null;
      }
    }
  }
  return result;
}

export function reduceValue(values: unknown[], calc: string): unknown {
  return reduceValues(values, [calc])[calc];
}
