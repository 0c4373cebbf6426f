/**
 * Grafana's time range notation: epoch milliseconds, or `now`, `now-6h`, `now-30m`, `now-7d`
 * (units s, m, h, d, w, M, y).
 */
import { formatReadableDuration, INTERVAL_UNIT_MS, type IntervalUnit } from '../../../contract/durations';

// One offset of fixed length (a month is 30 days), not the calendar date math of a query's range.
export function parseTime(text: string | null | undefined, now: number): number | undefined {
  if (!text) return undefined;
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^now(?:([+-])(\d+)([smhdwMy]))?$/.exec(value);
  if (!match) return undefined;
  if (!match[1]) return now;
  const offset = Number(match[2]) * INTERVAL_UNIT_MS[match[3] as IntervalUnit];
  return match[1] === '-' ? now - offset : now + offset;
}

export interface TimeRange {
  from: number;
  to: number;
}

export const DEFAULT_FROM = 'now-24h';
export const DEFAULT_TO = 'now';

/** The range the URL names, or the last 24 hours; a range whose end is not after its start is refused. */
export function resolveRange(from: string | null, to: string | null, now: number): TimeRange & { valid: boolean } {
  const start = parseTime(from ?? DEFAULT_FROM, now);
  const end = parseTime(to ?? DEFAULT_TO, now);
  if (start === undefined || end === undefined || end <= start) {
    return { from: now - 86_400_000, to: now, valid: false };
  }
  return { from: start, to: end, valid: true };
}

export const QUICK_RANGES = [
  { label: 'Last 1 h', from: 'now-1h' },
  { label: 'Last 6 h', from: 'now-6h' },
  { label: 'Last 24 h', from: 'now-24h' },
  { label: 'Last 7 d', from: 'now-7d' },
  { label: 'Last 30 d', from: 'now-30d' },
] as const;

/** "1 h 30 min", "45 s", "2 d 3 h" */
export function formatDuration(ms: number): string {
  return formatReadableDuration(ms, { labels: { d: ' d', h: ' h', m: ' min', s: ' s' }, adjacentUnits: true });
}

export function formatTime(ms: number): string {
  return new Date(ms).toLocaleString(undefined, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** For `<input type="datetime-local">`, in the browser's time zone. */
export function toLocalInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function fromLocalInput(value: string): number | undefined {
  if (!value) return undefined;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}
