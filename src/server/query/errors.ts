/**
 * A query that failed in a way its author can act on. It is reported under the query's refId
 * (`{error, errorSource, status}`), while the other queries of the request still answer.
 */
export class QueryError extends Error {
  constructor(
    message: string,
    /** The status reported under the refId (Grafana: 400 for a bad query, 5xx for an unreachable backend). */
    readonly status = 400,
    /** `downstream`: the backend refused or failed; `plugin`: Sightline could not run the query. */
    readonly errorSource: 'downstream' | 'plugin' = 'plugin',
  ) {
    super(message);
    this.name = 'QueryError';
  }
}

export const downstreamError = (message: string, status = 400) => new QueryError(message, status, 'downstream');
