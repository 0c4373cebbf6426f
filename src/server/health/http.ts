import type http from 'node:http';
import { isDeniedError, isForbiddenHeaderName, isValidHeaderName } from '../outgoing';
import { outgoingExchange } from '../outgoingHttp';
import { describeConnectError } from './network';
import { HealthError, seconds, type CheckOptions, type HealthTarget } from './types';

export interface ProbeResponse {
  status: number;
  /** The reason phrase of the status line ("Internal Server Error"), when the server sent one. */
  statusText?: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Where the answer came from, without credentials or query, for messages. */
  shownUrl: string;
  json<T = unknown>(): T;
}

const MAX_BODY_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The data source's base URL, or a HealthError saying why it is unusable. */
export function baseUrl(target: HealthTarget): URL {
  if (!target.url.trim()) throw new HealthError('no URL is set: enter the address of the server, e.g. http://localhost:9090');
  let url: URL;
  try {
    url = new URL(target.url.trim());
  } catch {
    throw new HealthError(`"${target.url}" is not a valid URL: use e.g. http://localhost:9090`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new HealthError(`the URL must start with http:// or https://, got ${url.protocol}//`);
  }
  return url;
}

/** The URL as it may be shown: no user, password, query or fragment. */
export function shown(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname === '/' ? '' : url.pathname}`;
}

/** `path` under the base URL, keeping a base path such as `/prometheus`. */
export function joinUrl(base: URL, path: string): URL {
  const [pathname, query] = path.split('?');
  const url = new URL(base.href);
  url.pathname = `${base.pathname.replace(/\/+$/, '')}/${pathname!.replace(/^\/+/, '')}`;
  url.search = query ? `?${query}` : '';
  url.hash = '';
  return url;
}

/**
 * Why a custom header name cannot be used, or undefined when it can: it must be an HTTP token and
 * not one that steers routing, framing or the connection (outgoing.ts `isForbiddenHeaderName`).
 */
export function customHeaderProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!isValidHeaderName(trimmed))
    return `"${trimmed.slice(0, 64)}" is not a valid header name (letters, digits and !#$%&'*+-.^_\`|~ only)`;
  if (isForbiddenHeaderName(trimmed))
    return `the header "${trimmed}" cannot be set on a data source: it controls the connection or the target host`;
  return undefined;
}

/** Basic auth and Grafana's custom headers (`jsonData.httpHeaderNameN` + `secureJsonData.httpHeaderValueN`). */
export function authHeaders(target: HealthTarget): Record<string, string> {
  const headers: Record<string, string> = {};
  if (target.basicAuth) {
    const password = target.secrets.basicAuthPassword ?? '';
    headers.authorization = `Basic ${Buffer.from(`${target.basicAuthUser}:${password}`).toString('base64')}`;
  }
  for (let n = 1; n <= 100; n++) {
    const name = target.jsonData[`httpHeaderName${n}`];
    if (typeof name !== 'string') break;
    if (!name.trim()) continue;
    // Stored before these rules existed, or written to the database directly: refused, never sent.
    const problem = customHeaderProblem(name);
    if (problem) throw new HealthError(`jsonData.httpHeaderName${n}: ${problem}`);
    const value = target.secrets[`httpHeaderValue${n}`] ?? '';
    if (/[\r\n\0]/.test(value)) throw new HealthError(`secureJsonData.httpHeaderValue${n}: a header value cannot contain line breaks`);
    headers[name.trim().toLowerCase()] = value;
  }
  return headers;
}

/** Turns a socket-level failure of an HTTP exchange into words a person can act on. */
export function describeNetworkError(error: NodeJS.ErrnoException, where: string, timeoutMs: number): string {
  const https = where.startsWith('https');
  if (isDeniedError(error)) return error.message;
  switch (error.code) {
    case 'ETIMEDOUT':
    case 'TIMEOUT':
      return `timed out after ${seconds(timeoutMs)} waiting for ${where}`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `the connection to ${where} was closed by the server (is it speaking HTTP${https ? 'S' : ''}?)`;
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'CERT_HAS_EXPIRED':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate of ${where} is not trusted (${error.code}); fix the certificate or turn on "Skip TLS verify"`;
    case 'EPROTO':
    case 'ERR_SSL_WRONG_VERSION_NUMBER':
      return `TLS handshake with ${where} failed: does the server speak ${https ? 'HTTPS (try http://)' : 'HTTP'}?`;
  }
  return describeConnectError(error, where, timeoutMs) ?? `could not reach ${where}: ${error.code ?? error.message}`;
}

async function requestOnce(
  url: URL,
  init: { method: string; headers: Record<string, string>; body?: string },
  options: CheckOptions,
  skipTlsVerify: boolean,
) {
  const answer = await outgoingExchange(url, {
    method: init.method,
    headers: { accept: 'application/json', 'user-agent': 'Sightline health check', ...init.headers },
    body: init.body,
    timeoutMs: options.timeoutMs,
    // Enough to judge the answer; the rest is not worth reading.
    maxBytes: MAX_BODY_BYTES,
    overLimit: 'truncate',
    rejectUnauthorized: !skipTlsVerify,
  });
  return { ...answer, body: answer.body.toString('utf8') };
}

/**
 * One HTTP exchange with the data source's server. Redirects are followed only within the same
 * origin (credentials never travel to another host); failures become HealthErrors.
 */
export async function probe(
  target: HealthTarget,
  path: string,
  options: CheckOptions,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<ProbeResponse> {
  const base = baseUrl(target);
  let url = joinUrl(base, path);
  const headers = { ...authHeaders(target), ...init.headers };
  const skipTlsVerify = target.jsonData.tlsSkipVerify === true;
  for (let hop = 0; ; hop++) {
    let answer;
    try {
      answer = await requestOnce(url, { method: init.method ?? 'GET', headers, body: init.body }, options, skipTlsVerify);
    } catch (error) {
      throw new HealthError(describeNetworkError(error as NodeJS.ErrnoException, shown(url), options.timeoutMs));
    }
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location) {
      const next = new URL(location, url);
      if (next.origin !== url.origin) {
        throw new HealthError(
          `${shown(url)} redirects to another host (${next.origin}); Sightline does not follow it with the data source's credentials. Use the final address as the URL.`,
        );
      }
      if (hop >= MAX_REDIRECTS) throw new HealthError(`too many redirects from ${shown(base)}`);
      url = next;
      continue;
    }
    return {
      ...answer,
      shownUrl: shown(url),
      json<T>() {
        try {
          return JSON.parse(answer.body) as T;
        } catch {
          const type = String(answer.headers['content-type'] ?? 'no content type').split(';')[0];
          throw new HealthError(`${shown(url)} did not answer with JSON (got ${type}): is this the right URL for a ${target.type} server?`);
        }
      },
    };
  }
}

