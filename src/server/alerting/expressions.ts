/**
 * Grafana's server-side expressions (`datasourceUid: "__expr__"`, grafana/grafana `pkg/expr`):
 * math, reduce, threshold (with a recovery threshold), resample and classic conditions, over the
 * values of the queries and expressions before them.
 */
import { parseIntervalMs } from '../../contract/durations';
import { labelsKey, NO_DATA, type ExprValue, type Labels, type NumberItem, type Series } from './values';

export class ExpressionError extends Error {}

// --- Math ------------------------------------------------------------------------------------

type Node =
  | { type: 'num'; value: number }
  | { type: 'var'; name: string }
  | { type: 'unary'; op: '-' | '!'; arg: Node }
  | { type: 'binary'; op: string; left: Node; right: Node }
  | { type: 'call'; name: string; args: Node[] };

const FUNCTIONS = new Set(['abs', 'log', 'ceil', 'floor', 'round', 'is_nan', 'is_null', 'is_inf', 'is_number']);

/** Binding strength of binary operators, loosest first (Go's, as Grafana's math uses). */
const PRECEDENCE: Record<string, number> = {
  '||': 1,
  '&&': 2,
  '==': 3,
  '!=': 3,
  '<': 3,
  '<=': 3,
  '>': 3,
  '>=': 3,
  '+': 4,
  '-': 4,
  '*': 5,
  '/': 5,
  '%': 5,
  '**': 6,
};

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  const pattern =
    /\s*(\$\{[^}]+\}|\$[A-Za-z0-9_]+|\d+(?:\.\d*)?(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?|\*\*|&&|\|\||==|!=|<=|>=|[-+*/%<>!(),]|[A-Za-z_][A-Za-z0-9_]*)/y;
  let at = 0;
  while (at < text.length) {
    if (/^\s*$/.test(text.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(text);
    if (!match) throw new ExpressionError(`cannot read the math expression at "${text.slice(at).trim()}"`);
    tokens.push(match[1]!);
    at = pattern.lastIndex;
  }
  return tokens;
}

/** Parses a math expression (`$A > 5`, `abs($A - $B) / 2`, `${my query} * 100`). */
export function parseMath(text: string): Node {
  const tokens = tokenize(text);
  if (tokens.length === 0) throw new ExpressionError('the math expression is empty');
  let pos = 0;
  const peek = () => tokens[pos];
  const next = () => tokens[pos++];
  const expect = (token: string) => {
    if (next() !== token) throw new ExpressionError(`expected "${token}" in the math expression "${text}"`);
  };
  const primary = (): Node => {
    const token = next();
    if (token === undefined) throw new ExpressionError(`the math expression "${text}" ends too early`);
    if (token === '(') {
      const inner = binary(1);
      expect(')');
      return inner;
    }
    if (token === '-' || token === '!') return { type: 'unary', op: token, arg: binary(7) };
    if (token === '+') return binary(7);
    if (token.startsWith('${')) return { type: 'var', name: token.slice(2, -1) };
    if (token.startsWith('$')) return { type: 'var', name: token.slice(1) };
    if (/^[\d.]/.test(token)) return { type: 'num', value: Number(token) };
    if (FUNCTIONS.has(token)) {
      expect('(');
      const args = [binary(1)];
      while (peek() === ',') {
        next();
        args.push(binary(1));
      }
      expect(')');
      return { type: 'call', name: token, args };
    }
    throw new ExpressionError(
      `unknown word "${token}" in the math expression (variables are written $A; functions: ${[...FUNCTIONS].join(', ')})`,
    );
  };
  const binary = (minimum: number): Node => {
    let left = primary();
    for (;;) {
      const op = peek();
      const strength = op !== undefined ? PRECEDENCE[op] : undefined;
      if (strength === undefined || strength < minimum) break;
      next();
      // `**` binds to the right; the others to the left.
      const right = binary(op === '**' ? strength : strength + 1);
      left = { type: 'binary', op: op!, left, right };
    }
    return left;
  };
  const tree = binary(1);
  if (pos < tokens.length) throw new ExpressionError(`unexpected "${tokens[pos]}" in the math expression "${text}"`);
  return tree;
}

/** The variables a math expression reads. */
export function mathVariables(text: string): string[] {
  const found = new Set<string>();
  const walk = (node: Node) => {
    if (node.type === 'var') found.add(node.name);
    else if (node.type === 'unary') walk(node.arg);
    else if (node.type === 'binary') {
      walk(node.left);
      walk(node.right);
    } else if (node.type === 'call') node.args.forEach(walk);
  };
  walk(parseMath(text));
  return [...found];
}

function applyBinary(op: string, a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return a / b;
    case '%':
      return a % b;
    case '**':
      return a ** b;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '>':
      return a > b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '&&':
      return a !== 0 && b !== 0 ? 1 : 0;
    case '||':
      return a !== 0 || b !== 0 ? 1 : 0;
  }
  throw new ExpressionError(`unknown operator ${op}`);
}

