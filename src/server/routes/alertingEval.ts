/**
 * `POST /api/v1/eval`: runs a rule's queries and expressions now, without saving anything, and
 * answers each one's value as data frames (the rule editor's preview).
 */
import type { FastifyInstance } from 'fastify';
import { EXPRESSION_DATASOURCE_UID, evalRequestSchema } from '../../contract/alerting';
import { evaluateQueries } from '../alerting/evaluator';
import { expressionsProblem } from '../alerting/expressions';
import type { ExprValue } from '../alerting/values';
import { badRequest } from '../errors';
import { parseBody } from '../http';
import type { Frame } from '../query/frames';
import type { Store } from '../store';

export function registerEvalRoutes(app: FastifyInstance, store: Store): void {
  app.post('/api/v1/eval', { config: { action: 'datasources:query' } }, async (request) => {
    const body = parseBody(evalRequestSchema, request.body);
    const now = body.now ? Date.parse(body.now) : Date.now();
    if (Number.isNaN(now)) throw badRequest('now must be an RFC 3339 time', { field: 'now' });
    for (const [i, query] of body.data.entries()) {
      if (
        query.datasourceUid !== EXPRESSION_DATASOURCE_UID &&
        !(await store.dataSources.find(request.identity.orgId, { uid: query.datasourceUid }))
      ) {
        throw badRequest(`data source "${query.datasourceUid}" of query ${query.refId} not found`, { field: `data.${i}.datasourceUid` });
      }
    }
    // The same check as saving a rule, so what previews here saves, and what saves evaluates.
    const problem = expressionsProblem(body.data);
    if (problem) {
      throw badRequest(`Failed to evaluate queries and expressions: ${problem.message}`, {
        field: `data.${problem.index}.${problem.field}`,
      });
    }
    let values: Map<string, ExprValue>;
    try {
      values = await evaluateQueries({ store, log: request.log }, request.identity.orgId, body.data, now);
    } catch (error) {
      throw badRequest(`Failed to evaluate queries and expressions: ${(error as Error).message}`);
    }
    const results: Record<string, { status: number; frames: unknown[] }> = {};
    for (const [refId, value] of values) results[refId] = { status: 200, frames: framesOf(refId, value) };
    return { results };
  });
}

/** An expression's value as Grafana's data-frame JSON. */
function framesOf(refId: string, value: ExprValue): unknown[] {
  const frame = (fields: Frame['fields'], values: unknown[][]) => ({
    schema: {
      refId,
      fields: fields.map((field) => ({
        name: field.name,
        type: field.type,
        typeInfo: { frame: field.type === 'time' ? 'time.Time' : 'float64', nullable: field.type !== 'time' },
        ...(field.labels && Object.keys(field.labels).length > 0 ? { labels: field.labels } : {}),
      })),
    },
    data: { values },
  });
  switch (value.kind) {
    case 'nodata':
      return [];
    case 'scalar':
      return [frame([{ name: refId, type: 'number', values: [] }], [[value.value]])];
    case 'number':
      return value.items.map((item) => frame([{ name: refId, type: 'number', values: [], labels: item.labels }], [[item.value]]));
    case 'series':
      return value.items.map((series) =>
        frame(
          [
            { name: 'Time', type: 'time', values: [] },
            { name: refId, type: 'number', values: [], labels: series.labels },
          ],
          [series.times, series.values],
        ),
      );
  }
}
