/**
 * Alerting's notifications half, as Grafana's API has it: contact points, the notification policy
 * tree, mute timings and templates (`/api/v1/provisioning/...`), and the embedded Alertmanager's
 * v2 API (`/api/alertmanager/grafana/api/v2/...`): alerts, groups, silences, status.
 */
import { z } from 'zod';
import { optionalField, typeError } from './common';
import { parsePromDuration } from './durations';

/** Where a resource came from: `api` (written through the API), `file` (provisioning files, read-only), `""` (X-Disable-Provenance). */
export const provenances = ['', 'api', 'file'] as const;
export type Provenance = (typeof provenances)[number];

/** Secret settings are answered with this in place of their value; a write that sends it back keeps the stored secret. */
export const REDACTED = '[REDACTED]';

/** The contact point types Sightline delivers to (Grafana's names). */
export const contactPointTypes = [
  'webhook',
  'email',
  'slack',
  'teams',
  'discord',
  'pagerduty',
  'telegram',
  'prometheus-alertmanager',
] as const;
export type ContactPointType = (typeof contactPointTypes)[number];

/**
 * The settings of each type that are secrets (Grafana's `Secure` notifier options): sealed at rest,
 * answered `[REDACTED]`, and shown by the UI as "configured" with a Reset, never echoed.
 */
export const contactPointSecretFields: Record<ContactPointType, readonly string[]> = {
  webhook: ['password', 'authorization_credentials'],
  email: [],
  slack: ['url', 'token'],
  teams: ['url'],
  discord: ['url'],
  pagerduty: ['integrationKey'],
  telegram: ['bottoken'],
  'prometheus-alertmanager': ['basicAuthPassword'],
};

export function isContactPointType(type: string): type is ContactPointType {
  return (contactPointTypes as readonly string[]).includes(type);
}

function durationField() {
  return optionalField(
    z
      .string({ error: typeError('a duration such as 30s, 5m or 4h') })
      // Prometheus's syntax (`30s`, `5m`, `1h30m`, `1d`, `0`), as Alertmanager reads a policy's timings.
      .refine((text) => parsePromDuration(text) !== undefined, { error: 'must be a duration such as 30s, 5m or 4h' }),
  );
}

const labelName = z.string({ error: typeError('a string') }).min(1, 'cannot be empty');

/** One `[label, op, value]` of a policy's `object_matchers`. */
export const objectMatcherSchema = z.tuple(
  [labelName, z.enum(['=', '!=', '=~', '!~'], { error: 'must be one of =, !=, =~, !~' }), z.string()],
  {
    error: typeError('a [label, operator, value] triple'),
  },
);
export type ObjectMatcher = z.infer<typeof objectMatcherSchema>;

/** A notification policy (Alertmanager's `Route` as Grafana's JSON has it); the root is the tree. */
export interface Route {
  receiver?: string;
  group_by?: string[];
  object_matchers?: ObjectMatcher[];
  /** Alertmanager's string matchers (`severity=~"crit.*"`); Grafana writes object_matchers. */
  matchers?: string[];
  continue?: boolean;
  group_wait?: string;
  group_interval?: string;
  repeat_interval?: string;
  mute_time_intervals?: string[];
  active_time_intervals?: string[];
  routes?: Route[];
  provenance?: string;
}

export const routeSchema: z.ZodType<Route> = z.lazy(() =>
  z.object({
    receiver: optionalField(z.string({ error: typeError('a string') })),
    group_by: optionalField(z.array(labelName, { error: typeError('a list of label names') }).max(100)),
    object_matchers: optionalField(z.array(objectMatcherSchema, { error: typeError('a list of matchers') }).max(100)),
    matchers: optionalField(z.array(z.string(), { error: typeError('a list of matchers') }).max(100)),
    continue: optionalField(z.boolean({ error: typeError('true or false') })),
    group_wait: durationField(),
    group_interval: durationField(),
    repeat_interval: durationField(),
    mute_time_intervals: optionalField(z.array(z.string(), { error: typeError('a list of names') }).max(100)),
    active_time_intervals: optionalField(z.array(z.string(), { error: typeError('a list of names') }).max(100)),
    routes: optionalField(z.array(routeSchema, { error: typeError('a list of policies') }).max(1000)),
    provenance: optionalField(z.string()),
  }),
);

export const timeRangeSchema = z.object({
  start_time: z.string({ error: typeError('a time such as 09:00') }).regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be a time such as 09:00'),
  end_time: z.string({ error: typeError('a time such as 17:00') }).regex(/^([01]\d|2[0-4]):[0-5]\d$/, 'must be a time such as 17:00'),
});

const rangeList = () => optionalField(z.array(z.string({ error: typeError('a string') }), { error: typeError('a list') }).max(100));

