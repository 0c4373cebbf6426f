/**
 * What Grafana's SQL data sources share (`pkg/tsdb/sqleng`, the PostgreSQL and MySQL macro
 * engines): macro expansion, the `time` column, and the `time_series` format's long-to-wide
 * conversion with optional fill.
 */
import { downstreamError, QueryError } from './errors';
import type { Field, FieldKind, Frame } from './frames';
import type { TimeRange } from './time';
import { formatInterval, parseIntervalMs } from '../../contract/durations';
import { sqlQueryFieldsSchema } from '../../contract/query';
import { checkQueryFields, numberField, stringField, type QueryContext } from './types';
import { ResultBudget } from './limits';

export type SqlDialect = 'postgres' | 'mysql';

export interface FillMode {
  intervalMs: number;
  mode: 'null' | 'previous' | 'value';
  value?: number;
}

export interface ExpandedSql {
  sql: string;
  fill?: FillMode;
}

/** Go's RFC3339Nano in UTC: no fraction when it is zero, trailing zeros dropped. */
export function rfc3339(ms: number): string {
  const iso = new Date(ms).toISOString();
  return iso.replace(/\.(\d*?)0*Z$/, (_, digits: string) => (digits ? `.${digits}Z` : 'Z'));
}

const epochSeconds = (ms: number) => Math.floor(ms / 1000);

/** Go's `%v` of a float64 number of seconds: `60`, `0.5`. */
const goSeconds = (ms: number) => String(ms / 1000);

function readGroupInterval(text: string, macro: string): number {
  const ms = parseIntervalMs(text.replace(/^['"]|['"]$/g, ''));
  if (ms === undefined || ms <= 0) throw new QueryError(`error parsing interval ${text} in $${macro}(): use e.g. '1m' or '$__interval'`);
  return ms;
}

function readFill(text: string, intervalMs: number): FillMode {
  if (text === 'NULL') return { intervalMs, mode: 'null' };
  if (text === 'previous') return { intervalMs, mode: 'previous' };
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value))
    throw new QueryError(`error parsing fill value ${text}: use NULL, previous or a number`);
  return { intervalMs, mode: 'value', value };
}

// MySQL's macro engine refuses queries that read who the connection is (Grafana does the same).
const restrictedMySql =
  /(\s*show\s+grants|[\s,]session_user\([^)]*\)|[\s,]current_user(\([^)]*\))?|[\s,]system_user\([^)]*\)|[\s,]user\([^)]*\))([\s,;]|$)/im;

/**
 * Grafana's macros in a query: first the global ones (`$__interval`, `$__interval_ms`,
 * `$__unixEpochFrom()`, `$__unixEpochTo()`), then the dialect's `$__name(args)` macros.
 */
