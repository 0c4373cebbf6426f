import { z } from 'zod';

/**
 * `GET /api/health`. `version` is the Grafana API level Sightline implements (clients branch on
 * it); Sightline's own release is `sightlineVersion`.
 */
export const healthResponseSchema = z.looseObject({
  database: z.string(),
  version: z.string(),
  commit: z.string(),
  sightlineVersion: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

export const buildInfoSchema = z.looseObject({
  version: z.string(),
  commit: z.string(),
  env: z.string(),
  edition: z.string(),
  sightlineVersion: z.string(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;

/** `GET /api/frontend/settings`: the part clients read (`buildInfo`), plus what is true of Sightline. */
export const frontendSettingsSchema = z.looseObject({
  appSubUrl: z.string(),
  buildInfo: buildInfoSchema,
  defaultDatasource: z.string(),
  datasources: z.record(z.string(), z.looseObject({ uid: z.string(), type: z.string(), name: z.string() })),
});
export type FrontendSettings = z.infer<typeof frontendSettingsSchema>;

/** `GET /api/user/stars`: uids of the dashboards the caller starred. */
export const starListSchema = z.array(z.string());
