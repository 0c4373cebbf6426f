import type { ServiceAccountToken } from '../../../contract/serviceaccounts';
import { plural } from '../../lib/format';

/** Grafana shows the days left for tokens that expire within a week, and the date beyond that. */
export const EXPIRING_SOON_SECONDS = 7 * 24 * 3600;

export type TokenExpiry =
  { kind: 'never' } | { kind: 'expired'; at: string } | { kind: 'soon'; at: string; text: string } | { kind: 'date'; at: string };

/**
 * "3 days", "5 hours", "12 minutes", "40 seconds": the time left rounded up, in the largest unit
 * that reads naturally (59 min 59 s is "1 hour", not "60 minutes").
 */
export function timeLeft(seconds: number): string {
  const wholeSeconds = Math.max(1, Math.ceil(seconds));
  if (wholeSeconds < 60) return plural(wholeSeconds, 'second');
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.ceil(seconds / 3600);
  if (hours < 24) return plural(hours, 'hour');
  return plural(Math.ceil(seconds / (24 * 3600)), 'day');
}

/**
 * When a token stops working, as the person should read it at `now`. `fetchedAt` is when the
 * server's `secondsUntilExpiration` was measured: counting from it keeps the countdown right even
 * when this computer's clock differs from the server's.
 */
export function describeExpiry(token: ServiceAccountToken, now: number, fetchedAt: number): TokenExpiry {
  if (token.expiration === null) return { kind: 'never' };
  const expiresAt = token.secondsUntilExpiration === null ? Date.parse(token.expiration) : fetchedAt + token.secondsUntilExpiration * 1000;
  const secondsLeft = (expiresAt - now) / 1000;
  if (token.hasExpired || secondsLeft <= 0) return { kind: 'expired', at: token.expiration };
  if (secondsLeft <= EXPIRING_SOON_SECONDS) return { kind: 'soon', at: token.expiration, text: `Expires in ${timeLeft(secondsLeft)}` };
  return { kind: 'date', at: token.expiration };
}

/** How often the expiry labels of these tokens need redrawing: every second while one is within two minutes of expiring. */
export function refreshInterval(tokens: ServiceAccountToken[], now: number, fetchedAt: number): number {
  const closeToExpiring = tokens.some((token) => {
    if (token.secondsUntilExpiration === null || token.hasExpired) return false;
    const left = fetchedAt + token.secondsUntilExpiration * 1000 - now;
    return left > -1_000 && left <= 120_000;
  });
  return closeToExpiring ? 1_000 : 30_000;
}

/** The "N tokens" of confirmations and counts. */
export function tokenCount(count: number): string {
  return plural(count, 'token');
}
