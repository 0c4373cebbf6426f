/**
 * Grafana's data source proxy (`/api/datasources/proxy/...`) and resource route
 * (`/api/datasources/uid/{uid}/resources/...`) for HTTP data sources. Deny by default: the path is
 * normalised and checked against the type's read API, only GET and POST pass, the caller's own
 * credentials and cookies never reach the backend (the data source's are added here), hop-by-hop
 * headers are dropped both ways, and the answer is capped in size and time.
 */
import type http from 'node:http';
import type { DataSourceType } from '../../contract/datasources';
import { ApiError, badRequest } from '../errors';
import { joinUrl } from '../health/http';
import { timeoutFor } from '../health/registry';
import { QueryError } from './errors';
import { dataSourceBase, dataSourceHeaders, requestRaw } from './http';
import type { QueryTarget } from './types';

export const MAX_PROXY_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * The read API each HTTP type may be reached at, as paths under the data source URL: `*` is one
 * segment; a leading `GET ` allows only GET (e.g. InfluxDB 1.x runs only SELECT and SHOW by GET).
 */
export const proxyAllowList: Partial<Record<DataSourceType, string[]>> = {
  prometheus: [
    'api/v1/query',
    'api/v1/query_range',
    'api/v1/series',
    'api/v1/labels',
    'api/v1/label/*/values',
    'api/v1/metadata',
    'api/v1/query_exemplars',
    'GET api/v1/status/buildinfo',
  ],
  loki: [
    'loki/api/v1/query',
    'loki/api/v1/query_range',
    'loki/api/v1/series',
    'loki/api/v1/labels',
    'loki/api/v1/label/*/values',
    'loki/api/v1/index/stats',
    'loki/api/v1/index/volume',
    'loki/api/v1/index/volume_range',
    'loki/api/v1/patterns',
    'loki/api/v1/detected_labels',
    'loki/api/v1/detected_fields',
    'GET loki/api/v1/status/buildinfo',
  ],
  tempo: [
    'GET api/traces/*',
    'GET api/v2/traces/*',
    'GET api/search',
    'GET api/search/tags',
    'GET api/search/tag/*/values',
    'GET api/v2/search/tags',
    'GET api/v2/search/tag/*/values',
    'GET api/metrics/query',
    'GET api/metrics/query_range',
    'GET api/echo',
    'GET api/status/buildinfo',
  ],
  elasticsearch: [
    'GET ',
    '_search',
    '_msearch',
    'GET _mapping',
    'GET _field_caps',
    '*/_search',
    '*/_msearch',
    'GET */_mapping',
    'GET */_field_caps',
  ],
  influxdb: ['GET query', 'GET ping', 'GET health'],
  graphite: [
    'render',
    'metrics/find',
    'metrics/expand',
    'GET functions',
    'GET functions/*',
    'GET version',
    'GET tags',
    'GET tags/*',
    'GET tags/autoComplete/*',
  ],
};

const forwardedRequestHeaders = ['accept', 'accept-language', 'cache-control', 'if-none-match', 'if-modified-since'];
const returnedResponseHeaders = [
  'content-type',
  'cache-control',
  'etag',
  'last-modified',
  'expires',
  'date',
  'warning',
  'content-disposition',
];

/**
 * The remainder of a proxy path as decoded segments and as sent: empty segments dropped; `.` and
 * `..` refused raw, percent-encoded or double-encoded, as are encoded slashes and backslashes.
 */
export function normaliseProxyPath(raw: string): { segments: string[]; path: string } {
  const segments: string[] = [];
  const sent: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '') continue;
    let decoded: string;
    let twice: string;
    try {
      decoded = decodeURIComponent(part);
      twice = decodeURIComponent(decoded);
    } catch {
      throw badRequest(`the proxy path has a malformed percent-encoding in "${part}"`);
    }
    for (const form of [decoded, twice]) {
      if (form === '.' || form === '..' || /[/\\\0]/.test(form)) {
        throw badRequest(
          'the proxy path may not contain "." or ".." segments or encoded slashes (raw or percent-encoded); it must stay under the data source URL',
        );
      }
    }
    segments.push(decoded);
    sent.push(part);
  }
  return { segments, path: sent.join('/') };
}

/** Whether `method` may reach `segments` on a data source of `type`. */
export function isAllowedPath(type: DataSourceType, method: string, segments: string[]): boolean {
  const list = proxyAllowList[type];
  if (!list) return false;
  return list.some((entry) => {
    const getOnly = entry.startsWith('GET ');
    if (getOnly && method !== 'GET') return false;
    const pattern = (getOnly ? entry.slice(4) : entry).split('/').filter((p) => p !== '');
    return pattern.length === segments.length && pattern.every((part, i) => part === '*' || part === segments[i]);
  });
}