export function expandSqlMacros(dialect: SqlDialect, rawSql: string, range: TimeRange, intervalMs: number): ExpandedSql {
  if (dialect === 'mysql' && restrictedMySql.test(rawSql)) {
    throw new QueryError('invalid query: SHOW GRANTS, user(), current_user(), session_user() and system_user() are not allowed');
  }
  let sql = rawSql
    .replaceAll('$__interval_ms', String(intervalMs))
    .replaceAll('$__interval', formatInterval(intervalMs))
    .replaceAll('$__unixEpochFrom()', String(epochSeconds(range.from)))
    .replaceAll('$__unixEpochTo()', String(epochSeconds(range.to)));
  let fill: FillMode | undefined;
  const from = range.from;
  const to = range.to;
  const macro = /\$([_a-zA-Z0-9]+)\(([^)]*)\)/g;
  const source = sql;
  sql = source.replace(macro, (whole, rawName: string, rawArgs: string, offset: number) => {
    let name = rawName;
    const args = rawArgs.split(',').map((arg) => arg.trim());
    const column = args[0] ?? '';
    const needColumn = () => {
      if (!column) throw new QueryError(`missing time column argument for macro $${name}()`);
    };
    // Before Grafana 5.3, `$__timeGroup(...),` added the alias itself: keep that reading.
    if (dialect === 'postgres' && name === '__timeGroup' && source[offset + whole.length] === ',') name = '__timeGroupAlias';
    const group = (epochExpression: (seconds: string) => string) => {
      if (args.length < 2) throw new QueryError(`macro $${name}() needs a time column and an interval, and optionally a fill value`);
      const interval = readGroupInterval(args[1]!, name);
      if (args.length >= 3) fill = readFill(args[2]!, interval);
      return epochExpression(goSeconds(interval));
    };
    const timeGroup = () =>
      group((s) =>
        dialect === 'postgres'
          ? `floor(extract(epoch from ${column})/${s})*${s}`
          : `UNIX_TIMESTAMP(${column}) DIV ${Number(s).toFixed(0)} * ${Number(s).toFixed(0)}`,
      );
    const epochGroup = () => group((s) => (dialect === 'postgres' ? `floor((${column})/${s})*${s}` : `${column} DIV ${s} * ${s}`));
    switch (name) {
      case '__time':
        needColumn();
        return dialect === 'postgres' ? `${column} AS "time"` : `UNIX_TIMESTAMP(${column}) as time_sec`;
      case '__timeEpoch':
        needColumn();
        return dialect === 'postgres' ? `extract(epoch from ${column}) as "time"` : `UNIX_TIMESTAMP(${column}) as time_sec`;
      case '__timeFilter':
        needColumn();
        return dialect === 'postgres'
          ? `${column} BETWEEN '${rfc3339(from)}' AND '${rfc3339(to)}'`
          : from < 0
            ? `${column} BETWEEN DATE_ADD(FROM_UNIXTIME(0), INTERVAL ${epochSeconds(from)} SECOND) AND FROM_UNIXTIME(${epochSeconds(to)})`
            : `${column} BETWEEN FROM_UNIXTIME(${epochSeconds(from)}) AND FROM_UNIXTIME(${epochSeconds(to)})`;
      case '__timeFrom':
        return dialect === 'postgres' ? `'${rfc3339(from)}'` : `FROM_UNIXTIME(${epochSeconds(from)})`;
      case '__timeTo':
        return dialect === 'postgres' ? `'${rfc3339(to)}'` : `FROM_UNIXTIME(${epochSeconds(to)})`;
      case '__timeGroup':
        needColumn();
        return timeGroup();
      case '__timeGroupAlias':
        needColumn();
        return `${timeGroup()} AS "time"`;
      case '__unixEpochFilter':
        needColumn();
        return `${column} >= ${epochSeconds(from)} AND ${column} <= ${epochSeconds(to)}`;
      case '__unixEpochNanoFilter':
        needColumn();
        return `${column} >= ${BigInt(from) * 1_000_000n} AND ${column} <= ${BigInt(to) * 1_000_000n}`;
      case '__unixEpochNanoFrom':
        return String(BigInt(from) * 1_000_000n);
      case '__unixEpochNanoTo':
        return String(BigInt(to) * 1_000_000n);
      case '__unixEpochGroup':
        needColumn();
        return epochGroup();
      case '__unixEpochGroupAlias':
        needColumn();
        return `${epochGroup()} AS "time"`;
      default:
        throw new QueryError(
          `unknown macro "$${name}()"; Sightline knows $__time, $__timeEpoch, $__timeFilter, $__timeFrom, $__timeTo, $__timeGroup, $__timeGroupAlias, $__unixEpochFilter, $__unixEpochGroup, $__unixEpochGroupAlias and the $__unixEpochNano macros`,
        );
    }
  });
  return { sql, fill };
}

/** A result column as the driver describes it: its name and the kind its type maps to. */
export interface SqlColumn {
  name: string;
  kind: FieldKind;
}

