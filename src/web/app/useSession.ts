import { useSyncExternalStore } from 'react';
import { roleAtLeast, type OrgRole } from '../../contract/roles';
import { getLookup, getSession, subscribeSession, type Lookup, type Session } from '../api/session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** Whether this tab is still finding its session (asking the other tabs, then the cookie). */
export function useSessionLookup(): Lookup {
  return useSyncExternalStore(subscribeSession, getLookup, getLookup);
}

export { roleAtLeast };

/** Whether the connected account's role is `needed` or above. */
export function useHasRole(needed: OrgRole): boolean {
  return roleAtLeast(useSession()?.role, needed);
}
