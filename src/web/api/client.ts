import type { z } from 'zod';
import { describeZodError, errorResponseSchema } from '../../contract/errors';
import { ApiError, NetworkError, UnexpectedResponseError } from './errors';
import { apiBase, endSession, getSession } from './session';

export interface RequestOptions<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** The contract schema the answer must match. */
  schema: S;
  signal?: AbortSignal;
  /**
   * Call with these credentials instead of the session's: the connect page checks a token with it,
   * and without a token the call relies on this origin's session cookie (sign-in, its probe).
   * A 401 then ends no session.
   */
  credentials?: { serverUrl: string; token?: string };
  /** A 401 answers what was sent (a wrong old password), not the session: it stays. */
  keepSessionOn401?: boolean;
  /** Extra request headers (e.g. Grafana's `X-Disable-Provenance` on alerting writes). */
  headers?: Record<string, string>;
}

/**
 * The one way the UI calls the API: adds the token (a cookie session adds nothing: the browser
 * sends the same-origin cookie), parses JSON, turns error bodies into an ApiError with the server's
 * message, and checks every answer against the contract. A 401 on a session's call ends the
 * session, which sends the person to /login with the reason.
 */
export async function apiFetch<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  const session = options.credentials ? null : getSession();
  const credentials = options.credentials ?? (session?.kind === 'token' ? session : { serverUrl: '' });
  const base = apiBase(credentials);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(`Cannot reach the server at ${base}: check the address and that the server is running.`);
  }

  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }

  if (!response.ok) {
    const parsed = errorResponseSchema.safeParse(json);
    const message = parsed.success ? parsed.data.message : `The server answered ${response.status} ${response.statusText}`.trim();
    if (response.status === 401 && session && !options.keepSessionOn401) endSession(message);
    throw new ApiError(response.status, message, json);
  }
  if (json === undefined && text) {
    throw new UnexpectedResponseError(`Unexpected response from ${path}: not JSON. Is ${base} a Sightline or Grafana server?`);
  }
  const result = options.schema.safeParse(json);
  if (!result.success) {
    throw new UnexpectedResponseError(`Unexpected response from ${path}: ${describeZodError(result.error)}`);
  }
  return result.data;
}

/**
 * A text answer as the server sent it (a YAML export), with the session's credentials and the same
 * errors as `apiFetch`. There is no schema to check: the text is shown, never read.
 */
export async function apiFetchText(path: string, { signal, accept = 'text/plain' }: { signal?: AbortSignal; accept?: string } = {}) {
  const session = getSession();
  const credentials = session?.kind === 'token' ? session : { serverUrl: '' };
  const base = apiBase(credentials);
  const headers: Record<string, string> = { accept };
  if ('token' in credentials && credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  let response: Response;
  try {
    response = await fetch(`${base}${path}`, { headers, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(`Cannot reach the server at ${base}: check the address and that the server is running.`);
  }
  const text = await response.text();
  if (!response.ok) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = errorResponseSchema.safeParse(json);
    const message = parsed.success ? parsed.data.message : `The server answered ${response.status} ${response.statusText}`.trim();
    if (response.status === 401 && session) endSession(message);
    throw new ApiError(response.status, message, json);
  }
  return text;
}
