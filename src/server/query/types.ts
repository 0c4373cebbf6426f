import type { z } from 'zod';
import { describeZodError } from '../../contract/errors';
import type { DataQuery } from '../../contract/query';
import { QueryError } from './errors';
import type { HealthTarget } from '../health/types';
import type { Frame } from './frames';
import type { ResultBudget } from './limits';
import type { TimeRange } from './time';

/** A data source as a query runner sees it: settings, decrypted secrets (never logged or echoed) and identity. */
export interface QueryTarget extends HealthTarget {
  id: number;
  uid: string;
  name: string;
  version: number;
}

export interface QueryContext {
  /** The query as the client sent it (type-specific fields included), with `refId` set. */
  query: DataQuery & { refId: string };
  range: TimeRange;
  target: QueryTarget;
  /** The data source's time limit (`jsonData.timeout`, else 10 s) for the whole exchange. */
  timeoutMs: number;
  /** Bytes the request's SQL queries may still read together; a query alone gets its own when absent. */
  resultBudget?: ResultBudget;
}

export type QueryRunner = (context: QueryContext) => Promise<Frame[]>;

/** Reads a string field of a query, trimmed; '' when absent or not a string. */
export function stringField(query: Record<string, unknown>, name: string): string {
  const value = query[name];
  return typeof value === 'string' ? value : '';
}

/** Reads a numeric field (number or numeric string); undefined when absent or unreadable. */
export function numberField(query: Record<string, unknown>, name: string): number | undefined {
  const value = query[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return undefined;
}

/** Checks a query's type-specific fields against the contract; a mismatch is that query's 400, naming the field. */
export function checkQueryFields(schema: z.ZodType, query: unknown): void {
  const result = schema.safeParse(query);
  if (!result.success) throw new QueryError(`bad query: ${describeZodError(result.error)}`);
}
