import { asNumber, type PanelField, type PanelFrame } from '../frames';

/**
 * Log lines from log frames as Grafana's logs panel reads them: Loki's frame (`labels`, `Time`,
 * `Line`, `tsNs`, `id`), the data-plane shape (`timestamp`, `body`, `severity`, `labels`), or any
 * frame with a time and a string field. Each line gets its level (from a level label, else from
 * the words of the line) and the level's colour.
 */

export type LogLevel = 'critical' | 'error' | 'warning' | 'info' | 'debug' | 'trace' | 'unknown';

export interface LogRow {
  /** Unique within the panel (Loki's `id`, else frame and row). */
  key: string;
  timeMs: number;
  /** Nanoseconds as text when the source gives them, for ordering lines of one millisecond. */
  tsNs?: string;
  line: string;
  level: LogLevel;
  labels: Record<string, string>;
  /** The other fields of the row (data-plane attributes, SQL columns), name → text. */
  fields: Record<string, string>;
  /** How many following lines were folded into this one by de-duplication. */
  duplicates: number;
}

export type DedupStrategy = 'none' | 'exact' | 'numbers' | 'signature';
export type SortOrder = 'Descending' | 'Ascending';

export interface LogsOptions {
  showTime: boolean;
  showLabels: boolean;
  showCommonLabels: boolean;
  wrapLogMessage: boolean;
  prettifyLogMessage: boolean;
  enableLogDetails: boolean;
  dedupStrategy: DedupStrategy;
  sortOrder: SortOrder;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `options` as Grafana's logs panel saves them; what is missing takes the panel's defaults. */
export function logsOptionsOf(options: unknown): LogsOptions {
  const o = isObject(options) ? options : {};
  const dedup = o.dedupStrategy;
  return {
    showTime: o.showTime === true,
    showLabels: o.showLabels === true,
    showCommonLabels: o.showCommonLabels === true,
    wrapLogMessage: o.wrapLogMessage === true,
    prettifyLogMessage: o.prettifyLogMessage === true,
    enableLogDetails: o.enableLogDetails !== false,
    dedupStrategy: dedup === 'exact' || dedup === 'numbers' || dedup === 'signature' ? dedup : 'none',
    sortOrder: o.sortOrder === 'Ascending' ? 'Ascending' : 'Descending',
  };
}

/** Grafana's level colours (`LogLevelColor`): the classic palette's purple, red, yellow, green, blue, cyan. */
export const LEVEL_COLORS: Record<LogLevel, string> = {
  critical: '#705DA0',
  error: '#E24D42',
  warning: '#EAB839',
  info: '#7EB26D',
  debug: '#1F78C1',
  trace: '#6ED0E0',
  unknown: '#8E8E8E',
};

const LEVEL_WORDS: Record<string, LogLevel> = {
  emerg: 'critical',
  fatal: 'critical',
  alert: 'critical',
  crit: 'critical',
  critical: 'critical',
  err: 'error',
  eror: 'error',
  error: 'error',
  warn: 'warning',
  warning: 'warning',
  info: 'info',
  information: 'info',
  informational: 'info',
  notice: 'info',
  dbug: 'debug',
  debug: 'debug',
  trace: 'trace',
};
const LEVEL_PATTERN = new RegExp(`\\b(${Object.keys(LEVEL_WORDS).join('|')})\\b`, 'i');
const LEVEL_LABELS = ['level', 'lvl', 'loglevel', 'severity', 'detected_level'];

/** A level from a level text (`ERROR`, `warn`, `I`), Grafana's `getLogLevelFromKey`. */
export function levelFromKey(key: string): LogLevel {
  const word = key.trim().toLowerCase();
  return LEVEL_WORDS[word] ?? 'unknown';
}

/** The level of a line: its level label, else the first level word in it. */
export function levelOf(line: string, labels: Record<string, string>): LogLevel {
  for (const name of LEVEL_LABELS) {
    const value = labels[name];
    if (value) {
      const level = levelFromKey(value);
      if (level !== 'unknown') return level;
    }
  }
  const match = LEVEL_PATTERN.exec(line);
  return match ? levelFromKey(match[1]!) : 'unknown';
}

const text = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'string' ? v : JSON.stringify(v));

