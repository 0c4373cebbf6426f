/**
 * Grafana's server-side expressions (`datasourceUid: "__expr__"`, grafana/grafana `pkg/expr`):
 * math (mathExpression.ts), reduce, threshold (with a recovery threshold), resample and classic
 * conditions, over the values of the queries and expressions before them; and the check of a
 * rule's expressions before any of them runs (`expressionsProblem`), which saving and `/api/v1/eval` share.
 */
import { classicConditionReducers, EXPRESSION_DATASOURCE_UID, type AlertQuery } from '../../contract/alerting';
import { parseIntervalMs } from '../../contract/durations';
import { ExpressionError, type ExpressionProblemAt } from './expressionError';
import { mathVariables } from './mathExpression';
import { labelsKey, NO_DATA, type ExprValue, type Labels, type Series } from './values';

// --- Reduce ----------------------------------------------------------------------------------

export const reducers = ['last', 'mean', 'min', 'max', 'sum', 'count', 'median'] as const;

/** Why `reducer` is not a reduce function of Grafana's, else undefined. */
export function reducerProblem(reducer: string): string | undefined {
  return (reducers as readonly string[]).includes(reducer)
    ? undefined
    : `unknown reducer ${JSON.stringify(reducer)}: use one of ${reducers.join(', ')}`;
}

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
  throw new ExpressionError(reducerProblem(reducer) ?? `unknown reducer "${reducer}"`);
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