/** Epoch numbers in a time column: seconds and nanoseconds become milliseconds (Grafana's `epochPrecisionToMS`). */
export function epochToMs(value: number): number {
  const magnitude = Math.floor(Math.log10(Math.abs(value)));
  if (magnitude === 9) return value * 1000;
  if (magnitude === 18) return value / 1e6;
  return value;
}

function toTimeValue(value: unknown, column: string): number | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.getTime();
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number === 'number' && Number.isFinite(number)) return Math.trunc(epochToMs(number));
  if (typeof value === 'string' && Number.isFinite(Date.parse(value))) return Date.parse(value);
  throw downstreamError(
    `column "${column}" holds ${JSON.stringify(value)}, which is not a time: return a timestamp or epoch seconds/milliseconds`,
  );
}

function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.getTime();
  const number = Number(value);
  return Number.isNaN(number) && String(value).toLowerCase() !== 'nan' ? null : number;
}

function plainValue(value: unknown, kind: FieldKind): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'time') return value instanceof Date ? value.getTime() : value;
  if (kind === 'number') return toNumber(value);
  if (kind === 'boolean') return Boolean(value);
  if (kind === 'string')
    return value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (Buffer.isBuffer(value)) return value.toString('base64');
  return typeof value === 'object' ? JSON.stringify(value) : value;
}

const TIME_COLUMNS = new Set(['time', 'time_sec']);

const MiB = 1024 * 1024;
const formatBytes = (bytes: number) => (bytes % MiB === 0 ? `${bytes / MiB} MiB` : `${bytes} bytes`);

/**
 * What a value is counted as against the byte limits: 8 bytes (a number, time, boolean or null)
 * plus the length of a text. Close to what it takes in memory and in the answer's JSON.
 */
const sizeOf = (value: unknown) => (typeof value === 'string' ? 8 + value.length : 8);

/**
 * Reads a SQL result row by row into typed columns, as the driver streams it, and stops at the
 * row limit (Grafana's notice, when there is one more row), the byte limit of the query or the
 * request's remaining budget. Values are converted as they come, so no row outlives its turn.
 */
export class SqlResultReader {
  readonly fields: Field[];
  rows = 0;
  /** Bytes of the rows kept, as counted against the limits. */
  bytesRead = 0;
  private notice: string | undefined;
  private readonly converters: Array<(value: unknown) => unknown>;
  private readonly timeIndex: number;

  constructor(
    columns: SqlColumn[],
    private readonly format: string,
    private readonly limits: { rowLimit: number; maxBytes: number },
    private readonly budget: ResultBudget = new ResultBudget(Infinity),
  ) {
    this.timeIndex = format === 'table' ? -1 : columns.findIndex((column) => TIME_COLUMNS.has(column.name));
    const isTime = (column: SqlColumn, index: number) =>
      format === 'table' ? column.name === 'time' || column.name === 'timeend' : index === this.timeIndex;
    this.fields = columns.map((column, index): Field => {
      const kind = column.kind === 'other' ? 'string' : column.kind;
      if (isTime(column, index)) return { name: column.name, type: 'time', nullable: true, values: [] };
      // The time series format reads every column that is not text as numbers.
      if (format !== 'table' && kind !== 'string')
        return { name: column.name, type: 'number', frameType: 'float64', nullable: true, values: [] };
      return { name: column.name, type: kind, nullable: true, values: [] };
    });
    this.converters = columns.map((column, index) => {
      const field = this.fields[index]!;
      const kind = column.kind === 'other' ? 'string' : column.kind;
      if (field.type === 'time') {
        if (index !== this.timeIndex) return (value: unknown) => toTimeValue(value, column.name);
        return (value: unknown) => {
          const time = toTimeValue(value, column.name);
          if (time === null) throw downstreamError('the time column holds NULL in some rows; filter them out for the time series format');
          return time;
        };
      }
      if (field.frameType === 'float64') return (value: unknown) => toNumber(plainValue(value, kind));
      return (value: unknown) => plainValue(value, kind);
    });
  }

  /** Whether a limit stopped the reading. */
  get limited(): boolean {
    return this.notice !== undefined;
  }

