import { z } from 'zod';
import { integerQueryParam, MAX_TERMS_PER_REQUEST, numericIdParam, optionalField, optionalId, tooLong, typeError } from './common';

/** Longest dashboard title (Grafana's column is 189; imports of longer ones are rare and get a clear 400). */
export const MAX_DASHBOARD_TITLE = 1000;

/** Grafana's uid rule: letters, digits, `-` and `_`, at most 40 characters. */
export const UID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
export const uidSchema = z
  .string({ error: typeError('a string') })
  // Grafana's words first (clients match on them), then what to do.
  .regex(/^[A-Za-z0-9_-]*$/, {
    error: (issue) => `uid contains illegal characters: ${JSON.stringify(issue.input)}; use only letters, digits, "-" and "_"`,
    abort: true,
  })
  .max(40, { error: (issue) => `uid too long, max 40 characters (got ${String(issue.input).length})` });

/**
 * A dashboard's JSON model. Only the fields the server reads are checked; every other field is
 * kept exactly as sent.
 */
export const dashboardModelSchema = z.looseObject(
  {
    id: z.number().int().nullable().optional(),
    uid: uidSchema.nullable().optional(),
    title: z
      .string({ error: typeError('a string') })
      .max(MAX_DASHBOARD_TITLE, tooLong(MAX_DASHBOARD_TITLE))
      .nullable()
      .optional(),
    // The model is stored as sent, so `null` stays `null` here: only its type is checked. Tags are
    // capped like annotations': each becomes a row and a search condition.
    tags: z
      .array(z.string({ error: 'must be a string' }).max(100, tooLong(100)), { error: typeError('an array of strings') })
      .max(MAX_TERMS_PER_REQUEST, `too many tags: at most ${MAX_TERMS_PER_REQUEST}`)
      .nullable()
      .optional(),
    version: z
      .number({ error: typeError('a number') })
      .int()
      .nullable()
      .optional(),
  },
  { error: typeError('a JSON object') },
);
export type DashboardModel = z.infer<typeof dashboardModelSchema>;

/** `POST /api/dashboards/db`: `null` fields are absent; `folderId: 0` is General. */
export const saveDashboardRequestSchema = z.object({
  dashboard: dashboardModelSchema.refine((value) => !Array.isArray(value), 'must be a JSON object'),
  folderUid: optionalField(z.string({ error: typeError('a string') })),
  folderUID: optionalField(z.string({ error: typeError('a string') })),
  /** Grafana's older way to name the folder; 0 is General. */
  folderId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
  overwrite: optionalField(z.boolean({ error: typeError('true or false') })),
  message: optionalField(z.string({ error: typeError('a string') }).max(500, 'is too long: at most 500 characters')),
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
  /** A provisioning file holds it and its provider does not allow UI updates: `canSave` is false then. */
  provisioned: z.boolean(),
  /** The file that holds it (relative to its provider's path); empty when not provisioned. */
  provisionedExternalId: z.string().optional(),
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
/** Grafana's older paths name a dashboard by its numeric id: `/api/dashboards/id/{dashboardId}/...`. */
export const dashboardIdParamsSchema = z.object({ dashboardId: numericIdParam() });
export const dashboardVersionParamsSchema = z.object({
  uid: z.string().optional(),
  version: z
    .string()
    .regex(/^\d+$/, { error: (issue) => `must be a number, got "${String(issue.input)}"` })
    .transform(Number),
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
  version: z
    .number({ error: typeError('a version number') })
    .int()
    .min(1, 'must be 1 or more'),
});

/** `GET /api/dashboards/tags` */
export const dashboardTagSchema = z.looseObject({ term: z.string(), count: z.number() });
export const dashboardTagListSchema = z.array(dashboardTagSchema);

/** One entry of an export's `__inputs`: a data source to choose (`${DS_PROMETHEUS}`) or a constant to give. */
export const dashboardExportInputSchema = z.looseObject({
  name: z.string(),
  label: z.string().optional(),
  description: z.string().optional(),
  type: z.string(),
  pluginId: z.string().optional(),
  pluginName: z.string().optional(),
  value: z.string().optional(),
});
export type DashboardExportInput = z.infer<typeof dashboardExportInputSchema>;

/** A value for one `__inputs` entry: for a data source, its uid. */
export const importInputSchema = z.object({
  name: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  type: z.string({ error: typeError('a string') }),
  pluginId: optionalField(z.string({ error: typeError('a string') })),
  value: z.string({ error: typeError('a string') }),
});
export type ImportInput = z.infer<typeof importInputSchema>;

/** `POST /api/dashboards/import`: an export with its `__inputs` mapped to this server's data sources. */
export const importDashboardRequestSchema = z.object({
  dashboard: dashboardModelSchema.refine((value) => !Array.isArray(value), 'must be a JSON object'),
  overwrite: optionalField(z.boolean({ error: typeError('true or false') })),
  inputs: optionalField(z.array(importInputSchema, { error: typeError('an array') })),
  folderUid: optionalField(z.string({ error: typeError('a string') })),
  /** Grafana's older way to name the folder; 0 is General. */
  folderId: optionalId(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(0, 'cannot be negative'),
  ),
});
export type ImportDashboardRequest = z.infer<typeof importDashboardRequestSchema>;

export const importDashboardResponseSchema = z.looseObject({
  uid: z.string(),
  pluginId: z.string(),
  title: z.string(),
  imported: z.boolean(),
  importedUri: z.string(),
  importedUrl: z.string(),
  slug: z.string(),
  dashboardId: z.number(),
  folderId: z.number(),
  folderUid: z.string(),
  importedRevision: z.number(),
  revision: z.number(),
  description: z.string(),
  path: z.string(),
  removed: z.boolean(),
});
export type ImportDashboardResponse = z.infer<typeof importDashboardResponseSchema>;
