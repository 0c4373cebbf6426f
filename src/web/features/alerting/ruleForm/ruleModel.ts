/**
 * The alert rule form's values, and how they come from a panel's defaults or a saved rule and go
 * back to the provisioning API's rule. The simple form and the full editor are two views of the
 * same values, so switching between them loses nothing.
 */
import {
  EXPRESSION_DATASOURCE_UID,
  notificationSettingsSchema,
  type ExecErrState,
  type NoDataState,
  type ProvisionedAlertRule,
  type ProvisionedAlertRuleRequest,
} from '../../../../contract/alerting';
import { DASHBOARD_UID_ANNOTATION, PANEL_ID_ANNOTATION, type AlertRuleDefaults } from '../../../lib/alertRuleDefaults';
import { defaultQuery } from '../../../queryEditors/queryKinds';

export interface RuleQuery {
  refId: string;
  datasourceUid: string;
  queryType?: string;
  relativeTimeRange: { from: number; to: number };
  model: Record<string, unknown>;
}

export interface KeyValue {
  key: string;
  value: string;
}

export interface RuleFormValues {
  uid?: string;
  title: string;
  folderUid: string | null;
  group: string;
  /** The group is one this rule starts (then `groupInterval` is its evaluation interval). */
  newGroup: boolean;
  groupInterval: string;
  queries: RuleQuery[];
  condition: string;
  pendingPeriod: string;
  keepFiringFor: string;
  noDataState: NoDataState;
  execErrState: ExecErrState;
  isPaused: boolean;
  labels: KeyValue[];
  annotations: KeyValue[];
  dashboardUid: string;
  panelId: string;
  /** Grafana's simplified routing: a contact point's name, or null to use the notification policy. */
  contactPoint: string | null;
  groupBy: string[];
  groupWait: string;
  groupIntervalTiming: string;
  repeatInterval: string;
  /** Fields of a saved rule the form does not show, sent back unchanged. */
  kept: Partial<ProvisionedAlertRuleRequest>;
}

export type ExpressionType = 'reduce' | 'math' | 'threshold' | 'resample' | 'classic_conditions';
export type EvaluatorType = 'gt' | 'lt' | 'outside_range' | 'within_range';
export type SimpleReducer = 'last' | 'mean' | 'min' | 'max';

export const SIMPLE_REDUCERS: ReadonlyArray<{ value: SimpleReducer; label: string }> = [
  { value: 'last', label: 'Last' },
  { value: 'mean', label: 'Mean' },
  { value: 'min', label: 'Min' },
  { value: 'max', label: 'Max' },
];
export const EVALUATORS: ReadonlyArray<{ value: EvaluatorType; label: string }> = [
  { value: 'gt', label: 'is above' },
  { value: 'lt', label: 'is below' },
  { value: 'outside_range', label: 'is outside the range' },
  { value: 'within_range', label: 'is within the range' },
];
export const isRangeEvaluator = (type: string) => type === 'outside_range' || type === 'within_range';

/** Grafana's default range for a new query: the last 10 minutes. */
const DEFAULT_RANGE = { from: 600, to: 0 };
export const EXPRESSION_DATASOURCE = { type: '__expr__', uid: EXPRESSION_DATASOURCE_UID } as const;

export const isExpression = (query: RuleQuery) => query.datasourceUid === EXPRESSION_DATASOURCE_UID;
export const expressionType = (query: RuleQuery) => String(query.model.type ?? '') as ExpressionType;

export function reduceExpression(refId: string, input: string, reducer = 'last'): RuleQuery {
  return {
    refId,
    datasourceUid: EXPRESSION_DATASOURCE_UID,
    relativeTimeRange: { from: 0, to: 0 },
    model: { refId, type: 'reduce', datasource: EXPRESSION_DATASOURCE, expression: input, reducer },
  };
}

export function thresholdExpression(refId: string, input: string, type: EvaluatorType = 'gt', params: number[] = [0]): RuleQuery {
  return {
    refId,
    datasourceUid: EXPRESSION_DATASOURCE_UID,
    relativeTimeRange: { from: 0, to: 0 },
    model: {
      refId,
      type: 'threshold',
      datasource: EXPRESSION_DATASOURCE,
      expression: input,
      conditions: [{ type: 'query', evaluator: { type, params } }],
    },
  };
}

