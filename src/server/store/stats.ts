import { sql } from 'kysely';
import type { Db } from './db';

/** Totals over every org, for `/metrics` (Grafana's `grafana_stat_totals_*`). */
export interface StoreTotals {
  dashboards: number;
  folders: number;
  /** Data sources by their type as stored. */
  dataSources: Array<{ type: string; count: number }>;
  annotations: number;
  serviceAccounts: number;
  /** Tokens that are neither revoked nor expired. */
  tokens: number;
}

export class StatsStore {
  constructor(private readonly db: Db) {}

  async totals(now = Date.now()): Promise<StoreTotals> {
    const row = await sql<{
      dashboards: number;
      folders: number;
      annotations: number;
      service_accounts: number;
      tokens: number;
    }>`select
        (select count(*) from dashboard where is_folder = 0) as dashboards,
        (select count(*) from dashboard where is_folder = 1) as folders,
        (select count(*) from annotation) as annotations,
        (select count(*) from ${sql.table('user')} where is_service_account = 1) as service_accounts,
        (select count(*) from api_key where is_revoked = 0 and (expires is null or expires > ${now})) as tokens`
      .execute(this.db)
      .then((result) => result.rows[0]!);
    const dataSources = await this.db
      .selectFrom('data_source')
      .select(['type', (eb) => eb.fn.countAll<number>().as('count')])
      .groupBy('type')
      .orderBy('type')
      .execute();
    return {
      dashboards: Number(row.dashboards),
      folders: Number(row.folders),
      annotations: Number(row.annotations),
      serviceAccounts: Number(row.service_accounts),
      tokens: Number(row.tokens),
      dataSources: dataSources.map((r) => ({ type: r.type, count: Number(r.count) })),
    };
  }
}
