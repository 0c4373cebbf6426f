/**
 * HTTP exchanges of queries with HTTP data sources (Prometheus, Loki). The same rules as the
 * health checks' `probe()`: the data source's credentials are added here, redirects are followed
 * only within the same origin, one deadline covers the whole exchange, and failures become
 * sentences that name the address without credentials. Answers are larger than a health check's,
 * so the body cap is higher, and connections are kept alive between queries.
 */
import type http from 'node:http';
import { authHeaders, baseUrl, describeNetworkError, excerpt, joinUrl, shown } from '../health/http';
import { HealthError } from '../health/types';
import { isDeniedError } from '../outgoing';
import { outgoingExchange } from '../outgoingHttp';
import { downstreamError, QueryError } from './errors';
import type { QueryTarget } from './types';

/** The largest answer a query reads; more is refused with advice rather than read into memory. */
export const MAX_QUERY_RESPONSE_BYTES = 64 * 1024 * 1024;
const MAX_REDIRECTS = 3;

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The answer's bytes as received (readers that scan bytes skip the text). */
  bytes?: Uint8Array;
  shownUrl: string;
}

export interface HttpInit {
  method?: 'GET' | 'POST';
  /** Query-string parameters (GET) or the form body (POST). */
  params?: Record<string, string>;
  headers?: Record<string, string>;
  timeoutMs: number;
  maxBytes?: number;
}

function exchange(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  timeoutMs: number,
  maxBytes: number,
  skipTlsVerify: boolean,
) {
  return outgoingExchange(url, {
    method,
    headers,
    body,
    timeoutMs,
    maxBytes,
    overLimit: 'fail',
    rejectUnauthorized: !skipTlsVerify,
    // Kept alive between queries; every socket in the pool was opened through the guarded lookup.
    pooled: true,
  });
}

/** The data source's basic auth and custom headers, or a QueryError saying which setting is unusable. */
export function dataSourceHeaders(target: QueryTarget): Record<string, string> {
  try {
    return authHeaders(target);
  } catch (error) {
    if (error instanceof HealthError) throw new QueryError(error.message);
    throw error;
  }
}

/** The data source's base URL, or a QueryError saying why it is unusable. */
export function dataSourceBase(target: QueryTarget): URL {
  try {
    return baseUrl(target);
  } catch (error) {
    if (error instanceof HealthError) throw new QueryError(error.message);
    throw error;
  }
}

export interface RawInit {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  maxBytes: number;
  /** Throws when a same-origin redirect leads somewhere the caller may not go. */
  checkRedirect?: (next: URL) => void;
}

/**
 * One exchange with the data source's server at `url` (built under its base URL). Same-origin
 * redirects are followed (a 303, or a 301/302 after POST, turns into GET); another origin is refused.
 */
export async function requestRaw(
  target: QueryTarget,
  start: URL,
  init: RawInit,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; shownUrl: string }> {
  let url = start;
  let { method, body } = init;
  const headers = { ...init.headers };
  for (let hop = 0; ; hop++) {
    let answer;
    try {
      answer = await exchange(url, method, headers, body, init.timeoutMs, init.maxBytes, target.jsonData.tlsSkipVerify === true);
    } catch (error) {
      if (isDeniedError(error)) throw new QueryError(`${shown(url)}: ${(error as Error).message}`, 403, 'plugin');
      const err = error as NodeJS.ErrnoException;
      if (err.code === 'TOO_LARGE') {
        throw downstreamError(
          `the answer from ${shown(url)} is larger than ${init.maxBytes / 1024 / 1024} MB; narrow the query (fewer series or a larger step)`,
          413,
        );
      }
      const timedOut = err.code === 'TIMEOUT' || err.code === 'ETIMEDOUT';
      throw downstreamError(describeNetworkError(err, shown(url), init.timeoutMs), timedOut ? 504 : 502);
    }
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        throw downstreamError(
          `${shown(url)} redirects to another host (${next.origin}); Sightline does not follow it with the data source's credentials`,
          502,
        );
      }
      if (hop >= MAX_REDIRECTS) throw downstreamError(`too many redirects from ${shown(start)}`, 502);
      init.checkRedirect?.(next);
      if (answer.status === 303 || ((answer.status === 301 || answer.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        delete headers['content-type'];
      }
      url = next;
      continue;
    }
    return { ...answer, shownUrl: shown(url) };
  }
}

/** One request to the data source's API at `path` (under the data source URL's own path). */
export async function requestDataSource(target: QueryTarget, path: string, init: HttpInit): Promise<HttpAnswer> {
  const base = dataSourceBase(target);
  const method = init.method ?? 'GET';
  const form = new URLSearchParams(init.params ?? {}).toString();
  const url = joinUrl(base, method === 'GET' && form ? `${path}?${form}` : path);
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'Sightline',
    ...dataSourceHeaders(target),
    ...init.headers,
  };
  const body = method === 'POST' ? form : undefined;
  if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  const answer = await requestRaw(target, url, {
    method,
    headers,
    body,
    timeoutMs: init.timeoutMs,
    maxBytes: init.maxBytes ?? MAX_QUERY_RESPONSE_BYTES,
  });
  return { ...answer, body: answer.body.toString('utf8'), bytes: answer.body };
}

/** The answer's JSON, or a QueryError saying the server did not answer like the API it should be. */
export function jsonOf<T>(answer: HttpAnswer, what: string): T {
  try {
    return JSON.parse(answer.body) as T;
  } catch {
    const type = String(answer.headers['content-type'] ?? 'no content type').split(';')[0];
    const body = excerpt(answer.body);
    throw downstreamError(
      `${answer.shownUrl} answered HTTP ${answer.status} with ${type}, not ${what} JSON${body ? `: ${body}` : ''}; is the data source URL right?`,
      502,
    );
  }
}

/** The usual reading of a failed answer that carried no API error message. */
export function httpFailure(answer: HttpAnswer, what: string): QueryError {
  const { status } = answer;
  if (status === 401 || status === 403) {
    return downstreamError(
      `${what} refused the credentials (HTTP ${status}) at ${answer.shownUrl}: check the data source's user and password, or token`,
      status,
    );
  }
  if (status === 404) return downstreamError(`not found (HTTP 404) at ${answer.shownUrl}: is this the URL of a ${what} server?`, 404);
  const body = excerpt(answer.body);
  return downstreamError(`${what} answered HTTP ${status} at ${answer.shownUrl}${body ? `: ${body}` : ''}`, status >= 500 ? 502 : 400);
}
