/**
 * The options of `query` and `datasource` variables, fetched as Grafana does: Prometheus and Loki
 * through the data source proxy (`label_values`, `label_names`, `metrics`, `query_result`), SQL
 * through `POST /api/ds/query` (`__text`/`__value` columns), then the variable's `regex` and `sort`.
 */
import { z } from 'zod';
import { apiFetch } from '../../../api/client';
import { ApiError, NetworkError } from '../../../api/errors';
import { shouldRetry } from '../../../api/queryClient';
import { resolveDataSource, type DataSourceSummary } from '../../../api/dataSources';
import { dataSourceTypeAliases } from '../../../../contract/datasources';
import { queryResponseSchema, type DataFrame } from '../../../../contract/query';
import type { InterpolationScope, ResolvedTimeRange, VariableModel, VariableOption } from './types';
import { interpolate, interpolateForDataSource, SQL_DATA_SOURCE_TYPES } from './interpolation';
import { variableQueryText } from './variables';

export interface VariableOptionsContext {
  scope: InterpolationScope;
  range: ResolvedTimeRange;
  dataSources: readonly DataSourceSummary[];
  signal?: AbortSignal;
}

/** A value found before `regex` and `sort` apply. */
interface FoundValue {
  text: string;
  value?: string;
}

/**
 * Whether a failed options query is worth asking again: only when the answer got lost on the way
 * (no answer, a 5xx). Anything else (a 4xx, a query the data source refuses, a type without
 * variable support) fails the same way again, and each retry (1 s, then 2 s) held back every
 * panel waiting for the variables.
 */
export function retryVariableOptions(failureCount: number, error: unknown): boolean {
  const transient = error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
  return transient && shouldRetry(failureCount, error);
}

/** The options of a `query` or `datasource` variable; throws an Error in the server's words when they cannot be had. */
export async function loadVariableOptions(model: VariableModel, ctx: VariableOptionsContext): Promise<VariableOption[]> {
  if (model.type === 'datasource') return dataSourceVariableOptions(model, ctx.scope, ctx.dataSources);
  if (model.type !== 'query') return [];

  const dataSource = variableDataSource(model, ctx.scope, ctx.dataSources);
  if (!dataSource) throw new Error(`The data source of variable ${model.name} was not found.`);
  const type = canonicalType(dataSource.type);
  const query = interpolateForDataSource(variableQueryText(model), ctx.scope, type).trim();

  let found: FoundValue[];
  if (type === 'prometheus') found = await prometheusValues(dataSource.uid, query, ctx);
  else if (type === 'loki') found = await lokiValues(dataSource.uid, query, ctx);
  else if (SQL_DATA_SOURCE_TYPES.includes(type)) found = await sqlValues(dataSource, query, ctx);
  else throw new Error(`Query variables on ${dataSource.type} data sources are not supported yet.`);

  return refineOptions(found, interpolate(model.regex ?? '', ctx.scope, { format: 'regex' }), model.sort ?? 0);
}

const canonicalType = (type: string) => dataSourceTypeAliases[type] ?? type;

/** The data source a query variable asks, its reference interpolated (`$ds`) first. */
export function variableDataSource(
  model: VariableModel,
  scope: InterpolationScope,
  dataSources: readonly DataSourceSummary[],
): DataSourceSummary | undefined {
  return resolveDataSource(interpolateReference(model.datasource, scope), dataSources);
}

/** A data source reference that may name a variable (`$ds`, `{uid: '${ds}'}`), with the variable replaced. */
function interpolateReference(ref: unknown, scope: InterpolationScope): unknown {
  if (typeof ref === 'string') return interpolate(ref, scope, { format: 'raw' });
  if (typeof ref === 'object' && ref !== null) {
    const { uid } = ref as { uid?: unknown };
    if (typeof uid === 'string') return { ...ref, uid: interpolate(uid, scope, { format: 'raw' }) };
  }
  return ref;
}

// ---------------------------------------------------------------------------------------------
// Data source variables

