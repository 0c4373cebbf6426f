import { useMutation } from '@tanstack/react-query';
import { orgSchema } from '../../../contract/org';
import { signedInUserSchema, userOrgListSchema } from '../../../contract/users';
import { apiFetch } from '../../api/client';
import type { Session } from '../../api/session';

export class RoleNoneError extends Error {}

/**
 * Checks a token against a server the way any Grafana-compatible client would: who am I, my role
 * in my org, and the org itself. Resolves to the session to start.
 */
export async function checkConnection(serverUrl: string, token: string): Promise<Session> {
  const credentials = { serverUrl, token };
  const orgs = await apiFetch('/api/user/orgs', { schema: userOrgListSchema, credentials });
  const user = await apiFetch('/api/user', { schema: signedInUserSchema, credentials });
  const membership = orgs.find((o) => o.orgId === user.orgId) ?? orgs[0];
  if (!membership || membership.role === 'None') {
    throw new RoleNoneError(
      `The account ${user.login} has the role None here: it may not read anything. Ask an Admin for a Viewer token or better.`,
    );
  }
  const org = await apiFetch('/api/org', { schema: orgSchema, credentials });
  return { serverUrl, token, orgId: org.id, orgName: org.name, role: membership.role, login: user.login };
}

export function useCheckConnection() {
  return useMutation({ mutationFn: ({ serverUrl, token }: { serverUrl: string; token: string }) => checkConnection(serverUrl, token) });
}
