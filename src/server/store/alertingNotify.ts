/**
 * Alerting's notifications half (migration 0014): contact points (secret settings sealed like data
 * source secrets), the policy tree (one JSON document per org), mute timings, templates, silences,
 * the alerts received and the notification log that makes a group's notification happen once
 * across restarts and instances.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  REDACTED,
  type MuteTiming,
  type NotificationTemplate,
  type Provenance,
  type Route,
  type SilenceMatcher,
} from '../../contract/alertingNotify';
import type { Integration, NotificationLogEntry, Silence, StoredAlert } from '../alerting/notify/types';
import type { SecretBox } from '../secrets';
import type { Db } from './db';
import { inTransaction } from './db';
import { ConflictError } from './errors';
import { isUniqueViolation, newUid } from './util';

interface ContactPointTable {
  id: import('kysely').Generated<number>;
  org_id: number;
  uid: string;
  name: string;
  type: string;
  settings: string;
  secure_settings: string;
  disable_resolve_message: number;
  provenance: string;
  created: number;
  updated: number;
}
interface PolicyTreeTable {
  org_id: number;
  tree: string;
  provenance: string;
  updated: number;
}
interface NamedContentTable {
  id: import('kysely').Generated<number>;
  org_id: number;
  name: string;
  content: string;
  provenance: string;
  updated: number;
}
interface SilenceTable {
  silence_id: string;
  org_id: number;
  matchers: string;
  starts_at: number;
  ends_at: number;
  created_by: string;
  comment: string;
  updated: number;
}
interface AlertInstanceTable {
  org_id: number;
  fingerprint: string;
  labels: string;
  annotations: string;
  starts_at: number;
  ends_at: number;
  updated: number;
  received: number;
  generator_url: string;
  extra: string;
}
interface NotificationLogTable {
  org_id: number;
  group_key: string;
  receiver: string;
  version: number;
  first_seen: number;
  next_flush: number;
  last_sent: number | null;
  firing: string;
  resolved: string;
}

/** The tables of this module; the shared `Database` type does not list them, so merges stay local. */
interface NotifyTables {
  alert_contact_point: ContactPointTable;
  alert_policy_tree: PolicyTreeTable;
  alert_mute_timing: NamedContentTable;
  alert_template: NamedContentTable;
  alert_silence: SilenceTable;
  alert_received: AlertInstanceTable;
  alert_notification_log: NotificationLogTable;
}

export class NotFoundError extends Error {}

/** Grafana's default Alertmanager configuration: one email contact point the default policy routes to. */
export const DEFAULT_CONTACT_POINT = { name: 'grafana-default-email', type: 'email', settings: { addresses: '<example@email.com>' } };

/** Gives a new org Grafana's default contact point (the default policy tree names it). */
export async function insertDefaultContactPoint(db: Db, orgId: number, now = Date.now()): Promise<void> {
  await (db as unknown as Kysely<NotifyTables>)
    .insertInto('alert_contact_point')
    .values({
      org_id: orgId,
      uid: newUid(),
      name: DEFAULT_CONTACT_POINT.name,
      type: DEFAULT_CONTACT_POINT.type,
      settings: JSON.stringify(DEFAULT_CONTACT_POINT.settings),
      secure_settings: '{}',
      disable_resolve_message: 0,
      provenance: '',
      created: now,
      updated: now,
    })
    .execute();
}

/** A contact point integration as written: settings whole, `secretFields` naming which of them are sealed. */
export interface IntegrationWrite {
  uid?: string;
  name: string;
  type: string;
  settings: Record<string, unknown>;
  disableResolveMessage: boolean;
  provenance: Provenance;
}

function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

export class AlertingNotifyStore {
  private readonly db: Kysely<NotifyTables>;

  constructor(
    db: Db,
    private readonly secrets: SecretBox,
  ) {
    this.db = db as unknown as Kysely<NotifyTables>;
  }

  // ---- contact points -------------------------------------------------------------------------

  /**
   * Integrations of the org (by name when given), in name then uid order. `open` decides what the
   * secret settings read as: their plain values (for delivery) or `[REDACTED]` (for answers).
   */
  async listIntegrations(orgId: number, options: { name?: string; uid?: string; open?: boolean } = {}): Promise<Integration[]> {
    let query = this.db.selectFrom('alert_contact_point').selectAll().where('org_id', '=', orgId);
    if (options.name !== undefined) query = query.where('name', '=', options.name);
    if (options.uid !== undefined) query = query.where('uid', '=', options.uid);
    const rows = await query.orderBy('name').orderBy('uid').execute();
    return rows.map((row) => {
      const sealed = parseJson<Record<string, string>>(row.secure_settings);
      const settings = parseJson<Record<string, unknown>>(row.settings);
      for (const [key, value] of Object.entries(sealed)) settings[key] = options.open ? this.secrets.decrypt(value) : REDACTED;
      return {
        uid: row.uid,
        name: row.name,
        type: row.type,
        settings,
        disableResolveMessage: row.disable_resolve_message === 1,
        provenance: row.provenance as Provenance,
      };
    });
  }

