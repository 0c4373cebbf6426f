/**
 * Outgoing requests of contact points, through the one outgoing exchange (`outgoingHttp.ts`: the
 * deny list, no pooled sockets, a deadline for the whole exchange), one slot of the bounded pool
 * per request, no redirects, and headers a receiver may not steer. Messages name the receiver by scheme and host
 * only: webhook paths of Slack, Discord and Telegram carry their secrets.
 */
import { describeNetworkError } from '../../health/http';
import { isForbiddenHeaderName, withOutgoingSlot } from '../../outgoing';
import { outgoingExchange } from '../../outgoingHttp';

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
  init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number; secrets?: string[]; signal?: AbortSignal },
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

async function exchange(
  url: URL,
  init: { method?: string; headers?: Record<string, string>; body?: string; signal?: AbortSignal },
  timeoutMs: number,
): Promise<DeliveryAnswer> {
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  const answer = await outgoingExchange(url, {
    method: init.method ?? 'POST',
    headers: {
      'user-agent': 'Sightline alerting',
      ...(body ? { 'content-length': String(body.length) } : {}),
      ...init.headers,
    },
    body,
    timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    overLimit: 'truncate',
    signal: init.signal,
  });
  return { status: answer.status, body: answer.body.toString('utf8') };
}
