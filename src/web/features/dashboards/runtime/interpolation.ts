/**
 * Grafana's template variables written into text, without React: interpolation (`$var`,
 * `${var:format}`, `[[var]]`), the value formats and each data source's default format.
 * Behaviour follows Grafana's template_srv / scenes `sceneInterpolator` and `formatRegistry`.
 */
import { ALL_VALUE, type InterpolationScope, type VariableState } from './types';

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

/** The names of variables `text` refers to (to know which variables a query depends on). */
export function referencedVariables(text: string): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(VARIABLE_PATTERN)) {
    names.add((match[1] ?? match[2] ?? match[4])!);
  }
  return [...names];
}