/** A new expression of a type, reading `input`, with Grafana's defaults. */
export function newExpression(type: ExpressionType, refId: string, input: string): RuleQuery {
  if (type === 'reduce') return reduceExpression(refId, input);
  if (type === 'threshold') return thresholdExpression(refId, input);
  const base = { refId, type, datasource: EXPRESSION_DATASOURCE };
  const model =
    type === 'math'
      ? { ...base, expression: input ? `$${input} > 0` : '' }
      : type === 'resample'
        ? { ...base, expression: input, window: '10s', downsampler: 'mean', upsampler: 'fillna' }
        : {
            ...base,
            conditions: [
              {
                type: 'query',
                query: { params: [input] },
                reducer: { type: 'last', params: [] },
                evaluator: { type: 'gt', params: [0] },
                operator: { type: 'and' },
              },
            ],
          };
  return { refId, datasourceUid: EXPRESSION_DATASOURCE_UID, relativeTimeRange: { from: 0, to: 0 }, model };
}

/**
 * A new data query of a data source, as the panel editor starts one: the model is the query
 * editor's new query (`datasource: {type, uid}` and that type's defaults).
 */
export function newDataQuery(refId: string, dataSource: { uid: string; type: string }): RuleQuery {
  return { refId, datasourceUid: dataSource.uid, relativeTimeRange: DEFAULT_RANGE, model: defaultQuery(refId, dataSource) };
}

/** A model's `datasource` as the reference Grafana stores (`{type, uid}`), or undefined when it holds neither. */
function dataSourceRef(datasource: unknown): { type?: string; uid?: string } | undefined {
  if (typeof datasource !== 'object' || datasource === null) return undefined;
  const { type, uid } = datasource as { type?: unknown; uid?: unknown };
  const ref = { ...(typeof type === 'string' ? { type } : {}), ...(typeof uid === 'string' ? { uid } : {}) };
  return Object.keys(ref).length > 0 ? ref : undefined;
}

/**
 * A data query's model as the form edits and saves it. Its `datasource` is cut to `{type, uid}`
 * (rules saved by earlier versions hold the whole data source record, URL and user included), and
 * a model that holds no query at all gets its editor's defaults, so what is saved is what the
 * editor shows.
 */
function dataQueryModel(refId: string, model: Record<string, unknown>): Record<string, unknown> {
  const ref = dataSourceRef(model.datasource);
  const trimmed = { ...model, refId, ...(ref ? { datasource: ref } : {}) };
  const { refId: _refId, datasource: _datasource, ...queryFields } = trimmed;
  if (Object.keys(queryFields).length > 0 || !ref?.type || !ref.uid) return trimmed;
  return { ...defaultQuery(refId, { type: ref.type, uid: ref.uid }), ...trimmed };
}

/** The next free refId: A, B, … Z, then AA, AB, … */
export function nextRefId(queries: readonly RuleQuery[]): string {
  const taken = new Set(queries.map((q) => q.refId));
  for (let n = 0; ; n++) {
    const name =
      n < 26 ? String.fromCharCode(65 + n) : `${String.fromCharCode(64 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`;
    if (!taken.has(name)) return name;
  }
}

function emptyValues(): RuleFormValues {
  return {
    title: '',
    folderUid: null,
    group: '',
    newGroup: false,
    groupInterval: '1m',
    queries: [],
    condition: 'C',
    pendingPeriod: '1m',
    keepFiringFor: '0s',
    noDataState: 'NoData',
    execErrState: 'Error',
    isPaused: false,
    labels: [],
    annotations: [
      { key: 'summary', value: '' },
      { key: 'description', value: '' },
      { key: 'runbook_url', value: '' },
    ],
    dashboardUid: '',
    panelId: '',
    contactPoint: null,
    groupBy: [],
    groupWait: '',
    groupIntervalTiming: '',
    repeatInterval: '',
    kept: {},
  };
}

/**
 * A new rule: the panel's queries (or one empty query of `dataSource`), then Grafana's default
 * expressions — reduce the first query to its last value, alert when it is above 0.
 */