export const timeIntervalSchema = z.object({
  times: optionalField(z.array(timeRangeSchema, { error: typeError('a list of time ranges') }).max(100)),
  weekdays: rangeList(),
  days_of_month: rangeList(),
  months: rangeList(),
  years: rangeList(),
  location: optionalField(z.string({ error: typeError('a time zone such as Europe/Berlin') })),
});
export type TimeInterval = z.infer<typeof timeIntervalSchema>;

/** `POST/PUT /api/v1/provisioning/mute-timings[/{name}]` */
export const muteTimingSchema = z.object({
  name: z
    .string({ error: typeError('a string') })
    .min(1, 'cannot be empty')
    .max(190),
  time_intervals: z.array(timeIntervalSchema, { error: typeError('a list of time intervals') }).max(100),
  provenance: optionalField(z.string()),
});
export type MuteTiming = z.infer<typeof muteTimingSchema>;

/**
 * Grafana's uid of a time interval (`legacy_storage.NameToUid`): its name, UTF-8, in unpadded
 * base64url. A PUT that renames a mute timing names it by this in its path.
 */
export function timeIntervalUid(name: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(name)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** `PUT /api/v1/provisioning/templates/{name}` */
export const putTemplateRequestSchema = z.object({
  template: z.string({ error: typeError('a string') }).max(1_000_000),
  provenance: optionalField(z.string()),
});
export interface NotificationTemplate {
  name: string;
  template: string;
  provenance: Provenance;
}

/** A template as `GET /api/v1/provisioning/templates[/{name}]` answers it: `provenance` is left out when empty. */
export const notificationTemplateSchema = z.looseObject({
  name: z.string(),
  template: z.string(),
  provenance: z.string().optional(),
});
export type NotificationTemplateAnswer = z.infer<typeof notificationTemplateSchema>;
export const notificationTemplatesSchema = z.array(notificationTemplateSchema);

/** `POST /api/v1/provisioning/contact-points`, `PUT .../{uid}` */
export const contactPointRequestSchema = z.object({
  uid: optionalField(
    z
      .string({ error: typeError('a string') })
      .max(40)
      .regex(/^[a-zA-Z0-9\-_]*$/, 'may hold only letters, digits, - and _'),
  ),
  name: z
    .string({ error: typeError('a string') })
    .min(1, 'cannot be empty')
    .max(190)
    .refine((name) => name.trim() !== '', 'cannot be blank'),
  type: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  settings: z.record(z.string(), z.unknown(), { error: typeError('an object') }),
  disableResolveMessage: optionalField(z.boolean({ error: typeError('true or false') })),
  provenance: optionalField(z.string()),
});
export type ContactPointRequest = z.infer<typeof contactPointRequestSchema>;

export const contactPointSchema = z.looseObject({
  uid: z.string(),
  name: z.string(),
  type: z.string(),
  settings: z.record(z.string(), z.unknown()),
  disableResolveMessage: z.boolean(),
  provenance: z.string().optional(),
});
export type ContactPoint = z.infer<typeof contactPointSchema>;
export const contactPointsSchema = z.array(contactPointSchema);

export const contactPointsQuerySchema = z.object({ name: z.string().optional() });

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/**
 * Alertmanager's `date-time` (RFC 3339, as Go's time.Parse reads it: real days, hours to 23,
 * seconds to 59). `Date.parse` takes far more ("1", "3000", "Jan 1") and rolls 02-30 into March.
 */
export function isRfc3339DateTime(text: string): boolean {
  const match = RFC3339.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offsetOk = match[8] === undefined || (Number(match[8]) <= 23 && Number(match[9]) <= 59);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59 && offsetOk;
}

/** An Alertmanager v2 silence matcher. `isEqual` false negates (`!=`, `!~`). */
export const silenceMatcherSchema = z.object({
  name: labelName,
  value: z.string({ error: typeError('a string') }),
  isRegex: z.boolean({ error: typeError('true or false') }),
  isEqual: optionalField(z.boolean({ error: typeError('true or false') })),
});
export type SilenceMatcher = { name: string; value: string; isRegex: boolean; isEqual: boolean };

/** `POST /api/alertmanager/grafana/api/v2/silences` (an `id` updates that silence). */
export const postableSilenceSchema = z.object({
  id: optionalField(z.string()),
  matchers: z
    .array(silenceMatcherSchema, { error: typeError('a list of matchers') })
    .min(1, 'needs at least one matcher')
    .max(100),
  startsAt: z
    .string({ error: typeError('a date') })
    .refine(isRfc3339DateTime, 'must be an RFC 3339 date-time such as 2024-01-01T00:00:00Z'),
  endsAt: z.string({ error: typeError('a date') }).refine(isRfc3339DateTime, 'must be an RFC 3339 date-time such as 2024-01-01T00:00:00Z'),
  createdBy: z.string({ error: typeError('a string') }).min(1, 'cannot be empty'),
  comment: z.string({ error: typeError('a string') }),
});

export const gettableSilenceSchema = z.looseObject({
  id: z.string(),
  matchers: z.array(z.looseObject({ name: z.string(), value: z.string(), isRegex: z.boolean(), isEqual: z.boolean() })),
  startsAt: z.string(),
  endsAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  comment: z.string(),
  status: z.looseObject({ state: z.enum(['active', 'pending', 'expired']) }),
});
export type GettableSilence = z.infer<typeof gettableSilenceSchema>;

const filterParam = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : [value].flat()))
  .refine((values) => values.length <= 50, 'too many filters: at most 50');
