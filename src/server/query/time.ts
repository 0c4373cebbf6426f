/**
 * Time bounds and intervals the way Grafana reads them: epoch milliseconds (number or digit
 * string), ISO dates, and date math relative to now (`now-6h`, `now/d`, `now-1d/d`), plus the
 * duration and interval helpers Grafana's query backends share (grafana-plugin-sdk-go `gtime`).
 */
import { QueryError } from './errors';

export interface TimeRange {
  /** Epoch milliseconds. */
  from: number;
  to: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

type CalendarUnit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm' | 's';
const calendarUnits = new Set<string>(['y', 'M', 'w', 'd', 'h', 'm', 's']);

function addUnits(date: Date, amount: number, unit: CalendarUnit): void {
  switch (unit) {
    case 'y':
      date.setUTCFullYear(date.getUTCFullYear() + amount);
      return;
    case 'M':
      date.setUTCMonth(date.getUTCMonth() + amount);
      return;
    case 'w':
      date.setTime(date.getTime() + amount * WEEK);
      return;
    case 'd':
      date.setTime(date.getTime() + amount * DAY);
      return;
    case 'h':
      date.setTime(date.getTime() + amount * HOUR);
      return;
    case 'm':
      date.setTime(date.getTime() + amount * MINUTE);
      return;
    case 's':
      date.setTime(date.getTime() + amount * SECOND);
      return;
  }
}

/** Rounds to the start of the unit (in UTC, as Grafana's backend does), or to its last millisecond. */
function roundTo(date: Date, unit: CalendarUnit, roundUp: boolean): void {
  const start = new Date(date.getTime());
  switch (unit) {
    case 'y':
      start.setUTCMonth(0, 1);
      start.setUTCHours(0, 0, 0, 0);
      break;
    case 'M':
      start.setUTCDate(1);
      start.setUTCHours(0, 0, 0, 0);
      break;
    case 'w': {
      // Weeks start on Monday (ISO), as in Grafana's backend date math.
      const sinceMonday = (start.getUTCDay() + 6) % 7;
      start.setUTCDate(start.getUTCDate() - sinceMonday);
      start.setUTCHours(0, 0, 0, 0);
      break;
    }
    case 'd':
      start.setUTCHours(0, 0, 0, 0);
      break;
    case 'h':
      start.setUTCMinutes(0, 0, 0);
      break;
    case 'm':
      start.setUTCSeconds(0, 0);
      break;
    case 's':
      start.setUTCMilliseconds(0);
      break;
  }
  if (roundUp) {
    addUnits(start, 1, unit);
    start.setTime(start.getTime() - 1);
  }
  date.setTime(start.getTime());
}

/**
 * One end of a time range in epoch milliseconds. `roundUp` is for `to`: `now/d` then means the
 * end of today, as in Grafana. Throws a QueryError naming the field when the value is unreadable.
 */
export function parseTimeBound(value: number | string, field: 'from' | 'to', now: number): number {
  const roundUp = field === 'to';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new QueryError(`${field} must be a finite number of epoch milliseconds`);
    return Math.trunc(value);
  }
  const text = value.trim();
  if (/^-?\d+$/.test(text)) return Number(text);
  if (text.startsWith('now')) {
    const date = new Date(now);
    let rest = text.slice(3);
    while (rest.length > 0) {
      const op = rest[0];
      if (op === '/') {
        const unit = rest[1];
        if (!unit || !calendarUnits.has(unit)) throw badBound(field, value);
        roundTo(date, unit as CalendarUnit, roundUp);
        rest = rest.slice(2);
        continue;
      }
      const match = /^([+-])(\d+)([yMwdhms])/.exec(rest);
      if (!match) throw badBound(field, value);
      addUnits(date, (match[1] === '-' ? -1 : 1) * Number(match[2]), match[3] as CalendarUnit);
      rest = rest.slice(match[0].length);
    }
    return date.getTime();
  }
  // Absolute dates: ISO 8601 or Grafana's `YYYYMMDDTHHmmss` URL form.
  const compact = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/.exec(text);
  const parsed = compact
    ? Date.UTC(+compact[1]!, +compact[2]! - 1, +compact[3]!, +compact[4]!, +compact[5]!, +compact[6]!)
    : Date.parse(text);
  if (Number.isFinite(parsed) && /^\d{4}-\d{2}-\d{2}|^\d{8}T/.test(text)) return parsed;
  throw badBound(field, value);
}

