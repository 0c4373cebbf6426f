import { sql, type CompiledQuery } from 'kysely';
import type { Db } from './db';
import { dialectOf } from './dialect';

/** A dashboard or folder row that was inserted, updated in a column a search shows, or deleted. */
export interface ChangedDashboard {
  org_id: number;
  dashboard_id: number;
}

/** What changed since the last read, or that the log cannot say (pruned past it, or too much). */
export type ChangeRead = { reload: true } | { reload: false; changed: ChangedDashboard[] };

/**
 * The log of changed dashboards that the in-memory search follows (`dashboard_change`, written
 * by triggers in the writing transaction, whatever writes: this process, another on the same
 * SQLite file, another instance on the same PostgreSQL database).
 */
export interface DashboardChangeLog {
  /** Marks now: reads return the changes committed after it. Called before reading rows whole. */
  start(): Promise<void>;
  /** The changes since `start` or the last read. After `reload`, call `start` and read the rows whole. */
  read(): Promise<ChangeRead>;
}

/** Entries read at once; beyond, the rows are read again whole. */
const MAX_CHANGES = 5_000;

export function dashboardChangeLog(db: Db): DashboardChangeLog {
  return dialectOf(db) === 'postgres' ? new PostgresChangeLog(db) : new SqliteChangeLog(db);
}

type SqliteChangeRow = ChangedDashboard & { seq: number };

/**
 * SQLite (migration 0010): `seq` is the rowid, given in commit order (one writer at a time) and
 * without gaps, as only the oldest rows are ever deleted; a gap means some were pruned unread.
 */
class SqliteChangeLog implements DashboardChangeLog {
  /** The last entry read. */
  private applied = 0;
  private readQuery: CompiledQuery<SqliteChangeRow> | undefined;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    const { rows } = await sql<{ seq: number | null }>`select max(seq) as seq from dashboard_change`.execute(this.db);
    this.applied = Number(rows[0]?.seq ?? 0);
  }

  async read(): Promise<ChangeRead> {
    // Compiled once: every search runs it, and almost always finds nothing.
    this.readQuery ??=
      sql<SqliteChangeRow>`select seq, org_id, dashboard_id from dashboard_change where seq > ${0} order by seq limit ${0}`.compile(
        this.db,
      );
    const { rows } = await this.db.executeQuery<SqliteChangeRow>({ ...this.readQuery, parameters: [this.applied, MAX_CHANGES + 1] });
    if (rows.length === 0) return { reload: false, changed: [] };
    if (rows.length > MAX_CHANGES || rows[0]!.seq !== this.applied + 1) return { reload: true };
    this.applied = rows[rows.length - 1]!.seq;
    return { reload: false, changed: rows };
  }
}

type PostgresChangeRow = { horizon: string; pruned: string; seq: number | null; xid: string | null; org_id: number; dashboard_id: number };

/**
 * PostgreSQL (migration 0017). Instances write at once and a sequence number can commit after a
 * higher one, so entries are followed by the writing transaction's id instead: every transaction
 * with an id below the oldest one still running (the snapshot's xmin, the "horizon") has ended, so
 * no entry below the horizon can appear later. Each read asks for the entries at or past the last
 * horizon, in the same statement as the new one; those past the new horizon come again next time
 * and are skipped by `seq`. `dashboard_change_pruned` holds the highest transaction id whose
 * entries were deleted (pruning, a truncate of `dashboard`): at or past our horizon, we missed some.
 */
class PostgresChangeLog implements DashboardChangeLog {
  private horizon = 0n;
  /** Entries at or past the horizon already returned: seq → transaction id. */
  private readonly seen = new Map<number, bigint>();
  private readQuery: CompiledQuery<PostgresChangeRow> | undefined;

  constructor(private readonly db: Db) {}

  async start(): Promise<void> {
    const { rows } = await sql<{ horizon: string }>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`.execute(this.db);
    this.horizon = BigInt(rows[0]!.horizon);
    this.seen.clear();
  }

  async read(): Promise<ChangeRead> {
    // One round trip; the snapshot's horizon is the one the rows were read in.
    // Through the xid index, unordered: the order of a read's entries does not matter.
    this.readQuery ??= sql<PostgresChangeRow>`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
        (select xid::text from dashboard_change_pruned limit 1) as pruned,
        c.seq, c.xid::text as xid, c.org_id, c.dashboard_id
      from (values (1)) as one
      left join lateral (
        select seq, xid, org_id, dashboard_id from dashboard_change where xid >= ${'0'}::xid8 limit ${0}
      ) c on true`.compile(this.db);
    const { rows } = await this.db.executeQuery<PostgresChangeRow>({
      ...this.readQuery,
      parameters: [this.horizon.toString(), MAX_CHANGES + 1],
    });
    const first = rows[0]!;
    if (BigInt(first.pruned) >= this.horizon || rows.length > MAX_CHANGES) return { reload: true };
    const horizon = BigInt(first.horizon);
    const changed: ChangedDashboard[] = [];
    for (const row of rows) {
      if (row.seq === null) continue; // no entries: the one row the left join gives
      const xid = BigInt(row.xid!);
      if (!this.seen.has(row.seq)) {
        changed.push(row);
        if (xid >= horizon) this.seen.set(row.seq, xid);
      }
    }
    for (const [seq, xid] of this.seen) if (xid < horizon) this.seen.delete(seq);
    this.horizon = horizon;
    return { reload: false, changed };
  }
}
