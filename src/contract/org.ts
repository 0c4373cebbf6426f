import { z } from 'zod';
import { optionalField, tooLong, typeError } from './common';

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
  name: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .max(190, tooLong(190)),
});
export type UpdateOrgRequest = z.infer<typeof updateOrgRequestSchema>;

/** `PUT /api/org/address`: fields left out keep their value. */
const addressLine = (max: number) => optionalField(z.string({ error: typeError('a string') }).max(max, tooLong(max)));
export const updateOrgAddressRequestSchema = z.object({
  address1: addressLine(255),
  address2: addressLine(255),
  city: addressLine(255),
  zipCode: addressLine(50),
  state: addressLine(255),
  country: addressLine(255),
});
export type UpdateOrgAddressRequest = z.infer<typeof updateOrgAddressRequestSchema>;
