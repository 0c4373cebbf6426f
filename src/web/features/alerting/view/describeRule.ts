import { EXPRESSION_DATASOURCE_UID, type ProvisionedAlertRule } from '../../../../contract/alerting';

type Query = ProvisionedAlertRule['data'][number];

const EVALUATOR_WORDS: Record<string, (p: number[]) => string> = {
  gt: (p) => `is above ${p[0]}`,
  lt: (p) => `is below ${p[0]}`,
  within_range: (p) => `is between ${p[0]} and ${p[1]}`,
  outside_range: (p) => `is outside ${p[0]} to ${p[1]}`,
  within_range_included: (p) => `is between ${p[0]} and ${p[1]} (inclusive)`,
  outside_range_included: (p) => `is outside ${p[0]} to ${p[1]} (inclusive)`,
  no_value: () => 'has no value',
};

interface Evaluator {
  type?: string;
  params?: number[];
}

function evaluatorOf(model: Record<string, unknown>): Evaluator | undefined {
  const conditions = model.conditions as Array<{ evaluator?: Evaluator }> | undefined;
  return conditions?.[0]?.evaluator;
}

function evaluatorWords(evaluator: Evaluator | undefined): string {
  if (!evaluator?.type) return 'meets its condition';
  const words = EVALUATOR_WORDS[evaluator.type];
  return words ? words(evaluator.params ?? []) : `${evaluator.type} ${(evaluator.params ?? []).join(', ')}`;
}

/** The text of a data query: PromQL or LogQL, SQL, or whatever else the model holds. */
export function queryText(model: Record<string, unknown>): string {
  for (const key of ['expr', 'rawSql', 'query', 'queryText']) {
    const value = model[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  const { refId: _refId, datasource: _datasource, ...rest } = model;
  return JSON.stringify(rest);
}

/** One line of what a query or expression does, in words. */
export function describeQuery(query: Query, dataSourceName: (uid: string) => string): string {
  const model = query.model;
  if (query.datasourceUid !== EXPRESSION_DATASOURCE_UID) {
    const range = query.relativeTimeRange as { from?: number } | undefined;
    const over = range?.from ? ` over the last ${Math.round(range.from / 60)} min` : '';
    return `Queries ${dataSourceName(query.datasourceUid)}${over}`;
  }
  const input = String(model.expression ?? '');
  switch (model.type) {
    case 'reduce': {
      const settings = model.settings as { mode?: string } | undefined;
      const mode = settings?.mode === 'dropNN' ? ', dropping non-numbers' : settings?.mode === 'replaceNN' ? ', replacing non-numbers' : '';
      return `The ${String(model.reducer ?? 'last')} of ${input}${mode}`;
    }
    case 'math':
      return `Math: ${input}`;
    case 'threshold':
      return `True when ${input} ${evaluatorWords(evaluatorOf(model))}`;
    case 'resample':
      return `${input} resampled every ${String(model.window ?? '')}`;
    case 'classic_conditions': {
      const conditions = (model.conditions ?? []) as Array<{
        evaluator?: Evaluator;
        reducer?: { type?: string };
        query?: { params?: string[] };
      }>;
      return conditions
        .map((c) => `${c.reducer?.type ?? 'last'}() of ${c.query?.params?.[0] ?? '?'} ${evaluatorWords(c.evaluator)}`)
        .join(', ');
    }
    default:
      return `Expression ${String(model.type ?? '')} ${input}`.trim();
  }
}

/** The sentence under the queries: when the rule fires. */
export function describeCondition(rule: ProvisionedAlertRule): string {
  const pending = rule.for && rule.for !== '0s' ? ` for ${rule.for}` : '';
  return `Fires when ${rule.condition} is true${pending}; with no data: ${rule.noDataState}; on error: ${rule.execErrState}.`;
}

/**
 * The threshold to draw on the graph: the condition's (or, failing that, any) threshold or
 * classic condition's values, or the number a math comparison (`$B > 80`) compares with.
 */
export function thresholdValues(rule: ProvisionedAlertRule): number[] {
  const expressions = rule.data.filter((q) => q.datasourceUid === EXPRESSION_DATASOURCE_UID);
  const ordered = [...expressions.filter((q) => q.refId === rule.condition), ...expressions.filter((q) => q.refId !== rule.condition)];
  for (const query of ordered) {
    const model = query.model;
    if (model.type === 'threshold' || model.type === 'classic_conditions') {
      const params = (evaluatorOf(model)?.params ?? []).filter((n) => typeof n === 'number' && Number.isFinite(n));
      if (params.length > 0)
        return model.type === 'threshold' && /^(gt|lt)$/.test(evaluatorOf(model)?.type ?? '') ? params.slice(0, 1) : params;
    }
    if (model.type === 'math') {
      const match = /[<>]=?\s*(-?\d+(?:\.\d+)?)\s*$/.exec(String(model.expression ?? ''));
      if (match) return [Number(match[1])];
    }
  }
  return [];
}

/** The panel the rule belongs to (Grafana's `__dashboardUid__`/`__panelId__` annotations). */
export function linkedPanel(rule: ProvisionedAlertRule): { dashboardUid: string; panelId?: number } | undefined {
  const dashboardUid = rule.annotations?.__dashboardUid__;
  if (!dashboardUid) return undefined;
  const panelId = Number(rule.annotations?.__panelId__);
  return Number.isInteger(panelId) && rule.annotations?.__panelId__ ? { dashboardUid, panelId } : { dashboardUid };
}
