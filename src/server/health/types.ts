import type { HealthCheckResult } from '../../contract/datasources';
import { withOutgoingSlot } from '../outgoing';

/** What a checker knows of a data source: its settings with secrets decrypted (never logged or echoed). */
export interface HealthTarget {
  type: string;
  url: string;
  user: string;
  database: string;
  basicAuth: boolean;
  basicAuthUser: string;
  jsonData: Record<string, unknown>;
  secrets: Record<string, string>;
}

export interface CheckOptions {
  timeoutMs: number;
}

export type HealthChecker = (target: HealthTarget, options: CheckOptions) => Promise<HealthCheckResult>;

/** A failed check, with a message a person can act on. */
export class HealthError extends Error {}

export const ok = (message: string, details?: unknown): HealthCheckResult => ({
  status: 'OK',
  message,
  ...(details === undefined ? {} : { details }),
});
export const failed = (message: string): HealthCheckResult => ({ status: 'ERROR', message });

/** A password in the URL (`scheme://user:password@host`), as written and decoded. */
function urlPasswords(url: string): string[] {
  if (!url.includes('://')) return [];
  try {
    const password = new URL(url.trim()).password;
    if (!password) return [];
    let decoded = password;
    try {
      decoded = decodeURIComponent(password);
    } catch {
      // Not valid percent-encoding: the written form is what a backend would echo.
    }
    return [password, decoded];
  } catch {
    return [];
  }
}

/**
 * The message with every secret of the data source blanked out (`secureJsonData`: passwords,
 * tokens, header values; and a password in its URL), whatever a backend chose to echo. Health
 * checks and query errors both go through here.
 */
export function withoutSecrets(message: string, target: Pick<HealthTarget, 'secrets' | 'url'>): string {
  // Longest first, so a secret that holds another one is blanked whole.
  const secrets = [...Object.values(target.secrets), ...urlPasswords(target.url)].sort((a, b) => b.length - a.length);
  let clean = message;
  for (const value of secrets) {
    if (value.length >= 4) clean = clean.split(value).join('***');
  }
  return clean;
}

/**
 * Runs a check in one of the outgoing policy's slots (OutgoingBusyError, answered 429, when all
 * are taken); a HealthError becomes an ERROR result, anything else is a bug and rethrown.
 */
export async function runCheck(checker: HealthChecker, target: HealthTarget, options: CheckOptions): Promise<HealthCheckResult> {
  const started = performance.now();
  let outcome: 'ok' | 'error' = 'error';
  try {
    return await withOutgoingSlot(async () => {
      try {
        const result = await checker(target, options);
        if (result.status === 'OK') outcome = 'ok';
        return { ...result, message: withoutSecrets(result.message, target) };
      } catch (error) {
        if (error instanceof HealthError) return failed(withoutSecrets(error.message, target));
        throw error;
      }
    });
  } finally {
    healthObserver?.(target.type, outcome, (performance.now() - started) / 1000);
  }
}

/** Told of every health check run: its data source type, outcome and duration (for metrics). */
export type HealthObserver = (type: string, outcome: 'ok' | 'error', seconds: number) => void;
let healthObserver: HealthObserver | undefined;

/** Registers the one observer of finished health checks (the metrics module); returns what was registered before. */
export function observeHealthChecks(next: HealthObserver | undefined): HealthObserver | undefined {
  const previous = healthObserver;
  healthObserver = next;
  return previous;
}

/** "10 s", "1.5 s" */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
