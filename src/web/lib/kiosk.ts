import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Grafana's kiosk mode lives in the URL: `?kiosk` with no value (also `kiosk=1`, `kiosk=true`, and
 * the older `kiosk=tv`) hides the navigation and the dashboard's header. `kiosk=0` and
 * `kiosk=false` read as off, so a link can turn it off explicitly.
 */
export const KIOSK_PARAM = 'kiosk';

export function isKiosk(params: URLSearchParams): boolean {
  const value = params.get(KIOSK_PARAM);
  if (value === null) return false;
  const normalized = value.trim().toLowerCase();
  return normalized !== '0' && normalized !== 'false';
}

/** The query with kiosk mode turned on (a bare `kiosk`, as Grafana writes it) or off. */
export function withKiosk(params: URLSearchParams, on: boolean): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(KIOSK_PARAM);
  if (on) next.set(KIOSK_PARAM, '');
  return next;
}

/** Kiosk mode from the page's URL, and a switch that keeps every other parameter. */
export function useKioskMode(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const kiosk = isKiosk(params);
  // A display mode, not a view of its own: switching it replaces the history entry.
  const setKiosk = useCallback((on: boolean) => setParams((current) => withKiosk(current, on), { replace: true }), [setParams]);
  return [kiosk, setKiosk];
}
