/**
 * A mute timing's time intervals as its form holds them (lists typed as comma-separated text, as
 * Grafana's form has them), checked field by field as Alertmanager would refuse them.
 */
import type { TimeInterval } from '../../../../contract/alertingNotify';

export interface TimeRangeDraft {
  start: string;
  end: string;
}

export interface IntervalDraft {
  times: TimeRangeDraft[];
  weekdays: string;
  daysOfMonth: string;
  months: string;
  years: string;
  location: string;
}

export type IntervalProblems = Partial<Record<'times' | 'weekdays' | 'daysOfMonth' | 'months' | 'years' | 'location', string>>;

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
export const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export const emptyInterval = (): IntervalDraft => ({ times: [], weekdays: '', daysOfMonth: '', months: '', years: '', location: '' });

const listText = (list: string[] | undefined) => (list ?? []).join(', ');
const listOf = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

export function draftFromInterval(interval: TimeInterval): IntervalDraft {
  return {
    times: (interval.times ?? []).map((time) => ({ start: time.start_time, end: time.end_time })),
    weekdays: listText(interval.weekdays),
    daysOfMonth: listText(interval.days_of_month),
    months: listText(interval.months),
    years: listText(interval.years),
    location: interval.location ?? '',
  };
}

/** The interval as the API takes it: fields left empty are left out (they match always). */
export function intervalFromDraft(draft: IntervalDraft): TimeInterval {
  const interval: TimeInterval = {};
  const times = draft.times.filter((time) => time.start || time.end);
  if (times.length > 0) interval.times = times.map((time) => ({ start_time: time.start, end_time: time.end }));
  const lower = (text: string) => listOf(text).map((entry) => entry.toLowerCase());
  if (listOf(draft.weekdays).length) interval.weekdays = lower(draft.weekdays);
  if (listOf(draft.daysOfMonth).length) interval.days_of_month = listOf(draft.daysOfMonth);
  if (listOf(draft.months).length) interval.months = lower(draft.months);
  if (listOf(draft.years).length) interval.years = listOf(draft.years);
  if (draft.location.trim()) interval.location = draft.location.trim();
  return interval;
}

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const minutes = (text: string) => Number(text.slice(0, 2)) * 60 + Number(text.slice(3));

/** Each entry a value or an `a:b` range whose ends `valid` accepts and, as numbers, go upwards. */
function rangeProblem(text: string, bound: (part: string) => number | undefined, explain: string): string | undefined {
  for (const entry of listOf(text)) {
    const parts = entry.split(':');
    if (parts.length > 2) return explain;
    const values = parts.map((part) => bound(part.trim().toLowerCase()));
    if (values.some((value) => value === undefined)) return explain;
    if (values.length === 2 && values[0]! > values[1]!) return `${entry}: a range goes from the earlier to the later`;
  }
  return undefined;
}

const integer = (text: string) => (/^-?\d+$/.test(text) ? Number(text) : undefined);
const named = (names: string[], offset: number) => (text: string) => {
  const index = names.indexOf(text);
  return index >= 0 ? index + offset : undefined;
};

export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Why each field of an interval cannot be saved; empty when it can. */
export function intervalProblems(draft: IntervalDraft): IntervalProblems {
  const problems: IntervalProblems = {};
  for (const time of draft.times) {
    if (!time.start && !time.end) continue;
    if (!TIME.test(time.start) || !TIME.test(time.end)) {
      problems.times = 'Times are hours and minutes such as 09:00, from 00:00 to 24:00';
      break;
    }
    if (minutes(time.start) >= minutes(time.end)) {
      problems.times = `Start time ${time.start} must be before end time ${time.end}`;
      break;
    }
  }
  const weekdays = rangeProblem(draft.weekdays, named(WEEKDAYS, 0), 'Weekdays such as monday, or ranges such as monday:friday');
  // Alertmanager counts from sunday, so saturday:sunday runs backwards.
  if (weekdays) problems.weekdays = weekdays.includes('earlier') ? `${weekdays}; a week starts on sunday` : weekdays;
  const days = rangeProblem(
    draft.daysOfMonth,
    (text) => {
      const value = integer(text);
      return value !== undefined && value !== 0 && Math.abs(value) <= 31 ? value : undefined;
    },
    'Days from 1 to 31, or -1 (the last day) to -31, and ranges such as 1:7',
  );
  if (days) problems.daysOfMonth = days;
  const months = rangeProblem(
    draft.months,
    (text) => {
      const value = integer(text) ?? named(MONTHS, 1)(text);
      return value !== undefined && value >= 1 && value <= 12 ? value : undefined;
    },
    'Months such as january or 1, and ranges such as march:may',
  );
  if (months) problems.months = months;
  const years = rangeProblem(
    draft.years,
    (text) => (/^\d{4}$/.test(text) ? Number(text) : undefined),
    'Years such as 2030, and ranges such as 2030:2032',
  );
  if (years) problems.years = years;
  if (draft.location.trim() && !isKnownTimeZone(draft.location.trim())) problems.location = 'A time zone such as Europe/Berlin';
  return problems;
}

/** One line that says when an interval applies, for the mute timings list. */
export function intervalSummary(interval: TimeInterval): string {
  const parts: string[] = [];
  if (interval.times?.length) parts.push(interval.times.map((time) => `${time.start_time}–${time.end_time}`).join(', '));
  if (interval.weekdays?.length) parts.push(interval.weekdays.join(', '));
  if (interval.days_of_month?.length) parts.push(`days ${interval.days_of_month.join(', ')}`);
  if (interval.months?.length) parts.push(interval.months.join(', '));
  if (interval.years?.length) parts.push(interval.years.join(', '));
  if (parts.length === 0) parts.push('always');
  if (interval.location) parts.push(`(${interval.location})`);
  return parts.join(' · ');
}
