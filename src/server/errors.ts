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
export const notFound = (message: string) => new ApiError(404, message);
export const conflict = (message: string) => new ApiError(409, message);

/** Grafana's 403 wording, naming the permission the caller lacks. */
export const forbidden = (action: string) =>
  new ApiError(403, `You'll need additional permissions to perform this action. Permissions needed: ${action}`, {
    title: 'Access denied',
  });
