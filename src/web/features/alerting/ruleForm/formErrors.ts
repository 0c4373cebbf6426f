/**
 * The form's field errors: what it checks before saving, and where the server's refusal goes (its
 * `field`, `for` or `rules.0.data.2.model`, names the input; anything else is the form's own error).
 */
import { parsePromDuration } from '../../../../contract/durations';
import { ApiError } from '../../../api/errors';
import { evaluatorOf, expressionType, isExpression, isRangeEvaluator, type RuleFormValues } from './ruleModel';

/** Field names of the form; `query:<refId>` is one query or expression. */
export type FieldErrors = Record<string, string>;

function durationError(text: string, label: string): string | undefined {
  const ms = parsePromDuration(text.trim());
  return ms === undefined ? `${label} must be a duration such as 5m or 1h30m` : undefined;
}

export function validateRule(values: RuleFormValues, existingGroups: readonly string[]): FieldErrors {
  const errors: FieldErrors = {};
  if (!values.title.trim()) errors.title = 'Name is required';
  if (!values.folderUid) errors.folder = 'Choose a folder';
  if (!values.group.trim()) errors.group = 'Choose an evaluation group or create one';
  if (values.newGroup) {
    if (existingGroups.includes(values.group.trim()))
      errors.group = `The folder already has a group named "${values.group.trim()}": choose it instead`;
    const ms = parsePromDuration(values.groupInterval.trim());
    if (ms === undefined || ms === 0) errors.groupInterval = 'Interval must be a duration such as 1m';
    else if (ms % 10_000 !== 0) errors.groupInterval = 'Interval must be a multiple of 10s';
  }
  const pending = durationError(values.pendingPeriod, 'Pending period');
  if (pending) errors.pendingPeriod = pending;
  const keep = durationError(values.keepFiringFor, 'Keep firing for');
  if (keep) errors.keepFiringFor = keep;
  for (const [field, text] of [
    ['groupWait', values.groupWait],
    ['groupIntervalTiming', values.groupIntervalTiming],
    ['repeatInterval', values.repeatInterval],
  ] as const) {
    const error = text.trim() ? durationError(text, 'Timing') : undefined;
    if (error) errors[field] = error;
  }
  if (!values.queries.some((q) => q.refId === values.condition))
    errors.condition = 'Choose the query or expression that decides whether the rule fires';
  for (const query of values.queries) {
    if (!isExpression(query) && !query.datasourceUid) errors[`query:${query.refId}`] = 'Choose a data source';
    if (isExpression(query) && expressionType(query) === 'threshold') {
      const evaluator = evaluatorOf(query);
      const needed = evaluator && isRangeEvaluator(evaluator.type) ? 2 : 1;
      if (!evaluator || evaluator.params.length < needed || evaluator.params.slice(0, needed).some((n) => !Number.isFinite(n)))
        errors[`query:${query.refId}`] = needed === 2 ? 'Enter both ends of the range' : 'Enter a threshold';
    }
    if (isExpression(query) && expressionType(query) === 'math' && !String(query.model.expression ?? '').trim())
      errors[`query:${query.refId}`] = 'Enter a math expression, such as $B > 0';
  }
  return errors;
}

const FIELD_OF: Record<string, string> = {
  title: 'title',
  folderUID: 'folder',
  folderUid: 'folder',
  ruleGroup: 'group',
  interval: 'groupInterval',
  for: 'pendingPeriod',
  keep_firing_for: 'keepFiringFor',
  condition: 'condition',
  labels: 'labels',
  annotations: 'annotations',
  noDataState: 'noDataState',
  execErrState: 'execErrState',
  notification_settings: 'contactPoint',
};

/** Where a server refusal belongs: a field of the form, or undefined (the form's own error). */
export function serverErrorField(error: unknown, values: RuleFormValues): string | undefined {
  if (!(error instanceof ApiError) || !error.field) return undefined;
  const field = error.field.replace(/^rules\.\d+\./, '');
  const query = /^data\.(\d+)/.exec(field);
  if (query) {
    const refId = values.queries[Number(query[1])]?.refId;
    return refId ? `query:${refId}` : undefined;
  }
  return FIELD_OF[field.split('.')[0]!];
}
