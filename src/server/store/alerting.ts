import type { WhereInterface } from 'kysely';
import type { AlertQuery, ExecErrState, NoDataState, NotificationSettings } from '../../contract/alerting';
import { columnsOf, compareRuleOrder, instanceOf, instanceRow, ruleOf } from './alertingRows';
import {
  assertTitleFree,
  deleteRuleRows,
  dropGroupIfEmpty,
  ensureGroup,
  groupOfRow,
  insertRule,
  nextIndex,
  replaceGroupRules,
  whereGroup,
  whereInGroup,
  type GroupKey,
} from './alertingRuleGroups';
import { inTransaction, type Db } from './db';
import type { AlertRuleEvaluationRow, Database } from './schema';

/** What a write says about a rule (the provisioning shape, durations in milliseconds). */
export interface AlertRuleInput {
  uid?: string;
  folderUid: string;
  group: string;
  title: string;
  condition: string;
  data: AlertQuery[];
  noDataState: NoDataState;
  execErrState: ExecErrState;
  forMs: number;
  keepFiringForMs: number;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  isPaused: boolean;
  notificationSettings: NotificationSettings | null;
  missingSeriesEvalsToResolve: number | null;
}

export interface StoredAlertRule extends Required<Omit<AlertRuleInput, 'uid'>> {
  id: number;
  orgId: number;
  uid: string;
  groupIndex: number;
  provenance: string;
  version: number;
  updated: number;
}

export interface StoredRuleGroup {
  orgId: number;
  folderUid: string;
  name: string;
  intervalSeconds: number;
}

/** An alert instance as the state manager keeps it. */
export interface StoredAlertInstance {
  orgId: number;
  ruleUid: string;
  fingerprint: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  state: string;
  reason: string;
  since: number;
  startedAt: number;
  lastEval: number;
  endsAt: number;
  values: Record<string, number | null>;
  lastSent: number | null;
  resolvedAt: number | null;
  missingEvals: number;
  lastError: string;
}

export type StoredRuleEvaluation = AlertRuleEvaluationRow;

export interface RuleFilter {
  folderUids?: string[];
  group?: string;
  uid?: string;
  /** These rules only (read in chunks, so any number fits the database's parameter limit). */
  uids?: string[];
}

/** What the rule states list needs to filter, group, sort and page rules without reading their queries. */
export interface RuleSummary {
  uid: string;
  folderUid: string;
  group: string;
  title: string;
  annotations: Record<string, string>;
}

const UIDS_PER_QUERY = 500;

/** The rules a filter's `folderUids`, `group` and `uid` keep (its `uids` are `list`'s to read in chunks). */
function whereMatching<Q extends WhereInterface<Database, 'alert_rule'>>(query: Q, filter: Omit<RuleFilter, 'uids'>): Q {
  let matching: WhereInterface<Database, 'alert_rule'> = query;
  if (filter.folderUids && filter.folderUids.length > 0) matching = matching.where('folder_uid', 'in', filter.folderUids);
  if (filter.group !== undefined) matching = matching.where('rule_group', '=', filter.group);
  if (filter.uid !== undefined) matching = matching.where('uid', '=', filter.uid);
  return matching as Q;
}

/**
 * Alert rules, their groups, the state of their instances, and the live scheduler instances that
 * share the groups among themselves (Grafana's `alert_rule`, `alert_instance`).
 */
export class AlertingStore {
  constructor(private readonly db: Db) {}

