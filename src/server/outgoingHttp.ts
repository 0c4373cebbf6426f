/**
 * The one HTTP exchange every outgoing request makes (health checks, queries, the data source
 * proxy, contact points), under the policy of `outgoing.ts`: the deny list on IP literals here and
 * on resolved names inside the lookup, sockets only from that lookup, one deadline for the whole
 * exchange (not only idle sockets), and a cap on the answer's size. Callers add what is theirs:
 * credentials, redirects, and the words of their errors.
 */
import http from 'node:http';
import https from 'node:https';
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
  /** A keep-alive pool whose sockets were all opened by this module; by default a new socket each time. */
  agents?: { http: http.Agent; https: https.Agent };
}

export interface ExchangeAnswer {
  status: number;
  /** The reason phrase of the status line ("Internal Server Error"), when the server sent one. */
  statusText: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function failure(code: string, message: string): NodeJS.ErrnoException {
  return Object.assign(new Error(message), { code });
}

/**
 * One request and its answer. Fails with node's network errors, `EDENIED` (the deny list, its
 * message safe to show), `TIMEOUT`, or `TOO_LARGE`; callers turn these into their own sentences.
 */
export function outgoingExchange(url: URL, init: ExchangeInit): Promise<ExchangeAnswer> {
  return new Promise((resolve, reject) => {
    // IP literals skip the lookup, so they are checked here; names are checked on what they resolve to.
    if (isAddressDenied(url.hostname)) {
      reject(failure('EDENIED', deniedMessage(url.hostname.replace(/^\[|\]$/g, ''))));
      return;
    }
    const secure = url.protocol === 'https:';
    const request = (secure ? https : http).request(url, {
      method: init.method,
      headers: init.headers,
      lookup: guardedLookup,
      // A pooled socket skips the lookup (and with it the deny list) unless the pool is ours; pools
      // key sockets by TLS options too, so a skip-verify socket is never shared.
      agent: init.agents ? (secure ? init.agents.https : init.agents.http) : false,
      rejectUnauthorized: init.rejectUnauthorized ?? true,
    });
    const fail = (code: string) => request.destroy(failure(code, code === 'TIMEOUT' ? 'timeout' : 'too large'));
    const deadline = setTimeout(() => fail('TIMEOUT'), init.timeoutMs);
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: response.headers,
          body: Buffer.concat(chunks),
        });
      };
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= init.maxBytes) chunks.push(chunk);
        else if (init.overLimit === 'fail') {
          settled = true;
          fail('TOO_LARGE');
        } else response.destroy();
      });
      response.on('end', finish);
      // A truncated answer ends in 'close' without 'end'.
      response.on('close', () => {
        if (init.overLimit === 'truncate') finish();
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(init.body);
  });
}
