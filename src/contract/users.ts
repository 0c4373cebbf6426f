import { z } from 'zod';
import { integerQueryParam, numericIdParam, optionalField, orgRoleSchema, tooLong, typeError } from './common';

/** One row of `GET /api/org/users`: people only, never service accounts. */
export const orgUserSchema = z.looseObject({
  orgId: z.number(),
  userId: z.number(),
  email: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
  login: z.string(),
  role: orgRoleSchema,
  lastSeenAt: z.string(),
  lastSeenAtAge: z.string(),
});
export type OrgUser = z.infer<typeof orgUserSchema>;
export const orgUserListSchema = z.array(orgUserSchema);

export const orgUsersQuerySchema = z.object({
  query: z.string().max(200, tooLong(200)).optional(),
  limit: integerQueryParam(),
});

/** `GET /api/org/users/lookup` */
export const orgUserLookupSchema = z.looseObject({
  userId: z.number(),
  login: z.string(),
  name: z.string(),
  avatarUrl: z.string(),
});
export type OrgUserLookup = z.infer<typeof orgUserLookupSchema>;
export const orgUserLookupListSchema = z.array(orgUserLookupSchema);
export const orgUserLookupQuerySchema = orgUsersQuerySchema;

export const userIdParamsSchema = z.object({ userId: numericIdParam() });

/** `POST /api/admin/users` */
export const createUserRequestSchema = z
  .object({
    login: optionalField(
      z
        .string({ error: typeError('a string') })
        .trim()
        .min(1, 'cannot be empty')
        .max(190, tooLong(190)),
    ),
    email: optionalField(z.email({ error: 'is not a valid email address' }).max(190, tooLong(190))),
    name: optionalField(
      z
        .string({ error: typeError('a string') })
        .trim()
        .max(255, tooLong(255)),
    ),
    password: z
      .string({ error: typeError('a string') })
      .min(4, 'must be at least 4 characters')
      .max(255, tooLong(255)),
    role: optionalField(orgRoleSchema),
  })
  .refine((body) => body.login || body.email, { error: 'login or email is required', path: ['login'] });
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
export const createUserResponseSchema = z.looseObject({ id: z.number(), message: z.string() });
export type CreateUserResponse = z.infer<typeof createUserResponseSchema>;

/** `POST /api/org/users` */
export const addOrgUserRequestSchema = z.object({
  loginOrEmail: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .max(190, tooLong(190)),
  role: orgRoleSchema,
});
export type AddOrgUserRequest = z.infer<typeof addOrgUserRequestSchema>;
export const addOrgUserResponseSchema = z.looseObject({ message: z.string(), userId: z.number() });
export type AddOrgUserResponse = z.infer<typeof addOrgUserResponseSchema>;

/** `PATCH /api/org/users/{userId}` */
export const updateOrgUserRequestSchema = z.object({ role: orgRoleSchema });
export type UpdateOrgUserRequest = z.infer<typeof updateOrgUserRequestSchema>;

/** `GET /api/user`: the account behind the token (a service account, for Sightline's tokens). */
export const signedInUserSchema = z.looseObject({
  id: z.number(),
  login: z.string(),
  email: z.string(),
  name: z.string(),
  orgId: z.number(),
  isGrafanaAdmin: z.boolean(),
  isDisabled: z.boolean(),
  avatarUrl: z.string(),
});
export type SignedInUser = z.infer<typeof signedInUserSchema>;

/** `GET /api/user/orgs`: the orgs of the account with its role in each. */
export const userOrgSchema = z.looseObject({ orgId: z.number(), name: z.string(), role: orgRoleSchema });
export type UserOrg = z.infer<typeof userOrgSchema>;
export const userOrgListSchema = z.array(userOrgSchema);

/** A password as Grafana accepts one: at least 4 characters. */
const newPassword = () =>
  z
    .string({ error: typeError('a string') })
    .min(4, 'New password is too short')
    .max(255, tooLong(255));

/** `POST /login` (Grafana's sign-in form; `email` is accepted for `user` as Grafana does). */
export const loginRequestSchema = z
  .object({
    user: optionalField(z.string({ error: typeError('a string') }).max(190, tooLong(190))),
    email: optionalField(z.string({ error: typeError('a string') }).max(190, tooLong(190))),
    password: z
      .string({ error: typeError('a string') })
      .min(1, 'is required')
      .max(255, tooLong(255)),
  })
  .refine((body) => (body.user ?? body.email ?? '').trim() !== '', { error: 'is required', path: ['user'] });
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export const loginResponseSchema = z.looseObject({ message: z.string(), redirectUrl: z.string().optional() });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** `PUT /api/user/password`: the signed-in person's own password. */
export const changePasswordRequestSchema = z
  .object({
    oldPassword: z.string({ error: typeError('a string') }).max(255, tooLong(255)),
    newPassword: newPassword(),
    confirmNew: optionalField(z.string({ error: typeError('a string') })),
  })
  .refine((body) => body.confirmNew === undefined || body.confirmNew === body.newPassword, {
    error: 'does not match the new password',
    path: ['confirmNew'],
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** `PUT /api/admin/users/{userId}/password` */
export const setPasswordRequestSchema = z.object({ password: newPassword() });
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;
