/**
 * Org roles and how they compare. Plain values without zod: the UI's first page load checks the
 * stored session's role with them before any schema has loaded (`common.ts` builds the schema).
 */

/** Org roles, lowest first. Grafana's basic roles; "None" grants nothing. */
export const orgRoles = ['None', 'Viewer', 'Editor', 'Admin'] as const;
export type OrgRole = (typeof orgRoles)[number];

/** Whether `value` is one of `orgRoles`. */
export function isOrgRole(value: unknown): value is OrgRole {
  return (orgRoles as readonly unknown[]).includes(value);
}

/** A role's place in `orgRoles`: higher grants more. */
export function roleRank(role: OrgRole): number {
  return orgRoles.indexOf(role);
}

/** Whether `role` is `needed` or above; no role (a visitor without a session) is below every role. */
export function roleAtLeast(role: OrgRole | undefined, needed: OrgRole): boolean {
  return role !== undefined && roleRank(role) >= roleRank(needed);
}