/** Evaluator types (threshold and classic condition) and how many params each reads. */
const EVALUATOR_PARAMS: Readonly<Record<string, number>> = {
  gt: 1,
  lt: 1,
  eq: 1,
  ne: 1,
  gte: 1,
  lte: 1,
  within_range: 2,
  outside_range: 2,
  within_range_included: 2,
  outside_range_included: 2,
  no_value: 0,
};
const evaluatorTypes = Object.keys(EVALUATOR_PARAMS);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why `evaluator` cannot be checked (no known type, too few numbers in params), else undefined. */
export function evaluatorProblem(evaluator: unknown): string | undefined {
  if (!isRecord(evaluator)) return 'needs an evaluator such as {"type": "gt", "params": [0]}';
  const { type, params = [] } = evaluator;
  const count = typeof type === 'string' && Object.hasOwn(EVALUATOR_PARAMS, type) ? EVALUATOR_PARAMS[type]! : undefined;
  if (count === undefined) return `has unknown evaluator type ${JSON.stringify(type ?? '')}: use one of ${evaluatorTypes.join(', ')}`;
  if (!Array.isArray(params) || params.length < count || params.slice(0, count).some((p) => typeof p !== 'number' || !Number.isFinite(p)))
    return `has evaluator ${type}, which needs ${count === 1 ? 'one number' : `${count} numbers`} in params`;
  return undefined;
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
  throw new ExpressionError(`unknown threshold type "${evaluator.type}": use one of ${evaluatorTypes.join(', ')}`);
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

// --- Checking a rule's expressions before they run --------------------------------------------

const reduceModes = ['', 'dropNN', 'replaceNN'];
const upsamplers = ['pad', 'backfilling', 'fillna'];
const classicReducers: readonly string[] = classicConditionReducers;

/** The refId a reduce, threshold or resample reads from `model.expression` (`A`, `$A` or `${A}`); '' when unset. */
export function expressionInput(model: Record<string, unknown>): string {
  return typeof model.expression === 'string' ? model.expression.trim().replace(/^\$\{?|\}$/g, '') : '';
}

/** One refId an expression reads, the model field naming it, and how messages show it. */
interface ExpressionInput {
  ref: string;
  field: string;
  shown: string;
}

/** What `query` (an expression) reads; throws ExpressionError when its type or settings cannot run. */
function inputsOf(query: AlertQuery, index: number): ExpressionInput[] {
  const { model, refId } = query;
  const fail = (message: string, field: string): never => {
    throw new ExpressionError(message, { index, field });
  };
  const namedInput = (kind: string): ExpressionInput[] => {
    const ref = expressionInput(model);
    if (!ref) fail(`${kind} ${refId} names no input: set model.expression to the refId it reads`, 'model.expression');
    return [{ ref, field: 'model.expression', shown: `"${ref}"` }];
  };
  switch (model.type) {
    case 'math': {
      const name = `math expression ${refId}`;
      if (typeof model.expression !== 'string') return fail(`${name} has no text: set model.expression, e.g. "$A > 0"`, 'model.expression');
      try {
        return mathVariables(model.expression, name).map((ref) => ({ ref, field: 'model.expression', shown: `$${ref}` }));
      } catch (error) {
        if (error instanceof ExpressionError) return fail(error.message, 'model.expression');
        throw error;
      }
    }
    case 'reduce': {
      const problem = reducerProblem(String(model.reducer ?? 'last'));
      if (problem) fail(`reduce ${refId}: ${problem}`, 'model.reducer');
      const settings = model.settings ?? {};
      if (!isRecord(settings)) return fail(`reduce ${refId} has settings that are not an object`, 'model.settings');
      if (!reduceModes.includes(String(settings.mode ?? '')))
        fail(
          `reduce ${refId} has unknown mode ${JSON.stringify(settings.mode)}: use dropNN, replaceNN, or none (strict)`,
          'model.settings.mode',
        );
      if (settings.replaceWithValue != null && typeof settings.replaceWithValue !== 'number')
        fail(`reduce ${refId} has a replaceWithValue that is not a number`, 'model.settings.replaceWithValue');
      return namedInput('reduce');
    }
    case 'threshold': {
      const first: unknown = Array.isArray(model.conditions) ? model.conditions[0] : undefined;
      if (!isRecord(first))
        return fail(`threshold ${refId} needs conditions such as [{"evaluator": {"type": "gt", "params": [0]}}]`, 'model.conditions');
      const problem = evaluatorProblem(first.evaluator);
      if (problem) fail(`threshold ${refId} ${problem}`, 'model.conditions.0.evaluator');
      const unloadProblem = first.unloadEvaluator != null ? evaluatorProblem(first.unloadEvaluator) : undefined;
      if (unloadProblem) fail(`threshold ${refId}'s recovery threshold ${unloadProblem}`, 'model.conditions.0.unloadEvaluator');
      return namedInput('threshold');
    }
    case 'resample': {
      const window = String(model.window ?? '');
      const windowMs = parseIntervalMs(window);
      if (!windowMs || windowMs <= 0) fail(`resample ${refId} needs a window such as "10s", got ${JSON.stringify(window)}`, 'model.window');
      const problem = reducerProblem(String(model.downsampler ?? 'mean'));
      if (problem) fail(`resample ${refId} downsampler: ${problem}`, 'model.downsampler');
      const upsampler = String(model.upsampler ?? 'fillna');
      if (!upsamplers.includes(upsampler))
        fail(
          `resample ${refId} has unknown upsampler ${JSON.stringify(upsampler)}: use one of ${upsamplers.join(', ')}`,
          'model.upsampler',
        );
      return namedInput('resample');
    }
    case 'classic_conditions': {
      const conditions: unknown = model.conditions;
      if (!Array.isArray(conditions) || conditions.length === 0)
        return fail(`classic_conditions ${refId} needs at least one condition`, 'model.conditions');
      return conditions.map((condition: unknown, i): ExpressionInput => {
        const field = `model.conditions.${i}`;
        const name = `classic condition ${i + 1} of ${refId}`;
        if (!isRecord(condition)) return fail(`${name} is not an object`, field);
        const problem = evaluatorProblem(condition.evaluator);
        if (problem) fail(`${name} ${problem}`, `${field}.evaluator`);
        const reducer = condition.reducer == null ? 'last' : isRecord(condition.reducer) ? String(condition.reducer.type ?? 'last') : '';
        if (!classicReducers.includes(reducer))
          fail(`${name} has unknown reducer ${JSON.stringify(reducer)}: use one of ${classicReducers.join(', ')}`, `${field}.reducer`);
        const operator = isRecord(condition.operator) ? String(condition.operator.type ?? 'and') : 'and';
        if (operator !== 'and' && operator !== 'or')
          fail(`${name} has operator ${JSON.stringify(operator)}: use and or or`, `${field}.operator`);
        const query = isRecord(condition.query) && Array.isArray(condition.query.params) ? condition.query.params[0] : undefined;
        if (typeof query !== 'string' || query === '')
          return fail(`${name} names no query: set query.params to ["A"]`, `${field}.query.params`);
        return { ref: query, field: `${field}.query.params`, shown: `"${query}"` };
      });
    }
  }
  return fail(
    `expression ${refId} has unknown type ${JSON.stringify(String(model.type ?? ''))}: use math, reduce, threshold, resample or classic_conditions`,
    'model.type',
  );
}

export interface ExpressionProblem extends ExpressionProblemAt {
  message: string;
}

export const isExpression = (query: AlertQuery) => query.datasourceUid === EXPRESSION_DATASOURCE_UID;

/**
 * Expressions in an order they can run in, each after the expressions it reads and otherwise in
 * its place: Grafana orders its pipeline by what reads what, not by position in `data`. `reads`
 * names what an expression reads; `onCycle` is told of expressions that read each other (they
 * keep their places when it returns). Iterative: a rule may chain many expressions.
 */
function runOrder(
  expressions: readonly AlertQuery[],
  reads: (query: AlertQuery) => string[],
  onCycle: (refIds: string[]) => void,
): AlertQuery[] {
  const byRefId = new Map(expressions.map((query) => [query.refId, query]));
  const state = new Map<string, 'visiting' | 'done'>();
  const ordered: AlertQuery[] = [];
  for (const root of expressions) {
    if (state.has(root.refId)) continue;
    const path: Array<{ query: AlertQuery; next: string[] }> = [{ query: root, next: reads(root) }];
    state.set(root.refId, 'visiting');
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const ref = top.next.shift();
      if (ref === undefined) {
        path.pop();
        state.set(top.query.refId, 'done');
        ordered.push(top.query);
        continue;
      }
      const input = byRefId.get(ref);
      if (!input) continue;
      if (state.get(ref) === 'visiting') {
        const from = path.findIndex((step) => step.query.refId === ref);
        onCycle([...path.slice(from).map((step) => step.query.refId), ref]);
        continue;
      }
      if (state.has(ref)) continue;
      state.set(ref, 'visiting');
      path.push({ query: input, next: reads(input) });
    }
  }
  return ordered;
}

