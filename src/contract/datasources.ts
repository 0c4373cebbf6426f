import { z } from 'zod';
import { numericIdParam, typeError } from './common';
import { uidSchema } from './dashboards';

/** The data source types Sightline knows and can health-check, with their display names. */
export const dataSourceTypes = {
  prometheus: 'Prometheus',
  loki: 'Loki',
  tempo: 'Tempo',
  elasticsearch: 'Elasticsearch',
  influxdb: 'InfluxDB',
  graphite: 'Graphite',
  'grafana-postgresql-datasource': 'PostgreSQL',
  mysql: 'MySQL',
  'grafana-testdata-datasource': 'TestData',
} as const;
export type DataSourceType = keyof typeof dataSourceTypes;
export const knownDataSourceTypes = Object.keys(dataSourceTypes) as DataSourceType[];

/** Older names Grafana still accepts for the same plugins. */
export const dataSourceTypeAliases: Record<string, DataSourceType> = {
  postgres: 'grafana-postgresql-datasource',
  testdata: 'grafana-testdata-datasource',
};

/** Types whose `url` is `host:port` (a database connection), not an HTTP address. */
export const sqlDataSourceTypes: DataSourceType[] = ['grafana-postgresql-datasource', 'mysql'];

export const dataSourceSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  orgId: z.number(),
  name: z.string(),
  type: z.string(),
  typeName: z.string(),
  typeLogoUrl: z.string(),
  access: z.string(),
  url: z.string(),
  user: z.string(),
  database: z.string(),
  basicAuth: z.boolean(),
  basicAuthUser: z.string(),
  withCredentials: z.boolean(),
  isDefault: z.boolean(),
  jsonData: z.record(z.string(), z.unknown()),
  /** Which secrets are set; their values are never returned. */
  secureJsonFields: z.record(z.string(), z.boolean()),
  version: z.number(),
  readOnly: z.boolean(),
});
export type DataSource = z.infer<typeof dataSourceSchema>;
export const dataSourceListSchema = z.array(dataSourceSchema);

const jsonObject = z.record(z.string(), z.unknown(), { error: typeError('a JSON object') });
const secrets = z.record(z.string(), z.string({ error: 'must be a string' }), { error: typeError('an object of strings') });

const dataSourceFields = {
  name: z.string({ error: typeError('a string') }).trim().min(1, 'cannot be empty').max(190, 'is too long: at most 190 characters'),
  type: z.string({ error: typeError('a string') }).trim().min(1, 'cannot be empty'),
  access: z.enum(['proxy', 'direct'], { error: 'must be proxy or direct' }),
  url: z.string({ error: typeError('a string') }).trim().max(2048).optional(),
  user: z.string({ error: typeError('a string') }).optional(),
  database: z.string({ error: typeError('a string') }).optional(),
  basicAuth: z.boolean({ error: typeError('true or false') }).optional(),
  basicAuthUser: z.string({ error: typeError('a string') }).optional(),
  withCredentials: z.boolean({ error: typeError('true or false') }).optional(),
  isDefault: z.boolean({ error: typeError('true or false') }).optional(),
  jsonData: jsonObject.optional(),
  /** Passwords and tokens: stored encrypted, never returned. On update, a key left out keeps its secret; `""` removes it. */
  secureJsonData: secrets.optional(),
  uid: uidSchema.optional(),
};

/** `POST /api/datasources` */
export const createDataSourceRequestSchema = z.object(dataSourceFields);
export type CreateDataSourceRequest = z.infer<typeof createDataSourceRequestSchema>;

/** `PUT /api/datasources/uid/{uid}`: the whole data source; `version`, when given, must be current. */
export const updateDataSourceRequestSchema = z.object({
  ...dataSourceFields,
  version: z.number({ error: typeError('a number') }).int().optional(),
});
export type UpdateDataSourceRequest = z.infer<typeof updateDataSourceRequestSchema>;

export const dataSourceResponseSchema = z.looseObject({
  datasource: dataSourceSchema,
  id: z.number(),
  message: z.string(),
  name: z.string(),
});
export type DataSourceResponse = z.infer<typeof dataSourceResponseSchema>;

export const deleteDataSourceResponseSchema = z.looseObject({ id: z.number(), message: z.string() });
export type DeleteDataSourceResponse = z.infer<typeof deleteDataSourceResponseSchema>;

export const dataSourceUidParamsSchema = z.object({ uid: z.string() });
export const dataSourceIdParamsSchema = z.object({ id: numericIdParam() });
export const dataSourceNameParamsSchema = z.object({ name: z.string() });

/** `GET /api/datasources/uid/{uid}/health`: HTTP 200 when OK, 400 when ERROR (as Grafana). */
export const healthCheckResultSchema = z.looseObject({
  status: z.enum(['OK', 'ERROR']),
  message: z.string(),
  details: z.unknown().optional(),
});
export type HealthCheckResult = z.infer<typeof healthCheckResultSchema>;
