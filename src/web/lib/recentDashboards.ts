import { useEffect, useSyncExternalStore } from 'react';
import { useSession } from '../app/useSession';

/**
 * The dashboards a person opened last, newest first: Grafana's "impressions", kept in this
 * browser's localStorage per server, org and person (two people sharing a browser, or one person in
 * two orgs, each see their own). Only uids are kept; titles come from a search, so a renamed or
 * deleted dashboard is shown as it is now, or not at all. The dashboards page and the dashboard
 * list panel read it through `useRecentDashboards`.
 */
export const MAX_RECENT_DASHBOARDS = 20;
const PREFIX = 'sightline.recentDashboards:';
const CHANGED = 'sightline:recent-dashboards';

function storageKey(session: { serverUrl: string; orgId: number; login: string }): string {
  return `${PREFIX}${session.serverUrl || 'here'}|${session.orgId}|${session.login}`;
}

export function readRecentDashboards(key: string): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((uid): uid is string => typeof uid === 'string').slice(0, MAX_RECENT_DASHBOARDS) : [];
  } catch {
    return [];
  }
}

/** Puts `uid` first, once. Storage that refuses the write (private mode, full) only loses the history. */
export function addRecentDashboard(key: string, uid: string): void {
  const next = [uid, ...readRecentDashboards(key).filter((u) => u !== uid)].slice(0, MAX_RECENT_DASHBOARDS);
  try {
    localStorage.setItem(key, JSON.stringify(next));
  } catch {
    return;
  }
  window.dispatchEvent(new Event(CHANGED));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  // Another tab's visit.
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener('storage', onChange);
  };
}

const EMPTY: string[] = [];
// useSyncExternalStore wants the same array while nothing changed.
let cached: { key: string; text: string | null; uids: string[] } | undefined;
function snapshot(key: string | undefined): string[] {
  if (!key) return EMPTY;
  const text = localStorage.getItem(key);
  if (!cached || cached.key !== key || cached.text !== text) cached = { key, text, uids: readRecentDashboards(key) };
  return cached.uids;
}

/** The signed-in person's recently viewed dashboard uids, newest first; follows visits in any tab. */
export function useRecentDashboards(): string[] {
  const session = useSession();
  const key = session ? storageKey(session) : undefined;
  return useSyncExternalStore(subscribe, () => snapshot(key));
}

/** Counts a visit of the dashboard `uid` (once it is known to exist) for the signed-in person. */
export function useRememberDashboardVisit(uid: string | undefined): void {
  const session = useSession();
  const key = session ? storageKey(session) : undefined;
  useEffect(() => {
    if (key && uid) addRecentDashboard(key, uid);
  }, [key, uid]);
}