/** A `datasource` variable's options: the org's data sources of its type (`query`), named by `regex`. No request needed. */
export function dataSourceVariableOptions(
  model: VariableModel,
  scope: InterpolationScope,
  dataSources: readonly DataSourceSummary[],
): VariableOption[] {
  const wanted = canonicalType(variableQueryText(model));
  if (!wanted) return [];
  const pattern = model.regex ? toJsRegex(interpolate(model.regex, scope, { format: 'regex' })) : undefined;
  const options: VariableOption[] = [];
  for (const ds of dataSources.filter((d) => canonicalType(d.type) === wanted)) {
    if (!pattern || matchesOnce(pattern, ds.name)) options.push({ text: ds.name, value: ds.uid });
    // Grafana offers the org's default as `default` too, so dashboards follow whichever is default.
    if (ds.isDefault && (!pattern || matchesOnce(pattern, 'default'))) options.push({ text: 'default', value: 'default' });
  }
  if (options.length === 0) throw new Error('No data sources found');
  return options;
}

function matchesOnce(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  return pattern.test(text);
}

// ---------------------------------------------------------------------------------------------
// Prometheus

const prometheusStringList = z.looseObject({ status: z.string(), data: z.array(z.string()) });
const prometheusSeries = z.looseObject({ status: z.string(), data: z.array(z.record(z.string(), z.string())) });
const prometheusSample = z.tuple([z.number(), z.string()]);
const prometheusQuery = z.looseObject({
  status: z.string(),
  data: z.looseObject({
    resultType: z.string(),
    result: z.union([
      z.array(z.looseObject({ metric: z.record(z.string(), z.string()), value: prometheusSample.optional() })),
      prometheusSample,
    ]),
  }),
});

/** Grafana's classic Prometheus variable queries (PrometheusMetricFindQuery). */
const LABEL_NAMES = /^label_names\(\)\s*$/;
const LABEL_VALUES = /^label_values\((?:(.+),\s*)?([a-zA-Z_$][a-zA-Z0-9_]*)\)\s*$/;
const METRIC_NAMES = /^metrics\((.+)\)\s*$/;
const QUERY_RESULT = /^query_result\((.+)\)\s*$/;

const seconds = (range: ResolvedTimeRange) => ({
  start: String(Math.floor(range.from / 1000)),
  end: String(Math.ceil(range.to / 1000)),
});

async function proxyGet<S extends z.ZodType>(uid: string, path: string, params: URLSearchParams, schema: S, signal?: AbortSignal) {
  try {
    return await apiFetch(`/api/datasources/proxy/uid/${encodeURIComponent(uid)}/${path}?${params.toString()}`, { schema, signal });
  } catch (error) {
    throw backendMessage(error);
  }
}

/** Prometheus and Loki say what went wrong in `error` (`{status: "error", error}`); use their words. */
function backendMessage(error: unknown): unknown {
  if (error instanceof ApiError && typeof error.body === 'object' && error.body !== null) {
    const said = (error.body as { error?: unknown }).error;
    // Their words, with the status kept: it says whether asking again could help.
    if (typeof said === 'string' && said !== '') return new ApiError(error.status, said, error.body);
  }
  return error;
}

async function prometheusValues(uid: string, query: string, ctx: VariableOptionsContext): Promise<FoundValue[]> {
  const { start, end } = seconds(ctx.range);
  const texts = (list: string[]) => list.map((text) => ({ text }));

  if (LABEL_NAMES.test(query)) {
    const answer = await proxyGet(uid, 'api/v1/labels', new URLSearchParams({ start, end }), prometheusStringList, ctx.signal);
    return texts(answer.data);
  }
  const labelValues = LABEL_VALUES.exec(query);
  if (labelValues) {
    const [, selector, label] = labelValues;
    const params = new URLSearchParams({ start, end });
    if (selector) params.append('match[]', selector.trim());
    const answer = await proxyGet(uid, `api/v1/label/${encodeURIComponent(label!)}/values`, params, prometheusStringList, ctx.signal);
    return texts(answer.data);
  }
  const metricNames = METRIC_NAMES.exec(query);
  if (metricNames) {
    const filter = new RegExp(metricNames[1]!);
    const answer = await proxyGet(
      uid,
      'api/v1/label/__name__/values',
      new URLSearchParams({ start, end }),
      prometheusStringList,
      ctx.signal,
    );
    return texts(answer.data.filter((name) => filter.test(name)));
  }
  const queryResult = QUERY_RESULT.exec(query);
  if (queryResult) return prometheusQueryResult(uid, queryResult[1]!, end, ctx.signal);
  // Anything else is a series selector, as Grafana's classic query falls back to.
  const answer = await proxyGet(uid, 'api/v1/series', new URLSearchParams({ 'match[]': query, start, end }), prometheusSeries, ctx.signal);
  return texts(answer.data.map(describeSeries));
}

