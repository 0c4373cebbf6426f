/**
 * Durations, intervals and relative times as Grafana and Prometheus write them, for server and web
 * alike (plain functions, no zod). Grafana reads a duration differently in different places, and
 * clients rely on each, so each grammar stays as it is there:
 * - `parseIntervalMs`, Grafana's backend (Go, grafana-plugin-sdk-go `gtime.ParseInterval`): Go's
 *   compound durations (`1m30s`, `500ms`, `ns`, `us`), or one calendar unit (`2d`, `1w`, `1M`, `1y`,
 *   a year of 365.25 days); a bare number is seconds; a leading `<` or `>` is ignored.
 * - `parseDuration`, Grafana's frontend (`rangeutil.intervalToMs`, once `kbn.interval_to_ms`): one
 *   number, which may be signed or decimal, and one unit of `ms s m h d w M y` (a month of 30 days,
 *   a year of 365); a bare number is seconds; a leading `>` (a panel's min interval) is ignored.
 * - `parseDurationOrMs`, the heatmap's bucket size: the frontend's units up to weeks, unsigned, and
 *   a bare number is milliseconds.
 * - `parsePromDuration`, Prometheus's (`model.ParseDuration`): whole numbers in unit order
 *   (`1y2w3d4h5m6s7ms`), or `0`.
 * - `parseDateMath`, relative times (`now-6h`, `now/d`) as Grafana's backend evaluates them: months
 *   and years by the calendar, in UTC.
 * Writing and rounding intervals differ between Grafana's backend and frontend in small ways too;
 * those functions take a `GrafanaSide`.
 */

export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;

export type IntervalUnit = 'ms' | 's' | 'm' | 'h' | 'd' | 'w' | 'M' | 'y';

/** Unit lengths of Grafana's frontend and of Prometheus: fixed, a month of 30 days and a year of 365. */
export const INTERVAL_UNIT_MS: Readonly<Record<IntervalUnit, number>> = {
  ms: 1,
  s: SECOND_MS,
  m: MINUTE_MS,
  h: HOUR_MS,
  d: DAY_MS,
  w: WEEK_MS,
  M: 30 * DAY_MS,
  y: 365 * DAY_MS,
};

/**
 * Which of Grafana's two copies of an interval helper to follow: the backend's (Go, what the query
 * data sources compute) or the frontend's (TypeScript, what dashboards compute for `$__interval`).
 */
export type GrafanaSide = 'backend' | 'frontend';

// ---------------------------------------------------------------------------------------------
// Reading durations

const BARE_NUMBER = /^\d+(\.\d+)?$/;

/** `15s`, `1.5h` (and `-2d` when `signed`) in milliseconds when its unit is one of `units`. */
function oneUnitAmount(text: string, units: readonly IntervalUnit[], signed: boolean): number | undefined {
  const match = /^(-?\d+(?:\.\d+)?)([a-zA-Z]+)$/.exec(text);
  if (!match || (!signed && match[1]!.startsWith('-'))) return undefined;
  const unit = match[2] as IntervalUnit;
  return units.includes(unit) ? Number(match[1]) * INTERVAL_UNIT_MS[unit] : undefined;
}

const FRONTEND_UNITS: readonly IntervalUnit[] = ['ms', 's', 'm', 'h', 'd', 'w', 'M', 'y'];
const BUCKET_UNITS: readonly IntervalUnit[] = ['ms', 's', 'm', 'h', 'd', 'w'];

/**
 * Milliseconds of a Grafana frontend duration (`500ms`, `15s`, `1m`, `2h`, `1d`, `1w`, `1M`, `1y`; a
 * bare number is seconds; a leading `>` as in a panel's min interval is ignored). undefined if unreadable.
 */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim().replace(/^>/, '');
  if (BARE_NUMBER.test(trimmed)) return Number(trimmed) * SECOND_MS;
  return oneUnitAmount(trimmed, FRONTEND_UNITS, true);
}

/** "30s", "1m", "250ms" or a plain number (ms) → milliseconds, as a heatmap's bucket size is written. */
export function parseDurationOrMs(text: string | undefined): number | undefined {
  if (!text) return undefined;
  const trimmed = text.trim();
  if (BARE_NUMBER.test(trimmed)) return Number(trimmed);
  return oneUnitAmount(trimmed, BUCKET_UNITS, false);
}