function labelsOf(value: unknown): Record<string, string> {
  let parsed = value;
  if (typeof value === 'string' && value.startsWith('{')) {
    try {
      parsed = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (!isObject(parsed)) return {};
  return Object.fromEntries(Object.entries(parsed).map(([k, v]) => [k, text(v)]));
}

/** Every log line of the frames, in the order the sources gave them. */
export function logRows(frames: PanelFrame[]): LogRow[] {
  const rows: LogRow[] = [];
  for (const frame of frames) {
    const byName = (...names: string[]) => frame.fields.find((f) => names.includes(f.name));
    const time = byName('Time', 'timestamp') ?? frame.fields.find((f) => f.type === 'time');
    const line = byName('Line', 'body', 'line') ?? frame.fields.find((f) => f.type === 'string' && f !== time);
    if (!time || !line) continue;
    const labelsField = byName('labels', 'attributes');
    const levelField = byName('level', 'severity', 'detected_level');
    const idField = byName('id');
    const tsNsField = byName('tsNs');
    const skip = new Set<PanelField | undefined>([time, line, labelsField, idField, tsNsField]);
    const others = frame.fields.filter((f) => !skip.has(f));
    for (let i = 0; i < frame.length; i++) {
      const timeMs = asNumber(time.values[i]);
      if (timeMs === null) continue;
      const labels = { ...(line.labels ?? {}), ...labelsOf(labelsField?.values[i]) };
      const body = text(line.values[i]);
      const fields = Object.fromEntries(others.map((f) => [f.name, text(f.values[i])]).filter(([, v]) => v !== ''));
      const levelText = levelField ? text(levelField.values[i]) : '';
      rows.push({
        key: idField ? text(idField.values[i]) || `${frame.index}-${i}` : `${frame.index}-${i}`,
        timeMs,
        tsNs: tsNsField ? text(tsNsField.values[i]) || undefined : undefined,
        line: body,
        level: levelText ? levelFromKey(levelText) : levelOf(body, labels),
        labels,
        fields,
        duplicates: 0,
      });
    }
  }
  return rows;
}

/** Newest first (Descending, Grafana's default) or oldest first; lines of one millisecond by nanoseconds. */
export function sortLogRows(rows: LogRow[], order: SortOrder): LogRow[] {
  const sign = order === 'Ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (a.timeMs !== b.timeMs) return sign * (a.timeMs - b.timeMs);
    if (a.tsNs && b.tsNs && a.tsNs !== b.tsNs) return sign * (BigInt(a.tsNs) < BigInt(b.tsNs) ? -1 : 1);
    return 0;
  });
}

const ISO_DATE = /\d{4}-[01]\d-[0-3]\dT[0-2]\d:[0-5]\d:[0-6]\d[,.]\d+([+-][0-2]\d:[0-5]\d|Z)/g;

function isDuplicate(row: LogRow, other: LogRow, strategy: DedupStrategy): boolean {
  switch (strategy) {
    case 'exact':
      // Exact still ignores ISO timestamps inside the lines, as Grafana's.
      return row.line.replace(ISO_DATE, '') === other.line.replace(ISO_DATE, '');
    case 'numbers':
      return row.line.replace(/\d/g, '') === other.line.replace(/\d/g, '');
    case 'signature':
      return row.line.replace(/\w/g, '') === other.line.replace(/\w/g, '');
    default:
      return false;
  }
}

/** Folds each run of consecutive duplicate lines into its first line, counting the others (Grafana's `dedupLogRows`). */
export function dedupLogRows(rows: LogRow[], strategy: DedupStrategy): LogRow[] {
  if (strategy === 'none') return rows;
  const out: LogRow[] = [];
  for (const row of rows) {
    const previous = out.at(-1);
    if (previous && isDuplicate(row, previous, strategy)) previous.duplicates++;
    else out.push({ ...row, duplicates: 0 });
  }
  return out;
}

/** Labels every line has with the same value (shown once above the lines with showCommonLabels). */
export function commonLabels(rows: LogRow[]): Record<string, string> {
  if (rows.length === 0) return {};
  const common: Record<string, string> = { ...rows[0]!.labels };
  for (const row of rows) {
    for (const [key, value] of Object.entries(common)) if (row.labels[key] !== value) delete common[key];
  }
  return common;
}

/** A JSON line laid out on several lines (prettifyLogMessage); any other line as it is. */
export function prettify(line: string): string {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return line;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return line;
  }
}
