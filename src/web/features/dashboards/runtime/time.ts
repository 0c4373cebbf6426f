import type { RawTimeRange, ResolvedTimeRange } from './types';

/**
 * Grafana's time expressions: epoch milliseconds, ISO dates, and relative times such as `now`,
 * `now-6h`, `now/d` (start of today; end of today as a `to`), `now-1d/d`, with units s m h d w M y.
 */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const RELATIVE = /^now(?<steps>(?:[+-]\d+(?:ms|[smhdwMy]))*)(?:\/(?<round>[smhdwMy]))?$/;
const STEP = /([+-])(\d+)(ms|[smhdwMy])/g;

export const DEFAULT_RANGE: RawTimeRange = { from: 'now-6h', to: 'now' };

/** True when `text` is a time Grafana would accept in `from`/`to`. */
export function isValidTimeExpression(text: string): boolean {
  return parseTime(text, false, Date.now()) !== undefined;
}

/**
 * The instant `text` means at `now`, in epoch ms; `undefined` when it means nothing. `roundUp`
 * is true for the end of a range: `now/d` then means the end of today, as in Grafana.
 */
export function parseTime(text: string, roundUp: boolean, now: number, timeZone = 'browser'): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const match = RELATIVE.exec(value);
  if (!match) {
    // Absolute dates as typed in the picker (`2026-11-23 10:00:00`) or ISO strings.
    const iso = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/.test(value) ? value.replace(' ', 'T') : value;
    const utc = timeZone === 'utc' && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(iso) ? `${iso.length === 10 ? `${iso}T00:00:00` : iso}Z` : iso;
    const parsed = /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(utc) : NaN;
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  const utc = timeZone === 'utc';
  let date = new Date(now);
  for (const [, sign, amount, unit] of match.groups?.steps?.matchAll(STEP) ?? []) {
    date = addUnits(date, (sign === '-' ? -1 : 1) * Number(amount), unit!, utc);
  }
  const round = match.groups?.round;
  if (round) date = roundTo(date, round, roundUp, utc);
  return date.getTime();
}

function addUnits(date: Date, amount: number, unit: string, utc: boolean): Date {
  const next = new Date(date.getTime());
  if (unit === 'M') {
    if (utc) next.setUTCMonth(next.getUTCMonth() + amount);
    else next.setMonth(next.getMonth() + amount);
    return next;
  }
  if (unit === 'y') {
    if (utc) next.setUTCFullYear(next.getUTCFullYear() + amount);
    else next.setFullYear(next.getFullYear() + amount);
    return next;
  }
  if (unit === 'd' || unit === 'w') {
    // Calendar days, so that a daylight-saving change does not move `now-1d/d` by an hour.
    const days = amount * (unit === 'w' ? 7 : 1);
    if (utc) next.setUTCDate(next.getUTCDate() + days);
    else next.setDate(next.getDate() + days);
    return next;
  }
  return new Date(date.getTime() + amount * UNIT_MS[unit]!);
}

function roundTo(date: Date, unit: string, roundUp: boolean, utc: boolean): Date {
  const d = new Date(date.getTime());
  const get = {
    year: () => (utc ? d.getUTCFullYear() : d.getFullYear()),
    month: () => (utc ? d.getUTCMonth() : d.getMonth()),
    date: () => (utc ? d.getUTCDate() : d.getDate()),
    day: () => (utc ? d.getUTCDay() : d.getDay()),
  };
  const make = (y: number, mo: number, day: number, h = 0, mi = 0, s = 0) =>
    utc ? new Date(Date.UTC(y, mo, day, h, mi, s)) : new Date(y, mo, day, h, mi, s);
  const h = utc ? d.getUTCHours() : d.getHours();
  const mi = utc ? d.getUTCMinutes() : d.getMinutes();
  const s = utc ? d.getUTCSeconds() : d.getSeconds();
  let start: Date;
  let next: Date;
  switch (unit) {
    case 'y':
      start = make(get.year(), 0, 1);
      next = make(get.year() + 1, 0, 1);
      break;
    case 'M':
      start = make(get.year(), get.month(), 1);
      next = make(get.year(), get.month() + 1, 1);
      break;
    case 'w': {
      // Weeks start on Monday, as Grafana's default.
      const back = (get.day() + 6) % 7;
      start = make(get.year(), get.month(), get.date() - back);
      next = make(get.year(), get.month(), get.date() - back + 7);
      break;
    }
    case 'd':
      start = make(get.year(), get.month(), get.date());
      next = make(get.year(), get.month(), get.date() + 1);
      break;
    case 'h':
      start = make(get.year(), get.month(), get.date(), h);
      next = new Date(start.getTime() + 3_600_000);
      break;
    case 'm':
      start = make(get.year(), get.month(), get.date(), h, mi);
      next = new Date(start.getTime() + 60_000);
      break;
    default:
      start = make(get.year(), get.month(), get.date(), h, mi, s);
      next = new Date(start.getTime() + 1000);
  }
  return roundUp ? new Date(next.getTime() - 1) : start;
}