const boolParam = (fallback: boolean) =>
  z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : value === 'true'));

/** `GET .../api/v2/alerts` and `alerts/groups` */
export const alertsQuerySchema = z.object({
  active: boolParam(true),
  silenced: boolParam(true),
  inhibited: boolParam(true),
  unprocessed: boolParam(true),
  filter: filterParam,
  receiver: optionalField(z.string()),
});

export const silencesQuerySchema = z.object({ filter: filterParam });

export const gettableAlertSchema = z.looseObject({
  labels: z.record(z.string(), z.string()),
  annotations: z.record(z.string(), z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  updatedAt: z.string(),
  fingerprint: z.string(),
  generatorURL: z.string(),
  receivers: z.array(z.looseObject({ name: z.string() })),
  status: z.looseObject({ state: z.string(), silencedBy: z.array(z.string()), inhibitedBy: z.array(z.string()) }),
});
export type GettableAlert = z.infer<typeof gettableAlertSchema>;

/** `POST /api/alertmanager/grafana/config/api/v1/receivers/test` */
export const testReceiversRequestSchema = z.object({
  alert: optionalField(
    z.object({
      labels: optionalField(z.record(z.string(), z.string())),
      annotations: optionalField(z.record(z.string(), z.string())),
    }),
  ),
  receivers: z
    .array(
      z.object({
        name: z.string({ error: typeError('a string') }),
        grafana_managed_receiver_configs: z
          .array(
            z.object({
              uid: optionalField(z.string()),
              name: optionalField(z.string()),
              type: z.string({ error: typeError('a string') }),
              settings: z.record(z.string(), z.unknown(), { error: typeError('an object') }),
              secureSettings: optionalField(z.record(z.string(), z.string())),
              disableResolveMessage: optionalField(z.boolean()),
            }),
          )
          .max(50),
      }),
      { error: typeError('a list of receivers') },
    )
    .min(1, 'needs at least one receiver')
    .max(20),
});

export const testReceiversResponseSchema = z.looseObject({
  alert: z.looseObject({ labels: z.record(z.string(), z.string()), annotations: z.record(z.string(), z.string()) }),
  receivers: z.array(
    z.looseObject({
      name: z.string(),
      grafana_managed_receiver_configs: z.array(
        z.looseObject({ name: z.string(), uid: z.string(), status: z.enum(['ok', 'failed']), error: z.string().optional() }),
      ),
    }),
  ),
  notified_at: z.string(),
});
export type TestReceiversRequest = z.input<typeof testReceiversRequestSchema>;
export type TestReceiversResponse = z.infer<typeof testReceiversResponseSchema>;

/** `GET /api/alertmanager/grafana/config/api/v1/receivers`: each contact point's integrations and their last delivery. */
export const receiverStatusSchema = z.looseObject({
  name: z.string(),
  /** A notification policy routes to it. */
  active: z.boolean(),
  integrations: z.array(
    z.looseObject({
      /** `webhook[0]`: the integration's type and position in the contact point. */
      name: z.string(),
      sendResolved: z.boolean(),
      /** `0001-01-01T00:00:00Z` when nothing was attempted yet. */
      lastNotifyAttempt: z.string(),
      /** Go's duration text: `0s`, `15ms`, `1.2s`. */
      lastNotifyAttemptDuration: z.string(),
      lastNotifyAttemptError: z.string().optional(),
    }),
  ),
});
export type ReceiverStatus = z.infer<typeof receiverStatusSchema>;
export const receiversStatusSchema = z.array(receiverStatusSchema);

/** The answer of `POST .../api/v2/silences`. */
export const postSilenceResponseSchema = z.looseObject({ silenceID: z.string() });
export const gettableSilencesSchema = z.array(gettableSilenceSchema);
export const gettableAlertsSchema = z.array(gettableAlertSchema);
