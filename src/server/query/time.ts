/**
 * Time bounds the way Grafana reads them: epoch milliseconds (number or digit string), ISO dates,
 * and date math relative to now (`now-6h`, `now/d`, `now-1d/d`). The duration and interval helpers
 * Grafana's query backends share (grafana-plugin-sdk-go `gtime`) are in src/contract/durations.ts.
 */
import { parseDateMath } from '../../contract/durations';
import { QueryError } from './errors';

export interface TimeRange {
  /** Epoch milliseconds. */
  from: number;
  to: number;
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
    const time = parseDateMath(text, now, roundUp);
    if (time === undefined) throw badBound(field, value);
    return time;
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

/** Aligns a time down to a multiple of `stepMs` (shifted by a UTC offset), as Grafana aligns Prometheus ranges. */
export function alignDown(ms: number, stepMs: number, utcOffsetSec = 0): number {
  const offset = utcOffsetSec * 1000;
  return Math.floor((ms + offset) / stepMs) * stepMs - offset;
}
