import { z } from 'zod';
import { integerQueryParam, numericIdParam, optionalField, typeError } from './common';
import { pagedSearchResponseSchema } from './pagedSearch';

/** A team as Grafana answers it; `memberCount` counts people and service accounts. */
export const teamSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  orgId: z.number(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string(),
  memberCount: z.number(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamSorts = ['name-asc', 'name-desc', 'email-asc', 'email-desc', 'memberCount-asc', 'memberCount-desc'] as const;
export type TeamSort = (typeof teamSorts)[number];

/** `GET /api/teams/search?query=&name=&perpage=&page=&sort=` */
export const searchTeamsQuerySchema = z.object({
  query: z.string().optional(),
  /** The exact name (Terraform looks a team up this way). */
  name: z.string().optional(),
  perpage: integerQueryParam(),
  page: integerQueryParam(),
  /** Comma-separated, first wins: `name-asc` (the default), `name-desc`, `email-asc`, `email-desc`, `memberCount-asc`, `memberCount-desc`. */
  sort: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const keys = (value ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean);
      const bad = keys.find((k) => !(teamSorts as readonly string[]).includes(k));
      if (bad) {
        ctx.addIssue({ code: 'custom', message: `"${bad}" is not a sort; use ${teamSorts.join(', ')}` });
        return z.NEVER;
      }
      return keys as TeamSort[];
    }),
});
export type SearchTeamsQuery = z.infer<typeof searchTeamsQuerySchema>;
export const searchTeamsResponseSchema = pagedSearchResponseSchema('teams', teamSchema);
export type SearchTeamsResponse = z.infer<typeof searchTeamsResponseSchema>;

const teamName = z
  .string({ error: typeError('a string') })
  .trim()
  .min(1, 'cannot be empty')
  .max(190, 'is too long: at most 190 characters');
const teamEmail = z
  .string({ error: typeError('a string') })
  .trim()
  .max(190, 'is too long: at most 190 characters')
  .refine((value) => value === '' || z.email().safeParse(value).success, 'is not a valid email address');

/** `POST /api/teams` */
export const createTeamRequestSchema = z.object({
  name: teamName,
  email: optionalField(teamEmail),
});
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;
export const createTeamResponseSchema = z.looseObject({ message: z.string(), teamId: z.number(), uid: z.string() });
export type CreateTeamResponse = z.infer<typeof createTeamResponseSchema>;

/** `PUT /api/teams/{id}`: a field left out or `null` is left as it is. */
export const updateTeamRequestSchema = z.object({
  name: optionalField(teamName),
  email: optionalField(teamEmail),
});
export type UpdateTeamRequest = z.infer<typeof updateTeamRequestSchema>;

export const teamIdParamsSchema = z.object({ teamId: numericIdParam() });
export const teamMemberParamsSchema = z.object({ teamId: numericIdParam(), userId: numericIdParam() });

/** One entry of `GET /api/teams/{id}/members`. */
export const teamMemberSchema = z.looseObject({
  orgId: z.number(),
  teamId: z.number(),
  userId: z.number(),
  email: z.string(),
  name: z.string(),
  login: z.string(),
  avatarUrl: z.string(),
  labels: z.array(z.string()),
  /** Grafana's team permission: 0 member, 4 team admin. Sightline's teams have members only. */
  permission: z.number(),
  isServiceAccount: z.boolean().optional(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMemberListSchema = z.array(teamMemberSchema);

/** `POST /api/teams/{id}/members`: a person or a service account of the org, by id. */
export const addTeamMemberRequestSchema = z.object({
  userId: z
    .number({ error: typeError('a number') })
    .int()
    .positive('must be a user id'),
});
export type AddTeamMemberRequest = z.infer<typeof addTeamMemberRequestSchema>;
