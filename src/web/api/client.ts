import type { z } from 'zod';
import { describeZodError, errorResponseSchema } from '../../contract/errors';
import { ApiError, NetworkError, UnexpectedResponseError } from './errors';
import { sendRequest, type SendOptions, type SentRequest } from './request';
import { apiBase, endSession, getSession } from './session';

export interface RequestOptions<S extends z.ZodType> extends SendOptions {
  /** The contract schema the answer must match. */
  schema: S;
  /** A 401 answers what was sent (a wrong old password), not the session: it stays. */
  keepSessionOn401?: boolean;
}

/**
 * The one way the UI calls the API: adds the token (a cookie session adds nothing: the browser
 * sends the same-origin cookie), parses JSON, turns error bodies into an ApiError with the server's
 * message, and checks every answer against the contract. A 401 on a session's call ends the
 * session, which sends the person to /login with the reason.
 */
export async function apiFetch<S extends z.ZodType>(path: string, options: RequestOptions<S>): Promise<z.output<S>> {
  return readAnswer(await sendRequest(path, options), path, options);
}

/** The second half of `apiFetch`, for a request sent before zod and the contract were loaded. */
export async function readAnswer<S extends z.ZodType>(
  { response, base, session }: SentRequest,
  path: string,
  options: Pick<RequestOptions<S>, 'schema' | 'keepSessionOn401'>,
): Promise<z.output<S>> {
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
