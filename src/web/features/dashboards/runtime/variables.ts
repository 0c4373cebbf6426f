/**
 * Grafana's template variables without React: interpolation (`$var`, `${var:format}`, `[[var]]`),
 * the value formats, each data source's default format, the built-ins (`$__interval`, ...), the
 * interval arithmetic behind them, and a variable's state as a dashboard first loads it.
 * Behaviour follows Grafana's template_srv / scenes `sceneInterpolator` and `formatRegistry`.
 */
import {
  ALL_VALUE,
  type InterpolationScope,
  type ResolvedTimeRange,
  type VariableModel,
  type VariableOption,
  type VariableState,
} from './types';

export const FORMAT_IDS = [
  'regex',
  'pipe',
  'csv',
  'json',
  'queryparam',
  'glob',
  'raw',
  'text',
  'singlequote',
  'doublequote',
  'sqlstring',
  'lucene',
  'percentencode',
  'distributed',
] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** A format of one's own: gets the selected values (all of them for All) and the variable. */
export type FormatFunction = (values: string[], variable: VariableState) => string;

export interface InterpolateOptions {
  /** How a variable without `${var:format}` is written; Grafana's default is `glob`. */
  format?: FormatId | FormatFunction;
}

export const ALL_TEXT = 'All';
const AUTO_TEXT = 'auto';

/** `$var`, `[[var]]`, `[[var:fmt]]`, `${var}`, `${var.field}`, `${var:fmt}`: Grafana's own pattern. */
const VARIABLE_PATTERN = /\$(\w+)|\[\[(\w+?)(?::(\w+))?\]\]|\$\{(\w+)(?:\.([^:^}]+))?(?::([^}]+))?\}/g;

/** Values as Grafana hands them to a format: a string for a single-value variable, a list for multi and All. */
type RawValue = string | string[];
/** The internal form of a format: sees whether the value is single (string) or a list. */
type Formatter = (value: RawValue, variable: VariableState, args: string[]) => string;

// A custom "All" value may itself hold variables; a cycle between two of them must still end.
const MAX_DEPTH = 8;

/**
 * `text` with every known variable and built-in replaced; unknown names stay as written (Grafana
 * does the same, so data source macros such as `$__timeFilter(...)` pass through).
 */
export function interpolate(text: string, scope: InterpolationScope, options: InterpolateOptions = {}): string {
  const format = options.format;
  const fallback: Formatter | string | undefined =
    typeof format === 'function' ? (value, variable) => format(Array.isArray(value) ? value : [value], variable) : format;
  return interpolateWith(text, scope, fallback, 0);
}

/**
 * `text` interpolated as Grafana's data source of `dataSourceType` does it when a variable has no
 * explicit format: Prometheus and Loki regex-escape multi-value and All values, SQL quotes them,
 * everything else writes them as a glob (`{a,b}`). `${var:format}` always wins.
 */
export function interpolateForDataSource(text: string, scope: InterpolationScope, dataSourceType: string | undefined): string {
  return interpolateWith(text, scope, defaultFormatterFor(dataSourceType), 0);
}

function interpolateWith(text: string, scope: InterpolationScope, fallback: Formatter | string | undefined, depth: number): string {
  if (!text || depth > MAX_DEPTH) return text ?? '';
  return text.replace(VARIABLE_PATTERN, (match, dollarName, bracketName, bracketFormat, braceName, fieldPath, braceFormat) => {
    const name = (dollarName ?? bracketName ?? braceName) as string;
    const explicit = (bracketFormat ?? braceFormat) as string | undefined;
    const format = explicit ?? fallback;
    const variable = scope.variables[name];
    if (variable) return formatVariable(variable, format, scope, fallback, depth);
    const builtinKey = fieldPath ? `${name}.${fieldPath as string}` : name;
    const builtin = scope.builtins[builtinKey];
    if (builtin !== undefined) return formatBuiltin(name, builtin, format);
    return match;
  });
}

