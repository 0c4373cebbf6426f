import { useCallback, useEffect, useState } from 'react';
import { useUrlParams } from '../../lib/useUrlParams';
import { resolveRange, type TimeRange } from './time';
import type { LaneMode } from './timelineModel';

/** The clock, read in event handlers and timers only. */
export const currentTime = () => Date.now();

export const REFRESH = [
  { value: 'off', label: 'Off', ms: false as const },
  { value: '10s', label: '10 s', ms: 10_000 },
  { value: '30s', label: '30 s', ms: 30_000 },
  { value: '1m', label: '1 min', ms: 60_000 },
];

/**
 * Everything the annotations page shows is in its URL (range, filters, lanes, refresh), so a view can
 * be bookmarked; "now" moves when a range is chosen and on each refresh of a relative range.
 */
export function useAnnotationsUrl() {
  const [params, setUrlParams] = useUrlParams();
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const panelParam = params.get('panelId');
  const refresh = REFRESH.find((r) => r.value === params.get('refresh')) ?? REFRESH[0]!;

  const [now, setNow] = useState(() => Date.now());
  const relative = !fromParam || fromParam.startsWith('now') || !toParam || toParam.startsWith('now');
  useEffect(() => {
    if (!refresh.ms || !relative) return;
    const timer = setInterval(() => setNow(currentTime()), refresh.ms);
    return () => clearInterval(timer);
  }, [refresh.ms, relative]);

  /** Ranges and filters go into the history (Back undoes a zoom); typing replaces its entry. */
  const update = useCallback(
    (changes: Record<string, string | string[] | undefined>, replace = false) => setUrlParams(changes, { replace }),
    [setUrlParams],
  );
  const setRange = useCallback(
    (next: TimeRange) => update({ from: String(Math.round(next.from)), to: String(Math.round(next.to)) }),
    [update],
  );
  /** A quick range (`now-6h`): "now" is read again so the range ends at this moment. */
  const setRelativeRange = (from: string) => {
    setNow(currentTime());
    update({ from, to: 'now' });
  };

  return {
    fromParam,
    toParam,
    range: resolveRange(fromParam, toParam, now),
    tags: params.getAll('tags'),
    matchAny: params.get('match') === 'any',
    dashboardUID: params.get('dashboardUID') ?? undefined,
    panelId: panelParam && /^\d+$/.test(panelParam) ? Number(panelParam) : undefined,
    text: params.get('q') ?? '',
    laneMode: (params.get('lanes') === 'tag' ? 'tag' : 'dashboard') as LaneMode,
    refresh,
    update,
    setRange,
    setRelativeRange,
  };
}
