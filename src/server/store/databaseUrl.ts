/**
 * What the process needs to know of a PostgreSQL database without loading its driver: the URL
 * as logs may show it, and the error that means the database cannot be used. On SQLite the
 * driver (`pg` and its modules) is never loaded.
 */

/** `postgres://user:***@host:port/db`: the URL without its password, for logs and messages. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable URL)';
  }
}

/** The configured PostgreSQL database cannot be reached or logged into. */
export class DatabaseUnavailable extends Error {}