/** Longest excerpt of a backend's error text that a message may carry. */
export const MAX_EXCERPT_CHARS = 120;

/** A short, single-line excerpt of a backend's error text for messages (never a whole body). */
export function excerpt(text: string, max = MAX_EXCERPT_CHARS): string {
  // Whitespace and control characters (ANSI escapes, NULs) collapse to one space.
  const line = [...text.slice(0, max * 4)]
    .map((c) => (c.charCodeAt(0) < 32 || c.charCodeAt(0) === 127 ? ' ' : c))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/**
 * The backend's own error field of a JSON answer (`error`, `error.reason`, `message`), as a
 * short excerpt; undefined for anything else. Error pages (HTML, stack traces) are never echoed:
 * they are where internal details and secrets leak.
 */
export function backendError(body: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const record = parsed as Record<string, unknown>;
  const nested = record.error && typeof record.error === 'object' ? (record.error as Record<string, unknown>) : undefined;
  const candidate = [record.error, nested?.reason, nested?.message, record.message].find(
    (value) => typeof value === 'string' && value.trim(),
  );
  return candidate === undefined ? undefined : excerpt(candidate as string);
}

/** "HTTP 500 Internal Server Error" */
export function statusLine(response: Pick<ProbeResponse, 'status' | 'statusText'>): string {
  const reason = excerpt(response.statusText ?? '', 60);
  return `HTTP ${response.status}${reason ? ` ${reason}` : ''}`;
}

/** The usual reading of a non-2xx answer: the status line and at most a short excerpt of the backend's error field. */
export function httpFailure(response: ProbeResponse, what: string): HealthError {
  const { status } = response;
  if (status === 401 || status === 403) {
    return new HealthError(`authentication failed (HTTP ${status}) at ${response.shownUrl}: check user and password, or the token`);
  }
  if (status === 404) return new HealthError(`not found (HTTP 404) at ${response.shownUrl}: is this the URL of a ${what} server?`);
  const error = backendError(response.body);
  return new HealthError(`${what} answered ${statusLine(response)} at ${response.shownUrl}${error ? `: ${error}` : ''}`);
}