function formatVariable(
  variable: VariableState,
  format: Formatter | string | undefined,
  scope: InterpolationScope,
  fallback: Formatter | string | undefined,
  depth: number,
): string {
  const isAll = variable.value[0] === ALL_VALUE && variable.includeAll;
  let value: RawValue;
  if (isAll) {
    const formatId = typeof format === 'string' ? format.split(':')[0] : undefined;
    if (formatId === 'text') return ALL_TEXT;
    // URL sync writes All as `$__all`, so the query-parameter form does too.
    if (formatId === 'queryparam') return `var-${variable.name}=${ALL_VALUE}`;
    if (variable.allValue) {
      // Grafana leaves a custom All value unformatted (it is usually a regex such as `.*`), but interpolates it.
      if (formatId === 'percentencode') return encodeStrict(variable.allValue);
      return interpolateWith(variable.allValue, scope, fallback, depth + 1);
    }
    value = variable.options.filter((o) => o.value !== ALL_VALUE).map((o) => o.value);
  } else if (variable.multi) {
    value = [...variable.value];
  } else {
    value = variable.value[0] ?? '';
  }
  return applyFormat(value, format, variable, isAll ? ALL_TEXT : variable.text.join(' + '));
}

function formatBuiltin(name: string, value: string, format: Formatter | string | undefined): string {
  const pseudo: VariableState = {
    name,
    type: 'constant',
    label: name,
    hide: 2,
    multi: false,
    includeAll: false,
    options: [],
    value: [value],
    text: [value],
    loading: false,
  };
  if (typeof format === 'string') {
    const [id] = format.split(':');
    // Only the time bounds take `:date`; other built-ins ignore a format they cannot use.
    if (id === 'date' && name !== '__from' && name !== '__to') return value;
  }
  return applyFormat(value, format, pseudo, value);
}

function applyFormat(value: RawValue, format: Formatter | string | undefined, variable: VariableState, text: string): string {
  if (typeof format === 'function') return format(value, variable, []);
  const [id = 'glob', ...args] = (format ?? 'glob').split(':');
  if (id === 'text') return text;
  const formatter = formatRegistry[id] ?? formatRegistry.glob!;
  return formatter(value, variable, args);
}

/** Grafana's `escapeRegex` (@grafana/data): every character a JS or RE2 regex gives a meaning, and `/`. */
export function escapeRegex(value: string): string {
  return value.replace(/[\\^$*+?.()|[\]{}/]/g, '\\$&');
}