  /** Names of every contact point of the org. */
  async receiverNames(orgId: number): Promise<Set<string>> {
    const rows = await this.db.selectFrom('alert_contact_point').select('name').distinct().where('org_id', '=', orgId).execute();
    return new Set(rows.map((row) => row.name));
  }

  /** Splits settings into plain and sealed: `secretFields` present are sealed; `[REDACTED]` keeps what `stored` holds. */
  private seal(settings: Record<string, unknown>, secretFields: readonly string[], stored: Record<string, string>) {
    const plain: Record<string, unknown> = {};
    const sealed: Record<string, string> = {};
    for (const [key, value] of Object.entries(settings)) {
      if (!secretFields.includes(key)) {
        plain[key] = value;
        continue;
      }
      if (value === REDACTED) {
        if (stored[key] !== undefined) sealed[key] = stored[key];
        continue;
      }
      if (value === undefined || value === null || value === '') continue;
      sealed[key] = this.secrets.encrypt(typeof value === 'string' ? value : JSON.stringify(value));
    }
    return { plain, sealed };
  }

  async createIntegration(orgId: number, write: IntegrationWrite, secretFields: readonly string[]): Promise<Integration> {
    const now = Date.now();
    const uid = write.uid || newUid();
    const { plain, sealed } = this.seal(write.settings, secretFields, {});
    try {
      await this.db
        .insertInto('alert_contact_point')
        .values({
          org_id: orgId,
          uid,
          name: write.name,
          type: write.type,
          settings: JSON.stringify(plain),
          secure_settings: JSON.stringify(sealed),
          disable_resolve_message: write.disableResolveMessage ? 1 : 0,
          provenance: write.provenance,
          created: now,
          updated: now,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`a contact point with uid "${uid}" already exists`, 'uid');
      throw error;
    }
    return (await this.listIntegrations(orgId, { uid }))[0]!;
  }

  /** Replaces an integration; undefined when there is none with `uid`. */
  async updateIntegration(
    orgId: number,
    uid: string,
    write: IntegrationWrite,
    secretFields: readonly string[],
  ): Promise<Integration | undefined> {
    return inTransaction(this.db as unknown as Db, async (trx) => {
      const db = trx as unknown as Kysely<NotifyTables>;
      const row = await db
        .selectFrom('alert_contact_point')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('uid', '=', uid)
        .executeTakeFirst();
      if (!row) return undefined;
      // A secret is kept only while the type stays: another type's secret means something else.
      const stored = row.type === write.type ? parseJson<Record<string, string>>(row.secure_settings) : {};
      const { plain, sealed } = this.seal(write.settings, secretFields, stored);
      await db
        .updateTable('alert_contact_point')
        .set({
          name: write.name,
          type: write.type,
          settings: JSON.stringify(plain),
          secure_settings: JSON.stringify(sealed),
          disable_resolve_message: write.disableResolveMessage ? 1 : 0,
          provenance: write.provenance,
          updated: Date.now(),
        })
        .where('id', '=', row.id)
        .execute();
      return (await new AlertingNotifyStore(trx, this.secrets).listIntegrations(orgId, { uid }))[0];
    });
  }

  async deleteIntegration(orgId: number, uid: string): Promise<boolean> {
    const result = await this.db.deleteFrom('alert_contact_point').where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // ---- policy tree ------------------------------------------------------------------------------

  /** The stored tree, or undefined when the org has the default one. */
  async policyTree(orgId: number): Promise<{ tree: Route; provenance: Provenance } | undefined> {
    const row = await this.db.selectFrom('alert_policy_tree').selectAll().where('org_id', '=', orgId).executeTakeFirst();
    return row && { tree: parseJson<Route>(row.tree), provenance: row.provenance as Provenance };
  }

  async putPolicyTree(orgId: number, tree: Route, provenance: Provenance): Promise<void> {
    const values = { tree: JSON.stringify(tree), provenance, updated: Date.now() };
    await this.db
      .insertInto('alert_policy_tree')
      .values({ org_id: orgId, ...values })
      .onConflict((oc) => oc.column('org_id').doUpdateSet(values))
      .execute();
  }

  async resetPolicyTree(orgId: number): Promise<void> {
    await this.db.deleteFrom('alert_policy_tree').where('org_id', '=', orgId).execute();
  }

  // ---- mute timings and templates (named documents) ----------------------------------------------

  async muteTimings(orgId: number): Promise<MuteTiming[]> {
    const rows = await this.db.selectFrom('alert_mute_timing').selectAll().where('org_id', '=', orgId).orderBy('name').execute();
    return rows.map((row) => ({ name: row.name, time_intervals: parseJson(row.content), provenance: row.provenance as Provenance }));
  }

  async muteTiming(orgId: number, name: string): Promise<MuteTiming | undefined> {
    return (await this.muteTimings(orgId)).find((timing) => timing.name === name);
  }

  /** Creates (`create`: a taken name is a conflict) or replaces (`replace`: a missing one is NotFoundError). */
  async writeMuteTiming(orgId: number, timing: MuteTiming, mode: 'create' | 'replace', provenance: Provenance): Promise<void> {
    await this.writeNamed('alert_mute_timing', orgId, timing.name, JSON.stringify(timing.time_intervals), mode, provenance, 'mute timing');
  }

  async deleteMuteTiming(orgId: number, name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('alert_mute_timing').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async templates(orgId: number): Promise<NotificationTemplate[]> {
    const rows = await this.db.selectFrom('alert_template').selectAll().where('org_id', '=', orgId).orderBy('name').execute();
    return rows.map((row) => ({ name: row.name, template: row.content, provenance: row.provenance as Provenance }));
  }

  async putTemplate(orgId: number, name: string, template: string, provenance: Provenance): Promise<void> {
    const values = { content: template, provenance, updated: Date.now() };
    await this.db
      .insertInto('alert_template')
      .values({ org_id: orgId, name, ...values })
      .onConflict((oc) => oc.columns(['org_id', 'name']).doUpdateSet(values))
      .execute();
  }

  async deleteTemplate(orgId: number, name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('alert_template').where('org_id', '=', orgId).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  private async writeNamed(
    table: 'alert_mute_timing' | 'alert_template',
    orgId: number,
    name: string,
    content: string,
    mode: 'create' | 'replace',
    provenance: Provenance,
    what: string,
  ): Promise<void> {
    const now = Date.now();
    if (mode === 'create') {
      try {
        await this.db.insertInto(table).values({ org_id: orgId, name, content, provenance, updated: now }).execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError(`a ${what} named "${name}" already exists`, 'name');
        throw error;
      }
      return;
    }
    const result = await this.db
      .updateTable(table)
      .set({ content, provenance, updated: now })
      .where('org_id', '=', orgId)
      .where('name', '=', name)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new NotFoundError(`${what} not found`);
  }

  // ---- silences ---------------------------------------------------------------------------------

  async silences(orgId: number): Promise<Silence[]> {
    const rows = await this.db.selectFrom('alert_silence').selectAll().where('org_id', '=', orgId).orderBy('ends_at', 'desc').execute();
    return rows.map(silenceOf);
  }

  /** Silences not yet ended at `now` (pending ones too: the caller checks `startsAt`). */
  async unexpiredSilences(orgId: number, now: number): Promise<Silence[]> {
    const rows = await this.db.selectFrom('alert_silence').selectAll().where('org_id', '=', orgId).where('ends_at', '>', now).execute();
    return rows.map(silenceOf);
  }

  async silence(orgId: number, id: string): Promise<Silence | undefined> {
    const row = await this.db
      .selectFrom('alert_silence')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('silence_id', '=', id)
      .executeTakeFirst();
    return row && silenceOf(row);
  }

  /** Creates a silence, or replaces the one with `id`; returns its id. */
  async putSilence(
    orgId: number,
    silence: Omit<Silence, 'id' | 'orgId' | 'updatedAt'> & { id?: string },
    now: number,
  ): Promise<string | undefined> {
    const values = {
      matchers: JSON.stringify(silence.matchers),
      starts_at: silence.startsAt,
      ends_at: silence.endsAt,
      created_by: silence.createdBy,
      comment: silence.comment,
      updated: now,
    };
    if (silence.id) {
      const result = await this.db
        .updateTable('alert_silence')
        .set(values)
        .where('org_id', '=', orgId)
        .where('silence_id', '=', silence.id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? silence.id : undefined;
    }
    const id = randomUUID();
    await this.db
      .insertInto('alert_silence')
      .values({ silence_id: id, org_id: orgId, ...values })
      .execute();
    return id;
  }

  /** Ends a silence now; false when it does not exist or has already ended. */
  async expireSilence(orgId: number, id: string, now: number): Promise<'expired' | 'already' | 'missing'> {
    const current = await this.silence(orgId, id);
    if (!current) return 'missing';
    if (current.endsAt <= now) return 'already';
    await this.db
      .updateTable('alert_silence')
      .set({ ends_at: now, starts_at: Math.min(current.startsAt, now), updated: now })
      .where('org_id', '=', orgId)
      .where('silence_id', '=', id)
      .execute();
    return 'expired';
  }

  // ---- alerts -----------------------------------------------------------------------------------

  /** Inserts or updates alerts by fingerprint; a firing alert that was resolved starts again. */
  async upsertAlerts(alerts: StoredAlert[]): Promise<void> {
    if (alerts.length === 0) return;
    await inTransaction(this.db as unknown as Db, async (trx) => {
      const db = trx as unknown as Kysely<NotifyTables>;
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

function silenceOf(row: SilenceTable): Silence {
  return {
    id: row.silence_id,
    orgId: row.org_id,
    matchers: parseJson<SilenceMatcher[]>(row.matchers),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    createdBy: row.created_by,
    comment: row.comment,
    updatedAt: row.updated,
  };
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
