import { z } from 'zod';

/** Org roles, lowest first. Grafana's basic roles; "None" grants nothing. */
export const orgRoles = ['None', 'Viewer', 'Editor', 'Admin'] as const;
export const orgRoleSchema = z.enum(orgRoles, {
  error: `invalid role specified: use one of ${orgRoles.join(', ')}`,
});
export type OrgRole = z.infer<typeof orgRoleSchema>;

/** A positive integer carried in a path segment, e.g. `/api/serviceaccounts/{id}`. */
export function numericIdParam() {
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be a number, got "${String(issue.input)}"` })
    .transform(Number);
}

/** An integer carried in a query string; absent stays undefined. */
export function integerQueryParam() {
  return z
    .string()
    .regex(/^-?\d+$/, { error: (issue) => `must be an integer, got "${String(issue.input)}"` })
    .transform(Number)
    .optional();
}

/** A boolean carried in a query string (`true`/`false`, also `1`/`0`). */
export function booleanQueryParam() {
  return z
    .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
    .transform((value) => value === 'true' || value === '1')
    .optional();
}

/** The plain `{message}` body most write endpoints answer with. */
export const messageResponseSchema = z.looseObject({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** Zod's message for a missing or mistyped field: "is required" or "must be <expected>". */
export function typeError(expected: string) {
  return (issue: { input?: unknown }) => (issue.input === undefined ? 'is required' : `must be ${expected}`);
}
