import { z } from 'zod';
import {
  booleanQueryParam,
  integerQueryParam,
  MAX_TERMS_PER_REQUEST,
  optionalField,
  optionalId,
  repeatedQueryParam,
  SAFE_INTEGER_MESSAGE,
  typeError,
} from './common';

const epochMillis = z
  .number({ error: typeError('epoch milliseconds (a number)') })
  .int('must be whole milliseconds')
  .min(0, 'cannot be negative');
const tags = z
  .array(z.string({ error: 'must be a string' }).max(100, 'is too long: at most 100 characters'), {
    error: typeError('an array of strings'),
  })
  .max(50, 'too many tags: at most 50');
const text = z.string({ error: typeError('a string') }).max(10_000, 'is too long: at most 10000 characters');

/**
 * `POST /api/annotations`: no dashboard makes an organization annotation. A `null` field is absent
 * and `dashboardId: 0` is "no dashboard" (Grafana's reading), so an annotation as GET returned it
 * posts back unchanged (its extra fields are ignored).
 */
export const createAnnotationRequestSchema = z.object({
  dashboardUID: optionalField(z.string({ error: typeError('a string') })),
  dashboardUid: optionalField(z.string({ error: typeError('a string') })),
  dashboardId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
  panelId: optionalField(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0),
  ),
  time: optionalField(epochMillis),
  timeEnd: optionalField(epochMillis),
  tags: optionalField(tags),
  text: text.refine((value) => value.trim() !== '', 'cannot be empty'),
});
export type CreateAnnotationRequest = z.infer<typeof createAnnotationRequestSchema>;
export const createAnnotationResponseSchema = z.looseObject({ id: z.number(), message: z.string() });
export type CreateAnnotationResponse = z.infer<typeof createAnnotationResponseSchema>;

/** `PATCH /api/annotations/{id}`: only the fields given change; `null` (some clients send `timeEnd: null`) leaves one as it is. */
export const patchAnnotationRequestSchema = z.object({
  time: optionalField(epochMillis),
  timeEnd: optionalField(epochMillis),
  tags: optionalField(tags),
  text: optionalField(text.refine((value) => value.trim() !== '', 'cannot be empty')),
});
export type PatchAnnotationRequest = z.infer<typeof patchAnnotationRequestSchema>;

/**
 * `PUT /api/annotations/{id}`: replaces time, timeEnd, tags and text. A field left out or `null`
 * is left as it is (Grafana would zero it); `tags: []` clears the tags.
 */
export const updateAnnotationRequestSchema = z.object({
  time: optionalField(epochMillis),
  timeEnd: optionalField(epochMillis),
  tags: optionalField(tags),
  text: optionalField(text.refine((value) => value.trim() !== '', 'cannot be empty')),
});
export type UpdateAnnotationRequest = z.infer<typeof updateAnnotationRequestSchema>;

/** Grafana's words for a bad id in the path, which clients match on: "annotationId is invalid". */
export const annotationIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d+$/, { error: (issue) => `annotationId is invalid: must be a number, got "${String(issue.input)}"` })
    .transform(Number)
    .refine((value) => Number.isSafeInteger(value), SAFE_INTEGER_MESSAGE),
});

/** `POST /api/annotations/mass-delete`: one annotation by id, or every annotation of one dashboard panel. */
export const massDeleteAnnotationsRequestSchema = z.object({
  annotationId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
  dashboardId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
  dashboardUID: optionalField(z.string({ error: typeError('a string') })),
  panelId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
});
export type MassDeleteAnnotationsRequest = z.infer<typeof massDeleteAnnotationsRequestSchema>;

export const MAX_ANNOTATION_LIMIT = 100_000;

const tagList = repeatedQueryParam(MAX_TERMS_PER_REQUEST, 'tags');

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
  /** An alert rule's state history (Grafana's annotation historian writes the rule's id). */
  alertId: integerQueryParam(),
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
  /** Alert state history: the rule's id and its instance's states (0 and '' on other annotations). */
  alertId: z.number().optional(),
  newState: z.string().optional(),
  prevState: z.string().optional(),
});
export type Annotation = z.infer<typeof annotationSchema>;
export const annotationListSchema = z.array(annotationSchema);

/** `GET /api/annotations/tags` */
export const annotationTagsQuerySchema = z.object({
  tag: z.string().max(100, 'is too long: at most 100 characters').optional(),
  limit: integerQueryParam(),
});
export const annotationTagsResponseSchema = z.looseObject({
  result: z.looseObject({ tags: z.array(z.looseObject({ tag: z.string(), count: z.number() })) }),
});
export type AnnotationTagsResponse = z.infer<typeof annotationTagsResponseSchema>;
