import type { z } from 'zod';
import { describeZodError } from '../contract/errors';
import { badRequest } from './errors';

/** The path of the first field that failed, as the client named it (`dashboard.panels.0.title`); absent for the whole input. */
export function firstField(error: z.ZodError): { field?: string } {
  const path = error.issues[0]?.path;
  return path && path.length > 0 ? { field: path.map(String).join('.') } : {};
}

/** Parses a request body with a contract schema; a body that does not fit is a 400 naming the field (`message`, and `field`). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    const got = body === undefined || body === null ? 'nothing' : Array.isArray(body) ? 'an array' : `a ${typeof body}`;
    throw badRequest(`bad request data: the body must be a JSON object, got ${got}`);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw badRequest(`bad request data: ${describeZodError(result.error)}`, firstField(result.error));
  return result.data;
}

/** Parses path parameters or a query string with a contract schema; a mismatch is a 400 (`message`, and `field`). */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw badRequest(describeZodError(result.error), firstField(result.error));
  return result.data;
}

/** Deepest JSON nesting a request body may have. */
export const MAX_JSON_DEPTH = 256;

/**
 * Whether JSON text nests arrays/objects deeper than `max`, found in one pass over the text
 * (brackets inside strings do not count) before anything is parsed or built. Strings, most of a
 * large dashboard's text, are skipped with `indexOf` rather than walked a character at a time: a
 * quote ends one unless an odd run of backslashes precedes it.
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) {
      for (;;) {
        const end = text.indexOf('"', i + 1);
        if (end === -1) return false;
        let backslash = end - 1;
        while (text.charCodeAt(backslash) === 92 /* \ */) backslash--;
        i = end;
        if ((end - 1 - backslash) % 2 === 0) break;
      }
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (code === 125 /* } */ || code === 93 /* ] */) depth--;
  }
  return false;
}

/**
 * Where a parsed JSON value holds a NUL character (in a string or a key): its path
 * (`dashboard.title`, `tags.2`; `` for the value itself), or undefined. Nesting is bounded by
 * MAX_JSON_DEPTH before parsing, so recursion is safe.
 */
export function nulCharacterAt(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return value.includes('\0') ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\0')) return [...path, key.replaceAll('\0', '\\u0000')].join('.');
    const found = nulCharacterAt(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Which part of a raw request URL decodes to a NUL character (every decoder makes NUL from `%00` only). */
export function nulCharacterInUrl(url: string): 'path' | 'query string' | undefined {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (/%00|\0/i.test(path)) return 'path';
  if (query !== -1 && /%00|\0/.test(url.slice(query))) return 'query string';
  return undefined;
}

/** The path of a request URL without its query, for messages and logs (absolute-form too). */
export function pathOf(url: string): string {
  const path = url.split('?')[0]!;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(path) ? path.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '') || '/' : path;
}

/** Whether the request's path, decoded as the router decodes it, is under `/api`. */
export function isApiPath(request: { url: string }): boolean {
  return isUnderPath(request, '/api');
}

/** Whether the request's path, decoded as the router decodes it, is `prefix` or under it. */
export function isUnderPath(request: { url: string }, prefix: string): boolean {
  let path = pathOf(request.url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // A malformed escape is not a path the API or the UI answers either way.
  }
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Whether a request says it has a body (its headers; the body itself may not have arrived yet). */
export function hasBody(headers: Record<string, string | string[] | undefined>): boolean {
  return headers['transfer-encoding'] !== undefined || (headers['content-length'] !== undefined && headers['content-length'] !== '0');
}