export function newRuleValues(
  defaults: AlertRuleDefaults | undefined,
  dataSource: { uid: string; type: string } | undefined,
): RuleFormValues {
  const values = emptyValues();
  const queries: RuleQuery[] = (defaults?.queries ?? []).map((q) => ({ ...q, model: dataQueryModel(q.refId, q.model) }));
  if (queries.length === 0 && dataSource) queries.push(newDataQuery('A', dataSource));
  const first = queries[0]?.refId ?? 'A';
  const reduce = reduceExpression(nextRefId(queries), first);
  queries.push(reduce);
  const threshold = thresholdExpression(nextRefId(queries), reduce.refId);
  queries.push(threshold);
  const annotations = new Map((defaults?.annotations ?? []).map((a) => [a.key, a.value]));
  return {
    ...values,
    title: defaults?.name ?? '',
    folderUid: defaults?.folder?.uid ?? null,
    queries,
    condition: threshold.refId,
    dashboardUid: annotations.get(DASHBOARD_UID_ANNOTATION) ?? '',
    panelId: annotations.get(PANEL_ID_ANNOTATION) ?? '',
    annotations: [
      ...values.annotations,
      ...[...annotations]
        .filter(([key]) => key !== DASHBOARD_UID_ANNOTATION && key !== PANEL_ID_ANNOTATION)
        .map(([key, value]) => ({ key, value })),
    ],
  };
}

const STANDARD_ANNOTATIONS = ['summary', 'description', 'runbook_url'];

/** A saved rule as form values; `groupInterval` is the group's. */
export function ruleToValues(rule: ProvisionedAlertRule, groupInterval: string): RuleFormValues {
  const values = emptyValues();
  const annotations = { ...rule.annotations };
  const dashboardUid = annotations[DASHBOARD_UID_ANNOTATION] ?? '';
  const panelId = annotations[PANEL_ID_ANNOTATION] ?? '';
  delete annotations[DASHBOARD_UID_ANNOTATION];
  delete annotations[PANEL_ID_ANNOTATION];
  const settings = notificationSettingsSchema.safeParse(rule.notification_settings);
  const notification = settings.success ? settings.data : undefined;
  const missing = (rule as { missingSeriesEvalsToResolve?: unknown }).missingSeriesEvalsToResolve;
  return {
    ...values,
    uid: rule.uid,
    title: rule.title,
    folderUid: rule.folderUID,
    group: rule.ruleGroup,
    groupInterval,
    queries: rule.data.map((q) => {
      const { relativeTimeRange, queryType } = q as { relativeTimeRange?: { from: number; to: number }; queryType?: string };
      return {
        refId: q.refId,
        datasourceUid: q.datasourceUid,
        ...(queryType ? { queryType } : {}),
        relativeTimeRange: relativeTimeRange ?? DEFAULT_RANGE,
        model: q.datasourceUid === EXPRESSION_DATASOURCE_UID ? q.model : dataQueryModel(q.refId, q.model),
      };
    }),
    condition: rule.condition,
    pendingPeriod: rule.for,
    keepFiringFor: rule.keep_firing_for ?? '0s',
    noDataState: rule.noDataState as NoDataState,
    execErrState: rule.execErrState as ExecErrState,
    isPaused: rule.isPaused,
    labels: Object.entries(rule.labels ?? {}).map(([key, value]) => ({ key, value })),
    annotations: [
      ...STANDARD_ANNOTATIONS.map((key) => ({ key, value: annotations[key] ?? '' })),
      ...Object.entries(annotations)
        .filter(([key]) => !STANDARD_ANNOTATIONS.includes(key))
        .map(([key, value]) => ({ key, value })),
    ],
    dashboardUid,
    panelId,
    contactPoint: notification?.receiver ?? null,
    groupBy: notification?.group_by ?? [],
    groupWait: notification?.group_wait ?? '',
    groupIntervalTiming: notification?.group_interval ?? '',
    repeatInterval: notification?.repeat_interval ?? '',
    kept: {
      ...(typeof missing === 'number' ? { missingSeriesEvalsToResolve: missing } : {}),
      ...(notification?.mute_time_intervals ? { notification_settings: notification } : {}),
    },
  };
}

const pairs = (list: readonly KeyValue[]) =>
  Object.fromEntries(list.filter((p) => p.key.trim() !== '' && p.value !== '').map((p) => [p.key.trim(), p.value]));

/**
 * The provisioning API's rule (Grafana's `ProvisionedAlertRule`) for these values. The rule's folder
 * and group are in it; `for`/`keep_firing_for` are sent as text, as Grafana's clients send them.
 */