const goDurationUnits: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: SECOND_MS,
  m: MINUTE_MS,
  h: HOUR_MS,
};
// gtime.ParseDuration's calendar units: a year is 365.25 days, a month a twelfth of it.
const GTIME_YEAR_MS = 365.25 * DAY_MS;
const gtimeCalendarUnits: Record<string, number> = { d: DAY_MS, w: WEEK_MS, M: GTIME_YEAR_MS / 12, y: GTIME_YEAR_MS };

/**
 * A Grafana backend interval string in milliseconds: Go durations (`1m30s`, `500ms`), `5d`/`2w`/`1M`/`1y`,
 * a bare number of seconds, and the `>10s` "at least" form. Undefined when unreadable.
 */
export function parseIntervalMs(text: string): number | undefined {
  const value = text.trim().replace(/^[<>]/, '');
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * SECOND_MS;
  const calendar = /^(\d+)([dwMy])$/.exec(value);
  if (calendar) return Number(calendar[1]) * gtimeCalendarUnits[calendar[2]!]!;
  const parts = value.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g);
  let total = 0;
  let consumed = 0;
  for (const part of parts) {
    total += Number(part[1]) * goDurationUnits[part[2]!]!;
    consumed += part[0].length;
  }
  return consumed === value.length && consumed > 0 ? total : undefined;
}

const PROM_UNITS: readonly IntervalUnit[] = ['y', 'w', 'd', 'h', 'm', 's', 'ms'];
const PROM_DURATION = /^(?:(\d+)y)?(?:(\d+)w)?(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?(?:(\d+)ms)?$/;

/** Prometheus's duration text (`model.ParseDuration`: `5m`, `1h30m`, `1d`, `0`) in milliseconds; undefined when unreadable. */
export function parsePromDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const match = PROM_DURATION.exec(text);
  if (!match || text === '') return undefined;
  return PROM_UNITS.reduce((total, unit, i) => total + Number(match[i + 1] ?? 0) * INTERVAL_UNIT_MS[unit], 0);
}

// ---------------------------------------------------------------------------------------------
// Writing durations

const INTERVAL_TEXT_UNITS: Array<[size: number, unit: IntervalUnit]> = [
  [INTERVAL_UNIT_MS.y, 'y'],
  [DAY_MS, 'd'],
  [HOUR_MS, 'h'],
  [MINUTE_MS, 'm'],
  [SECOND_MS, 's'],
  [1, 'ms'],
];

/**
 * Grafana's short interval text: the largest whole unit, rounded down (`15s`, `90s` → `1m`, `2h`,
 * `1d`, `1y`). Below a millisecond the backend (`gtime.FormatInterval`) writes `1ms` and the
 * frontend (`rangeutil.secondsToHms`, which writes `$__interval`) writes `0ms`.
 */
export function formatInterval(ms: number, side: GrafanaSide = 'backend'): string {
  if (side === 'backend' && !(ms >= 1)) return '1ms';
  for (const [size, unit] of INTERVAL_TEXT_UNITS) {
    const count = Math.floor(ms / size);
    if (count) return `${count}${unit}`;
  }
  return '0ms';
}

/** Go's `time.Duration.String()` for whole milliseconds: `15s`, `1m0s`, `4m15s`, `1h0m0s`, `500ms`, `1.5s`. */
export function goDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < SECOND_MS) return `${ms}ms`;
  const hours = Math.floor(ms / HOUR_MS);
  const minutes = Math.floor((ms % HOUR_MS) / MINUTE_MS);
  const seconds = (ms % MINUTE_MS) / SECOND_MS;
  const secondsText = `${Number(seconds.toFixed(3))}s`;
  if (hours > 0) return `${hours}h${minutes}m${secondsText}`;
  if (minutes > 0) return `${minutes}m${secondsText}`;
  return secondsText;
}

