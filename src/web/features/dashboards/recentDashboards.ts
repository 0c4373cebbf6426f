import { getSession } from '../../api/session';

/**
 * Recently viewed dashboards, kept in this browser as Grafana keeps them: a list of uids, newest
 * first, in localStorage under `dashboard_impressions-<orgId>` (its impression store).
 */
const MAX_RECENT = 50;

function storageKey(): string {
  return `dashboard_impressions-${getSession()?.orgId ?? 1}`;
}

export function recentDashboardUids(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(storageKey()) ?? '[]');
    return Array.isArray(stored) ? stored.filter((uid): uid is string => typeof uid === 'string' && uid !== '') : [];
  } catch {
    return [];
  }
}

/** Puts a dashboard at the front of the list, once. */
export function recordDashboardView(uid: string): void {
  if (!uid) return;
  const next = [uid, ...recentDashboardUids().filter((one) => one !== uid)].slice(0, MAX_RECENT);
  try {
    localStorage.setItem(storageKey(), JSON.stringify(next));
  } catch {
    // A full or disabled storage only loses the history.
  }
}
