/**
 * Outgoing requests of contact points, under the one outgoing policy (`outgoing.ts`): the deny
 * list on the resolved address (and on IP literals), no pooled sockets (they would skip the
 * lookup), one slot of the bounded pool per request, a deadline for the whole exchange, no
 * redirects, and headers a receiver may not steer. Messages name the receiver by scheme and host
 * only: webhook paths of Slack, Discord and Telegram carry their secrets.
 */
import http from 'node:http';
import https from 'node:https';
import { describeNetworkError } from '../../health/http';
import { deniedMessage, guardedLookup, isAddressDenied, isForbiddenHeaderName, withOutgoingSlot } from '../../outgoing';

/** A failed delivery, in words safe to show (no secrets). */
export class DeliveryError extends Error {}

export const DEFAULT_DELIVERY_TIMEOUT_MS = 30_000;
const MAX_ANSWER_BYTES = 256 * 1024;

export interface DeliveryAnswer {
  status: number;
  body: string;
}

/** `https://hooks.slack.com`: what a message may say of a receiver's address. */
export function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

export function parseReceiverUrl(text: string, setting = 'url'): URL {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new DeliveryError(`${setting} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeliveryError(`${setting} must start with http:// or https://`);
  return url;
}

/**
 * One request to a receiver. Answers outside 2xx are DeliveryErrors quoting the receiver's own
 * words (its body, cut short); `secrets` are blanked out of every message.
 */
export async function deliver(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number; secrets?: string[] },
): Promise<DeliveryAnswer> {
  const timeoutMs = init.timeoutMs ?? DEFAULT_DELIVERY_TIMEOUT_MS;
  const where = originOf(url);
  const scrub = (text: string) =>
    (init.secrets ?? []).filter((secret) => secret.length >= 4).reduce((result, secret) => result.split(secret).join('[REDACTED]'), text);
  for (const name of Object.keys(init.headers ?? {})) {
    if (isForbiddenHeaderName(name)) throw new DeliveryError(`the header "${name}" cannot be set on a notification`);
  }
  let answer: DeliveryAnswer;
  try {
    answer = await withOutgoingSlot(() => exchange(url, init, timeoutMs));
  } catch (error) {
    if (error instanceof DeliveryError) throw error;
    const described = (error as NodeJS.ErrnoException).code
      ? describeNetworkError(error as NodeJS.ErrnoException, where, timeoutMs)
      : (error as Error).message;
    throw new DeliveryError(scrub(described));
  }
  if (answer.status < 200 || answer.status >= 300) {
    const words = answer.body.trim().slice(0, 500);
    throw new DeliveryError(scrub(`${where} answered ${answer.status}${words ? `: ${words}` : ''}`));
  }
  return answer;
}

function exchange(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string },
  timeoutMs: number,
): Promise<DeliveryAnswer> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // IP literals skip the lookup; names are checked on what they resolve to.
    if (isAddressDenied(host)) {
      reject(new DeliveryError(deniedMessage(host)));
      return;
    }
    const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(
      url,
      {
        method: init.method ?? 'POST',
        headers: {
          'user-agent': 'Sightline alerting',
          ...(body ? { 'content-length': String(body.length) } : {}),
          ...init.headers,
        },
        timeout: timeoutMs,
        lookup: guardedLookup,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
          else response.destroy();
        });
        const finish = () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', reject);
      },
    );
    const deadline = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), timeoutMs);
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