export interface ProxyCall {
  target: QueryTarget;
  /** `proxy` for `/api/datasources/proxy/...`, `resources` for Grafana's resource route. */
  via: 'proxy' | 'resources';
  /** The path after the data source part of the route, as it came (still percent-encoded). */
  rawPath: string;
  /** The query string as it came, without `?`. */
  rawQuery: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body?: Buffer;
}

export interface ProxyAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

const describeType = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

/**
 * A QueryError as the proxy's answer: 403 a denied address, 504 a time-out, 400 an unusable data
 * source setting, else 502 (the backend failed, not the caller).
 */
function asApiError(error: unknown): unknown {
  if (!(error instanceof QueryError)) return error;
  const status = error.status === 403 || error.status === 504 ? error.status : error.errorSource === 'plugin' ? 400 : 502;
  return new ApiError(status, error.message);
}

function proxyFailure<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw asApiError(error);
  }
}

/** Forwards one call, or throws an ApiError saying why it may not go. */
export async function proxyCall(call: ProxyCall): Promise<ProxyAnswer> {
  const { target } = call;
  const type = target.type as DataSourceType;
  const method = call.method === 'HEAD' ? 'GET' : call.method;
  if (method !== 'GET' && method !== 'POST') {
    throw new ApiError(405, `the data source proxy forwards only GET and POST, not ${call.method}`);
  }
  if (!proxyAllowList[type]) {
    throw badRequest(`${target.name} is a ${target.type} data source, which the proxy does not serve; query it through POST /api/ds/query`);
  }
  let { segments, path } = normaliseProxyPath(call.rawPath);
  // Grafana's Loki resources are named without the API prefix (`resources/labels`).
  if (call.via === 'resources' && type === 'loki' && segments.slice(0, 3).join('/') !== 'loki/api/v1') {
    segments = ['loki', 'api', 'v1', ...segments];
    path = `loki/api/v1/${path}`;
  }
  const refuse = (what: string) =>
    new ApiError(
      403,
      `the data source proxy does not forward ${method} ${what} to ${describeType(target.type)}: only its read API may be reached (${proxyAllowList[type]!.map((entry) => `/${entry.replace(/^GET /, '')}`).join(', ')})`,
    );
  if (!isAllowedPath(type, method, segments)) throw refuse(`/${segments.join('/')}`);

  const base = proxyFailure(() => dataSourceBase(target));
  const url = joinUrl(base, `${path}${call.rawQuery ? `?${call.rawQuery}` : ''}`);
  const basePath = base.pathname.replace(/\/+$/, '');
  const headers: Record<string, string> = { 'user-agent': 'Sightline data source proxy' };
  for (const name of forwardedRequestHeaders) {
    const value = call.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  let body: Buffer | undefined;
  if (method === 'POST') {
    body = call.body ?? Buffer.alloc(0);
    headers['content-type'] =
      typeof call.headers['content-type'] === 'string' ? call.headers['content-type'] : 'application/x-www-form-urlencoded';
  }
  // Added last: the data source's credentials replace anything of the caller's.
  Object.assign(
    headers,
    proxyFailure(() => dataSourceHeaders(target)),
  );
  let answer;
  try {
    answer = await requestRaw(target, url, {
      method,
      headers,
      body,
      timeoutMs: timeoutFor(target.jsonData),
      maxBytes: MAX_PROXY_RESPONSE_BYTES,
      checkRedirect(next) {
        const rest = next.pathname.startsWith(`${basePath}/`) ? next.pathname.slice(basePath.length + 1) : undefined;
        if (rest === undefined)
          throw new QueryError(
            `the data source redirected outside its URL (${next.pathname}); Sightline does not follow it`,
            502,
            'downstream',
          );
        let redirected: string[];
        try {
          redirected = normaliseProxyPath(rest).segments;
        } catch {
          throw new QueryError(
            `the data source redirected to a path with "." or ".." segments (${next.pathname}); Sightline does not follow it`,
            502,
            'downstream',
          );
        }
        if (!isAllowedPath(type, 'GET', redirected))
          throw new QueryError(
            `the data source redirected to /${redirected.join('/')}, which the proxy does not forward`,
            502,
            'downstream',
          );
      },
    });
  } catch (error) {
    throw asApiError(error);
  }
  const returned: Record<string, string> = {};
  for (const name of returnedResponseHeaders) {
    const value = answer.headers[name];
    if (typeof value === 'string') returned[name] = value;
  }
  // As Grafana: a proxied answer can never run as a page of Sightline's origin.
  returned['content-security-policy'] = 'sandbox';
  returned['x-content-type-options'] = 'nosniff';
  return { status: answer.status, headers: returned, body: answer.body };
}
