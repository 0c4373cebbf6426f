/**
 * What the notifier's dispatcher works from, shared by every instance: the alerts received from the
 * rules half (one row per label set) and the notification log that makes a group's notification
 * happen once across restarts and instances.
 */
import { sql, type Kysely } from 'kysely';
import type { NotificationLogEntry, StoredAlert } from '../alerting/notify/types';
import { parseJson, withNotifyTables, type NotificationLogTable, type NotifyTables } from './alertingNotifyTables';
import { inTransaction, type Db } from './db';

export class AlertDispatchStore {
  private readonly db: Kysely<NotifyTables>;

  constructor(db: Db) {
    this.db = withNotifyTables(db);
  }

  // ---- alerts -----------------------------------------------------------------------------------

  /** Inserts or updates alerts by fingerprint; a firing alert that was resolved starts again. */
  async upsertAlerts(alerts: StoredAlert[]): Promise<void> {
    if (alerts.length === 0) return;
    await inTransaction(this.db as unknown as Db, async (trx) => {
      const db = withNotifyTables(trx);
      for (const alert of alerts) {
        const extra = JSON.stringify({
          values: alert.values,
          valueString: alert.valueString,
          dashboardUid: alert.dashboardUid,
          panelId: alert.panelId,
        });
        const values = {
          labels: JSON.stringify(alert.labels),
          annotations: JSON.stringify(alert.annotations),
          starts_at: alert.startsAt,
          ends_at: alert.endsAt,
          updated: alert.updatedAt,
          generator_url: alert.generatorURL,
          extra,
        };
        await db
          .insertInto('alert_received')
          .values({ org_id: alert.orgId, fingerprint: alert.fingerprint, ...values, received: alert.updatedAt })
          .onConflict((oc) =>
            oc.columns(['org_id', 'fingerprint']).doUpdateSet({
              ...values,
              // An alert that had resolved and fires again is received anew.
              received: sql<number>`case when alert_received.ends_at <= ${alert.updatedAt} then ${alert.updatedAt} else alert_received.received end`,
            }),
          )
          .execute();
      }
    });
  }

  /** Every alert of the org (`orgId` undefined: of every org). */
  async alerts(orgId?: number): Promise<StoredAlert[]> {
    let query = this.db.selectFrom('alert_received').selectAll();
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const rows = await query.orderBy('org_id').orderBy('fingerprint').execute();
    return rows.map((row) => ({
      orgId: row.org_id,
      fingerprint: row.fingerprint,
      labels: parseJson(row.labels),
      annotations: parseJson(row.annotations),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      updatedAt: row.updated,
      receivedAt: row.received,
      generatorURL: row.generator_url,
      ...parseJson<Partial<StoredAlert>>(row.extra),
    }));
  }

  async hasAlertsResolvedBefore(before: number): Promise<boolean> {
    const row = await this.db.selectFrom('alert_received').select('fingerprint').where('ends_at', '<', before).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** Forgets alerts resolved before `before`; their groups have had time to notify them. */
  async deleteResolvedAlerts(before: number): Promise<void> {
    await this.db.deleteFrom('alert_received').where('ends_at', '<', before).execute();
  }

  // ---- notification log -------------------------------------------------------------------------

  async notificationLog(orgId?: number): Promise<NotificationLogEntry[]> {
    let query = this.db.selectFrom('alert_notification_log').selectAll();
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    return (await query.execute()).map(logEntryOf);
  }

  /** Starts a group's log entry when it has none (another instance may have started it first). */
  async startGroup(entry: Omit<NotificationLogEntry, 'version' | 'lastSent' | 'firing' | 'resolved'>): Promise<void> {
    await this.db
      .insertInto('alert_notification_log')
      .values({
        org_id: entry.orgId,
        group_key: entry.groupKey,
        receiver: entry.receiver,
        version: 0,
        first_seen: entry.firstSeen,
        next_flush: entry.nextFlush,
        last_sent: null,
        firing: '[]',
        resolved: '[]',
      })
      .onConflict((oc) => oc.columns(['org_id', 'group_key']).doNothing())
      .execute();
  }

  /**
   * Claims a flush: writes `next` only while the row still has `version` (what this instance read).
   * True when this instance won; another instance's flush in between makes it false.
   */
  async claimFlush(
    entry: NotificationLogEntry,
    next: { nextFlush: number; lastSent: number | null; firing: string[]; resolved: string[] },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('alert_notification_log')
      .set({
        version: entry.version + 1,
        next_flush: next.nextFlush,
        last_sent: next.lastSent,
        firing: JSON.stringify(next.firing),
        resolved: JSON.stringify(next.resolved),
      })
      .where('org_id', '=', entry.orgId)
      .where('group_key', '=', entry.groupKey)
      .where('version', '=', entry.version)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteGroup(orgId: number, groupKey: string, version: number): Promise<void> {
    await this.db
      .deleteFrom('alert_notification_log')
      .where('org_id', '=', orgId)
      .where('group_key', '=', groupKey)
      .where('version', '=', version)
      .execute();
  }

  /** Orgs with alerts or groups: the dispatcher's work list. */
  async orgsWithAlerts(): Promise<number[]> {
    const rows = await this.db.selectFrom('alert_received').select('org_id').distinct().execute();
    const logRows = await this.db.selectFrom('alert_notification_log').select('org_id').distinct().execute();
    return [...new Set([...rows, ...logRows].map((row) => row.org_id))].sort((a, b) => a - b);
  }
}

function logEntryOf(row: NotificationLogTable): NotificationLogEntry {
  return {
    orgId: row.org_id,
    groupKey: row.group_key,
    receiver: row.receiver,
    version: row.version,
    firstSeen: row.first_seen,
    nextFlush: row.next_flush,
    lastSent: row.last_sent,
    firing: parseJson(row.firing),
    resolved: parseJson(row.resolved),
  };
}
