import type { DomainError } from './store/errors';

/**
 * An error with the HTTP status and body the client should see. Anything else that escapes a
 * handler is a bug and answers a generic 500 without internals.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Extra body fields, e.g. Grafana's `status: "version-mismatch"`. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): Record<string, unknown> {
    return { ...this.extra, message: this.message };
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new ApiError(400, message, extra);
export const unauthorized = (message: string) => new ApiError(401, message);
export const notFound = (message: string, extra?: Record<string, unknown>) => new ApiError(404, message, extra);

/** Grafana's 403 wording, naming the permission the caller lacks. */
export const forbidden = (action: string) =>
  new ApiError(403, `You'll need additional permissions to perform this action. Permissions needed: ${action}`, {
    title: 'Access denied',
  });

/** The status each kind of domain error answers with: Grafana's for the same refusal. */
const DOMAIN_STATUS: Record<DomainError['kind'], number> = { invalid: 400, conflict: 409, 'version-mismatch': 412 };

/**
 * The one place a store's refusal becomes an HTTP answer (the error handler calls it): the status of
 * its kind, the message, the `field` at fault where there is one, and Grafana's `status:
 * "version-mismatch"` on a 412.
 */
export function httpError(error: DomainError): ApiError {
  const extra: Record<string, unknown> = error.kind === 'version-mismatch' ? { status: 'version-mismatch' } : {};
  if (error.field !== undefined) extra.field = error.field;
  return new ApiError(DOMAIN_STATUS[error.kind], error.message, extra);
}