  async list(orgId: number, filter: RuleFilter = {}): Promise<StoredAlertRule[]> {
    if (filter.uids && filter.uids.length > UIDS_PER_QUERY) {
      const chunks: StoredAlertRule[][] = [];
      for (let i = 0; i < filter.uids.length; i += UIDS_PER_QUERY)
        chunks.push(await this.list(orgId, { ...filter, uids: filter.uids.slice(i, i + UIDS_PER_QUERY) }));
      return chunks.flat().sort((a, b) => compareRuleOrder(a, b));
    }
    let query = whereMatching(this.db.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId), filter);
    if (filter.uids) {
      if (filter.uids.length === 0) return [];
      query = query.where('uid', 'in', filter.uids);
    }
    const rows = await query.orderBy('folder_uid').orderBy('rule_group').orderBy('rule_group_idx').orderBy('id').execute();
    return rows.map(ruleOf);
  }

  /**
   * The rules `list` would answer, with only what a list of 10,000 needs to page them: reading and
   * parsing every rule's queries is what made a page of the rule states slow.
   */
  async summaries(orgId: number, filter: Omit<RuleFilter, 'uids'> = {}): Promise<RuleSummary[]> {
    const query = whereMatching(
      this.db.selectFrom('alert_rule').select(['uid', 'folder_uid', 'rule_group', 'title', 'annotations']).where('org_id', '=', orgId),
      filter,
    );
    const rows = await query.orderBy('folder_uid').orderBy('rule_group').orderBy('rule_group_idx').orderBy('id').execute();
    return rows.map((row) => ({
      uid: row.uid,
      folderUid: row.folder_uid,
      group: row.rule_group,
      title: row.title,
      annotations: JSON.parse(row.annotations) as Record<string, string>,
    }));
  }

  async get(orgId: number, uid: string): Promise<StoredAlertRule | undefined> {
    const row = await this.db.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
    return row && ruleOf(row);
  }

  /** The org's rules that have `notification_settings` (naming a contact point and time intervals), by title. */
  async withNotificationSettings(
    orgId: number,
  ): Promise<Array<{ uid: string; title: string; provenance: string; notificationSettings: NotificationSettings }>> {
    const rows = await this.db
      .selectFrom('alert_rule')
      .select(['uid', 'title', 'provenance', 'notification_settings'])
      .where('org_id', '=', orgId)
      .where('notification_settings', 'is not', null)
      .orderBy('title')
      .orderBy('uid')
      .execute();
    return rows.map((row) => ({
      uid: row.uid,
      title: row.title,
      provenance: row.provenance,
      notificationSettings: JSON.parse(row.notification_settings!) as NotificationSettings,
    }));
  }

  /**
   * Gives rules new `notification_settings` (a contact point or time interval they name was
   * renamed): each rule's version moves on, its provenance stays, as Grafana's system update.
   */
  async replaceNotificationSettings(
    orgId: number,
    changes: Array<{ uid: string; notificationSettings: NotificationSettings }>,
    now = Date.now(),
  ): Promise<void> {
    if (changes.length === 0) return;
    await inTransaction(this.db, async (trx) => {
      for (const change of changes) {
        await trx
          .updateTable('alert_rule')
          .set((eb) => ({
            notification_settings: JSON.stringify(change.notificationSettings),
            version: eb('version', '+', 1),
            updated: now,
          }))
          .where('org_id', '=', orgId)
          .where('uid', '=', change.uid)
          .execute();
      }
    });
  }

  /** The rules of every group, all orgs (the scheduler's view). */
  async allRules(): Promise<StoredAlertRule[]> {
    const rows = await this.db.selectFrom('alert_rule').selectAll().orderBy('org_id').orderBy('rule_group_idx').orderBy('id').execute();
    return rows.map(ruleOf);
  }

  async groups(orgId?: number): Promise<StoredRuleGroup[]> {
    let query = this.db.selectFrom('alert_rule_group').selectAll();
    if (orgId !== undefined) query = query.where('org_id', '=', orgId);
    const rows = await query.orderBy('org_id').orderBy('folder_uid').orderBy('name').execute();
    return rows.map((row) => ({ orgId: row.org_id, folderUid: row.folder_uid, name: row.name, intervalSeconds: row.interval_seconds }));
  }

  async group(orgId: number, folderUid: string, name: string): Promise<{ group: StoredRuleGroup; rules: StoredAlertRule[] } | undefined> {
    const row = await whereGroup(this.db.selectFrom('alert_rule_group').selectAll(), { orgId, folderUid, name }).executeTakeFirst();
    if (!row) return undefined;
    const rules = await this.list(orgId, { folderUids: [folderUid], group: name });
    return { group: { orgId, folderUid, name, intervalSeconds: row.interval_seconds }, rules };
  }

  async create(orgId: number, input: AlertRuleInput, provenance: string, now = Date.now()): Promise<StoredAlertRule> {
    const group: GroupKey = { orgId, folderUid: input.folderUid, name: input.group };
    const uid = await inTransaction(this.db, async (trx) => {
      await ensureGroup(trx, group, undefined);
      return insertRule(trx, orgId, input, provenance, await nextIndex(trx, group), now);
    });
    return (await this.get(orgId, uid))!;
  }

  /** Undefined when no such rule. */
  async update(
    orgId: number,
    uid: string,
    input: AlertRuleInput,
    provenance: string,
    now = Date.now(),
  ): Promise<StoredAlertRule | undefined> {
    const done = await inTransaction(this.db, async (trx) => {
      const current = await trx.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
      if (!current) return false;
      await assertTitleFree(trx, orgId, input.folderUid, input.title, uid);
      const moved = current.folder_uid !== input.folderUid || current.rule_group !== input.group;
      const group: GroupKey = { orgId, folderUid: input.folderUid, name: input.group };
      if (moved) await ensureGroup(trx, group, undefined);
      await trx
        .updateTable('alert_rule')
        .set({
          ...columnsOf(input),
          provenance,
          version: current.version + 1,
          updated: now,
          ...(moved ? { rule_group_idx: await nextIndex(trx, group) } : {}),
        })
        .where('id', '=', current.id)
        .execute();
      if (moved) await dropGroupIfEmpty(trx, groupOfRow(current));
      return true;
    });
    return done ? this.get(orgId, uid) : undefined;
  }

  /** False when no such rule. */
  async delete(orgId: number, uid: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const current = await trx.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
      if (!current) return false;
      await deleteRuleRows(trx, orgId, [uid]);
      await dropGroupIfEmpty(trx, groupOfRow(current));
      return true;
    });
  }

  /**
   * Makes the group exactly `inputs` (Grafana's PUT): rules named by uid are updated (moved here
   * when they were elsewhere), new ones created, the group's others deleted; rule order is the
   * list's. An empty list deletes the group.
   */
  async replaceGroup(
    orgId: number,
    folderUid: string,
    name: string,
    intervalSeconds: number,
    inputs: AlertRuleInput[],
    provenance: string,
    now = Date.now(),
  ): Promise<StoredAlertRule[]> {
    await inTransaction(this.db, (trx) => replaceGroupRules(trx, { orgId, folderUid, name }, intervalSeconds, inputs, provenance, now));
    return this.list(orgId, { folderUids: [folderUid], group: name });
  }

  /** False when no such group. */
  async deleteGroup(orgId: number, folderUid: string, name: string): Promise<boolean> {
    const group: GroupKey = { orgId, folderUid, name };
    return inTransaction(this.db, async (trx) => {
      const rules = await whereInGroup(trx.selectFrom('alert_rule').select('uid'), group).execute();
      const deleted = await whereGroup(trx.deleteFrom('alert_rule_group'), group).executeTakeFirst();
      await deleteRuleRows(
        trx,
        orgId,
        rules.map((r) => r.uid),
      );
      return Number(deleted.numDeletedRows) > 0 || rules.length > 0;
    });
  }

  // --- State ---------------------------------------------------------------------------------

  async instances(orgId: number, ruleUids?: string[]): Promise<StoredAlertInstance[]> {
    if (ruleUids && ruleUids.length === 0) return [];
    let query = this.db.selectFrom('alert_instance').selectAll().where('org_id', '=', orgId);
    if (ruleUids) query = query.where('rule_uid', 'in', ruleUids);
    const rows = await query.orderBy('rule_uid').orderBy('fingerprint').execute();
    return rows.map(instanceOf);
  }

  /** After an evaluation: the rule's instances become exactly `instances`, with its evaluation record. */
  async saveEvaluation(
    orgId: number,
    ruleUid: string,
    instances: StoredAlertInstance[],
    evaluation: Omit<StoredRuleEvaluation, 'org_id' | 'rule_uid'>,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      // The rule may have been deleted while it was evaluated: nothing is written for it then.
      const rule = await trx
        .selectFrom('alert_rule')
        .select('id')
        .where('org_id', '=', orgId)
        .where('uid', '=', ruleUid)
        .executeTakeFirst();
      if (!rule) return;
      await trx.deleteFrom('alert_instance').where('org_id', '=', orgId).where('rule_uid', '=', ruleUid).execute();
      for (let start = 0; start < instances.length; start += 200) {
        await trx
          .insertInto('alert_instance')
          .values(instances.slice(start, start + 200).map((instance) => instanceRow(orgId, ruleUid, instance)))
          .execute();
      }
      const row = { org_id: orgId, rule_uid: ruleUid, ...evaluation };
      await trx
        .insertInto('alert_rule_evaluation')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['org_id', 'rule_uid']).doUpdateSet({
            evaluated_at: evaluation.evaluated_at,
            duration_ms: evaluation.duration_ms,
            health: evaluation.health,
            last_error: evaluation.last_error,
          }),
        )
        .execute();
    });
  }

  async evaluations(orgId: number): Promise<Map<string, StoredRuleEvaluation>> {
    const rows = await this.db.selectFrom('alert_rule_evaluation').selectAll().where('org_id', '=', orgId).execute();
    return new Map(rows.map((row) => [row.rule_uid, row]));
  }

  // --- Scheduler instances ---------------------------------------------------------------------

  /**
   * Records that scheduler `id` is alive at `now`, forgets those silent for `expiryMs`, and answers
   * the live ones (sorted), this one included.
   */
  async heartbeat(id: string, now: number, expiryMs: number): Promise<string[]> {
    await this.db
      .insertInto('alert_scheduler_instance')
      .values({ id, heartbeat: now, started: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat: now }))
      .execute();
    await this.db
      .deleteFrom('alert_scheduler_instance')
      .where('heartbeat', '<', now - expiryMs)
      .execute();
    const rows = await this.db.selectFrom('alert_scheduler_instance').select('id').orderBy('id').execute();
    return rows.map((row) => row.id);
  }

  /** A scheduler stopping says so, so its groups move at once. */
  async leave(id: string): Promise<void> {
    await this.db.deleteFrom('alert_scheduler_instance').where('id', '=', id).execute();
  }
}