/** Prometheus's `model.Duration.String()`: `0s`, `5m`, `1h30m`, `1d`, `1w`. */
export function formatPromDuration(ms: number): string {
  if (ms === 0) return '0s';
  let rest = ms;
  let text = '';
  for (const unit of PROM_UNITS) {
    const size = INTERVAL_UNIT_MS[unit];
    const count = Math.floor(rest / size);
    if (count > 0) {
      text += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return text;
}

type ClockUnit = 'd' | 'h' | 'm' | 's';

/** How `formatReadableDuration` writes a duration for people. */
export interface ReadableDurationStyle {
  /** What follows each count, e.g. `{ d: ' d', h: ' h', m: ' min', s: ' s' }`. */
  labels: Readonly<Record<ClockUnit, string>>;
  /**
   * Whether the second unit shown must be the next smaller one (`1 h 30 min`; `1 h` for 1 h 0 min 5 s),
   * or may be any smaller one that is not zero (`1h 5s`).
   */
  adjacentUnits: boolean;
}

/**
 * `ms` rounded to the second, in its largest two units of days, hours, minutes and seconds
 * (`45 s`, `1 h 30 min`, `2 d 3 h`); under a minute (or negative), a count of seconds.
 */
export function formatReadableDuration(ms: number, { labels, adjacentUnits }: ReadableDurationStyle): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}${labels.s}`;
  const counts: Array<[ClockUnit, number]> = [
    ['d', Math.floor(seconds / 86_400)],
    ['h', Math.floor(seconds / 3_600) % 24],
    ['m', Math.floor(seconds / 60) % 60],
    ['s', seconds % 60],
  ];
  const firstAboveZero = counts.findIndex(([, count]) => count > 0);
  // NaN is above zero in no unit: it shows as days ("NaN d") rather than failing.
  const largest = firstAboveZero === -1 ? 0 : firstAboveZero;
  const smaller = counts.slice(largest + 1, adjacentUnits ? largest + 2 : undefined).find(([, count]) => count > 0);
  return [counts[largest]!, ...(smaller ? [smaller] : [])].map(([unit, count]) => `${count}${labels[unit]}`).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Rounding intervals

/** Each calculated interval up to the first bound becomes the round interval beside it. */
const NICE_INTERVALS: Array<[bound: number, interval: number]> = [
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
];

/**
 * The round interval Grafana snaps a calculated one to (`gtime.RoundInterval`, `rangeutil.roundInterval`).
 * The backend's table includes each bound (`<=`), the frontend's excludes it (`<`); both end with
 * 30 days below 6 weeks, else a year.
 */
export function roundInterval(ms: number, side: GrafanaSide = 'backend'): number {
  for (const [bound, interval] of NICE_INTERVALS) if (side === 'backend' ? ms <= bound : ms < bound) return interval;
  return ms < 3_628_800_000 ? 2_592_000_000 : 31_536_000_000;
}

/**
 * Grafana's frontend `rangeutil.calculateInterval`: the range over `maxDataPoints`, rounded to a nice
 * interval, and not below `minInterval` (e.g. `15s` or `>15s`).
 */
export function calculateInterval(
  range: { from: number; to: number },
  maxDataPoints: number,
  minInterval?: string,
): { intervalMs: number; interval: string } {
  const lowLimitMs = (minInterval ? parseDuration(minInterval) : undefined) ?? 1;
  const points = maxDataPoints > 0 ? maxDataPoints : 1;
  const intervalMs = Math.max(lowLimitMs, roundInterval((range.to - range.from) / points, 'frontend'));
  return { intervalMs, interval: formatInterval(intervalMs, 'frontend') };
}

// ---------------------------------------------------------------------------------------------
// Relative times

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
      date.setTime(date.getTime() + amount * WEEK_MS);
      return;
    case 'd':
      date.setTime(date.getTime() + amount * DAY_MS);
      return;
    case 'h':
      date.setTime(date.getTime() + amount * HOUR_MS);
      return;
    case 'm':
      date.setTime(date.getTime() + amount * MINUTE_MS);
      return;
    case 's':
      date.setTime(date.getTime() + amount * SECOND_MS);
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
 * Grafana's date math relative to `now` (epoch ms): `now`, `now-6h`, `now+5m`, `now/d`, `now-1d/d`,
 * steps in `y M w d h m s`, months and years by the calendar, in UTC. `roundUp` is for a range's
 * end: `now/d` then means the last millisecond of today. Undefined when `text` is not date math.
 */
export function parseDateMath(text: string, now: number, roundUp: boolean): number | undefined {
  if (!text.startsWith('now')) return undefined;
  const date = new Date(now);
  let rest = text.slice(3);
  while (rest.length > 0) {
    if (rest[0] === '/') {
      const unit = rest[1];
      if (!unit || !calendarUnits.has(unit)) return undefined;
      roundTo(date, unit as CalendarUnit, roundUp);
      rest = rest.slice(2);
      continue;
    }
    const match = /^([+-])(\d+)([yMwdhms])/.exec(rest);
    if (!match) return undefined;
    addUnits(date, (match[1] === '-' ? -1 : 1) * Number(match[2]), match[3] as CalendarUnit);
    rest = rest.slice(match[0].length);
  }
  return date.getTime();
}
