import { orgRoles, type OrgRole } from '../../contract/common';
import { forbidden } from '../errors';
import type { Identity } from './identity';

/**
 * The one table from action to the lowest org role that may take it (Grafana's defaults, with
 * Grafana's action names). Every `/api` route names its action; docs/permissions.md renders this.
 */
export const permissions = {
  'orgs:read': 'Viewer',
  'orgs:write': 'Admin',
  'org.users:read': 'Admin',
  'org.users:add': 'Admin',
  'org.users:write': 'Admin',
  'org.users:remove': 'Admin',
  'users:create': 'Admin',
  'serviceaccounts:read': 'Admin',
  'serviceaccounts:create': 'Admin',
  'serviceaccounts:write': 'Admin',
  'serviceaccounts:delete': 'Admin',
} as const satisfies Record<string, OrgRole>;

export type Action = keyof typeof permissions;

export function roleRank(role: OrgRole): number {
  return orgRoles.indexOf(role);
}

export function roleAtLeast(role: OrgRole, needed: OrgRole): boolean {
  return roleRank(role) >= roleRank(needed);
}

export function can(identity: Identity, action: Action): boolean {
  return roleAtLeast(identity.role, permissions[action]);
}

/** Throws Grafana's 403, naming the action, unless the caller's role allows it. */
export function authorize(identity: Identity, action: Action): void {
  if (!can(identity, action)) throw forbidden(action);
}
