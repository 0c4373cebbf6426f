import { useCallback, useEffect, useMemo, useState } from 'react';
import { useUrlParams } from '../../../lib/useUrlParams';
import { DEFAULT_RANGE, isRelative, isValidTimeExpression, refreshMs, resolveRange } from './time';
import type { RawTimeRange, ResolvedTimeRange } from './types';

/**
 * The dashboard's view state that a person would bookmark, kept in the URL as Grafana's:
 * `from`, `to`, `timezone`, `refresh`, `viewPanel`; the dashboard's own `time`, `refresh` and
 * `timezone` are the defaults. Picking a range or a panel pushes a history entry, so Back undoes it.
 */
export function useDashboardState(model: Record<string, unknown>) {
  const [params, setUrlParams] = useUrlParams();
  const saved = (model.time ?? {}) as { from?: unknown; to?: unknown };
  const savedRange: RawTimeRange = {
    from: typeof saved.from === 'string' && isValidTimeExpression(saved.from) ? saved.from : DEFAULT_RANGE.from,
    to: typeof saved.to === 'string' && isValidTimeExpression(saved.to) ? saved.to : DEFAULT_RANGE.to,
  };
  const fromParam = params.get('from');
  const toParam = params.get('to');
  const raw: RawTimeRange = {
    from: fromParam && isValidTimeExpression(fromParam) ? fromParam : savedRange.from,
    to: toParam && isValidTimeExpression(toParam) ? toParam : savedRange.to,
  };
  const savedZone = typeof model.timezone === 'string' && model.timezone ? model.timezone : 'browser';
  const timeZone = params.get('timezone') || savedZone;
  const savedRefresh = typeof model.refresh === 'string' ? model.refresh : '';
  const refreshParam = params.get('refresh');
  // `refresh=off` in the URL overrides a dashboard that refreshes by default.
  const refresh = refreshParam === 'off' ? '' : (refreshParam ?? savedRefresh);
  const viewPanelParam = params.get('viewPanel');
  const viewPanel = viewPanelParam && /^\d+$/.test(viewPanelParam) ? Number(viewPanelParam) : undefined;

  // Relative ranges are resolved again at every refresh (the clock moved); `tick` says when.
  const [tick, setTick] = useState(0);
  const relative = isRelative(raw);
  const intervalMs = relative ? refreshMs(refresh) : undefined;
  useEffect(() => {
    if (!intervalMs) return;
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const range: ResolvedTimeRange = useMemo(
    // Resolved at the moment its bounds change or the clock ticks: reading the clock is the point.
    // eslint-disable-next-line react-hooks/purity
    () => resolveRange(raw, Date.now(), timeZone),
    // `tick` re-resolves a relative range at the same bounds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [raw.from, raw.to, timeZone, tick],
  );

  const setRange = useCallback((next: RawTimeRange) => setUrlParams({ from: next.from, to: next.to }, { replace: false }), [setUrlParams]);
  const setRefresh = useCallback(
    (next: string) => setUrlParams({ refresh: next === '' ? (savedRefresh ? 'off' : undefined) : next }, { replace: true }),
    [setUrlParams, savedRefresh],
  );
  const setViewPanel = useCallback(
    (panelId: number | undefined) => setUrlParams({ viewPanel: panelId === undefined ? undefined : String(panelId) }, { replace: false }),
    [setUrlParams],
  );
  const refreshNow = useCallback(() => setTick((t) => t + 1), [setTick]);

  return {
    params,
    setUrlParams,
    raw,
    range,
    /** Changes whenever the range is resolved again (new bounds or a refresh). */
    rangeKey: `${range.from}-${range.to}`,
    timeZone,
    refresh,
    /** Auto-refresh period in ms, only for ranges that move with the clock. */
    refreshIntervalMs: intervalMs,
    viewPanel,
    setRange,
    setRefresh,
    setViewPanel,
    refreshNow,
  };
}

export type DashboardState = ReturnType<typeof useDashboardState>;
