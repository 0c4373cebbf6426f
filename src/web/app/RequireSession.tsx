import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from './paths';
import { useSession } from './useSession';

/** Sends a visitor without a session (or whose token was just refused) to /connect, then back. */
export function RequireSession({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (!session) return <Navigate to={paths.connect(`${location.pathname}${location.search}`)} replace />;
  return children;
}
