/**
 * Grafana-managed alert rules: the provisioning API (`/api/v1/provisioning/alert-rules`,
 * `folder/{uid}/rule-groups/{group}`), the Ruler read API, the rule states API
 * (`/api/prometheus/grafana/api/v1/rules`) and `POST /api/v1/eval`, in Grafana's shapes
 * (grafana/grafana `pkg/services/ngalert/api/tooling/definitions/`).
 */
import { z } from 'zod';
import { integerQueryParam, optionalField, repeatedQueryParam, typeError } from './common';
import { formatPromDuration, parsePromDuration } from './durations';
import { queryResultSchema } from './query';

/** The uid of server-side expressions in a rule's `data`. */
export const EXPRESSION_DATASOURCE_UID = '__expr__';

/** Grafana's classic condition reducers: what the server runs and the rule form offers. */
export const classicConditionReducers = [
  'avg',
  'min',
  'max',
  'sum',
  'count',
  'last',
  'median',
  'diff',
  'diff_abs',
  'percent_diff',
  'percent_diff_abs',
  'count_non_null',
] as const;

export const noDataStates = ['NoData', 'Alerting', 'OK', 'KeepLast'] as const;
export const execErrStates = ['Error', 'Alerting', 'OK', 'KeepLast'] as const;
export type NoDataState = (typeof noDataStates)[number];
export type ExecErrState = (typeof execErrStates)[number];

/**
 * The longest duration Grafana and Prometheus can hold: Go's `time.Duration`, int64 nanoseconds
 * (about 292 years), here in whole milliseconds and whole seconds.
 */
export const MAX_DURATION_MS = 9_223_372_036_854;
export const MAX_DURATION_SECONDS = 9_223_372_036;
const durationOutOfRange = `is out of range: a duration can be at most ${formatPromDuration(MAX_DURATION_MS)} (${MAX_DURATION_SECONDS} seconds)`;

/** Why `ms` cannot be a duration (negative, not finite, too long for Go), else undefined. */
function durationProblem(ms: number | undefined, value: unknown): string | undefined {
  if (ms === undefined || !Number.isFinite(ms) || ms < 0) return `must be a duration such as "5m" or "1h30m", got ${JSON.stringify(value)}`;
  if (ms > MAX_DURATION_MS) return `${durationOutOfRange}, got ${JSON.stringify(value)}`;
  return undefined;
}

/**
 * A duration field: Prometheus's text; a number is taken as seconds (some clients send one) and
 * rounded to the millisecond, as Prometheus writes durations. Output: milliseconds.
 */
