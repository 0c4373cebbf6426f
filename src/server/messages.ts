import type { z } from 'zod';
import { describeZodError } from '../contract/errors';
import { ApiError, badRequest } from './errors';
import { firstField, parseBody, parseInput } from './http';

/**
 * Grafana's own words for some refusals. Clients match on them (e.g. a Terraform provider retries
 * nothing after "invalid role specified"), so a message holding one starts with it.
 */
export const GRAFANA_MESSAGE_PREFIXES = [
  'invalid role specified',
  'uid contains illegal characters',
  'uid too long, max 40 characters',
  'annotationId is invalid',
] as const;

/** A refusal in Grafana's words, with the offending field beside the message as every 400 carries it. */
function grafanaIssue(error: z.ZodError): ApiError | undefined {
  const issue = error.issues.find((i) => GRAFANA_MESSAGE_PREFIXES.some((prefix) => i.message.startsWith(prefix)));
  if (!issue) return undefined;
  const path = issue.path.map(String).join('.');
  return badRequest(path ? `${issue.message} (${path})` : issue.message, path ? { field: path } : undefined);
}

/**
 * `parseBody`, with Grafana's message first where Grafana has one: a refusal whose message starts
 * with one of Grafana's phrases is answered with it; any other refusal starts with `failurePrefix`
 * when given (Grafana's "Failed to save annotation"), else with "bad request data".
 */
export function parseGrafanaBody<S extends z.ZodType>(schema: S, body: unknown, failurePrefix?: string): z.output<S> {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const result = schema.safeParse(body);
    if (result.success) return result.data;
    const grafana = grafanaIssue(result.error);
    if (grafana) throw grafana;
    if (failurePrefix) throw badRequest(`${failurePrefix}: ${describeZodError(result.error)}`, firstField(result.error));
  }
  return parseBody(schema, body);
}

/** `parseInput` (path parameters, query strings), with Grafana's message first where it has one. */
export function parseGrafanaInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) {
    const grafana = grafanaIssue(result.error);
    if (grafana) throw grafana;
  }
  return parseInput(schema, input);
}
