import { z } from 'zod';
import { typeError } from './common';

/**
 * `POST /api/ds/query` and Grafana's data-frame JSON (grafana-plugin-sdk-go `data/frame_json.go`).
 * The server validates requests with these schemas; the UI parses answers with them.
 */

/** A time bound: epoch milliseconds (number or digit string) or relative (`now`, `now-6h`, `now/d`). */
export const timeBoundSchema = z.union([z.number().finite(), z.string().trim().min(1, 'cannot be empty').max(64, 'is too long')], {
  error: typeError('epoch milliseconds or a relative time such as now-6h'),
});
export type TimeBound = z.infer<typeof timeBoundSchema>;

/** Grafana's data source reference in a query: `{uid, type}` or (older dashboards) the uid as a string. */
export const dataSourceRefSchema = z.union([
  z.looseObject({
    uid: z.string().max(200).nullish(),
    type: z.string().max(200).nullish(),
  }),
  z.string().max(200),
]);
export type DataSourceRef = z.infer<typeof dataSourceRefSchema>;

/** One query. Type-specific fields (expr, rawSql, scenarioId, ...) pass through untouched. */
export const dataQuerySchema = z.looseObject({
  refId: z
    .string({ error: typeError('a string') })
    .max(100, 'is too long: at most 100 characters')
    .default('A'),
  datasource: dataSourceRefSchema.nullish(),
  datasourceId: z
    .number({ error: typeError('a number') })
    .int()
    .nullish(),
  intervalMs: z
    .number({ error: typeError('a number') })
    .positive('must be positive')
    .finite()
    .nullish(),
  maxDataPoints: z
    .number({ error: typeError('a number') })
    .int()
    .positive('must be positive')
    .max(1_000_000)
    .nullish(),
  hide: z.boolean().nullish(),
});
export type DataQuery = z.infer<typeof dataQuerySchema>;

export const MAX_QUERIES_PER_REQUEST = 100;

export const queryRequestSchema = z.looseObject({
  from: timeBoundSchema.default('now-6h'),
  to: timeBoundSchema.default('now'),
  queries: z
    .array(dataQuerySchema, { error: typeError('an array of queries') })
    .min(1, 'needs at least one query')
    .max(MAX_QUERIES_PER_REQUEST, `too many queries: at most ${MAX_QUERIES_PER_REQUEST}`),
});
export type QueryRequest = z.input<typeof queryRequestSchema>;
export type ParsedQueryRequest = z.output<typeof queryRequestSchema>;

export const fieldTypes = ['time', 'number', 'string', 'boolean', 'other'] as const;
export type FieldType = (typeof fieldTypes)[number];

/** A field's display config as a data source may set it (`displayNameFromDS`, `unit`, `interval`, ...). */
export const fieldConfigSchema = z.looseObject({
  displayName: z.string().optional(),
  displayNameFromDS: z.string().optional(),
  unit: z.string().optional(),
  interval: z.number().optional(),
});
export type FieldConfig = z.infer<typeof fieldConfigSchema>;

export const frameFieldSchema = z.looseObject({
  name: z.string(),
  type: z.string().optional(),
  typeInfo: z.looseObject({ frame: z.string().optional(), nullable: z.boolean().optional() }).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  config: fieldConfigSchema.optional(),
});
export type FrameField = z.infer<typeof frameFieldSchema>;

export const frameMetaSchema = z.looseObject({
  type: z.string().optional(),
  typeVersion: z.array(z.number()).optional(),
  executedQueryString: z.string().optional(),
  preferredVisualisationType: z.string().optional(),
  custom: z.unknown().optional(),
  notices: z.array(z.looseObject({ severity: z.string().optional(), text: z.string() })).optional(),
});
export type FrameMeta = z.infer<typeof frameMetaSchema>;

/** One data frame: columns described by `schema.fields`, their values in `data.values` (column-major). */
export const dataFrameSchema = z.looseObject({
  schema: z.looseObject({
    refId: z.string().optional(),
    name: z.string().optional(),
    meta: frameMetaSchema.optional(),
    fields: z.array(frameFieldSchema),
  }),
  data: z
    .looseObject({
      values: z.array(z.array(z.unknown())),
    })
    .optional(),
});
export type DataFrame = z.infer<typeof dataFrameSchema>;

