import { z } from 'zod';

/**
 * The Grafana HTTP API level Sightline implements, reported as `version` wherever Grafana reports
 * its own (`/api/health`, `buildInfo`, an export's `__requires`): clients branch on it, and one
 * that reads "0.1.0" falls back to Grafana 7 era calls. Raise it only when the API follows a newer
 * Grafana.
 */
export const GRAFANA_API_VERSION = '11.6.0';

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
