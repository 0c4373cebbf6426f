import type { RawTimeRange } from './types';

/** Grafana keeps the last four absolute ranges picked, newest first, in the browser's storage. */
export const RECENT_RANGES_KEY = 'sightline.timepicker.history';
export const MAX_RECENT_RANGES = 4;

const isAbsolute = (range: RawTimeRange) => /^\d+$/.test(range.from) && /^\d+$/.test(range.to);

export function readRecentRanges(storage: Storage | undefined = globalThis.localStorage): RawTimeRange[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(RECENT_RANGES_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((r): r is RawTimeRange => typeof r?.from === 'string' && typeof r?.to === 'string' && isAbsolute(r))
      .slice(0, MAX_RECENT_RANGES);
  } catch {
    // Storage refused (private mode) or holds something else: no history rather than a broken picker.
    return [];
  }
}

/** Puts an absolute range first (once) and keeps four; relative ranges are quick ranges, not history. */
export function rememberRange(range: RawTimeRange, storage: Storage | undefined = globalThis.localStorage): RawTimeRange[] {
  const current = readRecentRanges(storage);
  if (!isAbsolute(range)) return current;
  const next = [{ from: range.from, to: range.to }, ...current.filter((r) => r.from !== range.from || r.to !== range.to)].slice(
    0,
    MAX_RECENT_RANGES,
  );
  try {
    storage?.setItem(RECENT_RANGES_KEY, JSON.stringify(next));
  } catch {
    // Full or refused: the range still applies, it is only not remembered.
  }
  return next;
}
