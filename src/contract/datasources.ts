import { z } from 'zod';
import { numericIdParam, optionalField, typeError } from './common';
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

/** The longest `jsonData.timeout` a data source may set, in seconds. */
export const MAX_TIMEOUT_SECONDS = 300;

/** `jsonData.timeout`: absent (the default applies) or a number of seconds from 1 to MAX_TIMEOUT_SECONDS. */
export function isValidTimeout(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  const seconds = Number(value);
  return seconds > 0 && seconds <= MAX_TIMEOUT_SECONDS;
}

/** An address an HTTP data source can be reached at: http:// or https:// with a host. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A database's `host:port` (a bare host, or a URL with a scheme, is read the same way); undefined when it is neither or has a path. */
export function parseHostPort(text: string): { host: string; port: number | undefined } | undefined {
  try {
    const url = new URL(text.includes('://') ? text : `tcp://${text}`);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const pathless = url.pathname === '' || url.pathname === '/';
    return host && pathless ? { host, port: url.port ? Number(url.port) : undefined } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Why a data source URL that carries a user name or password (`user:pass@`) is refused, or
 * undefined: the URL is stored in plain text and shown to every Viewer, so credentials belong in
 * the fields that keep them secret. SQL addresses are read as `parseHostPort` reads them.
 */
export function urlCredentialsProblem(text: string, sql: boolean): string | undefined {
  let url: URL;
  try {
    url = new URL(sql && !text.includes('://') ? `tcp://${text.trim()}` : text.trim());
  } catch {
    return undefined;
  }
  if (url.username === '' && url.password === '') return undefined;
  const instead = sql
    ? 'set the user in "user" and the password in secureJsonData.password'
    : 'use basic auth instead: basicAuth: true, basicAuthUser, and secureJsonData.basicAuthPassword';
  return `url: a data source URL cannot hold a user name or password ("user:password@"), because the URL is shown to every Viewer; ${instead}`;
}

/** Where a saved data source's secrets were meant to go: scheme, host and port of its URL (undefined when it has none). */
export function urlOrigin(url: string, sql: boolean): string | undefined {
  const text = url.trim();
  if (!text) return undefined;
  if (sql) {
    const parsed = parseHostPort(text);
    return parsed ? `${parsed.host}:${parsed.port ?? ''}`.toLowerCase() : text;
  }
  try {
    return new URL(text).origin.toLowerCase();
  } catch {
    return text;
  }
}

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

/** A field left out or `null` is absent: on create it takes its default, on update it is left as it is. */
const dataSourceFields = {
  name: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .max(190, 'is too long: at most 190 characters'),
  type: z
    .string({ error: typeError('a string') })
    .trim()
    .min(1, 'cannot be empty')
    .max(100, 'is too long: at most 100 characters'),
  access: z.enum(['proxy', 'direct'], { error: 'must be proxy or direct' }),
  url: optionalField(
    z
      .string({ error: typeError('a string') })
      .trim()
      .max(2048, 'is too long: at most 2048 characters'),
  ),
  user: optionalField(z.string({ error: typeError('a string') })),
  database: optionalField(z.string({ error: typeError('a string') })),
  basicAuth: optionalField(z.boolean({ error: typeError('true or false') })),
  basicAuthUser: optionalField(z.string({ error: typeError('a string') })),
  withCredentials: optionalField(z.boolean({ error: typeError('true or false') })),
  isDefault: optionalField(z.boolean({ error: typeError('true or false') })),
  jsonData: optionalField(jsonObject),
  /** Passwords and tokens: stored encrypted, never returned. On update, a key left out keeps its secret; `""` removes it. */
  secureJsonData: optionalField(secrets),
  uid: optionalField(uidSchema),
};

/** `POST /api/datasources` */
export const createDataSourceRequestSchema = z.object(dataSourceFields);
export type CreateDataSourceRequest = z.infer<typeof createDataSourceRequestSchema>;

/** `PUT /api/datasources/uid/{uid}`: the whole data source; `version`, when given, must be current. */
export const updateDataSourceRequestSchema = z.object({
  ...dataSourceFields,
  version: optionalField(z.number({ error: typeError('a number') }).int()),
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
