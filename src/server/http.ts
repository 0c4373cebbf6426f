import type { z } from 'zod';
import { describeZodError } from '../contract/errors';
import { badRequest } from './errors';

/** Parses a request body with a contract schema; a body that does not fit is a 400 naming the field. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = body === undefined || body === null ? 'nothing' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    throw badRequest(`bad request data: the body must be a JSON object, got ${got}`);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(`bad request data: ${describeZodError(result.error)}`);
  return result.data;
}

/** Parses path parameters or a query string with a contract schema; a mismatch is a 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeZodError(result.error));
  return result.data;
}