function badBound(field: string, value: string): QueryError {
  return new QueryError(
    `${field}: cannot read "${value}" as a time; use epoch milliseconds, an ISO date, or a relative time such as now-6h, now or now/d`,
  );
}

/** The request's range; `from` must come before `to`. */
export function parseTimeRange(from: number | string, to: number | string, now = Date.now()): TimeRange {
  const range = { from: parseTimeBound(from, 'from', now), to: parseTimeBound(to, 'to', now) };
  if (range.from > range.to) {
    throw new QueryError(
      `the time range is empty: from (${new Date(range.from).toISOString()}) is after to (${new Date(range.to).toISOString()})`,
    );
  }
  return range;
}

const durationUnits: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: SECOND,
  m: MINUTE,
  h: HOUR,
};
// gtime.ParseDuration's calendar units: a year is 365.25 days, a month a twelfth of it.
const YEAR_MS = 365.25 * DAY;
const calendarDurations: Record<string, number> = { d: DAY, w: WEEK, M: YEAR_MS / 12, y: YEAR_MS };

/**
 * A Grafana interval string in milliseconds: Go durations (`1m30s`, `500ms`), `5d`/`2w`/`1M`/`1y`,
 * a bare number of seconds, and the `>10s` "at least" form. Undefined when unreadable.
 */
export function parseIntervalMs(text: string): number | undefined {
  const value = text.trim().replace(/^[<>]/, '');
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * SECOND;
  const calendar = /^(\d+)([dwMy])$/.exec(value);
  if (calendar) return Number(calendar[1]) * calendarDurations[calendar[2]!]!;
  const parts = value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g);
  let total = 0;
  let consumed = 0;
  for (const part of parts) {
    total += Number(part[1]) * durationUnits[part[2]!]!;
    consumed += part[0].length;
  }
  return consumed === value.length && consumed > 0 ? total : undefined;
}

/** Grafana's short interval text (`gtime.FormatInterval`): `15s`, `1m`, `2h`, `1d`; whole units, rounded down. */
export function formatInterval(ms: number): string {
  const YEAR = 365 * DAY;
  if (ms >= YEAR) return `${Math.floor(ms / YEAR)}y`;
  if (ms >= DAY) return `${Math.floor(ms / DAY)}d`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)}h`;
  if (ms >= MINUTE) return `${Math.floor(ms / MINUTE)}m`;
  if (ms >= SECOND) return `${Math.floor(ms / SECOND)}s`;
  if (ms >= 1) return `${Math.floor(ms)}ms`;
  return '1ms';
}

/** Go's `time.Duration.String()` for whole milliseconds: `15s`, `1m0s`, `4m15s`, `1h0m0s`, `500ms`, `1.5s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < SECOND) return `${ms}ms`;
  const hours = Math.floor(ms / HOUR);
  const minutes = Math.floor((ms % HOUR) / MINUTE);
  const seconds = (ms % MINUTE) / SECOND;
  const secondsText = `${Number(seconds.toFixed(3))}s`;
  if (hours > 0) return `${hours}h${minutes}m${secondsText}`;
  if (minutes > 0) return `${minutes}m${secondsText}`;
  return secondsText;
}

/** The rounder, lower interval Grafana snaps a calculated one to (`gtime.RoundInterval`). */
export function roundInterval(ms: number): number {
  const table: Array<[number, number]> = [
    [10, 1],
    [15, 10],
    [35, 20],
    [75, 50],
    [150, 100],
    [350, 200],
    [750, 500],
    [1500, 1000],
    [3500, 2000],
    [7500, 5000],
    [12500, 10000],
    [17500, 15000],
    [25000, 20000],
    [45000, 30000],
    [90000, 60000],
    [210000, 120000],
    [450000, 300000],
    [750000, 600000],
    [1050000, 900000],
    [1500000, 1200000],
    [2700000, 1800000],
    [5400000, 3600000],
    [9000000, 7200000],
    [16200000, 10800000],
    [32400000, 21600000],
    [86400000, 43200000],
    [172800000, 86400000],
    [604800000, 86400000],
    [1814400000, 604800000],
  ];
  for (const [limit, rounded] of table) if (ms <= limit) return rounded;
  return ms < 3628800000 ? 2592000000 : 31536000000;
}

/** Aligns a time down to a multiple of `stepMs` (shifted by a UTC offset), as Grafana aligns Prometheus ranges. */
export function alignDown(ms: number, stepMs: number, utcOffsetSec = 0): number {
  const offset = utcOffsetSec * 1000;
  return Math.floor((ms + offset) / stepMs) * stepMs - offset;
}
