/**
 * The one HTTP exchange every outgoing request makes (health checks, queries, the data source
 * proxy, contact points), under the policy of `outgoing.ts`: the deny list on IP literals here and
 * on resolved names inside the lookup, sockets only from that lookup, one deadline for the whole
 * exchange (not only idle sockets), and a cap on the answer's size. Callers add what is theirs:
 * credentials, redirects, and the words of their errors.
 *
 * The transport is undici rather than node's http client: for a query's answer (50 kB from
 * Prometheus) it costs about 50 µs of CPU less per exchange, a tenth of what Sightline spends on
 * the query (docs/performance.md).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Agent, Dispatcher } from 'undici';
import { deniedMessage, guardedLookup, isAddressDenied } from './outgoing';

export interface ExchangeInit {
  method: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  timeoutMs: number;
  /** The most of an answer that is read. */
  maxBytes: number;
  /**
   * Past `maxBytes`: `truncate` keeps what fits (enough to judge a health check or quote a
   * receiver), `fail` ends the exchange with code `TOO_LARGE` (a query must not be cut short).
   */
  overLimit: 'truncate' | 'fail';
  rejectUnauthorized?: boolean;
  /**
   * Kept-alive connections shared between exchanges (queries). By default a new connection each
   * time, so a change of the deny list applies to the next check or notification at once.
   */
  pooled?: boolean;
  /** Ends the exchange at once, code `ABORTED`, and closes its connection (the notifier stopping). */
  signal?: AbortSignal;
}

export interface ExchangeAnswer {
  status: number;
  /** The reason phrase of the status line ("Internal Server Error"), when the server sent one. */
  statusText: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function failure(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/** Connection settings: every socket comes from the guarded lookup. */
const connectOptions = (rejectUnauthorized: boolean) => ({ lookup: guardedLookup, rejectUnauthorized });

type Undici = typeof import('undici');
let loading: Promise<Undici> | undefined;
/** Loaded on the first exchange: a server that has not reached out yet keeps 4 MB less (RSS after start, docs/performance.md). */
const undici = () => (loading ??= import('undici'));

/** The keep-alive pools, one per TLS verification setting (a skip-verify socket is never shared). */
const pools = new Map<boolean, Agent>();

function poolFor({ Agent }: Undici, rejectUnauthorized: boolean): Agent {
  let pool = pools.get(rejectUnauthorized);
  if (!pool) pools.set(rejectUnauthorized, (pool = new Agent({ connections: 128, connect: connectOptions(rejectUnauthorized) })));
  return pool;
}

/** node's header object: a repeated header is one value joined by commas, `set-cookie` a list. */
function headersOf(raw: IncomingHttpHeaders): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (name === 'set-cookie') headers[name] = Array.isArray(value) ? value : [value];
    else headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** A URL's user and password as Basic auth, unless the caller sent its own (as node's client and Go's do). */
function withUrlCredentials(url: URL, headers: Record<string, string>): Record<string, string> {
  if (!url.username && !url.password) return headers;
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'authorization')) return headers;
  const decoded = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const credentials = Buffer.from(`${decoded(url.username)}:${decoded(url.password)}`).toString('base64');
  return { ...headers, authorization: `Basic ${credentials}` };
}

/** undici's codes for what node's client reports as a reset connection. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/**
 * One request and its answer. Fails with node's network errors, `EDENIED` (the deny list, its
 * message safe to show), `TIMEOUT`, or `TOO_LARGE`; callers turn these into their own sentences.
 */
export async function outgoingExchange(url: URL, init: ExchangeInit): Promise<ExchangeAnswer> {
  // IP literals skip the lookup, so they are checked here; names are checked on what they resolve to.
  if (isAddressDenied(url.hostname)) throw failure('EDENIED', deniedMessage(url.hostname.replace(/^\[|\]$/g, '')));
  const transport = await undici();
  return new Promise((resolve, reject) => {
    const rejectUnauthorized = init.rejectUnauthorized ?? true;
    const oneOff = init.pooled ? undefined : new transport.Client(url.origin, { connect: connectOptions(rejectUnauthorized) });
    const dispatcher: Dispatcher = oneOff ?? poolFor(transport, rejectUnauthorized);
    let controller: Dispatcher.DispatchController | undefined;
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      init.signal?.removeEventListener('abort', abort);
      outcome();
      if (oneOff) void oneOff.destroy().catch(() => undefined);
    };
    let status = 0;
    let statusText = '';
    let headers: IncomingHttpHeaders = {};
    const chunks: Buffer[] = [];
    let size = 0;
    // One chunk (the usual answer up to a socket read's size) is a view of the socket's own read,
    // never reused: kept as it is, not copied into a second buffer outside the heap.
    const answer = () => ({ status, statusText, headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
    const stop = (error: NodeJS.ErrnoException) => {
      settle(() => reject(error));
      controller?.abort(error);
    };
    const deadline = setTimeout(() => stop(failure('TIMEOUT', 'timeout')), init.timeoutMs);
    const abort = () => stop(failure('ABORTED', 'aborted'));
    if (init.signal?.aborted) return abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(started) {
        controller = started;
        if (settled) started.abort(new Error('ended'));
      },
      onResponseStart(_, statusCode, responseHeaders, statusMessage) {
        status = statusCode;
        statusText = statusMessage ?? '';
        headers = headersOf(responseHeaders);
      },
      onResponseData(current, chunk) {
        if (settled) return;
        const room = init.maxBytes - size;
        size += chunk.length;
        if (size <= init.maxBytes) {
          chunks.push(chunk);
        } else if (init.overLimit === 'fail') {
          stop(failure('TOO_LARGE', 'too large'));
        } else {
          // Enough read: what fits is the answer.
          chunks.push(chunk.subarray(0, room));
          settle(() => resolve(answer()));
          current.abort(new Error('enough read'));
        }
      },
      onResponseEnd() {
        settle(() => resolve(answer()));
      },
      onResponseError(_, error) {
        const code = (error as NodeJS.ErrnoException).code;
        settle(() => reject(code && CLOSED_CODES.has(code) ? Object.assign(error, { code: 'ECONNRESET' }) : error));
      },
    };
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: init.method as Dispatcher.HttpMethod,
          headers: withUrlCredentials(url, init.headers),
          body: init.body ?? null,
          // The deadline above covers the whole exchange.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        handler,
      );
    } catch (error) {
      settle(() => reject(error as Error));
    }
  });
}