/** `name{label="value",...}` as Grafana writes a series. */
function describeSeries(labels: Record<string, string>): string {
  const { __name__: name = '', ...rest } = labels;
  return `${name}{${Object.entries(rest)
    .map(([k, v]) => `${k}="${v}"`)
    .join(',')}}`;
}

async function prometheusQueryResult(uid: string, expr: string, time: string, signal?: AbortSignal): Promise<FoundValue[]> {
  const answer = await proxyGet(uid, 'api/v1/query', new URLSearchParams({ query: expr, time }), prometheusQuery, signal);
  const { result } = answer.data;
  if (!Array.isArray(result[0]) && (answer.data.resultType === 'scalar' || answer.data.resultType === 'string')) {
    return [{ text: String((result as [number, string])[1]) }];
  }
  const series = result as Array<{ metric: Record<string, string>; value?: [number, string] }>;
  // Grafana's form: `metric{labels} value timestamp_ms`.
  return series.map(({ metric, value }) => ({
    text: `${describeSeries(metric)} ${value?.[1] ?? ''} ${value ? value[0] * 1000 : ''}`.trim(),
  }));
}

// ---------------------------------------------------------------------------------------------
// Loki

async function lokiValues(uid: string, query: string, ctx: VariableOptionsContext): Promise<FoundValue[]> {
  // Loki takes nanoseconds.
  const start = `${Math.floor(ctx.range.from)}000000`;
  const end = `${Math.ceil(ctx.range.to)}000000`;
  const texts = (list: string[]) => list.map((text) => ({ text }));
  if (LABEL_NAMES.test(query)) {
    const answer = await proxyGet(uid, 'loki/api/v1/labels', new URLSearchParams({ start, end }), prometheusStringList, ctx.signal);
    return texts(answer.data);
  }
  const labelValues = LABEL_VALUES.exec(query);
  if (labelValues) {
    const [, selector, label] = labelValues;
    const params = new URLSearchParams({ start, end });
    if (selector) params.append('query', selector.trim());
    const answer = await proxyGet(uid, `loki/api/v1/label/${encodeURIComponent(label!)}/values`, params, prometheusStringList, ctx.signal);
    return texts(answer.data ?? []);
  }
  throw new Error(`Loki variable queries are label_names() or label_values([selector,] label); "${query}" is neither.`);
}

// ---------------------------------------------------------------------------------------------
// SQL

async function sqlValues(dataSource: DataSourceSummary, rawSql: string, ctx: VariableOptionsContext): Promise<FoundValue[]> {
  const body = {
    from: String(ctx.range.from),
    to: String(ctx.range.to),
    queries: [{ refId: 'A', datasource: { uid: dataSource.uid, type: dataSource.type }, rawSql, format: 'table' }],
  };
  let answer;
  try {
    answer = await apiFetch('/api/ds/query', { method: 'POST', body, schema: queryResponseSchema, signal: ctx.signal });
  } catch (error) {
    // A failed query answers 400 with the results, which carry the database's own words.
    if (error instanceof ApiError) {
      const parsed = queryResponseSchema.safeParse(error.body);
      const said = parsed.success ? parsed.data.results.A?.error : undefined;
      if (said) throw new ApiError(error.status, said, error.body);
    }
    throw error;
  }
  const result = answer.results.A;
  if (result?.error) throw new Error(result.error);
  return (result?.frames ?? []).flatMap(frameValues);
}