  /** Takes one row (values in column order); false when a limit was reached and reading must stop (the row is not kept). */
  add(row: unknown[]): boolean {
    if (this.notice !== undefined) return false;
    if (this.format !== 'table' && this.timeIndex === -1) {
      throw downstreamError(
        'time column is missing; make sure your data includes a time column for time series format or switch to a table format that does not require it',
      );
    }
    if (this.rows >= this.limits.rowLimit) {
      this.notice = `Results have been limited to ${this.limits.rowLimit} because the SQL row limit was reached`;
      return false;
    }
    const values = this.converters.map((convert, index) => convert(row[index]));
    let bytes = 0;
    for (const value of values) bytes += sizeOf(value);
    if (this.bytesRead + bytes > this.limits.maxBytes) {
      this.notice = `Results have been limited to ${this.rows} rows because the SQL result size limit of ${formatBytes(this.limits.maxBytes)} per query was reached`;
      return false;
    }
    if (bytes > this.budget.remaining) {
      this.notice = `Results have been limited to ${this.rows} rows because the SQL result size limit of ${formatBytes(this.budget.total)} per request was reached`;
      return false;
    }
    values.forEach((value, index) => this.fields[index]!.values.push(value));
    this.bytesRead += bytes;
    this.budget.remaining -= bytes;
    this.rows++;
    return true;
  }

  /** The frames of the rows read, in the query's format (`time_series` or `table`). */
  frames(options: { executed: string; fill?: FillMode; range: TimeRange }): Frame[] {
    const notices: Array<{ severity: string; text: string }> = this.notice ? [{ severity: 'warning', text: this.notice }] : [];
    const meta = () => ({ executedQueryString: options.executed, ...(notices.length > 0 ? { notices } : {}) });
    if (this.rows === 0) return [{ meta: meta(), fields: [] }];
    if (this.format === 'table') return [{ meta: meta(), fields: this.fields }];
    // A wide frame (and its fill) may not hold more values than the per-query byte limit allows.
    const maxCells = Math.floor(this.limits.maxBytes / 8);
    const time: Field = { ...this.fields[this.timeIndex]!, name: 'Time' };
    const others = this.fields.filter((_, i) => i !== this.timeIndex);
    const factors = others.filter((field) => field.type === 'string');
    const values = others.filter((field) => field.type !== 'string');
    let wide: Field[];
    if (factors.length > 0) wide = longToWide(time, factors, values, this.fields.length === 3, maxCells);
    else {
      // Already wide: sorted by time, as Grafana's panels expect (copied only when out of order).
      const times = time.values as number[];
      const sorted = times.every((t, i) => i === 0 || times[i - 1]! <= t);
      const order = sorted ? undefined : times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
      wide = [time, ...values].map((field) => (order ? { ...field, values: order.map((i) => field.values[i]) } : field));
    }
    if (options.fill) {
      const points = bucketCount(options.fill, options.range);
      if (points * wide.length > maxCells) {
        notices.push({
          severity: 'warning',
          text: 'Fill operation skipped: the time range, interval and number of series would need more values than the SQL result size limit allows',
        });
      } else wide = fillMissing(wide, options.fill, options.range);
    }
    return [{ meta: { ...meta(), type: 'timeseries-wide', typeVersion: [0, 1] }, fields: wide }];
  }
}

