/**
 * How much a SQL query may read: rows per query (Grafana's `row_limit`) and bytes per query and
 * per request, so one Viewer's request cannot fill the server's memory. Set from config at
 * start-up (SIGHTLINE_SQL_ROW_LIMIT, SIGHTLINE_SQL_MAX_BYTES_PER_QUERY, ..._PER_REQUEST).
 */
const MiB = 1024 * 1024;

/** What SQL queries may read: rows per query, and bytes per query and per request. */
export interface SqlLimits {
  /** Grafana's `row_limit`; a data source's `jsonData.rowLimit` may lower it. */
  rowLimit: number;
  maxBytesPerQuery: number;
  maxBytesPerRequest: number;
}

export const DEFAULT_SQL_LIMITS: SqlLimits = { rowLimit: 1_000_000, maxBytesPerQuery: 64 * MiB, maxBytesPerRequest: 128 * MiB };
let sqlLimits: SqlLimits = { ...DEFAULT_SQL_LIMITS };

/** Sets the limits (from config at start-up; tests); returns the ones set before. */
export function configureSqlLimits(next: Partial<SqlLimits>): SqlLimits {
  const previous = sqlLimits;
  sqlLimits = { ...sqlLimits, ...next };
  return previous;
}

/**
 * Bytes one request's SQL queries may still read, shared by all of them, so several large
 * queries in one request cannot add up past `maxBytesPerRequest`.
 */
export class ResultBudget {
  remaining: number;
  constructor(readonly total: number = sqlLimits.maxBytesPerRequest) {
    this.remaining = total;
  }
}

/** The limits of one query on `target`: the data source's `jsonData.rowLimit` applies when it is lower. */
export function queryLimitsOf(jsonData: Record<string, unknown>): { rowLimit: number; maxBytes: number } {
  const own = Number(jsonData.rowLimit);
  const rowLimit = Number.isInteger(own) && own > 0 ? Math.min(own, sqlLimits.rowLimit) : sqlLimits.rowLimit;
  return { rowLimit, maxBytes: sqlLimits.maxBytesPerQuery };
}
