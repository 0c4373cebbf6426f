import { queryOptions } from '@tanstack/react-query';
import { annotationListSchema } from '../../../../contract/annotations';
import { queryResponseSchema } from '../../../../contract/query';
import { EXPRESSION_DATASOURCE_UID, type ProvisionedAlertRule } from '../../../../contract/alerting';
import { apiFetch } from '../../../api/client';
import { alertingKeys } from './keys';

/** State changes kept on the rule's page: a day's worth, newest first. */
export const HISTORY_LIMIT = 500;

/** The rule's state history: the annotations the historian wrote with the rule's id. */
export const ruleHistoryQueryOptions = (ruleId: number, from: number, to: number) =>
  queryOptions({
    queryKey: alertingKeys.ruleHistory(ruleId, from),
    queryFn: ({ signal }) =>
      apiFetch(`/api/annotations?type=alert&alertId=${ruleId}&from=${from}&to=${to}&limit=${HISTORY_LIMIT}`, {
        schema: annotationListSchema,
        signal,
      }),
    refetchInterval: 30_000,
  });

/** `/api/ds/query` of the rule's data queries (not its expressions) over the last hour, as ranges. */
export function ruleGraphRequest(rule: ProvisionedAlertRule) {
  const queries = rule.data
    .filter((query) => query.datasourceUid !== EXPRESSION_DATASOURCE_UID)
    .map((query) => ({
      ...query.model,
      refId: query.refId,
      datasource: { uid: query.datasourceUid },
      // A graph needs the series over time, whatever the rule evaluates.
      instant: false,
      range: true,
      maxDataPoints: 300,
    }));
  return { from: 'now-1h', to: 'now', queries };
}

export const ruleGraphQueryOptions = (rule: ProvisionedAlertRule) => {
  const request = ruleGraphRequest(rule);
  return queryOptions({
    queryKey: alertingKeys.ruleGraph(rule.uid, request),
    queryFn: ({ signal }) => apiFetch('/api/ds/query', { method: 'POST', body: request, schema: queryResponseSchema, signal }),
    enabled: request.queries.length > 0,
    refetchInterval: 60_000,
  });
};