/** Grafana's long-to-wide: one value field per (value column × distinct string-column values). */
export function longToWide(time: Field, factors: Field[], values: Field[], onlyMetric: boolean, maxCells = Infinity): Field[] {
  const order = time.values.map((_, i) => i).sort((a, b) => (time.values[a] as number) - (time.values[b] as number));
  const times: number[] = [];
  const rowOfTime = new Map<number, number>();
  for (const i of order) {
    const t = time.values[i] as number;
    if (!rowOfTime.has(t)) {
      rowOfTime.set(t, times.length);
      times.push(t);
    }
  }
  const series = new Map<string, Field[]>();
  const wide: Field[] = [];
  for (const i of order) {
    const labels: Record<string, string> = {};
    for (const factor of factors) labels[factor.name] = factor.values[i] === null ? '' : String(factor.values[i]);
    const key = JSON.stringify(labels);
    let fields = series.get(key);
    if (!fields) {
      // Each new series is a full column per value: N distinct labels × M distinct times can be far more than the rows.
      if ((wide.length + values.length) * times.length > maxCells) {
        throw downstreamError(
          `the time series format would need more than ${maxCells} values (${series.size + 1} series × ${times.length} times so far): aggregate with $__timeGroup, filter, or use the table format`,
        );
      }
      fields = values.map((value) => {
        const field: Field =
          onlyMetric && factors.length === 1 && factors[0]!.name === 'metric'
            ? { name: labels.metric!, type: 'number', nullable: true, values: new Array(times.length).fill(null) }
            : { name: value.name, type: 'number', nullable: true, labels, values: new Array(times.length).fill(null) };
        return field;
      });
      series.set(key, fields);
      wide.push(...fields);
    }
    const row = rowOfTime.get(time.values[i] as number)!;
    values.forEach((value, n) => (fields[n]!.values[row] = value.values[i]));
  }
  return [{ name: 'Time', type: 'time', values: times }, ...wide];
}

/** Buckets of the fill: from the range start (aligned to the interval) to its end, at most 100,000. */
function bucketCount(fill: FillMode, range: TimeRange): number {
  const start = Math.floor(range.from / fill.intervalMs) * fill.intervalMs;
  return Math.min(100_000, Math.floor((range.to - start) / fill.intervalMs) + 1);
}

/** Fills missing buckets of a wide frame from the range start (aligned to the interval) to its end. */
export function fillMissing(fields: Field[], fill: FillMode, range: TimeRange): Field[] {
  const [time, ...values] = fields;
  if (!time) return fields;
  const rowOfTime = new Map<number, number>();
  time.values.forEach((t, i) => rowOfTime.set(t as number, i));
  const step = fill.intervalMs;
  const start = Math.floor(range.from / step) * step;
  const times: number[] = [];
  const filled = values.map((field) => ({ ...field, values: [] as unknown[] }));
  for (let t = start, n = 0; t <= range.to && n < 100_000; t += step, n++) {
    times.push(t);
    const row = rowOfTime.get(t);
    filled.forEach((field, f) => {
      if (row !== undefined) field.values.push(values[f]!.values[row]);
      else if (fill.mode === 'value') field.values.push(fill.value);
      else if (fill.mode === 'previous') field.values.push(field.values.length > 0 ? field.values[field.values.length - 1] : null);
      else field.values.push(null);
    });
  }
  return [{ ...time, values: times }, ...filled];
}

/** The frames of rows already in memory (tests, small results): `SqlResultReader` without limits. */
export function sqlFrames(
  columns: SqlColumn[],
  rows: unknown[][],
  options: { format: string; executed: string; fill?: FillMode; range: TimeRange },
): Frame[] {
  const reader = new SqlResultReader(columns, options.format, { rowLimit: Infinity, maxBytes: Infinity });
  for (const row of rows) reader.add(row);
  return reader.frames(options);
}

/** The SQL a query asks for, its format, and the interval `$__interval` stands for. */
export function sqlQueryOf(context: QueryContext): { rawSql: string; format: string; intervalMs: number } {
  checkQueryFields(sqlQueryFieldsSchema, context.query);
  const rawSql = stringField(context.query, 'rawSql');
  if (!rawSql.trim()) throw new QueryError('the query has no SQL: enter it in rawSql');
  const format = stringField(context.query, 'format') || 'time_series';
  if (format !== 'time_series' && format !== 'table') throw new QueryError(`format must be time_series or table, got "${format}"`);
  return { rawSql, format, intervalMs: numberField(context.query, 'intervalMs') ?? 1000 };
}
