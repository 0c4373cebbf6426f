import { roleAtLeast, roleRank, type OrgRole } from '../../contract/common';
import { forbidden } from '../errors';
import type { Identity } from './identity';

/**
 * The one table from action to the lowest org role that may take it (Grafana's defaults, with
 * Grafana's action names). Every `/api` route names its action; docs/permissions.md renders this.
 */
export const permissions = {
  /** Who am I: any valid token may ask, whatever its role. */
  'users.self:read': 'None',
  /** Changes one's own password (whoever signed in with one may) or preferences. */
  'users.self:write': 'None',
  'orgs:read': 'Viewer',
  'orgs:write': 'Admin',
  /** The org's preferences: Grafana grants reading and writing them with the org writer role, to Admins. */
  'orgs.preferences:read': 'Admin',
  'orgs.preferences:write': 'Admin',
  'org.users:read': 'Admin',
  'org.users:add': 'Admin',
  'org.users:write': 'Admin',
  'org.users:remove': 'Admin',
  'users:create': 'Admin',
  /** Sets another person's password (`PUT /api/admin/users/{id}/password`); ends their sessions. */
  'users.password:write': 'Admin',
  /** Disables/enables a person; disabling ends their sessions at once. */
  'users:disable': 'Admin',
  'users:delete': 'Admin',
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
  /** Deletes many annotations at once: Org Admins, as in Grafana. */
  'annotations.mass:delete': 'Admin',
  'dashboards.permissions:read': 'Viewer',
  'dashboards.permissions:write': 'Viewer',
  /** Team names are shown wherever permissions are edited (a folder Admin may be a Viewer). */
  'teams:read': 'Viewer',
  'teams:create': 'Admin',
  'teams:write': 'Admin',
  'teams:delete': 'Admin',
  'teams.permissions:read': 'Admin',
  'teams.permissions:write': 'Admin',
  /** Stars belong to the caller's own account; the dashboard must be viewable. */
  'users.self.stars:write': 'Viewer',
  /** Reads the provisioning files again (`POST /api/admin/provisioning/{dashboards,datasources}/reload`). */
  'provisioning:reload': 'Admin',
  /** Legacy API keys: there are none (service account tokens replace them), listing says so. */
  'apikeys:read': 'Admin',
  /** Alert rules: read in folders the caller can view, written in folders they can edit (Grafana's folder-scoped actions). */
  'alert.rules:read': 'Viewer',
  'alert.rules:write': 'Viewer',
  // Grafana features Sightline does not have: reads answer "none", writes 501 naming the feature.
  'alert.provisioning:read': 'Admin',
  'alert.provisioning:write': 'Admin',
  'alert.notifications:read': 'Editor',
  'alert.notifications:write': 'Editor',
  // Alerting's notifications (issue 30), with Grafana's action names: Viewers read, Admins manage
  // contact points, policies, mute timings and templates; Editors may silence.
  'alert.notifications.receivers:read': 'Viewer',
  'alert.notifications.receivers:write': 'Admin',
  /** Sends a test notification through given integrations (`receivers/test`). */
  'alert.notifications.receivers:test': 'Admin',
  'alert.notifications.routes:read': 'Viewer',
  'alert.notifications.routes:write': 'Admin',
  'alert.notifications.time-intervals:read': 'Viewer',
  'alert.notifications.time-intervals:write': 'Admin',
  'alert.notifications.templates:read': 'Viewer',
  'alert.notifications.templates:write': 'Admin',
  /** The embedded Alertmanager's alerts, groups and status. */
  'alert.instances:read': 'Viewer',
  'alert.silences:read': 'Viewer',
  'alert.silences:create': 'Editor',
  'alert.silences:write': 'Editor',
  'snapshots:read': 'Viewer',
  'snapshots:create': 'Viewer',
  /** Library panels (Grafana's folder-scoped actions): the role is the gate, the element's folder decides. */
  'library.panels:read': 'Viewer',
  'library.panels:create': 'Viewer',
  'library.panels:write': 'Viewer',
  'library.panels:delete': 'Viewer',
  'playlists:read': 'Viewer',
  'playlists:write': 'Editor',
} as const satisfies Record<string, OrgRole>;

/**
 * Checks made inside a route beyond its role, by the folder a dashboard lives in (see
 * auth/access.ts). The role above is only the gate: e.g. a Viewer reaches the save route, and
 * saves only where a folder permission grants Edit.
 */
export const folderChecks: Partial<Record<Action, string>> = {
  'dashboards:read': "View on the dashboard (its folder's level, raised by its own grants)",
  'dashboards:create': 'Edit on the folder',
  'dashboards:write': 'Edit on the dashboard and on the target folder when it moves',
  'dashboards:delete': 'Edit on the dashboard',
  'folders:read': 'View on the folder',
  'folders:write': 'Edit on the folder',
  'folders:delete': 'Edit on the folder',
  'folders.permissions:read': 'Admin on the folder',
  'folders.permissions:write': 'Admin on the folder',
  'annotations:read': "View on the dashboard's folder (organization annotations: any Viewer)",
  'annotations:create': "View on the dashboard's folder; an organization annotation needs `annotations.organization:write` (Editor)",
  'annotations:write': 'as for create',
  'annotations:delete': 'as for create',
  'dashboards.permissions:read': "Admin on the dashboard (its folder's level, raised by its own grants)",
  'dashboards.permissions:write': "Admin on the dashboard (its folder's level, raised by its own grants)",
  'users.self.stars:write': 'View on the dashboard',
  'alert.rules:read': "View on the rule's folder (lists show only those)",
  'alert.rules:write': "Edit on the rule's folder (and on the target folder when it moves)",
  'library.panels:read': "View on the element's folder (lists show only those)",
  'library.panels:create': 'Edit on the folder',
  'library.panels:write': "Edit on the element's folder (and on the target folder when it moves)",
  'library.panels:delete': "Edit on the element's folder; refused while a dashboard is connected",
};

export type Action = keyof typeof permissions;

// One ordering of roles for the server and the UI.
export { roleAtLeast, roleRank };

export function can(identity: Identity, action: Action): boolean {
  return roleAtLeast(identity.role, permissions[action]);
}

/** Throws Grafana's 403, naming the action, unless the caller's role allows it. */
export function authorize(identity: Identity, action: Action): void {
  if (!can(identity, action)) throw forbidden(action);
}
