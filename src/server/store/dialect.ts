import { likePattern } from './util';
import { PostgresAdapter, sql, type Expression, type Kysely, type RawBuilder } from 'kysely';

/**
 * The few SQL fragments that differ between SQLite and PostgreSQL, so store modules stay one code
 * base. Case-insensitive columns are `collate nocase` on SQLite and `citext` on PostgreSQL (see the
 * DDL translator in postgres.ts); the helpers here cover the columns and operators that are not.
 */
export type SqlDialect = 'sqlite' | 'postgres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any database's Kysely
export function dialectOf(db: Kysely<any>): SqlDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** `column = value`, ignoring ASCII case (for text columns that are not case-insensitive themselves). */
export function equalsIgnoringCase(dialect: SqlDialect, column: string, value: string): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`lower(${sql.ref(column)}) = lower(${value})`
    : sql<boolean>`${sql.ref(column)} = ${value} collate nocase`;
}

/** An order-by key that ignores ASCII case. */
export function ignoringCase(dialect: SqlDialect, column: string): RawBuilder<string> {
  return dialect === 'postgres' ? sql<string>`lower(${sql.ref(column)})` : sql<string>`${sql.ref(column)} collate nocase`;
}

/** `column like pattern` ignoring ASCII case (SQLite's `like` already does); `pattern` from `likePattern`. */
export function likeIgnoringCase(dialect: SqlDialect, column: string | Expression<unknown>, pattern: string): RawBuilder<boolean> {
  const target = typeof column === 'string' ? sql.ref(column) : column;
  return dialect === 'postgres'
    ? sql<boolean>`${target} ilike ${pattern} escape '\\'`
    : sql<boolean>`${target} like ${pattern} escape '\\'`;
}

/**
 * `text` occurs in `column` (both already lower-case), literally. On PostgreSQL as `like`, which
 * the trigram index on dashboard titles answers (migration 0007).
 */
export function containsText(dialect: SqlDialect, column: string, text: string): RawBuilder<boolean> {
  return dialect === 'postgres'
    ? sql<boolean>`${sql.ref(column)} like ${likePattern(text)} escape '\\'`
    : sql<boolean>`instr(${sql.ref(column)}, ${text}) > 0`;
}
