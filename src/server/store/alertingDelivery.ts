/**
 * Each contact point integration's last delivery attempt (migration 0015): when, how long, and the
 * error when it failed. Written by whichever instance delivered, read by the receivers status API
 * (Grafana's `GET /api/alertmanager/grafana/config/api/v1/receivers`).
 */
import type { Kysely } from 'kysely';
import type { Db } from './db';

interface DeliveryStatusTable {
  org_id: number;
  integration_uid: string;
  attempted_at: number;
  duration_ms: number;
  error: string | null;
}

interface DeliveryTables {
  alert_delivery_status: DeliveryStatusTable;
}

export interface DeliveryAttempt {
  /** Epoch ms when the attempt started. */
  attemptedAt: number;
  durationMs: number;
  /** The failure's words; null when it was delivered. */
  error: string | null;
}

export class AlertingDeliveryStore {
  private readonly db: Kysely<DeliveryTables>;

  constructor(db: Db) {
    this.db = db as unknown as Kysely<DeliveryTables>;
  }

  async record(orgId: number, integrationUid: string, attempt: DeliveryAttempt): Promise<void> {
    const values = { attempted_at: attempt.attemptedAt, duration_ms: Math.max(0, Math.round(attempt.durationMs)), error: attempt.error };
    await this.db
      .insertInto('alert_delivery_status')
      .values({ org_id: orgId, integration_uid: integrationUid, ...values })
      .onConflict((oc) => oc.columns(['org_id', 'integration_uid']).doUpdateSet(values))
      .execute();
  }

  /** The org's last attempts by integration uid. */
  async lastAttempts(orgId: number): Promise<Map<string, DeliveryAttempt>> {
    const rows = await this.db.selectFrom('alert_delivery_status').selectAll().where('org_id', '=', orgId).execute();
    return new Map(
      rows.map((row) => [
        row.integration_uid,
        { attemptedAt: Number(row.attempted_at), durationMs: Number(row.duration_ms), error: row.error },
      ]),
    );
  }

  /** Forgets the attempts of an integration that is deleted. */
  async forget(orgId: number, integrationUid: string): Promise<void> {
    await this.db.deleteFrom('alert_delivery_status').where('org_id', '=', orgId).where('integration_uid', '=', integrationUid).execute();
  }
}
