import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { findSession, type Session } from '../api/session';
import { AppLoading } from './AppLoading';
import { paths } from './paths';
import { useSession, useSessionLookup } from './useSession';

// Loaded only when a tab has no session of its own and no open tab shares one: it needs zod.
const probeCookieSession = (): Promise<Session | null> => import('../api/signedIn').then((m) => m.probeCookieSession());

/**
 * A tab without a session first asks the other open tabs and then the session cookie (a loader
 * meanwhile); a visitor still without one (or whose credential was just refused) goes to /login,
 * then back.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const lookup = useSessionLookup();
  const location = useLocation();
  useEffect(() => {
    if (!session) findSession(probeCookieSession);
  }, [session]);
  if (session) return children;
  if (lookup === 'done') return <Navigate to={paths.login(`${location.pathname}${location.search}`)} replace />;
  return <AppLoading label="Checking your sign-in…" />;
}
