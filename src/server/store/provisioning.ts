import type { Db } from './db';
import type { DashboardProvisioningTable } from './schema';

export type DashboardProvisioningRow = DashboardProvisioningTable;

/** Which dashboards came from provisioning files (Grafana's `dashboard_provisioning`). */
export class ProvisioningStore {
  constructor(private readonly db: Db) {}

  /** The provisioning of one dashboard, when a file holds it. */
  forDashboard(dashboardId: number): Promise<DashboardProvisioningRow | undefined> {
    return this.db.selectFrom('dashboard_provisioning').selectAll().where('dashboard_id', '=', dashboardId).executeTakeFirst();
  }

  /** Titles of the dashboards in a folder that provisioning files hold (deleting the folder would delete them). */
  async titlesInFolder(folderId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('dashboard_provisioning as p')
      .innerJoin('dashboard as d', 'd.id', 'p.dashboard_id')
      .select('d.title')
      .where('d.folder_id', '=', folderId)
      .orderBy('d.title_lower')
      .execute();
    return rows.map((row) => row.title);
  }

  /** Every dashboard a provider's files hold. */
  forProvider(orgId: number, provider: string): Promise<DashboardProvisioningRow[]> {
    return this.db.selectFrom('dashboard_provisioning').selectAll().where('org_id', '=', orgId).where('provider', '=', provider).execute();
  }

  /** Records (or moves) the file that holds a dashboard. */
  async record(row: DashboardProvisioningRow): Promise<void> {
    // One file holds one dashboard: a file whose dashboard changed uid gives up the old record.
    await this.db
      .deleteFrom('dashboard_provisioning')
      .where('org_id', '=', row.org_id)
      .where('provider', '=', row.provider)
      .where('external_id', '=', row.external_id)
      .where('dashboard_id', '!=', row.dashboard_id)
      .execute();
    await this.db
      .insertInto('dashboard_provisioning')
      .values(row)
      .onConflict((oc) =>
        oc.column('dashboard_id').doUpdateSet({
          org_id: row.org_id,
          provider: row.provider,
          external_id: row.external_id,
          check_sum: row.check_sum,
          allow_ui_updates: row.allow_ui_updates,
          updated: row.updated,
        }),
      )
      .execute();
  }

  /** The dashboard stays, no longer provisioned (a provider with `disableDeletion` lost its file). */
  async forget(dashboardId: number): Promise<void> {
    await this.db.deleteFrom('dashboard_provisioning').where('dashboard_id', '=', dashboardId).execute();
  }
}
