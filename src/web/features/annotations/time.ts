/**
 * Grafana's time range notation: epoch milliseconds, or `now`, `now-6h`, `now-30m`, `now-7d`
 * (units s, m, h, d, w, M, y).
 */
const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
  M: 2_592_000_000,
  y: 31_536_000_000,
};

export function parseTime(text: string | null | undefined, now: number): number | undefined {
  if (!text) return undefined;
  const value = text.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const match = /^now(?:([+-])(\d+)([smhdwMy]))?$/.exec(value);
  if (!match) return undefined;
  if (!match[1]) return now;
  const offset = Number(match[2]) * UNIT_MS[match[3]!]!;
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
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min${seconds % 60 ? ` ${seconds % 60} s` : ''}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h${minutes % 60 ? ` ${minutes % 60} min` : ''}`;
  const days = Math.floor(hours / 24);
  return `${days} d${hours % 24 ? ` ${hours % 24} h` : ''}`;
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
