import { useSyncExternalStore } from 'react';
import { roleAtLeast, type OrgRole } from '../../contract/roles';
import { getSession, subscribeSession, type Session } from '../api/session';

export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export { roleAtLeast };

/** Whether the connected account's role is `needed` or above. */
export function useHasRole(needed: OrgRole): boolean {
  return roleAtLeast(useSession()?.role, needed);
}
