import { z } from 'zod';
import { booleanQueryParam, integerQueryParam, numericIdParam, optionalField, orgRoleSchema, pageQueryParam, typeError } from './common';
import { pagedSearchResponseSchema } from './pagedSearch';

export const serviceAccountSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  name: z.string(),
  login: z.string(),
  orgId: z.number(),
  isDisabled: z.boolean(),
  role: orgRoleSchema,
  /** How many live (not revoked) tokens the account has. */
  tokens: z.number(),
  avatarUrl: z.string(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

export const serviceAccountIdParamsSchema = z.object({ id: numericIdParam() });
export const serviceAccountTokenParamsSchema = z.object({
  id: numericIdParam(),
  tokenId: numericIdParam(),
});

const serviceAccountName = z
  .string({ error: typeError('a string') })
  .trim()
  .min(1, 'cannot be empty')
  .max(190, 'must be at most 190 characters');

/** `POST /api/serviceaccounts` → 201 with the account. */
export const createServiceAccountRequestSchema = z.object({
  name: serviceAccountName,
  role: optionalField(orgRoleSchema),
  isDisabled: optionalField(z.boolean({ error: typeError('true or false') })),
});
export type CreateServiceAccountRequest = z.infer<typeof createServiceAccountRequestSchema>;

/** `PATCH /api/serviceaccounts/{id}`: only the fields given change. */
export const updateServiceAccountRequestSchema = z.object({
  name: optionalField(serviceAccountName),
  role: optionalField(orgRoleSchema),
  isDisabled: optionalField(z.boolean({ error: typeError('true or false') })),
});
export type UpdateServiceAccountRequest = z.infer<typeof updateServiceAccountRequestSchema>;
export const updateServiceAccountResponseSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  message: z.string(),
  serviceaccount: serviceAccountSchema,
});
export type UpdateServiceAccountResponse = z.infer<typeof updateServiceAccountResponseSchema>;

/** `GET /api/serviceaccounts/search` */
export const searchServiceAccountsQuerySchema = z.object({
  query: z.string().max(200, 'is too long: at most 200 characters').optional(),
  perpage: integerQueryParam(),
  page: pageQueryParam(),
  disabled: booleanQueryParam(),
  /** Only accounts with at least one expired token (Grafana's `expiredTokens` filter). */
  expiredTokens: booleanQueryParam(),
  /** Only accounts with at least one token that expires (now or later). */
  expiringTokens: booleanQueryParam(),
});
export type SearchServiceAccountsQuery = z.infer<typeof searchServiceAccountsQuerySchema>;
export const searchServiceAccountsResponseSchema = pagedSearchResponseSchema('serviceAccounts', serviceAccountSchema);
export type SearchServiceAccountsResponse = z.infer<typeof searchServiceAccountsResponseSchema>;

/** `POST /api/serviceaccounts/{id}/tokens` */
export const createTokenRequestSchema = z.object({
  name: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .max(190, 'must be at most 190 characters'),
  secondsToLive: z
    .number({ error: typeError('a number of seconds') })
    .int('must be a whole number of seconds')
    .min(0, 'cannot be negative; use 0 for a token that never expires')
    .max(100 * 365 * 24 * 3600, 'is more than 100 years; use 0 for a token that never expires')
    .nullish()
    .transform((value) => value ?? undefined)
    .optional(),
});
export type CreateTokenRequest = z.infer<typeof createTokenRequestSchema>;
/** The key is in this answer and nowhere else, ever. */
export const createTokenResponseSchema = z.looseObject({ id: z.number(), name: z.string(), key: z.string() });
export type CreateTokenResponse = z.infer<typeof createTokenResponseSchema>;

export const serviceAccountTokenSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  created: z.string(),
  lastUsedAt: z.string().nullable(),
  /** null: never expires. */
  expiration: z.string().nullable(),
  secondsUntilExpiration: z.number().nullable(),
  hasExpired: z.boolean(),
  isRevoked: z.boolean(),
});
export type ServiceAccountToken = z.infer<typeof serviceAccountTokenSchema>;
export const serviceAccountTokenListSchema = z.array(serviceAccountTokenSchema);
