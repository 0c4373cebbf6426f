import { z } from 'zod';
import { typeError } from './common';

export const orgAddressSchema = z.looseObject({
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  zipCode: z.string(),
  state: z.string(),
  country: z.string(),
});
export type OrgAddress = z.infer<typeof orgAddressSchema>;

/** `GET /api/org` */
export const orgSchema = z.looseObject({
  id: z.number(),
  name: z.string(),
  address: orgAddressSchema,
});
export type Org = z.infer<typeof orgSchema>;

/** `PUT /api/org` */
export const updateOrgRequestSchema = z.object({
  name: z.string({ error: typeError('a string') }).trim().min(1, 'cannot be empty').max(190),
});
export type UpdateOrgRequest = z.infer<typeof updateOrgRequestSchema>;

/** `PUT /api/org/address`: fields left out keep their value. */
export const updateOrgAddressRequestSchema = z.object({
  address1: z.string().max(255).optional(),
  address2: z.string().max(255).optional(),
  city: z.string().max(255).optional(),
  zipCode: z.string().max(50).optional(),
  state: z.string().max(255).optional(),
  country: z.string().max(255).optional(),
});
export type UpdateOrgAddressRequest = z.infer<typeof updateOrgAddressRequestSchema>;