function applyFunction(name: string, a: number | null): number | null {
  switch (name) {
    case 'is_null':
      return a === null ? 1 : 0;
    case 'is_nan':
      return a !== null && Number.isNaN(a) ? 1 : 0;
    case 'is_inf':
      return a !== null && (a === Infinity || a === -Infinity) ? 1 : 0;
    case 'is_number':
      return a !== null && Number.isFinite(a) ? 1 : 0;
  }
  if (a === null) return null;
  switch (name) {
    case 'abs':
      return Math.abs(a);
    case 'log':
      return Math.log(a);
    case 'ceil':
      return Math.ceil(a);
    case 'floor':
      return Math.floor(a);
    case 'round':
      return Math.round(a);
  }
  throw new ExpressionError(`unknown function ${name}`);
}

function mapValue(value: ExprValue, fn: (v: number | null) => number | null): ExprValue {
  switch (value.kind) {
    case 'scalar':
      return { kind: 'scalar', value: fn(value.value) };
    case 'number':
      return { kind: 'number', items: value.items.map((item) => ({ labels: item.labels, value: fn(item.value) })) };
    case 'series':
      return { kind: 'series', items: value.items.map((s) => ({ labels: s.labels, times: s.times, values: s.values.map(fn) })) };
    default:
      return value;
  }
}

function isSubset(small: Labels, big: Labels): boolean {
  return Object.entries(small).every(([key, value]) => big[key] === value);
}

/**
 * Pairs two sets' items as Grafana's math union does: one item on each side always pair; else
 * items pair when one's labels are a subset of the other's (the result keeps the larger set).
 */
function pairs<A extends { labels: Labels }, B extends { labels: Labels }>(left: A[], right: B[]): Array<[A, B, Labels]> {
  if (left.length === 1 && right.length === 1) {
    const [a, b] = [left[0]!, right[0]!];
    return [[a, b, Object.keys(a.labels).length >= Object.keys(b.labels).length ? a.labels : b.labels]];
  }
  const out: Array<[A, B, Labels]> = [];
  for (const a of left) {
    for (const b of right) {
      if (isSubset(a.labels, b.labels)) out.push([a, b, b.labels]);
      else if (isSubset(b.labels, a.labels)) out.push([a, b, a.labels]);
    }
  }
  return out;
}

/** Series ∘ series: points joined by timestamp (only times both hold). */
function joinSeries(op: string, a: Series, b: Series, labels: Labels): Series {
  const byTime = new Map<number, number | null>();
  b.times.forEach((t, i) => byTime.set(t, b.values[i]!));
  const times: number[] = [];
  const values: Array<number | null> = [];
  a.times.forEach((t, i) => {
    if (!byTime.has(t)) return;
    times.push(t);
    values.push(applyBinary(op, a.values[i]!, byTime.get(t)!));
  });
  return { labels, times, values };
}

function combine(op: string, left: ExprValue, right: ExprValue): ExprValue {
  if (left.kind === 'nodata' || right.kind === 'nodata') return NO_DATA;
  if (left.kind === 'scalar' && right.kind === 'scalar') return { kind: 'scalar', value: applyBinary(op, left.value, right.value) };
  if (right.kind === 'scalar') return mapValue(left, (v) => applyBinary(op, v, right.value));
  if (left.kind === 'scalar') return mapValue(right, (v) => applyBinary(op, left.value, v));
  if (left.kind === 'number' && right.kind === 'number') {
    return {
      kind: 'number',
      items: pairs(left.items, right.items).map(([a, b, labels]) => ({ labels, value: applyBinary(op, a.value, b.value) })),
    };
  }
  if (left.kind === 'series' && right.kind === 'series') {
    return { kind: 'series', items: pairs(left.items, right.items).map(([a, b, labels]) => joinSeries(op, a, b, labels)) };
  }
  // Series ∘ number (either order): each point with the number.
  const series = left.kind === 'series' ? left.items : (right as { items: Series[] }).items;
  const numbers = left.kind === 'number' ? left.items : (right as { items: NumberItem[] }).items;
  const seriesFirst = left.kind === 'series';
  return {
    kind: 'series',
    items: pairs(series, numbers).map(([s, n, labels]) => ({
      labels,
      times: s.times,
      values: s.values.map((v) => (seriesFirst ? applyBinary(op, v, n.value) : applyBinary(op, n.value, v))),
    })),
  };
}

export function evaluateMath(text: string, vars: Map<string, ExprValue>): ExprValue {
  const evaluate = (node: Node): ExprValue => {
    switch (node.type) {
      case 'num':
        return { kind: 'scalar', value: node.value };
      case 'var': {
        const value = vars.get(node.name);
        if (!value) throw new ExpressionError(`the math expression reads $${node.name}, which no query or expression before it defines`);
        return value;
      }
      case 'unary': {
        const arg = evaluate(node.arg);
        return mapValue(arg, (v) => (v === null ? null : node.op === '-' ? -v : v === 0 ? 1 : 0));
      }
      case 'binary':
        return combine(node.op, evaluate(node.left), evaluate(node.right));
      case 'call': {
        if (node.args.length !== 1) throw new ExpressionError(`${node.name} takes one argument`);
        return mapValue(evaluate(node.args[0]!), (v) => applyFunction(node.name, v));
      }
    }
  };
  return evaluate(parseMath(text));
}

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
