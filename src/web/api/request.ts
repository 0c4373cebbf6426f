import { NetworkError } from './errors';
import { apiBase, getSession } from './session';

/** How a request is sent; `client.ts` adds how its answer is read. */
export interface SendOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /**
   * Call with these credentials instead of the session's: the connect page checks a token with it,
   * and without a token the call relies on this origin's session cookie (sign-in, its probe).
   * A 401 then ends no session.
   */
  credentials?: { serverUrl: string; token?: string };
  /** Extra request headers (e.g. Grafana's `X-Disable-Provenance` on alerting writes). */
  headers?: Record<string, string>;
}

export interface SentRequest {
  response: Response;
  /** The server's address, for messages. */
  base: string;
  /** The session the request was sent with (none with explicit credentials). */
  session: ReturnType<typeof getSession>;
}

/**
 * Sends an API request with the session's credentials, without reading the answer. Kept apart
 * from `client.ts` (which needs zod and the contract to read answers) so that a route's prefetch
 * can send its first requests before those have loaded.
 */
export async function sendRequest(path: string, options: SendOptions = {}): Promise<SentRequest> {
  const session = options.credentials ? null : getSession();
  const credentials = options.credentials ?? (session?.kind === 'token' ? session : { serverUrl: '' });
  const base = apiBase(credentials);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${base}${path}`, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
    return { response, base, session };
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new NetworkError(`Cannot reach the server at ${base}: check the address and that the server is running.`);
  }
}