export const durationSchema = z
  .union([z.string(), z.number()], { error: typeError('a duration such as "5m"') })
  .transform((value, context) => {
    const ms = typeof value === 'number' ? value * 1000 : parsePromDuration(value.trim());
    const problem = durationProblem(ms, value);
    if (problem) {
      context.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return Math.round(ms!);
  });

/** A duration kept as its Prometheus text (notification settings are stored as sent). */
function durationText(minimumMs: number) {
  return z.string({ error: typeError('a duration such as "5m"') }).superRefine((text, context) => {
    const ms = parsePromDuration(text.trim());
    const problem = durationProblem(ms, text) ?? (ms! < minimumMs ? 'must be greater than zero' : undefined);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  });
}

/** Whole seconds that fit a Go `time.Duration` (Grafana reads these fields into one). */
function durationSeconds() {
  return z
    .number({ error: typeError('a number of seconds') })
    .refine(Number.isInteger, 'must be whole seconds')
    .min(0, 'cannot be negative')
    .max(MAX_DURATION_SECONDS, durationOutOfRange);
}

const labelMap = z.record(z.string(), z.string({ error: typeError('a string') }), { error: typeError('an object of strings') });

/** Seconds before now a query reads from and to (Grafana's `RelativeTimeRange`): `from` is the earlier end. */
export const relativeTimeRangeSchema = z
  .object({ from: durationSeconds(), to: durationSeconds() })
  .refine((range) => range.from >= range.to, {
    message: 'must be at least "to": both count seconds before now, so "from" is the earlier end',
    path: ['from'],
  });

/** One query or expression of a rule (Grafana's `AlertQuery`). */
export const alertQuerySchema = z.object({
  refId: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  queryType: optionalField(z.string({ error: typeError('a string') })),
  relativeTimeRange: optionalField(relativeTimeRangeSchema),
  datasourceUid: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  model: z.record(z.string(), z.unknown(), { error: typeError('an object') }),
});
export type AlertQuery = z.output<typeof alertQuerySchema>;

/** A rule's own routing (Grafana's `AlertRuleNotificationSettings`); that the receiver and time intervals exist is checked on save. */
export const notificationSettingsSchema = z.looseObject({
  receiver: z.string({ error: typeError('a string') }).min(1, 'cannot be empty: name the contact point to notify'),
  group_by: optionalField(
    z
      .array(z.string({ error: typeError('a string') }), { error: typeError('an array of label names') })
      .refine((labels) => new Set(labels).size === labels.length, 'cannot name a label twice'),
  ),
  group_wait: optionalField(durationText(0)),
  group_interval: optionalField(durationText(1)),
  repeat_interval: optionalField(durationText(1)),
  mute_time_intervals: optionalField(z.array(z.string({ error: typeError('a string') }), { error: typeError('an array of names') })),
  active_time_intervals: optionalField(z.array(z.string({ error: typeError('a string') }), { error: typeError('an array of names') })),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;

const title = z
  .string({ error: typeError('a string') })
  .trim()
  .min(1, 'cannot be empty')
  .max(190);
const uid = z
  .string({ error: typeError('a string') })
  .max(40)
  .regex(/^[a-zA-Z0-9_-]*$/, 'must hold only letters, digits, - and _');

/** The body of `POST`/`PUT /api/v1/provisioning/alert-rules[/{uid}]` (Grafana's `ProvisionedAlertRule`). */
export const provisionedAlertRuleRequestSchema = z.object({
  uid: optionalField(uid),
  folderUID: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  ruleGroup: title,
  title,
  condition: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  data: z.array(alertQuerySchema, { error: typeError('an array of queries') }).min(1, 'needs at least one query'),
  noDataState: optionalField(z.enum(noDataStates, { error: `must be one of ${noDataStates.join(', ')}` })),
  execErrState: optionalField(z.enum(execErrStates, { error: `must be one of ${execErrStates.join(', ')}` })),
  for: optionalField(durationSchema),
  keep_firing_for: optionalField(durationSchema),
  annotations: optionalField(labelMap),
  labels: optionalField(labelMap),
  isPaused: optionalField(z.boolean({ error: typeError('true or false') })),
  notification_settings: optionalField(notificationSettingsSchema),
  missingSeriesEvalsToResolve: optionalField(
    z
      .number({ error: typeError('a number') })
      .int()
      .min(1),
  ),
});
export type ProvisionedAlertRuleRequest = z.output<typeof provisionedAlertRuleRequestSchema>;

/** A rule inside a group body: its folder and group come from the group. */
const groupRuleSchema = provisionedAlertRuleRequestSchema.extend({
  folderUID: optionalField(z.string({ error: typeError('a string') })),
  ruleGroup: optionalField(z.string({ error: typeError('a string') })),
});

/** `PUT /api/v1/provisioning/folder/{folderUid}/rule-groups/{group}` (Grafana's `AlertRuleGroup`). */
export const alertRuleGroupRequestSchema = z.object({
  title: optionalField(z.string({ error: typeError('a string') })),
  folderUid: optionalField(z.string({ error: typeError('a string') })),
  interval: durationSeconds().min(1, 'must be positive'),
  rules: z.array(groupRuleSchema, { error: typeError('an array of rules') }).default([]),
});
export type AlertRuleGroupRequest = z.output<typeof alertRuleGroupRequestSchema>;

export const ruleUidParamsSchema = z.object({ uid: z.string().min(1) });
export const ruleGroupParamsSchema = z.object({ folderUid: z.string().min(1), group: z.string().min(1) });

/** What a rule reads back as (GET), loose so a real Grafana's extra fields parse. */
export const provisionedAlertRuleSchema = z.looseObject({
  id: z.number(),
  uid: z.string(),
  orgID: z.number(),
  folderUID: z.string(),
  ruleGroup: z.string(),
  title: z.string(),
  condition: z.string(),
  data: z.array(z.looseObject({ refId: z.string(), datasourceUid: z.string(), model: z.record(z.string(), z.unknown()) })),
  updated: z.string(),
  noDataState: z.string(),
  execErrState: z.string(),
  for: z.string(),
  keep_firing_for: z.string().optional(),
  annotations: z.record(z.string(), z.string()).optional(),
  labels: z.record(z.string(), z.string()).optional(),
  provenance: z.string().optional(),
  isPaused: z.boolean(),
});
export type ProvisionedAlertRule = z.infer<typeof provisionedAlertRuleSchema>;

export const alertRuleGroupSchema = z.looseObject({
  title: z.string(),
  folderUid: z.string(),
  interval: z.number(),
  rules: z.array(provisionedAlertRuleSchema),
});
export type AlertRuleGroup = z.infer<typeof alertRuleGroupSchema>;

export const exportQuerySchema = z.object({
  format: optionalField(z.enum(['json', 'yaml', 'hcl'], { error: 'must be json or yaml' })),
  download: optionalField(z.enum(['true', 'false'])),
  folderUid: repeatedQueryParam(),
  group: optionalField(z.string()),
  ruleUid: optionalField(z.string()),
});

/** Rule states answer's `state` filter values (Grafana's, lower-case). */
export const ruleStateFilters = ['firing', 'pending', 'inactive', 'recovering', 'nodata', 'normal', 'error'] as const;

/** `GET /api/prometheus/grafana/api/v1/rules`. */
export const ruleStatesQuerySchema = z.object({
  folder_uid: optionalField(z.string()),
  rule_group: optionalField(z.string()),
  rule_uid: optionalField(z.string()),
  /** Rules linked to this dashboard (their `__dashboardUid__` annotation), and with `panel_id` to one panel of it. */
  dashboard_uid: optionalField(z.string()),
  panel_id: integerQueryParam(),
  'search.rule_name': optionalField(z.string()),
  state: repeatedQueryParam(10, 'states').refine(
    (states) => states.every((s) => (ruleStateFilters as readonly string[]).includes(s.toLowerCase())),
    `must be one of ${ruleStateFilters.join(', ')}`,
  ),
  rule_limit: integerQueryParam(),
  limit_alerts: integerQueryParam(),
  group_limit: integerQueryParam(),
  group_next_token: optionalField(z.string()),
  matcher: repeatedQueryParam(20, 'matchers'),
});

export const ruleStatesResponseSchema = z.looseObject({
  status: z.literal('success'),
  data: z.looseObject({
    groups: z.array(
      z.looseObject({
        name: z.string(),
        file: z.string(),
        folderUid: z.string(),
        interval: z.number(),
        rules: z.array(
          z.looseObject({
            state: z.string(),
            name: z.string(),
            uid: z.string(),
            health: z.string(),
            lastError: z.string().optional(),
            type: z.string(),
            labels: z.record(z.string(), z.string()).optional(),
            annotations: z.record(z.string(), z.string()).optional(),
            lastEvaluation: z.string().optional(),
            isPaused: z.boolean().optional(),
            alerts: z
              .array(
                z.looseObject({
                  labels: z.record(z.string(), z.string()),
                  annotations: z.record(z.string(), z.string()),
                  state: z.string(),
                  activeAt: z.string(),
                  value: z.string(),
                }),
              )
              .optional(),
            totals: z.record(z.string(), z.number()).optional(),
          }),
        ),
        totals: z.record(z.string(), z.number()).optional(),
      }),
    ),
    totals: z.record(z.string(), z.number()).optional(),
    groupNextToken: z.string().optional(),
  }),
});
export type RuleStatesResponse = z.infer<typeof ruleStatesResponseSchema>;

/** `POST /api/v1/eval`: queries and expressions to run now (Grafana's `EvalQueriesPayload`). */
export const evalRequestSchema = z.object({
  data: z.array(alertQuerySchema, { error: typeError('an array of queries') }).min(1, 'needs at least one query'),
  condition: optionalField(z.string()),
  now: optionalField(z.string()),
});

/** `POST /api/v1/eval`'s answer: each refId's frames (Grafana's `backend.QueryDataResponse`). */
export const evalResponseSchema = z.looseObject({
  results: z.record(z.string(), queryResultSchema),
});
export type EvalResponse = z.infer<typeof evalResponseSchema>;

/** `GET /api/ruler/grafana/api/v1/rules/{folderUid}`: the folder's groups under its title. */
export const rulerFolderGroupsSchema = z.record(
  z.string(),
  z.array(z.looseObject({ name: z.string(), interval: z.string(), rules: z.array(z.unknown()) })),
);

/** The rule states answer's rule and group, as the UI lists them. */
export type RuleStatesGroup = RuleStatesResponse['data']['groups'][number];
export type RuleStatesRule = RuleStatesGroup['rules'][number];
