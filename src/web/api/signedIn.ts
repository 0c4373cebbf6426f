import { orgSchema } from '../../contract/org';
import { signedInUserSchema, userOrgListSchema } from '../../contract/users';
import { apiFetch } from './client';
import type { Session } from './session';

/** The account may sign in but has the role None: it may not read anything. */
export class RoleNoneError extends Error {}

/** A service account token for a server (`''`: this page's), or this origin's session cookie. */
export type Credentials = { kind: 'token'; serverUrl: string; token: string } | { kind: 'cookie' };

/**
 * The session `credentials` open, asked the way any Grafana-compatible client would: who am I
 * (`/api/user`, also the cookie's probe), my role in my org (`/api/user/orgs`), the org itself.
 * Rejects with the server's refusal, or RoleNoneError.
 */
export async function loadSession(credentials: Credentials): Promise<Session> {
  const using = credentials.kind === 'token' ? credentials : { serverUrl: '' };
  const user = await apiFetch('/api/user', { schema: signedInUserSchema, credentials: using });
  const orgs = await apiFetch('/api/user/orgs', { schema: userOrgListSchema, credentials: using });
  const membership = orgs.find((o) => o.orgId === user.orgId) ?? orgs[0];
  if (!membership || membership.role === 'None') {
    throw new RoleNoneError(
      credentials.kind === 'token'
        ? `The account ${user.login} has the role None here: it may not read anything. Ask an Admin for a Viewer token or better.`
        : `${user.login} has the role None here: it may not read anything. Ask an Admin for the Viewer role or better.`,
    );
  }
  const org = await apiFetch('/api/org', { schema: orgSchema, credentials: using });
  const signedIn = { orgId: org.id, orgName: org.name, role: membership.role, login: user.login };
  return credentials.kind === 'token'
    ? { kind: 'token', serverUrl: credentials.serverUrl, token: credentials.token, ...signedIn }
    : { kind: 'cookie', serverUrl: '', ...signedIn };
}

/** The session this origin's cookie still opens, or null (no cookie, expired, or role None). */
export function probeCookieSession(): Promise<Session | null> {
  return loadSession({ kind: 'cookie' }).catch(() => null);
}