/** The answer for one refId: frames, or an error a person can act on. */
export const queryResultSchema = z.looseObject({
  status: z.number().optional(),
  frames: z.array(dataFrameSchema).optional(),
  error: z.string().optional(),
  errorSource: z.string().optional(),
});
export type QueryResult = z.infer<typeof queryResultSchema>;

export const queryResponseSchema = z.looseObject({
  results: z.record(z.string(), queryResultSchema),
});
export type QueryResponse = z.infer<typeof queryResponseSchema>;

/*
 * The type-specific fields each query runner reads (Grafana's names). Loose: fields a runner does
 * not read pass through. Numbers that Grafana clients sometimes send as strings are accepted both ways.
 */
const numberLike = z
  .union(
    [
      z.number().finite(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/, 'must be a number'),
    ],
    { error: typeError('a number') },
  )
  .transform(Number);
const text = z.string({ error: typeError('a string') });

/**
 * A choice where Grafana reads an empty string as "not set" (its Go structs' zero value): exported
 * dashboards carry `"format": ""` and `"queryType": ""`, and Grafana runs them with the default.
 */
function choice<const T extends readonly [string, ...string[]]>(values: T, error: string) {
  return z.preprocess((value) => (value === '' ? undefined : value), z.enum(values, { error }).nullish());
}

/** `prometheus` queries. Neither `range` nor `instant` means a range query. */
export const prometheusQueryFieldsSchema = z.looseObject({
  expr: text.nullish(),
  legendFormat: text.nullish(),
  format: choice(['time_series', 'table', 'heatmap'], 'must be time_series, table or heatmap'),
  range: z.boolean({ error: typeError('true or false') }).nullish(),
  instant: z.boolean({ error: typeError('true or false') }).nullish(),
  exemplar: z.boolean({ error: typeError('true or false') }).nullish(),
  /** Min step, e.g. "30s"; may be `$__interval` or `$__rate_interval`. */
  interval: text.nullish(),
  intervalFactor: numberLike.nullish(),
  utcOffsetSec: numberLike.nullish(),
});
export type PrometheusQueryFields = z.infer<typeof prometheusQueryFieldsSchema>;

/** `loki` queries: log or metric LogQL. */
export const lokiQueryFieldsSchema = z.looseObject({
  expr: text.nullish(),
  legendFormat: text.nullish(),
  queryType: choice(['range', 'instant'], 'must be range or instant'),
  instant: z.boolean({ error: typeError('true or false') }).nullish(),
  maxLines: numberLike.nullish(),
  step: text.nullish(),
  resolution: numberLike.nullish(),
  direction: choice(['backward', 'forward'], 'must be backward or forward'),
});
export type LokiQueryFields = z.infer<typeof lokiQueryFieldsSchema>;

/** `grafana-postgresql-datasource` and `mysql` queries. */
export const sqlQueryFieldsSchema = z.looseObject({
  rawSql: text.nullish(),
  format: choice(['time_series', 'table'], 'must be time_series or table'),
});
export type SqlQueryFields = z.infer<typeof sqlQueryFieldsSchema>;

export const testDataScenarioIds = ['random_walk', 'csv_content', 'csv_metric_values', 'predictable_pulse', 'no_data_points'] as const;

/** `grafana-testdata-datasource` queries. */
export const testDataQueryFieldsSchema = z.looseObject({
  scenarioId: text.nullish(),
  alias: text.nullish(),
  labels: text.nullish(),
  seriesCount: numberLike.nullish(),
  startValue: numberLike.nullish(),
  spread: numberLike.nullish(),
  noise: numberLike.nullish(),
  min: numberLike.nullish(),
  max: numberLike.nullish(),
  dropPercent: numberLike.nullish(),
  /** Changes the random walk's seed (the walk is the same for the same refId, series and seed). */
  seed: z.union([text, z.number()]).nullish(),
  csvContent: text.nullish(),
  stringInput: text.nullish(),
  pulseWave: z
    .looseObject({
      timeStep: numberLike.nullish(),
      onCount: numberLike.nullish(),
      offCount: numberLike.nullish(),
      onValue: z.union([z.number(), text]).nullish(),
      offValue: z.union([z.number(), text]).nullish(),
    })
    .nullish(),
});
export type TestDataQueryFields = z.infer<typeof testDataQueryFieldsSchema>;