/**
 * The expressions of `data` in the order evaluation runs them. What an expression reads that
 * cannot be made out (a broken one, a rule saved before checks were this strict) leaves it in its
 * place, and running it says what is wrong.
 */
export function expressionsInRunOrder(data: readonly AlertQuery[]): AlertQuery[] {
  const reads = (query: AlertQuery) => {
    try {
      return inputsOf(query, 0).map((input) => input.ref);
    } catch {
      return [];
    }
  };
  return runOrder(data.filter(isExpression), reads, () => {});
}

/**
 * Why a rule's queries and expressions cannot be evaluated, found before anything runs (Grafana
 * builds its expression pipeline when a rule is saved, too), else undefined. Saving a rule and
 * `/api/v1/eval` both ask, so a rule that saves can be evaluated: refIds are unique; each
 * expression has a known type and settings it can run with; and it reads only refIds of the rule,
 * never itself, and no expressions that read it back.
 */
export function expressionsProblem(data: readonly AlertQuery[]): ExpressionProblem | undefined {
  try {
    const indexOf = new Map<string, number>();
    data.forEach((query, index) => {
      const earlier = indexOf.get(query.refId);
      if (earlier !== undefined)
        throw new ExpressionError(`queries ${earlier} and ${index} share refId "${query.refId}"`, { index, field: 'refId' });
      indexOf.set(query.refId, index);
    });
    const inputs = new Map<string, ExpressionInput[]>();
    data.forEach((query, index) => {
      if (!isExpression(query)) return;
      const read = inputsOf(query, index);
      for (const input of read) {
        if (input.ref === query.refId)
          throw new ExpressionError(`expression ${query.refId} reads itself (${input.shown})`, { index, field: input.field });
        if (!indexOf.has(input.ref)) {
          throw new ExpressionError(`expression ${query.refId} reads ${input.shown}, which no query or expression of the rule defines`, {
            index,
            field: input.field,
          });
        }
      }
      inputs.set(query.refId, read);
    });
    runOrder(
      data.filter(isExpression),
      (query) => inputs.get(query.refId)!.map((input) => input.ref),
      (cycle) => {
        const index = indexOf.get(cycle[0]!)!;
        const field = inputs.get(cycle[0]!)!.find((input) => input.ref === cycle[1])!.field;
        throw new ExpressionError(`expressions read each other in a cycle: ${cycle.join(' → ')}`, { index, field });
      },
    );
    return undefined;
  } catch (error) {
    if (error instanceof ExpressionError && error.at) return { message: error.message, ...error.at };
    throw error;
  }
}
