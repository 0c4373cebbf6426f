import { z } from 'zod';
import { orgRoles } from './roles';

export { isOrgRole, orgRoles, roleAtLeast, roleRank, type OrgRole } from './roles';

/** A role in a request or an answer: one of `orgRoles`. */
export const orgRoleSchema = z.enum(orgRoles, {
  // Grafana's words first: clients match on the prefix.
  error: (issue) => `invalid role specified: ${JSON.stringify(issue.input)}; use one of ${orgRoles.join(', ')}`,
});

/** Input text quoted in a message, cut short so a 10 MB parameter does not come back whole. */
export function quoted(input: unknown): string {
  const text = String(input);
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);
}

/** Zod's `too_big` for strings, in the house wording that names the limit. */
export const tooLong = (max: number) => `is too long: at most ${max} characters`;

/** What `Number(text)` may be while staying exact: larger integers reach SQL as floats. */
export const SAFE_INTEGER_MESSAGE = `is too large: at most ${Number.MAX_SAFE_INTEGER}`;

/** A positive integer carried in a path segment, e.g. `/api/serviceaccounts/{id}`. */
export function numericIdParam() {
  return z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be a number, got ${quoted(issue.input)}` })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value), SAFE_INTEGER_MESSAGE);
}

/** An integer carried in a query string; absent stays undefined. Integers beyond 2^53 - 1 are a 400. */
export function integerQueryParam() {
  return z
    .string()
    .regex(/^-?\d+$/, { error: (issue) => `must be an integer, got ${quoted(issue.input)}` })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value), SAFE_INTEGER_MESSAGE)
    .optional();
}

/** Highest page number a list serves; larger ones are clamped (an empty page), so offsets stay exact. */
export const MAX_PAGE = 100_000;

/** A page number in a query string: an integer as above, clamped to MAX_PAGE. */
export function pageQueryParam() {
  return integerQueryParam().transform((value) => (value === undefined ? undefined : Math.min(value, MAX_PAGE)));
}

/** How many search words, tags or ids one request may carry (each becomes a SQL condition). */
export const MAX_TERMS_PER_REQUEST = 50;

/** A query parameter that may repeat (`tag=a&tag=b`); trimmed, blanks dropped, at most `max` values (400 above, naming the limit). */
export function repeatedQueryParam(max = MAX_TERMS_PER_REQUEST, what = 'values') {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((value) =>
      value === undefined
        ? []
        : [value]
            .flat()
            .map((t) => t.trim())
            .filter(Boolean),
    )
    .refine((values) => values.length <= max, { error: `too many ${what}: at most ${max}` });
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

/**
 * Zod's message for a missing or mistyped field: "is required" (absent or `null`, which Grafana reads
 * as absent) or "must be <expected>". Given as
 * a schema's `error`, it also answers the checks after the type (min, max, regex) that carry no
 * message of their own, so a length limit says the limit instead of "must be a string".
 */
export function typeError(expected: string) {
  return (issue: { input?: unknown; code?: string; maximum?: unknown; minimum?: unknown; origin?: string }) => {
    if (issue.code === 'too_big' && issue.origin === 'string') return tooLong(Number(issue.maximum));
    if (issue.code === 'too_big' && issue.origin === 'array') return `has too many entries: at most ${String(issue.maximum)}`;
    if (issue.code === 'too_small' && issue.origin === 'string')
      return Number(issue.minimum) <= 1 ? 'cannot be empty' : `must be at least ${String(issue.minimum)} characters`;
    if (issue.code === 'too_big' && issue.origin === 'number') return `must be at most ${String(issue.maximum)}`;
    if (issue.code === 'too_small' && issue.origin === 'number') return `must be at least ${String(issue.minimum)}`;
    return issue.input === undefined || issue.input === null ? 'is required' : `must be ${expected}`;
  };
}

/**
 * A request field that may be left out. Grafana reads a JSON `null` as "not set", and clients
 * (backup tools, API client libraries) send what GET returned, nulls included: so `null` parses as
 * absent (`undefined`). In a PUT or PATCH, absent means "leave as it is".
 */
export function optionalField<S extends z.ZodType>(schema: S) {
  return schema
    .nullish()
    .transform((value) => (value === null ? undefined : value) as Exclude<z.output<S>, null> | undefined)
    .optional();
}

/** An optional reference by numeric id where Grafana reads `0` (and `null`) as "none": both parse as absent. */
export function optionalId<S extends z.ZodType<number>>(schema: S) {
  return schema
    .nullish()
    .transform((value) => (value === null || value === 0 ? undefined : value) as number | undefined)
    .optional();
}
