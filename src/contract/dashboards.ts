import { z } from 'zod';
import { integerQueryParam, typeError } from './common';

/** Grafana's uid rule: letters, digits, `-` and `_`, at most 40 characters. */
export const UID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const uidSchema = z
  .string({ error: typeError('a string') })
  .max(40, 'is too long: at most 40 characters')
  .regex(/^[A-Za-z0-9_-]*$/, 'may hold only letters, digits, "-" and "_"');

/**
 * A dashboard's JSON model. Only the fields the server reads are checked; every other field is
 * kept exactly as sent.
 */
export const dashboardModelSchema = z.looseObject(
  {
  id: z.number().int().nullable().optional(),
  uid: uidSchema.nullable().optional(),
  title: z.string({ error: typeError('a string') }).optional(),
  tags: z.array(z.string({ error: 'must be a string' }), { error: typeError('an array of strings') }).optional(),
  version: z.number({ error: typeError('a number') }).int().optional(),
  },
  { error: typeError('a JSON object') },
);
export type DashboardModel = z.infer<typeof dashboardModelSchema>;

/** `POST /api/dashboards/db` */
export const saveDashboardRequestSchema = z.object({
  dashboard: dashboardModelSchema.refine((value) => !Array.isArray(value), 'must be a JSON object'),
  folderUid: z.string({ error: typeError('a string') }).optional(),
  folderUID: z.string({ error: typeError('a string') }).optional(),
  /** Grafana's older way to name the folder; 0 is General. */
  folderId: z.number({ error: typeError('a number') }).int().nullable().optional(),
  overwrite: z.boolean({ error: typeError('true or false') }).optional(),
  message: z.string({ error: typeError('a string') }).max(500, 'is too long: at most 500 characters').optional(),
});
export type SaveDashboardRequest = z.infer<typeof saveDashboardRequestSchema>;

export const saveDashboardResponseSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  url: z.string(),
  status: z.literal('success'),
  version: z.number(),
  slug: z.string(),
  folderUid: z.string().optional(),
});
export type SaveDashboardResponse = z.infer<typeof saveDashboardResponseSchema>;

export const dashboardMetaSchema = z.looseObject({
  type: z.string(),
  canSave: z.boolean(),
  canEdit: z.boolean(),
  canAdmin: z.boolean(),
  canDelete: z.boolean(),
  slug: z.string(),
  url: z.string(),
  created: z.string(),
  updated: z.string(),
  createdBy: z.string(),
  updatedBy: z.string(),
  version: z.number(),
  folderId: z.number(),
  folderUid: z.string(),
  folderTitle: z.string(),
  folderUrl: z.string(),
  provisioned: z.boolean(),
});
export type DashboardMeta = z.infer<typeof dashboardMetaSchema>;

/** `GET /api/dashboards/uid/{uid}` */
export const dashboardWithMetaSchema = z.looseObject({
  dashboard: z.looseObject({ uid: z.string(), title: z.string(), version: z.number() }),
  meta: dashboardMetaSchema,
});
export type DashboardWithMeta = z.infer<typeof dashboardWithMetaSchema>;

export const deleteDashboardResponseSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  title: z.string(),
  message: z.string(),
});
export type DeleteDashboardResponse = z.infer<typeof deleteDashboardResponseSchema>;

export const dashboardUidParamsSchema = z.object({ uid: z.string() });
export const dashboardVersionParamsSchema = z.object({
  uid: z.string(),
  version: z.string().regex(/^\d+$/, { error: (issue) => `must be a number, got "${String(issue.input)}"` }).transform(Number),
});

/** One entry of `GET /api/dashboards/uid/{uid}/versions`, newest first. */
export const dashboardVersionSchema = z.looseObject({
  id: z.number(),
  dashboardId: z.number(),
  dashboardUid: z.string(),
  parentVersion: z.number(),
  restoredFrom: z.number(),
  version: z.number(),
  created: z.string(),
  createdBy: z.string(),
  message: z.string(),
});
export type DashboardVersion = z.infer<typeof dashboardVersionSchema>;
export const dashboardVersionListSchema = z.array(dashboardVersionSchema);
export const dashboardVersionsQuerySchema = z.object({ limit: integerQueryParam(), start: integerQueryParam() });

/** `GET /api/dashboards/uid/{uid}/versions/{version}` */
export const dashboardVersionWithDataSchema = dashboardVersionSchema.extend({ data: z.looseObject({}) });
export type DashboardVersionWithData = z.infer<typeof dashboardVersionWithDataSchema>;

/** `POST /api/dashboards/uid/{uid}/restore` */
export const restoreDashboardRequestSchema = z.object({
  version: z.number({ error: typeError('a version number') }).int().min(1, 'must be 1 or more'),
});

/** `GET /api/dashboards/tags` */
export const dashboardTagSchema = z.looseObject({ term: z.string(), count: z.number() });
export const dashboardTagListSchema = z.array(dashboardTagSchema);
