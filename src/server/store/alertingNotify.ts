/**
 * Alerting's notifications half (migration 0014): contact points (secret settings sealed like data
 * source secrets), the policy tree (one JSON document per org), mute timings, templates and
 * silences; the alerts received and the notification log are the dispatcher's (alertingDispatch.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  REDACTED,
  type MuteTiming,
  type NotificationTemplate,
  type Provenance,
  type Route,
  type SilenceMatcher,
} from '../../contract/alertingNotify';
import type { Integration, Silence } from '../alerting/notify/types';
import type { SecretBox } from '../secrets';
import { AlertDispatchStore } from './alertingDispatch';
import { parseJson, withNotifyTables, type ContactPointTable, type NotifyTables, type SilenceTable } from './alertingNotifyTables';
import type { Db } from './db';
import { inTransaction } from './db';
import { ConflictError } from './errors';
import { isUniqueViolation, newUid } from './util';

export class NotFoundError extends Error {}

/** Grafana's default Alertmanager configuration: one email contact point the default policy routes to. */
export const DEFAULT_CONTACT_POINT = { name: 'grafana-default-email', type: 'email', settings: { addresses: '<example@email.com>' } };

/** Gives a new org Grafana's default contact point (the default policy tree names it). */
export async function insertDefaultContactPoint(db: Db, orgId: number, now = Date.now()): Promise<void> {
  const write = { ...DEFAULT_CONTACT_POINT, disableResolveMessage: false, provenance: '' as const };
  await withNotifyTables(db)
    .insertInto('alert_contact_point')
    .values({ org_id: orgId, uid: newUid(), ...integrationColumns(write, write.settings, {}), created: now, updated: now })
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

/** The columns of a contact point integration that a write decides (`plain` and `sealed`: its settings, split). */
function integrationColumns(write: IntegrationWrite, plain: Record<string, unknown>, sealed: Record<string, string>) {
  return {
    name: write.name,
    type: write.type,
    settings: JSON.stringify(plain),
    secure_settings: JSON.stringify(sealed),
    disable_resolve_message: write.disableResolveMessage ? 1 : 0,
    provenance: write.provenance,
  } satisfies Partial<ContactPointTable>;
}

export class AlertingNotifyStore {
  private readonly db: Kysely<NotifyTables>;
  /** The received alerts and the notification log, which only the notifier's dispatcher reads. */
  readonly dispatch: AlertDispatchStore;

  constructor(
    db: Db,
    private readonly secrets: SecretBox,
  ) {
    this.db = withNotifyTables(db);
    this.dispatch = new AlertDispatchStore(db);
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
        .values({ org_id: orgId, uid, ...integrationColumns(write, plain, sealed), created: now, updated: now })
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
      const db = withNotifyTables(trx);
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
        .set({ ...integrationColumns(write, plain, sealed), updated: Date.now() })
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

  /**
   * Renames the mute timing `from` to `timing.name` with `timing`'s intervals (the caller renames
   * what names it in the same transaction): NotFoundError when there is none named `from`, a
   * conflict when the new name is taken.
   */
  async renameMuteTiming(orgId: number, from: string, timing: MuteTiming, provenance: Provenance): Promise<void> {
    let updated: bigint;
    try {
      const result = await this.db
        .updateTable('alert_mute_timing')
        .set({ name: timing.name, content: JSON.stringify(timing.time_intervals), provenance, updated: Date.now() })
        .where('org_id', '=', orgId)
        .where('name', '=', from)
        .executeTakeFirst();
      updated = result.numUpdatedRows;
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`a mute timing named "${timing.name}" already exists`, 'name');
      throw error;
    }
    if (Number(updated) === 0) throw new NotFoundError('mute timing not found');
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
