import { z } from 'zod';
import { booleanQueryParam, integerQueryParam, numericIdParam, typeError } from './common';

const epochMillis = z.number({ error: typeError('epoch milliseconds (a number)') }).int('must be whole milliseconds').min(0, 'cannot be negative');
const tags = z
  .array(z.string({ error: 'must be a string' }).max(100, 'is too long: at most 100 characters'), { error: typeError('an array of strings') })
  .max(50, 'too many tags: at most 50');
const text = z.string({ error: typeError('a string') }).max(10_000, 'is too long: at most 10000 characters');

/** `POST /api/annotations`: no dashboard makes an organization annotation. */
export const createAnnotationRequestSchema = z.object({
  dashboardUID: z.string({ error: typeError('a string') }).optional(),
  dashboardUid: z.string({ error: typeError('a string') }).optional(),
  dashboardId: z.number({ error: typeError('a number') }).int().optional(),
  panelId: z.number({ error: typeError('a number') }).int().min(0).optional(),
  time: epochMillis.optional(),
  timeEnd: epochMillis.optional(),
  tags: tags.optional(),
  text: text.refine((value) => value.trim() !== '', 'cannot be empty'),
});
export type CreateAnnotationRequest = z.infer<typeof createAnnotationRequestSchema>;
export const createAnnotationResponseSchema = z.looseObject({ id: z.number(), message: z.string() });
export type CreateAnnotationResponse = z.infer<typeof createAnnotationResponseSchema>;

/** `PATCH /api/annotations/{id}`: only the fields given change. */
export const patchAnnotationRequestSchema = z.object({
  time: epochMillis.optional(),
  timeEnd: epochMillis.optional(),
  tags: tags.optional(),
  text: text.refine((value) => value.trim() !== '', 'cannot be empty').optional(),
});
export type PatchAnnotationRequest = z.infer<typeof patchAnnotationRequestSchema>;

/** `PUT /api/annotations/{id}`: replaces time, timeEnd, tags and text. */
export const updateAnnotationRequestSchema = z.object({
  time: epochMillis,
  timeEnd: epochMillis.optional(),
  tags: tags.optional(),
  text: text.refine((value) => value.trim() !== '', 'cannot be empty'),
});
export type UpdateAnnotationRequest = z.infer<typeof updateAnnotationRequestSchema>;

export const annotationIdParamsSchema = z.object({ id: numericIdParam() });

export const MAX_ANNOTATION_LIMIT = 100_000;

const tagList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat().map((t) => t.trim()).filter(Boolean)));

/** `GET /api/annotations` */
export const findAnnotationsQuerySchema = z.object({
  from: integerQueryParam(),
  to: integerQueryParam(),
  tags: tagList,
  matchAny: booleanQueryParam(),
  dashboardUID: z.string().optional(),
  dashboardId: integerQueryParam(),
  panelId: integerQueryParam(),
  userId: integerQueryParam(),
  type: z.enum(['annotation', 'alert'], { error: 'must be annotation or alert' }).optional(),
  limit: integerQueryParam(),
});
export type FindAnnotationsQuery = z.infer<typeof findAnnotationsQuerySchema>;

export const annotationSchema = z.looseObject({
  id: z.number(),
  /** 0 for an organization annotation (as in Grafana). */
  dashboardId: z.number(),
  dashboardUID: z.string().nullable(),
  /** 0 when the annotation is not tied to a panel. */
  panelId: z.number(),
  userId: z.number(),
  login: z.string(),
  email: z.string(),
  avatarUrl: z.string(),
  time: z.number(),
  timeEnd: z.number(),
  text: z.string(),
  tags: z.array(z.string()),
  created: z.number(),
  updated: z.number(),
});
export type Annotation = z.infer<typeof annotationSchema>;
export const annotationListSchema = z.array(annotationSchema);

/** `GET /api/annotations/tags` */
export const annotationTagsQuerySchema = z.object({ tag: z.string().optional(), limit: integerQueryParam() });
export const annotationTagsResponseSchema = z.looseObject({
  result: z.looseObject({ tags: z.array(z.looseObject({ tag: z.string(), count: z.number() })) }),
});
export type AnnotationTagsResponse = z.infer<typeof annotationTagsResponseSchema>;