/** Resolves a raw range at `now`; an unreadable or inverted range falls back to the last 6 hours. */
export function resolveRange(raw: RawTimeRange, now: number, timeZone?: string): ResolvedTimeRange {
  const from = parseTime(raw.from, false, now, timeZone);
  const to = parseTime(raw.to, true, now, timeZone);
  if (from === undefined || to === undefined || from >= to) return { from: now - 6 * 3_600_000, to: now };
  return { from, to };
}

/** A relative range (`now-…`) moves with the clock; refresh and "now" only mean something for those. */
export function isRelative(raw: RawTimeRange): boolean {
  return raw.from.startsWith('now') || raw.to.startsWith('now');
}

export interface QuickRange extends RawTimeRange {
  display: string;
}

/** Grafana's quick ranges, in its order and words. */
export const QUICK_RANGES: QuickRange[] = [
  { from: 'now-5m', to: 'now', display: 'Last 5 minutes' },
  { from: 'now-15m', to: 'now', display: 'Last 15 minutes' },
  { from: 'now-30m', to: 'now', display: 'Last 30 minutes' },
  { from: 'now-1h', to: 'now', display: 'Last 1 hour' },
  { from: 'now-3h', to: 'now', display: 'Last 3 hours' },
  { from: 'now-6h', to: 'now', display: 'Last 6 hours' },
  { from: 'now-12h', to: 'now', display: 'Last 12 hours' },
  { from: 'now-24h', to: 'now', display: 'Last 24 hours' },
  { from: 'now-2d', to: 'now', display: 'Last 2 days' },
  { from: 'now-7d', to: 'now', display: 'Last 7 days' },
  { from: 'now-30d', to: 'now', display: 'Last 30 days' },
  { from: 'now-90d', to: 'now', display: 'Last 90 days' },
  { from: 'now/d', to: 'now/d', display: 'Today' },
  { from: 'now-1d/d', to: 'now-1d/d', display: 'Yesterday' },
  { from: 'now/d', to: 'now', display: 'Today so far' },
  { from: 'now/w', to: 'now/w', display: 'This week' },
  { from: 'now/w', to: 'now', display: 'This week so far' },
  { from: 'now-1w/w', to: 'now-1w/w', display: 'Previous week' },
  { from: 'now/M', to: 'now/M', display: 'This month' },
  { from: 'now-1M/M', to: 'now-1M/M', display: 'Previous month' },
  { from: 'now/y', to: 'now/y', display: 'This year' },
];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `2026-11-23 10:05:00` in the dashboard's time zone: the format the absolute fields take. */
export function formatDateTime(ms: number, timeZone = 'browser'): string {
  const d = new Date(ms);
  if (timeZone === 'utc') {
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  }
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** What the time range control shows: the quick range's name, or the bounds as typed/resolved. */
export function describeRange(raw: RawTimeRange, timeZone?: string): string {
  const quick = QUICK_RANGES.find((q) => q.from === raw.from && q.to === raw.to);
  if (quick) return quick.display;
  const side = (text: string) => (/^\d+$/.test(text) ? formatDateTime(Number(text), timeZone) : text);
  return `${side(raw.from)} to ${side(raw.to)}`;
}

/** The range twice as long around the same centre (Grafana's zoom out: ×2). */
export function zoomOut(range: ResolvedTimeRange, now: number): RawTimeRange {
  const span = range.to - range.from;
  const from = Math.round(range.from - span / 2);
  const to = Math.min(now, Math.round(range.to + span / 2));
  return absolute({ from, to: to > from ? to : range.to + span / 2 });
}

/** Shifts the range by half its length, back (-1) or forward (+1); never past now. */
export function shiftRange(range: ResolvedTimeRange, direction: -1 | 1, now: number): RawTimeRange {
  const span = range.to - range.from;
  let from = range.from + (direction * span) / 2;
  let to = range.to + (direction * span) / 2;
  if (to > now) {
    to = now;
    from = now - span;
  }
  return absolute({ from, to });
}

export function absolute(range: ResolvedTimeRange): RawTimeRange {
  return { from: String(Math.round(range.from)), to: String(Math.round(range.to)) };
}

/** Grafana's auto-refresh choices; `''` is Off. */
export const REFRESH_INTERVALS = ['', '5s', '10s', '30s', '1m', '5m', '15m', '30m', '1h', '2h', '1d'] as const;

/** `30s` → 30000; undefined for Off or anything unreadable. */
export function refreshMs(text: string | null | undefined): number | undefined {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text ?? '');
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return ms > 0 ? ms : undefined;
}
