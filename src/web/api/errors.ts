/**
 * What an API call can fail with. Kept apart from `client.ts` (which needs the contract's zod
 * schemas), so the first download of every page can tell errors apart without zod.
 */

/**
 * The server answered with an error status; `message` is the server's own words. `field` is the
 * request field a 400 concerns (`url`, `jsonData.timeout`), when the server names one.
 */
export class ApiError extends Error {
  readonly field?: string;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const field = typeof body === 'object' && body !== null ? (body as { field?: unknown }).field : undefined;
    if (typeof field === 'string' && field !== '') this.field = field;
  }
}

/**
 * The server's words when `error` is its refusal of one of `fields` (the `field` its answer names),
 * for a form to show next to that input; undefined for any other error, which the form shows as its own.
 */
export function serverFieldError(error: unknown, ...fields: string[]): string | undefined {
  return error instanceof ApiError && error.field !== undefined && fields.includes(error.field) ? error.message : undefined;
}

/** The server answered 2xx with something that is not what the contract says. */
export class UnexpectedResponseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnexpectedResponseError';
  }
}

/** The server could not be reached at all (down, wrong address, blocked). */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}

/** A person-readable message for any error a call can throw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
