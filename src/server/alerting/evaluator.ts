/**
 * Runs a rule's queries (through the same code as `/api/ds/query`) and expressions, then reads its
 * condition: one result per series, Alerting when its number is non-zero, Normal at zero, NoData
 * when nothing came back, Error when a query or expression failed.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AlertQuery } from '../../contract/alerting';
import type { QueryResult } from '../../contract/query';
import { ApiError } from '../errors';
import type { Frame } from '../query/frames';
import { runQueries } from '../query/service';
import type { Store } from '../store';
import { ExpressionError } from './expressionError';
import {
  classicConditions,
  expressionInput,
  expressionsInRunOrder,
  isExpression,
  reduce,
  resample,
  threshold,
  type ClassicCondition,
  type Evaluator,
} from './expressions';
import { evaluateMath } from './mathExpression';
import { isLabelSubset, labelsKey, labelsText, NO_DATA, valueOfFrames, type ExprValue, type Labels } from './values';

/** Grafana's default when a query gives no relative time range: the last 10 minutes. */
const DEFAULT_RANGE_SECONDS = 600;

export type ResultState = 'Normal' | 'Alerting' | 'NoData' | 'Error';

export interface EvalResult {
  state: ResultState;
  /** The series' labels (empty for NoData and Error). */
  labels: Labels;
  /** Each expression's number for this series, by refId. */
  values: Record<string, { value: number | null; labels: Labels }>;
  /** Grafana's `[ var='B' labels={…} value=7 ]` text. */
  valueString: string;
  error?: string;
  /** The data source behind an Error (Grafana's `datasource_uid` label). */
  datasourceUid?: string;
}

export interface EvaluationContext {
  store: Store;
  log?: FastifyBaseLogger;
}

export interface EvaluationOutput {
  results: EvalResult[];
  /** Every query's and expression's value, by refId (the eval endpoint answers them). */
  values: Map<string, ExprValue>;
}

function rangeOf(query: AlertQuery, now: number) {
  const relative = query.relativeTimeRange ?? { from: DEFAULT_RANGE_SECONDS, to: 0 };
  return { from: now - relative.from * 1000, to: now - relative.to * 1000 };
}

class QueryFailure extends Error {
  constructor(
    message: string,
    readonly refId: string,
    readonly datasourceUid?: string,
  ) {
    super(message);
  }
}

/** Runs the data queries, then the expressions, each after those it reads; throws QueryFailure or ExpressionError. */
export async function evaluateQueries(
  context: EvaluationContext,
  orgId: number,
  data: AlertQuery[],
  now: number,
  loaded: Set<string> = new Set(),
): Promise<Map<string, ExprValue>> {
  const values = new Map<string, ExprValue>();
  const dataQueries = data.filter((query) => !isExpression(query));
  if (dataQueries.length > 0) {
    let results: Array<[string, QueryResult | Frame[]]>;
    try {
      results = await runQueries(
        { store: context.store, log: context.log, now },
        orgId,
        dataQueries.map((query) => ({
          ...query.model,
          refId: query.refId,
          datasource: { uid: query.datasourceUid },
          ...(query.queryType ? { queryType: query.queryType } : {}),
        })),
        (index) => rangeOf(dataQueries[index]!, now),
      );
    } catch (error) {
      if (error instanceof ApiError) throw new QueryFailure(error.message, dataQueries[0]!.refId);
      throw new QueryFailure((error as Error).message, dataQueries[0]!.refId);
    }
    for (const [index, [refId, result]] of results.entries()) {
      const query = dataQueries[index]!;
      if (!Array.isArray(result)) {
        throw new QueryFailure(`[${refId}] ${result.error ?? 'the query failed'}`, refId, query.datasourceUid);
      }
      values.set(refId, valueOfFrames(result, query.model.instant === true && query.model.range !== true));
    }
  }
  const widest = data.reduce(
    (range, query) => {
      const r = rangeOf(query, now);
      return { from: Math.min(range.from, r.from), to: Math.max(range.to, r.to) };
    },
    { from: now, to: now - DEFAULT_RANGE_SECONDS * 1000 },
  );
  for (const query of expressionsInRunOrder(data)) {
    values.set(query.refId, runExpression(query, values, widest, loaded));
  }
  return values;
}

function refOf(model: Record<string, unknown>, refId: string): string {
  const expression = expressionInput(model);
  if (!expression) throw new ExpressionError(`expression ${refId} names no input: set model.expression to the refId it reads`);
  return expression;
}

function inputOf(values: Map<string, ExprValue>, ref: string, refId: string): ExprValue {
  const value = values.get(ref);
  if (!value)
    throw new ExpressionError(`expression ${refId} reads "${ref}", which no query or expression of the rule defines (or it reads back)`);
  return value;
}