/** Grafana's SQL `transformMetricFindResponse`: `__text`/`__value` pairs, else every value of every field. */
function frameValues(frame: DataFrame): FoundValue[] {
  const fields = frame.schema.fields;
  const columns = frame.data?.values ?? [];
  const textAt = fields.findIndex((f) => f.name === '__text');
  const valueAt = fields.findIndex((f) => f.name === '__value');
  const show = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
  if (textAt >= 0 && valueAt >= 0) {
    const texts = columns[textAt] ?? [];
    const values = columns[valueAt] ?? [];
    return texts.flatMap((t, i) => {
      const text = show(t);
      return text === undefined ? [] : [{ text, value: show(values[i]) ?? text }];
    });
  }
  return columns.flatMap((column) => column.flatMap((v) => (show(v) === undefined ? [] : [{ text: show(v)! }])));
}

// ---------------------------------------------------------------------------------------------
// regex and sort

/** Grafana's `stringToJsRegex`: `/pattern/flags`, or a bare pattern matched whole. */
export function toJsRegex(text: string): RegExp {
  if (!text.startsWith('/')) return new RegExp(`^${text}$`);
  const match = /^\/(.*?)\/(g?i?m?y?s?)$/.exec(text);
  if (!match) throw new Error(`'${text}' is not a valid regular expression.`);
  return new RegExp(match[1]!, match[2]);
}

function allMatches(text: string, pattern: RegExp): RegExpExecArray[] {
  const results: RegExpExecArray[] = [];
  pattern.lastIndex = 0;
  let match: RegExpExecArray | null;
  do {
    match = pattern.exec(text);
    if (match) results.push(match);
  } while (pattern.global && match && match[0] !== '');
  return results;
}

/**
 * Found values as options, as Grafana's `metricNamesToVariableValues`: `regex` keeps the values it
 * matches, its `(?<text>)`/`(?<value>)` groups or else its first group select the text and value,
 * then duplicates go and `sort` orders them.
 */
export function refineOptions(found: readonly FoundValue[], regex: string, sort: number): VariableOption[] {
  const pattern = regex ? toJsRegex(regex) : undefined;
  const options: VariableOption[] = [];
  for (const item of found) {
    let text = item.text;
    let value = item.value ?? item.text;
    if (pattern) {
      const matches = allMatches(value, pattern);
      if (matches.length === 0) continue;
      const valueGroup = matches.find((m) => m.groups?.value);
      const textGroup = matches.find((m) => m.groups?.text);
      const firstGroup = matches.find((m) => m.length > 1);
      if (valueGroup || textGroup) {
        value = valueGroup?.groups?.value ?? textGroup!.groups!.text!;
        text = textGroup?.groups?.text ?? valueGroup!.groups!.value!;
      } else if (matches.length > 1 && firstGroup) {
        for (const match of matches) if (match[1] !== undefined) options.push({ text: match[1], value: match[1] });
        continue;
      } else if (firstGroup) {
        text = firstGroup[1] ?? '';
        value = firstGroup[1] ?? '';
      }
    }
    options.push({ text, value });
  }
  const seen = new Set<string>();
  const unique = options.filter((o) => !seen.has(o.value) && seen.add(o.value));
  return sortOptions(unique, sort);
}

function numericKey(text: string): number {
  const match = /.*?(\d+).*/.exec(text);
  return match ? parseInt(match[1]!, 10) : -1;
}

const natural = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true });
const byKey = <K extends string | number>(key: (o: VariableOption) => K) => {
  return (a: VariableOption, b: VariableOption) => {
    const ka = key(a);
    const kb = key(b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
};

/** Grafana's sort orders: 1/2 alphabetical, 3/4 numerical (the first number in the text), 5/6 case-insensitive, 7/8 natural. */
export function sortOptions(options: readonly VariableOption[], sort: number): VariableOption[] {
  const sorted = [...options];
  switch (sort) {
    case 1:
    case 2:
      sorted.sort(byKey((o) => o.text));
      break;
    case 3:
    case 4:
      sorted.sort(byKey((o) => numericKey(o.text)));
      break;
    case 5:
    case 6:
      sorted.sort(byKey((o) => o.text.toLowerCase()));
      break;
    case 7:
    case 8:
      sorted.sort((a, b) => natural.compare(a.text, b.text));
      break;
    default:
      return sorted;
  }
  return sort % 2 === 0 ? sorted.reverse() : sorted;
}
