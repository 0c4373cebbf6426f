import { useCallback, useEffect, useMemo, useState } from 'react';
import { useEffectivePreferences } from '../../../api/preferences';
import { useUrlParams } from '../../../lib/useUrlParams';
import { DEFAULT_RANGE, isRelative, isValidTimeExpression, refreshMs, resolveRange } from './time';
import { asInspectTab, type InspectTab } from './PanelMenu';
import { panelIdParam } from './panelIdParam';
import { timePickerSettings, withNowDelay } from './timePickerSettings';
import type { RawTimeRange, ResolvedTimeRange } from './types';

/**
 * The range and time zone the URL gives, the dashboard's own as defaults (the share link reads
 * them too); `preferredZone` is the signed-in account's effective timezone preference.
 */
export function urlTimeState(
  model: Record<string, unknown>,
  params: URLSearchParams,
  preferredZone?: string,
): { raw: RawTimeRange; timeZone: string } {
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
  return { raw, timeZone: params.get('timezone') || savedTimeZone(model, preferredZone) };
}

/**
 * The dashboard's saved `timezone`. As Grafana's, an empty one is the account's effective
 * preference (its own, its teams', the org's), and the browser's where none is set.
 */
export function savedTimeZone(model: Record<string, unknown>, preferredZone?: string): string {
  if (typeof model.timezone === 'string' && model.timezone) return model.timezone;
  return preferredZone || 'browser';
}

/**
 * The dashboard's view state that a person would bookmark, kept in the URL as Grafana's:
 * `from`, `to`, `timezone`, `refresh`, `viewPanel`; the dashboard's own `time`, `refresh` and
 * `timezone` are the defaults. Picking a range or a panel pushes a history entry, so Back undoes it.
 */
export function useDashboardState(model: Record<string, unknown>) {
  const [params, setUrlParams] = useUrlParams();
  const preferences = useEffectivePreferences().data;
  const time = urlTimeState(model, params, preferences?.timezone);
  const { timeZone } = time;
  // The same object while the bounds are: the time controls are a memo.
  const raw: RawTimeRange = useMemo(() => ({ from: time.raw.from, to: time.raw.to }), [time.raw.from, time.raw.to]);
  const savedRefresh = typeof model.refresh === 'string' ? model.refresh : '';
  const refreshParam = params.get('refresh');
  // `refresh=off` in the URL overrides a dashboard that refreshes by default.
  const refresh = refreshParam === 'off' ? '' : (refreshParam ?? savedRefresh);
  const viewPanel = panelIdParam(params.get('viewPanel'));
  // Grafana's `inspect=<panel id>&inspectTab=<tab>`: the inspector opens from the URL, so Back closes it.
  const inspectPanel = panelIdParam(params.get('inspect'));
  const inspectTab = asInspectTab(params.get('inspectTab'));

  // Relative ranges are resolved again at every refresh (the clock moved); `tick` says when.
  const [tick, setTick] = useState(0);
  const relative = isRelative(raw);
  const intervalMs = relative ? refreshMs(refresh) : undefined;
  useEffect(() => {
    if (!intervalMs) return;
    const timer = setInterval(() => setTick((t) => t + 1), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  const { nowDelay } = timePickerSettings(model);
  const range: ResolvedTimeRange = useMemo(
    // Resolved at the moment its bounds change or the clock ticks: reading the clock is the point.
    // eslint-disable-next-line react-hooks/purity
    () => resolveRange(withNowDelay(raw, nowDelay), Date.now(), timeZone),
    // `tick` re-resolves a relative range at the same bounds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [raw.from, raw.to, timeZone, tick, nowDelay],
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
  const setInspect = useCallback(
    (panelId: number | undefined, tab?: InspectTab) =>
      setUrlParams(
        { inspect: panelId === undefined ? undefined : String(panelId), inspectTab: panelId === undefined ? undefined : tab },
        { replace: false },
      ),
    [setUrlParams],
  );
  // Switching tabs replaces the entry: Back closes the inspector rather than walking its tabs.
  const setInspectTab = useCallback((tab: InspectTab) => setUrlParams({ inspectTab: tab }, { replace: true }), [setUrlParams]);
  const savedZone = savedTimeZone(model, preferences?.timezone);
  const setTimeZone = useCallback(
    (next: string) => setUrlParams({ timezone: next === savedZone ? undefined : next }, { replace: false }),
    [setUrlParams, savedZone],
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
    inspectPanel,
    inspectTab,
    savedTimeZone: savedZone,
    /** The account's effective week start, for a dashboard whose own is empty. */
    preferredWeekStart: preferences?.weekStart,
    setRange,
    setInspect,
    setInspectTab,
    setTimeZone,
    setRefresh,
    setViewPanel,
    refreshNow,
  };
}

export type DashboardState = ReturnType<typeof useDashboardState>;

/** A panel's inspector as the URL has it (the open tab, when it is this panel's), and its setters. */
export function panelInspection(state: DashboardState, panelId: number | undefined) {
  return {
    inspectTab: state.inspectPanel !== undefined && state.inspectPanel === panelId ? state.inspectTab : undefined,
    onInspect: state.setInspect,
    onInspectTab: state.setInspectTab,
  };
}
