/**
 * Mute and active time intervals as Alertmanager evaluates them: an instant is inside an interval
 * when every field given matches (times: start inclusive, end exclusive, in minutes of the day;
 * weekdays, days of the month (negative counts from the end), months and years as lists of
 * single values or `a:b` ranges), in the interval's `location` (UTC by default).
 */
import type { TimeInterval } from '../../../contract/alertingNotify';

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

interface Instant {
  year: number;
  month: number; // 1–12
  day: number;
  weekday: number; // 0 = Sunday
  minute: number; // minute of the day
  daysInMonth: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(location: string): Intl.DateTimeFormat {
  let formatter = formatters.get(location);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: location,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(location, formatter);
  }
  return formatter;
}

/** Whether `location` is a time zone this runtime knows (`Local` reads as the server's own). */
export function isKnownLocation(location: string): boolean {
  if (location === '' || location === 'Local' || location === 'UTC') return true;
  try {
    formatterFor(location);
    return true;
  } catch {
    return false;
  }
}

function instantIn(epochMs: number, location: string | undefined): Instant {
  const zone = !location || location === 'UTC' ? 'UTC' : location === 'Local' ? Intl.DateTimeFormat().resolvedOptions().timeZone : location;
  const parts = Object.fromEntries(
    formatterFor(zone)
      .formatToParts(new Date(epochMs))
      .map((part) => [part.type, part.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  return {
    year,
    month,
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(String(parts.weekday).toLowerCase()),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}

function minuteOf(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return hours! * 60 + minutes!;
}

/** A range bound: a number, or a name from `names` (1-based). */
function boundOf(text: string, names?: string[]): number {
  const lower = text.trim().toLowerCase();
  const named = names?.indexOf(lower) ?? -1;
  if (named >= 0) return names === WEEKDAYS ? named : named + 1;
  const value = Number(lower);
  if (!Number.isInteger(value))
    throw new Error(`"${text}" is not ${names ? `a ${names === WEEKDAYS ? 'weekday' : 'month'} or ` : ''}a number`);
  return value;
}

function ranges(list: string[], names?: string[]): Array<[number, number]> {
  return list.map((entry) => {
    const [from, to] = entry.split(':');
    const start = boundOf(from!, names);
    return [start, to === undefined ? start : boundOf(to, names)];
  });
}

/** Why an interval cannot be used (a bad range or time zone), else undefined. */
export function intervalProblem(interval: TimeInterval): string | undefined {
  try {
    for (const time of interval.times ?? []) {
      if (minuteOf(time.start_time) >= minuteOf(time.end_time))
        return `start_time ${time.start_time} must be before end_time ${time.end_time}`;
      if (minuteOf(time.end_time) > 1440) return `end_time ${time.end_time} is past 24:00`;
    }
    ranges(interval.weekdays ?? [], WEEKDAYS);
    for (const [start, end] of ranges(interval.days_of_month ?? [])) {
      if (start === 0 || end === 0 || Math.abs(start) > 31 || Math.abs(end) > 31)
        return `days_of_month must be 1–31 or -31–-1, got ${start}:${end}`;
    }
    ranges(interval.months ?? [], MONTHS);
    ranges(interval.years ?? []);
  } catch (error) {
    return (error as Error).message;
  }
  if (interval.location && !isKnownLocation(interval.location))
    return `unknown location "${interval.location}": use a time zone such as Europe/Berlin`;
  return undefined;
}

/** Whether `epochMs` falls inside the interval. */
export function inInterval(interval: TimeInterval, epochMs: number): boolean {
  const at = instantIn(epochMs, interval.location);
  if (interval.times?.length && !interval.times.some((t) => at.minute >= minuteOf(t.start_time) && at.minute < minuteOf(t.end_time)))
    return false;
  if (interval.weekdays?.length && !ranges(interval.weekdays, WEEKDAYS).some(([a, b]) => at.weekday >= a && at.weekday <= b)) return false;
  if (interval.days_of_month?.length) {
    const resolve = (day: number) => (day < 0 ? at.daysInMonth + day + 1 : day);
    if (!ranges(interval.days_of_month).some(([a, b]) => at.day >= resolve(a) && at.day <= resolve(b))) return false;
  }
  if (interval.months?.length && !ranges(interval.months, MONTHS).some(([a, b]) => at.month >= a && at.month <= b)) return false;
  if (interval.years?.length && !ranges(interval.years).some(([a, b]) => at.year >= a && at.year <= b)) return false;
  return true;
}

/** Whether any of the intervals contains `epochMs`. */
export function inAnyInterval(intervals: readonly TimeInterval[], epochMs: number): boolean {
  return intervals.some((interval) => inInterval(interval, epochMs));
}