function luceneEscape(value: string): string {
  if (value.trim() !== '' && !Number.isNaN(Number(value))) return value;
  return value.replace(/([!*+\-=<>\s&|()[\]{}^~?:\\/"])/g, '\\$1');
}

/** encodeURIComponent plus the sub-delimiters `!'()*` (RFC 3986), as Grafana's percentencode. */
function encodeStrict(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const list = (value: RawValue) => (Array.isArray(value) ? value : [value]);

const formatRegistry: Partial<Record<string, Formatter>> = {
  raw: (value) => list(value).join(','),
  regex: (value) => {
    if (!Array.isArray(value)) return escapeRegex(value);
    const escaped = value.map(escapeRegex);
    return escaped.length === 1 ? escaped[0]! : `(${escaped.join('|')})`;
  },
  pipe: (value) => list(value).join('|'),
  csv: (value) => list(value).join(','),
  json: (value) => (Array.isArray(value) ? JSON.stringify(value) : value),
  glob: (value) => (Array.isArray(value) && value.length > 1 ? `{${value.join(',')}}` : list(value).join(',')),
  distributed: (value, variable) =>
    list(value)
      .map((v, i) => (i === 0 ? v : `${variable.name}=${v}`))
      .join(','),
  lucene: (value) => {
    if (!Array.isArray(value)) return luceneEscape(value);
    if (value.length === 0) return '__empty__';
    return `(${value.map((v) => `"${luceneEscape(v)}"`).join(' OR ')})`;
  },
  percentencode: (value) => (Array.isArray(value) ? encodeStrict(`{${value.join(',')}}`) : encodeStrict(value)),
  singlequote: (value) =>
    list(value)
      .map((v) => `'${v.replace(/'/g, "\\'")}'`)
      .join(','),
  doublequote: (value) =>
    list(value)
      .map((v) => `"${v.replace(/"/g, '\\"')}"`)
      .join(','),
  sqlstring: (value) =>
    list(value)
      .map((v) => `'${v.replace(/'|"/g, (quote) => (quote === "'" ? "''" : '\\"'))}'`)
      .join(','),
  queryparam: (value, variable) =>
    list(value)
      .map((v) => `var-${variable.name}=${encodeStrict(v)}`)
      .join('&'),
  join: (value, _variable, args) => list(value).join(args[0] ?? ','),
  date: (value, _variable, args) => formatDate(Number(Array.isArray(value) ? value[0] : value), args),
};

function formatDate(ms: number, args: string[]): string {
  if (!Number.isFinite(ms)) return 'NaN';
  const arg = args[0] ?? 'iso';
  if (arg === 'ms') return String(ms);
  if (arg === 'seconds') return String(Math.round(ms / 1000));
  if (arg === 'iso') return new Date(ms).toISOString();
  // A small part of moment's tokens, in local time as Grafana's dateTime(...).format does.
  const date = new Date(ms);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const tokens: Record<string, string> = {
    YYYY: String(date.getFullYear()),
    MM: pad(date.getMonth() + 1),
    DD: pad(date.getDate()),
    HH: pad(date.getHours()),
    mm: pad(date.getMinutes()),
    ss: pad(date.getSeconds()),
    SSS: pad(date.getMilliseconds(), 3),
  };
  return args.join(':').replace(/YYYY|SSS|MM|DD|HH|mm|ss/g, (token) => tokens[token]!);
}

// ---------------------------------------------------------------------------------------------
// Data source default formats

/** Grafana's Prometheus `prometheusRegularEscape` (classic behaviour). */
export function prometheusRegularEscape(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/'/g, "\\\\'");
}

/** Grafana's Prometheus `prometheusSpecialRegexEscape` (classic): doubled, because the value lands in a PromQL string. */
export function prometheusSpecialRegexEscape(value: string): string {
  return value.replace(/\\/g, '\\\\\\\\').replace(/[$^*{}[\]+?.()|]/g, '\\\\$&');
}

const prometheusFormatter: Formatter = (value, variable) => {
  if (!variable.multi && !variable.includeAll) return list(value).map(prometheusRegularEscape).join(',');
  if (!Array.isArray(value)) return prometheusSpecialRegexEscape(value);
  const escaped = value.map(prometheusSpecialRegexEscape);
  return escaped.length === 1 ? escaped[0]! : `(${escaped.join('|')})`;
};

const lokiRegularEscape = (value: string) => value.replace(/'/g, "\\\\'");
const lokiSpecialRegexEscape = (value: string) =>
  lokiRegularEscape(value.replace(/\\/g, '\\\\\\\\').replace(/[$^*{}[\]+?.()|]/g, '\\\\$&'));

// Loki joins with `|` and no parentheses, as Grafana's Loki data source does.
const lokiFormatter: Formatter = (value, variable) => {
  if (!variable.multi && !variable.includeAll) return list(value).map(lokiRegularEscape).join(',');
  return list(value).map(lokiSpecialRegexEscape).join('|');
};

const quoteLiteral = (value: string) => `'${value.replace(/'/g, "''")}'`;

const sqlFormatter: Formatter = (value, variable) => {
  if (Array.isArray(value)) return value.map(quoteLiteral).join(',');
  if (variable.multi || variable.includeAll) return quoteLiteral(value);
  return value.replace(/'/g, "''");
};

export const SQL_DATA_SOURCE_TYPES = ['grafana-postgresql-datasource', 'postgres', 'mysql', 'mssql', 'grafana-mssql-datasource'];

function defaultFormatterFor(dataSourceType: string | undefined): Formatter | undefined {
  if (dataSourceType === 'prometheus') return prometheusFormatter;
  if (dataSourceType === 'loki') return lokiFormatter;
  if (dataSourceType && SQL_DATA_SOURCE_TYPES.includes(dataSourceType)) return sqlFormatter;
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Durations and intervals

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 2_592_000_000,
  y: 31_536_000_000,
};

/**
 * Milliseconds of a Grafana duration (`500ms`, `15s`, `1m`, `2h`, `1d`, `1w`, `1M`, `1y`; a bare
 * number is seconds; a leading `>` as in a panel's min interval is ignored). undefined if unreadable.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim().replace(/^>/, '');
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Number(trimmed) * 1000;
  const match = /^(-?\d+(?:\.\d+)?)(ms|[smhdwMy])$/.exec(trimmed);
  if (!match) return undefined;
  return Number(match[1]) * UNIT_MS[match[2]!]!;
}

/** Grafana's `secondsToHms`: the largest whole unit, truncated (`90s` → `1m`); `500ms` below a second. */
export function formatDuration(ms: number): string {
  const seconds = ms / 1000;
  const units: Array<[number, string]> = [
    [31_536_000, 'y'],
    [86_400, 'd'],
    [3_600, 'h'],
    [60, 'm'],
    [1, 's'],
  ];
  let rest = seconds;
  for (const [size, unit] of units) {
    const count = Math.floor(rest / size);
    if (count) return `${count}${unit}`;
    rest %= size;
  }
  const millis = Math.floor(seconds * 1000);
  return millis ? `${millis}ms` : '0ms';
}

const NICE_INTERVALS: Array<[below: number, interval: number]> = [
  [10, 1],
  [15, 10],
  [35, 20],
  [75, 50],
  [150, 100],
  [350, 200],
  [750, 500],
  [1_500, 1_000],
  [3_500, 2_000],
  [7_500, 5_000],
  [12_500, 10_000],
  [17_500, 15_000],
  [25_000, 20_000],
  [45_000, 30_000],
  [90_000, 60_000],
  [210_000, 120_000],
  [450_000, 300_000],
  [750_000, 600_000],
  [1_050_000, 900_000],
  [1_500_000, 1_200_000],
  [2_700_000, 1_800_000],
  [5_400_000, 3_600_000],
  [9_000_000, 7_200_000],
  [16_200_000, 10_800_000],
  [32_400_000, 21_600_000],
  [86_400_000, 43_200_000],
  [604_800_000, 86_400_000],
  [1_814_400_000, 604_800_000],
  [3_628_800_000, 2_592_000_000],
];

/** Grafana's `rangeutil.roundInterval`: the nice interval a raw one rounds to. */
export function roundInterval(ms: number): number {
  for (const [below, interval] of NICE_INTERVALS) if (ms < below) return interval;
  return 31_536_000_000;
}

/**
 * Grafana's `rangeutil.calculateInterval`: the range over `maxDataPoints`, rounded to a nice
 * interval, and not below `minInterval` (e.g. `15s` or `>15s`).
 */
export function calculateInterval(
  range: ResolvedTimeRange,
  maxDataPoints: number,
  minInterval?: string,
): { intervalMs: number; interval: string } {
  const lowLimitMs = (minInterval ? parseDuration(minInterval) : undefined) ?? 1;
  const points = maxDataPoints > 0 ? maxDataPoints : 1;
  const intervalMs = Math.max(lowLimitMs, roundInterval((range.to - range.from) / points));
  return { intervalMs, interval: formatDuration(intervalMs) };
}

const DEFAULT_SCRAPE_INTERVAL_MS = 15_000;

/** A duration Prometheus accepts: whole seconds as `75s`, else milliseconds. */
const promDuration = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000}s` : `${Math.round(ms)}ms`);

/**
 * The built-in variables of a panel's query: `__interval`, `__interval_ms`, `__rate_interval`
 * (max(interval + scrape, 4 × scrape), as Grafana's Prometheus), `__range` (`3600s`), `__range_s`,
 * `__range_ms`, `__from`, `__to` (epoch ms; `${__from:date:iso}` formats them) and `__dashboard`
 * (its title; `${__dashboard.uid}` its uid).
 */
export function builtinScope({
  range,
  intervalMs,
  dashboard,
  scrapeIntervalMs = DEFAULT_SCRAPE_INTERVAL_MS,
}: {
  range: ResolvedTimeRange;
  intervalMs: number;
  dashboard: { uid?: string; title?: string };
  scrapeIntervalMs?: number;
}): Record<string, string> {
  const rangeMs = Math.max(0, range.to - range.from);
  const rangeSeconds = Math.round(rangeMs / 1000);
  const rateIntervalMs = Math.max(intervalMs + scrapeIntervalMs, 4 * scrapeIntervalMs);
  const scope: Record<string, string> = {
    __interval: formatDuration(intervalMs),
    __interval_ms: String(Math.round(intervalMs)),
    __rate_interval: promDuration(rateIntervalMs),
    __rate_interval_ms: String(Math.round(rateIntervalMs)),
    __range: `${rangeSeconds}s`,
    __range_s: String(rangeSeconds),
    __range_ms: String(rangeMs),
    __from: String(range.from),
    __to: String(range.to),
    __dashboard: dashboard.title ?? '',
    '__dashboard.name': dashboard.title ?? '',
  };
  if (dashboard.uid) scope['__dashboard.uid'] = dashboard.uid;
  return scope;
}

// ---------------------------------------------------------------------------------------------
// Variable state

/** The query text of a variable: a string, or (newer dashboards) `{ query }`. */
export function variableQueryText(model: VariableModel): string {
  const { query } = model;
  if (typeof query === 'string') return query;
  if (typeof query === 'object' && query !== null) {
    const inner = (query as { query?: unknown }).query;
    if (typeof inner === 'string' && inner !== '') return inner;
  }
  return typeof model.definition === 'string' ? model.definition : '';
}

/**
 * A custom variable's options from its comma-separated query as Grafana reads it: `\,` is a
 * literal comma, `text : value` (spaces around the colon) names a value.
 */
export function parseCustomOptions(query: string): VariableOption[] {
  const parts = query.match(/(?:\\,|[^,])+/g) ?? [];
  return parts
    .map((part) => {
      const text = part.replace(/\\,/g, ',');
      const named = /^\s*(.+)\s:\s(.+)$/.exec(text);
      if (named) return { text: named[1]!.trim(), value: named[2]!.trim() };
      return { text: text.trim(), value: text.trim() };
    })
    .filter((option) => option.value !== '' || option.text !== '');
}

/** The value an interval variable's `auto` option stands for (Grafana's saved form). */
export const autoIntervalValue = (name: string) => `$__auto_interval_${name}`;

function toStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined).map(String);
  if (value === null || value === undefined) return [];
  return [String(value)];
}

/** Variable types whose options come from the server and may still be loading. */
export const LOADED_TYPES = ['query', 'datasource'];

/** Whether a variable's options must be fetched (Grafana's classic rule: `refresh` never keeps the saved options). */
export function needsOptionsLoad(model: VariableModel): boolean {
  if (model.type === 'datasource') return true;
  if (model.type !== 'query') return false;
  const saved = (model.options ?? []).filter((o) => String(o.value) !== ALL_VALUE);
  return (model.refresh ?? 1) !== 0 || saved.length === 0;
}

function staticOptions(model: VariableModel): VariableOption[] {
  const query = variableQueryText(model);
  switch (model.type) {
    case 'custom':
      return parseCustomOptions(query);
    case 'interval': {
      const intervals = query
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .map((v) => ({ text: v, value: v }));
      return model.auto ? [{ text: AUTO_TEXT, value: autoIntervalValue(model.name) }, ...intervals] : intervals;
    }
    case 'constant':
      return [{ text: query, value: query }];
    default:
      return (model.options ?? [])
        .map((o) => ({ text: String(o.text ?? o.value ?? ''), value: String(o.value ?? o.text ?? '') }))
        .filter((o) => o.value !== ALL_VALUE);
  }
}

const supportsAll = (type: string) => type === 'query' || type === 'custom' || type === 'datasource';

/**
 * A variable as the dashboard first shows it: options it knows without asking the server, and the
 * selection from the URL (`var-<name>` values) or else the saved `current`. Variables that must
 * load their options start `loading` and keep the selection until `withOptions` checks it.
 */
export function initialVariableState(model: VariableModel, urlValues?: readonly string[]): VariableState {
  const includeAll = model.includeAll === true && supportsAll(model.type);
  const base = {
    name: model.name,
    type: model.type,
    label: model.label || model.name,
    hide: model.type === 'constant' ? 2 : (model.hide ?? 0),
    multi: model.multi === true && supportsAll(model.type),
    includeAll,
    allValue: includeAll && model.allValue ? model.allValue : undefined,
  };
  const fromUrl = (urlValues ?? []).map((v) => (v === ALL_TEXT && includeAll ? ALL_VALUE : v));
  const query = variableQueryText(model);

  if (model.type === 'constant') {
    return { ...base, options: [{ text: query, value: query }], value: [query], text: [query], loading: false };
  }
  if (model.type === 'textbox') {
    const value = fromUrl[0] ?? toStrings(model.current?.value)[0] ?? query;
    return { ...base, options: [{ text: value, value }], value: [value], text: [value], loading: false };
  }

  let selected = fromUrl.length > 0 ? fromUrl : toStrings(model.current?.value);
  if (model.type === 'interval' && selected[0] && (selected[0] === '$__auto' || selected[0].startsWith('$__auto_interval'))) {
    selected = [autoIntervalValue(model.name)];
  }
  const savedTexts = fromUrl.length > 0 ? [] : toStrings(model.current?.text);
  const loading = needsOptionsLoad(model);
  const state: VariableState = {
    ...base,
    options: [],
    value: selected,
    text: selected.map((v, i) => (v === ALL_VALUE ? ALL_TEXT : (savedTexts[i] ?? v))),
    loading,
  };
  const options = staticOptions(model);
  if (loading) return { ...state, options: includeAll ? [{ text: ALL_TEXT, value: ALL_VALUE }, ...options] : options };
  return withOptions(state, options);
}

/**
 * The state once `options` are known: the All option first when the variable has one, and the
 * selection checked against them as Grafana does (a value is found by value, else by text; values
 * no longer offered are dropped; nothing left selects the first option).
 */
export function withOptions(state: VariableState, loaded: readonly VariableOption[]): VariableState {
  const plain = loaded.filter((o) => o.value !== ALL_VALUE);
  const options = state.includeAll ? [{ text: ALL_TEXT, value: ALL_VALUE }, ...plain] : plain;
  const next: VariableState = { ...state, options, loading: false, error: undefined };
  if (state.type === 'textbox' || state.type === 'constant') return next;

  if (state.includeAll && state.value[0] === ALL_VALUE) return { ...next, value: [ALL_VALUE], text: [ALL_TEXT] };
  const found: VariableOption[] = [];
  for (const wanted of state.value) {
    const option = options.find((o) => o.value === wanted) ?? options.find((o) => o.text === wanted);
    if (option && !found.includes(option)) found.push(option);
  }
  const chosen = (state.multi ? found : found.slice(0, 1)).filter((o) => o.value !== ALL_VALUE || state.includeAll);
  if (chosen.length === 0) {
    const first = options[0];
    return first ? { ...next, value: [first.value], text: [first.text] } : { ...next, value: [], text: [] };
  }
  if (chosen.some((o) => o.value === ALL_VALUE)) return { ...next, value: [ALL_VALUE], text: [ALL_TEXT] };
  return { ...next, value: chosen.map((o) => o.value), text: chosen.map((o) => o.text) };
}

/** The state with `values` selected (texts from the options; a textbox takes the text as is). */
export function withSelection(state: VariableState, values: readonly string[]): VariableState {
  if (state.type === 'textbox') {
    const value = values[0] ?? '';
    return { ...state, options: [{ text: value, value }], value: [value], text: [value] };
  }
  // Picking All alongside other values means All; picking a value after All means that value.
  let picked = [...values];
  if (picked.length > 1 && picked.includes(ALL_VALUE)) {
    picked = picked[picked.length - 1] === ALL_VALUE ? [ALL_VALUE] : picked.filter((v) => v !== ALL_VALUE);
  }
  if (!state.multi) picked = picked.slice(0, 1);
  const text = picked.map((v) => (v === ALL_VALUE ? ALL_TEXT : (state.options.find((o) => o.value === v)?.text ?? v)));
  return { ...state, value: picked, text };
}

/**
 * An interval variable set to `auto` stands for the interval that splits the time range into
 * `auto_count` steps (default 30), not below `auto_min` (default 10s), as Grafana computes it.
 */
export function resolveAutoInterval(state: VariableState, model: VariableModel, range: ResolvedTimeRange): VariableState {
  if (state.type !== 'interval' || state.value[0] !== autoIntervalValue(state.name)) return state;
  const count = typeof model.auto_count === 'number' && model.auto_count > 0 ? model.auto_count : 30;
  const { interval } = calculateInterval(range, count, model.auto_min || '10s');
  return { ...state, value: [interval], text: [AUTO_TEXT] };
}

/** The names of variables `text` refers to (to know which variables a query depends on). */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    names.add((match[1] ?? match[2] ?? match[4])!);
  }
  return [...names];
}
