/**
 * What the PostgreSQL and MySQL runners (`postgres.ts`, `mysql.ts`) do alike: read where a data
 * source points and how large its pool may be, and turn a driver's failure into the message the
 * API reports, so both servers word the same failure the same way.
 */
import { describeConnectError } from '../health/network';
import { hostAndPort } from '../health/sql';
import { HealthError, seconds } from '../health/types';
import { isDeniedError } from '../outgoing';
import { downstreamError, QueryError } from './errors';
import type { QueryTarget } from './types';

/** The server's address (`shown` as messages name it) and the database the settings name, possibly none. */
export function sqlEndpointOf(
  target: QueryTarget,
  defaultPort: number,
): { endpoint: { host: string; port: number; shown: string }; database: string } {
  let endpoint;
  try {
    endpoint = hostAndPort(target.url, defaultPort);
  } catch (error) {
    throw new QueryError(error instanceof HealthError ? error.message : String(error));
  }
  const database = String(target.jsonData.database ?? '').trim() || target.database.trim();
  return { endpoint, database };
}

/** Connections a pool may open: the data source's `maxOpenConns` up to 100, or 10. */
export function poolSizeOf(target: QueryTarget): number {
  const maxOpen = Number(target.jsonData.maxOpenConns);
  return Number.isInteger(maxOpen) && maxOpen > 0 ? Math.min(maxOpen, 100) : 10;
}

/** A query stopped by the data source's timeout. */
export const queryTimedOut = (timeoutMs: number) =>
  downstreamError(`the query ran longer than ${seconds(timeoutMs)} (the data source's timeout) and was cancelled`, 504);

/** Failures every SQL server has, each reported with its own codes. */
export type SqlFailure = 'authentication' | 'unknownDatabase' | 'timeout' | 'readOnly';

/** How one server's driver reports failures. */
export interface SqlDriverErrors<E> {
  /** The server's name as its messages start: `MySQL`, `PostgreSQL`. */
  serverName: string;
  /** The server's own words. */
  messageOf(err: E): string;
  /** Which common failure the error is, if any. */
  failureOf(err: E): SqlFailure | undefined;
  /** Any other error of the server at `shown`. */
  otherwise(err: E, shown: string, timeoutMs: number): QueryError;
}

/**
 * A failed query or connection as the API reports it: Sightline's own refusals and network
 * failures first, then the failures every SQL server has, then what only this server says.
 */
export function describeSqlError<E extends NodeJS.ErrnoException>(
  error: unknown,
  target: QueryTarget,
  shown: string,
  timeoutMs: number,
  driver: SqlDriverErrors<E>,
): QueryError {
  if (error instanceof QueryError) return error;
  if (isDeniedError(error)) return new QueryError(`${shown}: ${(error as Error).message}`, 403, 'plugin');
  const err = error as E;
  const network = describeConnectError(err, shown, timeoutMs);
  if (network) return downstreamError(network, 502);
  switch (driver.failureOf(err)) {
    case 'authentication':
      return downstreamError(`authentication failed for user "${target.user}" at ${shown}: check the data source's user and password`, 502);
    case 'unknownDatabase':
      return downstreamError(`the database does not exist at ${shown}: check the data source's database`, 502);
    case 'timeout':
      return queryTimedOut(timeoutMs);
    case 'readOnly':
      return downstreamError(`${driver.serverName}: ${driver.messageOf(err)}: Sightline runs queries in a read-only transaction`);
    case undefined:
      return driver.otherwise(err, shown, timeoutMs);
  }
}