function runExpression(
  query: AlertQuery,
  values: Map<string, ExprValue>,
  range: { from: number; to: number },
  loaded: Set<string>,
): ExprValue {
  const model = query.model;
  const type = String(model.type ?? '');
  switch (type) {
    case 'math': {
      const expression = typeof model.expression === 'string' ? model.expression : '';
      return evaluateMath(expression, values);
    }
    case 'reduce': {
      const settings = (model.settings ?? {}) as { mode?: string; replaceWithValue?: number };
      return reduce(
        inputOf(values, refOf(model, query.refId), query.refId),
        String(model.reducer ?? 'last'),
        settings.mode,
        settings.replaceWithValue,
      );
    }
    case 'threshold': {
      const conditions = (model.conditions ?? []) as Array<{ evaluator?: Evaluator; unloadEvaluator?: Evaluator }>;
      const evaluator = conditions[0]?.evaluator;
      if (!evaluator) throw new ExpressionError(`threshold ${query.refId} has no conditions[0].evaluator`);
      const unload = conditions[0]?.unloadEvaluator;
      return threshold(
        inputOf(values, refOf(model, query.refId), query.refId),
        evaluator,
        unload ? { evaluator: unload, loaded } : undefined,
      );
    }
    case 'resample': {
      const relative = query.relativeTimeRange;
      const own = relative && (relative.from > 0 || relative.to > 0) ? rangeOf(query, range.to) : range;
      return resample(
        inputOf(values, refOf(model, query.refId), query.refId),
        String(model.window ?? ''),
        String(model.downsampler ?? 'mean'),
        String(model.upsampler ?? 'fillna'),
        own.from,
        own.to,
      );
    }
    case 'classic_conditions':
      return classicConditions((model.conditions ?? []) as ClassicCondition[], values);
    default:
      throw new ExpressionError(
        `expression ${query.refId} has unknown type "${type}": use math, reduce, threshold, resample or classic_conditions`,
      );
  }
}

function formatValue(value: number | null): string {
  if (value === null) return 'null';
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '+Inf' : '-Inf';
  return String(value);
}

/** The numbers each expression gave for a series of the condition (Grafana's `values`, `$values`). */
function valuesFor(
  labels: Labels,
  data: AlertQuery[],
  values: Map<string, ExprValue>,
): { values: EvalResult['values']; valueString: string } {
  const out: EvalResult['values'] = {};
  const parts: string[] = [];
  for (const query of data) {
    const value = values.get(query.refId);
    if (!value) continue;
    // Grafana shows expressions and instant queries (numbers), not raw series.
    if (value.kind === 'scalar') {
      out[query.refId] = { value: value.value, labels: {} };
    } else if (value.kind === 'number') {
      const match =
        value.items.length === 1
          ? value.items[0]
          : (value.items.find((item) => labelsKey(item.labels) === labelsKey(labels)) ??
            value.items.find((item) => isLabelSubset(item.labels, labels) || isLabelSubset(labels, item.labels)));
      if (!match) continue;
      out[query.refId] = { value: match.value, labels: match.labels };
    } else continue;
    parts.push(`[ var='${query.refId}' labels=${labelsText(out[query.refId]!.labels)} value=${formatValue(out[query.refId]!.value)} ]`);
  }
  return { values: out, valueString: parts.join(', ') };
}

/** The one result of an evaluation that failed. */
function errorResult(error: string, datasourceUid?: string): EvalResult {
  return { state: 'Error', labels: {}, values: {}, valueString: '', error, ...(datasourceUid ? { datasourceUid } : {}) };
}

/** Evaluates a rule's data and condition at `now`; never throws (failures become one Error result). */
export async function evaluateCondition(
  context: EvaluationContext,
  orgId: number,
  data: AlertQuery[],
  condition: string,
  now: number,
  loaded: Set<string> = new Set(),
): Promise<EvaluationOutput> {
  let values: Map<string, ExprValue>;
  try {
    values = await evaluateQueries(context, orgId, data, now, loaded);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!(error instanceof QueryFailure) && !(error instanceof ExpressionError)) {
      context.log?.error({ err: error }, 'alert rule evaluation failed');
    }
    const datasourceUid = error instanceof QueryFailure ? error.datasourceUid : undefined;
    return { results: [errorResult(message, datasourceUid)], values: new Map() };
  }
  const result = values.get(condition) ?? NO_DATA;
  const noData = (): EvaluationOutput => ({ results: [{ state: 'NoData', labels: {}, values: {}, valueString: '' }], values });
  if (result.kind === 'nodata') return noData();
  if (result.kind === 'series') {
    const message = `invalid format of evaluation results for the alert definition ${condition}: looks like time series data, only reduced data can be alerted on`;
    return { results: [errorResult(message)], values };
  }
  const items = result.kind === 'scalar' ? [{ labels: {}, value: result.value }] : result.items;
  if (items.length === 0) return noData();
  // Each alert instance is its label set: two results with the same labels cannot both be one
  // (Grafana: the rule's result is an Error).
  const seen = new Set<string>();
  for (const item of items) {
    const key = labelsKey(item.labels);
    if (seen.has(key)) {
      const message = `invalid format of evaluation results for the alert definition ${condition}: frame cannot uniquely be identified by its labels: has duplicate results with labels ${labelsText(item.labels)}`;
      return { results: [errorResult(message)], values };
    }
    seen.add(key);
  }
  const results = items.map((item): EvalResult => {
    const { values: numbers, valueString } = valuesFor(item.labels, data, values);
    const state: ResultState = item.value === null ? 'NoData' : item.value !== 0 ? 'Alerting' : 'Normal';
    return { state, labels: item.labels, values: numbers, valueString };
  });
  return { results, values };
}
