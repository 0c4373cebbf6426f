import type { HealthCheckResult } from '../../contract/datasources';

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

export const ok = (message: string, details?: unknown): HealthCheckResult => ({ status: 'OK', message, ...(details === undefined ? {} : { details }) });
export const failed = (message: string): HealthCheckResult => ({ status: 'ERROR', message });

/** Runs a check; a HealthError becomes an ERROR result, anything else is a bug and rethrown. */
export async function runCheck(checker: HealthChecker, target: HealthTarget, options: CheckOptions): Promise<HealthCheckResult> {
  try {
    return await checker(target, options);
  } catch (error) {
    if (error instanceof HealthError) return failed(error.message);
    throw error;
  }
}

/** "10 s", "1.5 s" */
export const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