export function valuesToRule(values: RuleFormValues) {
  const annotations = pairs(values.annotations);
  if (values.dashboardUid.trim()) annotations[DASHBOARD_UID_ANNOTATION] = values.dashboardUid.trim();
  if (values.dashboardUid.trim() && values.panelId.trim()) annotations[PANEL_ID_ANNOTATION] = values.panelId.trim();
  const keptSettings = values.kept.notification_settings;
  const notificationSettings = values.contactPoint
    ? {
        ...keptSettings,
        receiver: values.contactPoint,
        ...(values.groupBy.length > 0 ? { group_by: values.groupBy } : {}),
        ...(values.groupWait ? { group_wait: values.groupWait } : {}),
        ...(values.groupIntervalTiming ? { group_interval: values.groupIntervalTiming } : {}),
        ...(values.repeatInterval ? { repeat_interval: values.repeatInterval } : {}),
      }
    : undefined;
  return {
    ...(values.uid ? { uid: values.uid } : {}),
    title: values.title.trim(),
    folderUID: values.folderUid ?? '',
    ruleGroup: values.group.trim(),
    condition: values.condition,
    data: values.queries.map((q) => ({
      refId: q.refId,
      ...(q.queryType ? { queryType: q.queryType } : {}),
      relativeTimeRange: q.relativeTimeRange,
      datasourceUid: q.datasourceUid,
      model: { ...q.model, refId: q.refId },
    })),
    noDataState: values.noDataState,
    execErrState: values.execErrState,
    for: values.pendingPeriod,
    keep_firing_for: values.keepFiringFor,
    annotations,
    labels: pairs(values.labels),
    isPaused: values.isPaused,
    ...(notificationSettings ? { notification_settings: notificationSettings } : {}),
    ...(values.kept.missingSeriesEvalsToResolve !== undefined
      ? { missingSeriesEvalsToResolve: values.kept.missingSeriesEvalsToResolve }
      : {}),
  };
}
export type RuleBody = ReturnType<typeof valuesToRule>;

/** The parts the simple form edits, when the rule is one query, reduced, against one threshold. */
export interface SimpleParts {
  query: RuleQuery;
  reduce: RuleQuery;
  threshold: RuleQuery;
}

export function simpleParts(values: RuleFormValues): SimpleParts | undefined {
  const data = values.queries.filter((q) => !isExpression(q));
  const expressions = values.queries.filter(isExpression);
  if (data.length !== 1 || expressions.length !== 2) return undefined;
  const [query] = data;
  const reduce = expressions.find((q) => expressionType(q) === 'reduce');
  const threshold = expressions.find((q) => expressionType(q) === 'threshold');
  if (!query || !reduce || !threshold) return undefined;
  if (reduce.model.expression !== query.refId || threshold.model.expression !== reduce.refId || values.condition !== threshold.refId)
    return undefined;
  if (!SIMPLE_REDUCERS.some((r) => r.value === reduce.model.reducer)) return undefined;
  const settings = reduce.model.settings as { mode?: string } | undefined;
  if (settings?.mode && settings.mode !== 'dropNN') return undefined;
  const condition = evaluatorOf(threshold);
  if (!condition || !EVALUATORS.some((e) => e.value === condition.type)) return undefined;
  if ((threshold.model.conditions as Array<Record<string, unknown>>)[0]?.unloadEvaluator) return undefined;
  return { query, reduce, threshold };
}

/** A threshold expression's evaluator (`conditions[0].evaluator`). */
export function evaluatorOf(threshold: RuleQuery): { type: string; params: number[] } | undefined {
  const conditions = threshold.model.conditions;
  if (!Array.isArray(conditions)) return undefined;
  const evaluator = (conditions[0] as { evaluator?: { type?: unknown; params?: unknown } } | undefined)?.evaluator;
  if (typeof evaluator?.type !== 'string') return undefined;
  const params = Array.isArray(evaluator.params) ? evaluator.params.map(Number) : [];
  return { type: evaluator.type, params };
}

/** The threshold expression with another evaluator (the rest of its first condition kept). */
export function withEvaluator(
  threshold: RuleQuery,
  evaluator: { type: string; params: number[] },
  unload?: { type: string; params: number[] } | null,
): RuleQuery {
  const conditions = Array.isArray(threshold.model.conditions) ? (threshold.model.conditions as Array<Record<string, unknown>>) : [];
  const first: Record<string, unknown> = { ...(conditions[0] ?? { type: 'query' }), evaluator };
  if (unload === null) delete first.unloadEvaluator;
  else if (unload) first.unloadEvaluator = unload;
  return { ...threshold, model: { ...threshold.model, conditions: [first, ...conditions.slice(1)] } };
}

/** Replaces one query by refId. */
export function replaceQuery(values: RuleFormValues, refId: string, next: RuleQuery): RuleFormValues {
  return { ...values, queries: values.queries.map((q) => (q.refId === refId ? next : q)) };
}
