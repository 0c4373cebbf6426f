import { dateParts } from '../../../panels/valueFormats';

/**
 * Wall-clock time in a dashboard's time zone (`browser`, `utc` or an IANA name such as
 * `Europe/Berlin`): what the time picker shows and reads, and the calendar's days.
 */

export interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(ms: number, timeZone: string): WallClock {
  const p = dateParts(ms, timeZone);
  return { year: +p.YYYY, month: +p.MM, day: +p.DD, hour: +p.HH, minute: +p.mm, second: +p.ss };
}

function asUtc(c: WallClock): number {
  return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
}

/** The instant the wall clock of the zone shows `c`; in a daylight-saving gap, the instant an hour on. */
export function fromWallClock(c: WallClock, timeZone: string): number {
  if (timeZone === 'utc') return asUtc(c);
  if (!timeZone || timeZone === 'browser') return new Date(c.year, c.month - 1, c.day, c.hour, c.minute, c.second).getTime();
  // The zone's offset at a first guess, then again at the answer, which a DST change may move.
  const guess = asUtc(c);
  const offsetAt = (ms: number) => asUtc(wallClock(ms, timeZone)) - ms;
  const first = guess - offsetAt(guess);
  return guess - offsetAt(first);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** `2026-11-23 10:05:00` as the zone's clock shows it: the picker's format. */
export function formatZoned(ms: number, timeZone: string): string {
  const c = wallClock(ms, timeZone);
  return `${c.year}-${pad(c.month)}-${pad(c.day)} ${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
}

const TYPED = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** A date typed as the picker shows them (`2026-11-23`, `2026-11-23 10:00[:00]`), read in the zone. */
export function parseZoned(text: string, timeZone: string): number | undefined {
  const match = TYPED.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  const c = { year: year!, month: month!, day: day!, hour: hour!, minute: minute!, second: second! };
  if (c.month < 1 || c.month > 12 || c.day < 1 || c.day > 31 || c.hour > 23 || c.minute > 59 || c.second > 59) return undefined;
  // 2026-02-31 is no day: the date must come back as typed.
  const check = new Date(Date.UTC(c.year, c.month - 1, c.day));
  if (check.getUTCDate() !== c.day) return undefined;
  return fromWallClock(c, timeZone);
}

/** The browser's own zone name, for "Browser time (Europe/Berlin)". */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'local';
}

/** How the picker names a zone: `Browser time`, `UTC`, or the IANA name. */
export function timeZoneName(timeZone: string): string {
  if (!timeZone || timeZone === 'browser') return 'Browser time';
  if (timeZone === 'utc') return 'UTC';
  return timeZone;
}

/** `YYYY-MM-DD` of a calendar day, the calendar's key for it. */
export function dayKey(year: number, month: number, day: number): string {
  return `${year}-${pad(month)}-${pad(day)}`;
}
