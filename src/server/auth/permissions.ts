import { orgRoles, type OrgRole } from '../../contract/common';
import { forbidden } from '../errors';
import type { Identity } from './identity';

/**
 * The one table from action to the lowest org role that may take it (Grafana's defaults, with
 * Grafana's action names). Every `/api` route names its action; docs/permissions.md renders this.
 */
export const permissions = {
  /** Who am I: any valid token may ask, whatever its role. */
  'users.self:read': 'None',
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
  'dashboards:read': 'Viewer',
  'dashboards:create': 'Viewer',
  'dashboards:write': 'Viewer',
  'dashboards:delete': 'Viewer',
  'folders:read': 'Viewer',
  'folders:create': 'Editor',
  'folders:write': 'Viewer',
  'folders:delete': 'Viewer',
  'folders.permissions:read': 'Viewer',
  'folders.permissions:write': 'Viewer',
  'annotations:read': 'Viewer',
  'annotations:create': 'Viewer',
  'annotations:write': 'Viewer',
  'annotations:delete': 'Viewer',
  'annotations.organization:write': 'Editor',
  'datasources:read': 'Viewer',
  'datasources:query': 'Viewer',
  'datasources:create': 'Admin',
  'datasources:write': 'Admin',
  'datasources:delete': 'Admin',
} as const satisfies Record<string, OrgRole>;

/**
 * Checks made inside a route beyond its role, by the folder a dashboard lives in (see
 * auth/access.ts). The role above is only the gate: e.g. a Viewer reaches the save route, and
 * saves only where a folder permission grants Edit.
 */
export const folderChecks: Partial<Record<Action, string>> = {
  'dashboards:read': 'View on the folder',
  'dashboards:create': 'Edit on the folder',
  'dashboards:write': 'Edit on the folder (the current and the target one)',
  'dashboards:delete': 'Edit on the folder',
  'folders:read': 'View on the folder',
  'folders:write': 'Edit on the folder',
  'folders:delete': 'Edit on the folder',
  'folders.permissions:read': 'Admin on the folder',
  'folders.permissions:write': 'Admin on the folder',
  'annotations:read': 'View on the dashboard\'s folder (organization annotations: any Viewer)',
  'annotations:create': 'View on the dashboard\'s folder; an organization annotation needs `annotations.organization:write` (Editor)',
  'annotations:write': 'as for create',
  'annotations:delete': 'as for create',
};

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
