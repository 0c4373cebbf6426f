import type { AlertQuery, ExecErrState, NoDataState, NotificationSettings } from '../../contract/alerting';
import { inTransaction, type Db } from './db';
import { ConflictError, InvalidError } from './errors';
import type { AlertInstanceRow, AlertRuleEvaluationRow, AlertRuleRow } from './schema';
import { isUniqueViolation, newUid } from './util';

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

function ruleOf(row: AlertRuleRow): StoredAlertRule {
  return {
    id: row.id,
    orgId: row.org_id,
    uid: row.uid,
    folderUid: row.folder_uid,
    group: row.rule_group,
    groupIndex: row.rule_group_idx,
    title: row.title,
    condition: row.condition,
    data: JSON.parse(row.data) as AlertQuery[],
    noDataState: row.no_data_state as NoDataState,
    execErrState: row.exec_err_state as ExecErrState,
    forMs: row.for_ms,
    keepFiringForMs: row.keep_firing_for_ms,
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    isPaused: row.is_paused === 1,
    notificationSettings: row.notification_settings === null ? null : (JSON.parse(row.notification_settings) as NotificationSettings),
    missingSeriesEvalsToResolve: row.missing_series_evals_to_resolve,
    provenance: row.provenance,
    version: row.version,
    updated: row.updated,
  };
}

function instanceOf(row: AlertInstanceRow): StoredAlertInstance {
  return {
    orgId: row.org_id,
    ruleUid: row.rule_uid,
    fingerprint: row.fingerprint,
    labels: JSON.parse(row.labels) as Record<string, string>,
    annotations: JSON.parse(row.annotations) as Record<string, string>,
    state: row.state,
    reason: row.reason,
    since: row.since,
    startedAt: row.started_at,
    lastEval: row.last_eval,
    endsAt: row.ends_at,
    values: JSON.parse(row.eval_values) as Record<string, number | null>,
    lastSent: row.last_sent,
    resolvedAt: row.resolved_at,
    missingEvals: row.missing_evals,
    lastError: row.last_error,
  };
}

function columnsOf(input: AlertRuleInput) {
  return {
    folder_uid: input.folderUid,
    rule_group: input.group,
    title: input.title,
    condition: input.condition,
    data: JSON.stringify(input.data),
    no_data_state: input.noDataState,
    exec_err_state: input.execErrState,
    for_ms: input.forMs,
    keep_firing_for_ms: input.keepFiringForMs,
    labels: JSON.stringify(input.labels),
    annotations: JSON.stringify(input.annotations),
    is_paused: input.isPaused ? 1 : 0,
    notification_settings: input.notificationSettings ? JSON.stringify(input.notificationSettings) : null,
    missing_series_evals_to_resolve: input.missingSeriesEvalsToResolve,
  };
}

/** `list`'s order: folder, group, place in the group. */
function compareRuleOrder(a: StoredAlertRule, b: StoredAlertRule): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return text(a.folderUid, b.folderUid) || text(a.group, b.group) || a.groupIndex - b.groupIndex || a.id - b.id;
}

/** Grafana's default interval of a group a single rule creates. */
export const DEFAULT_GROUP_INTERVAL_SECONDS = 60;

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
    let query = this.db.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId);
    if (filter.folderUids && filter.folderUids.length > 0) query = query.where('folder_uid', 'in', filter.folderUids);
    if (filter.group !== undefined) query = query.where('rule_group', '=', filter.group);
    if (filter.uid !== undefined) query = query.where('uid', '=', filter.uid);
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
    let query = this.db
      .selectFrom('alert_rule')
      .select(['uid', 'folder_uid', 'rule_group', 'title', 'annotations'])
      .where('org_id', '=', orgId);
    if (filter.folderUids && filter.folderUids.length > 0) query = query.where('folder_uid', 'in', filter.folderUids);
    if (filter.group !== undefined) query = query.where('rule_group', '=', filter.group);
    if (filter.uid !== undefined) query = query.where('uid', '=', filter.uid);
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
    const row = await this.db
      .selectFrom('alert_rule_group')
      .selectAll()
      .where('org_id', '=', orgId)
      .where('folder_uid', '=', folderUid)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return undefined;
    const rules = await this.list(orgId, { folderUids: [folderUid], group: name });
    return { group: { orgId, folderUid, name, intervalSeconds: row.interval_seconds }, rules };
  }

  private async ensureGroup(db: Db, orgId: number, folderUid: string, name: string, intervalSeconds: number | undefined): Promise<void> {
    const existing = await db
      .selectFrom('alert_rule_group')
      .select('interval_seconds')
      .where('org_id', '=', orgId)
      .where('folder_uid', '=', folderUid)
      .where('name', '=', name)
      .executeTakeFirst();
    if (!existing) {
      await db
        .insertInto('alert_rule_group')
        .values({ org_id: orgId, folder_uid: folderUid, name, interval_seconds: intervalSeconds ?? DEFAULT_GROUP_INTERVAL_SECONDS })
        .execute();
    } else if (intervalSeconds !== undefined && existing.interval_seconds !== intervalSeconds) {
      await db
        .updateTable('alert_rule_group')
        .set({ interval_seconds: intervalSeconds })
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('name', '=', name)
        .execute();
    }
  }

  /** A group without rules is gone (Grafana has no empty groups). */
  private async dropGroupIfEmpty(db: Db, orgId: number, folderUid: string, name: string): Promise<void> {
    const left = await db
      .selectFrom('alert_rule')
      .select('id')
      .where('org_id', '=', orgId)
      .where('folder_uid', '=', folderUid)
      .where('rule_group', '=', name)
      .executeTakeFirst();
    if (!left) {
      await db
        .deleteFrom('alert_rule_group')
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('name', '=', name)
        .execute();
    }
  }

  private async assertTitleFree(db: Db, orgId: number, folderUid: string, title: string, exceptUid?: string): Promise<void> {
    let query = db
      .selectFrom('alert_rule')
      .select('uid')
      .where('org_id', '=', orgId)
      .where('folder_uid', '=', folderUid)
      .where('title', '=', title);
    if (exceptUid !== undefined) query = query.where('uid', '!=', exceptUid);
    if (await query.executeTakeFirst()) {
      throw new ConflictError(`a rule titled "${title}" already exists in this folder: titles are unique within a folder`, 'title');
    }
  }

  private async insertRule(db: Db, orgId: number, input: AlertRuleInput, provenance: string, index: number, now: number) {
    const uid = input.uid || newUid();
    if (await db.selectFrom('alert_rule').select('id').where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst()) {
      throw new ConflictError(`a rule with uid "${uid}" already exists`, 'uid');
    }
    await this.assertTitleFree(db, orgId, input.folderUid, input.title);
    try {
      await db
        .insertInto('alert_rule')
        .values({ org_id: orgId, uid, rule_group_idx: index, provenance, version: 1, updated: now, ...columnsOf(input) })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError('a rule with this uid or title already exists', 'uid');
      throw error;
    }
    return uid;
  }

  private async nextIndex(db: Db, orgId: number, folderUid: string, group: string): Promise<number> {
    const row = await db
      .selectFrom('alert_rule')
      .select((eb) => eb.fn.max('rule_group_idx').as('top'))
      .where('org_id', '=', orgId)
      .where('folder_uid', '=', folderUid)
      .where('rule_group', '=', group)
      .executeTakeFirst();
    return Number(row?.top ?? 0) + 1;
  }

  async create(orgId: number, input: AlertRuleInput, provenance: string, now = Date.now()): Promise<StoredAlertRule> {
    const uid = await inTransaction(this.db, async (trx) => {
      await this.ensureGroup(trx, orgId, input.folderUid, input.group, undefined);
      return this.insertRule(trx, orgId, input, provenance, await this.nextIndex(trx, orgId, input.folderUid, input.group), now);
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
      await this.assertTitleFree(trx, orgId, input.folderUid, input.title, uid);
      const moved = current.folder_uid !== input.folderUid || current.rule_group !== input.group;
      if (moved) await this.ensureGroup(trx, orgId, input.folderUid, input.group, undefined);
      await trx
        .updateTable('alert_rule')
        .set({
          ...columnsOf(input),
          provenance,
          version: current.version + 1,
          updated: now,
          ...(moved ? { rule_group_idx: await this.nextIndex(trx, orgId, input.folderUid, input.group) } : {}),
        })
        .where('id', '=', current.id)
        .execute();
      if (moved) await this.dropGroupIfEmpty(trx, orgId, current.folder_uid, current.rule_group);
      return true;
    });
    return done ? this.get(orgId, uid) : undefined;
  }

  private async deleteRuleRows(db: Db, orgId: number, uids: string[]): Promise<void> {
    if (uids.length === 0) return;
    await db.deleteFrom('alert_rule').where('org_id', '=', orgId).where('uid', 'in', uids).execute();
    await db.deleteFrom('alert_instance').where('org_id', '=', orgId).where('rule_uid', 'in', uids).execute();
    await db.deleteFrom('alert_rule_evaluation').where('org_id', '=', orgId).where('rule_uid', 'in', uids).execute();
  }

  /** False when no such rule. */
  async delete(orgId: number, uid: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const current = await trx.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();
      if (!current) return false;
      await this.deleteRuleRows(trx, orgId, [uid]);
      await this.dropGroupIfEmpty(trx, orgId, current.folder_uid, current.rule_group);
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
    await inTransaction(this.db, async (trx) => {
      const current = await trx
        .selectFrom('alert_rule')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('rule_group', '=', name)
        .execute();
      const kept = new Set(inputs.map((input) => input.uid).filter((uid): uid is string => Boolean(uid)));
      const titles = new Set<string>();
      for (const [i, input] of inputs.entries()) {
        if (titles.has(input.title)) throw new InvalidError(`two rules of the group are titled "${input.title}"`, `rules.${i}.title`);
        titles.add(input.title);
      }
      await this.deleteRuleRows(
        trx,
        orgId,
        current.filter((row) => !kept.has(row.uid)).map((row) => row.uid),
      );
      if (inputs.length === 0) {
        await this.dropGroupIfEmpty(trx, orgId, folderUid, name);
        return;
      }
      await this.ensureGroup(trx, orgId, folderUid, name, intervalSeconds);
      // Titles are checked against the rules that remain; rename-swaps within the group pass because
      // every rule of the group is first given a temporary title (its uid), unique by construction.
      for (const row of current.filter((r) => kept.has(r.uid))) {
        await trx
          .updateTable('alert_rule')
          .set({ title: `${row.uid}\u0001` })
          .where('id', '=', row.id)
          .execute();
      }
      for (const [index, input] of inputs.entries()) {
        const before = current.find((row) => row.uid === input.uid);
        const existing = input.uid
          ? await trx.selectFrom('alert_rule').selectAll().where('org_id', '=', orgId).where('uid', '=', input.uid).executeTakeFirst()
          : undefined;
        if (!existing) {
          await this.insertRule(trx, orgId, input, provenance, index + 1, now);
          continue;
        }
        await this.assertTitleFree(trx, orgId, folderUid, input.title, existing.uid);
        const original = before ?? existing;
        const changed =
          JSON.stringify({ ...columnsOf(input), idx: index + 1 }) !==
          JSON.stringify({ ...columnsOf(ruleOf(original)), idx: original.rule_group_idx });
        await trx
          .updateTable('alert_rule')
          .set({
            ...columnsOf(input),
            rule_group_idx: index + 1,
            provenance,
            ...(changed ? { version: existing.version + 1, updated: now } : {}),
          })
          .where('id', '=', existing.id)
          .execute();
        if (existing.folder_uid !== folderUid || existing.rule_group !== name) {
          await this.dropGroupIfEmpty(trx, orgId, existing.folder_uid, existing.rule_group);
        }
      }
    });
    return this.list(orgId, { folderUids: [folderUid], group: name });
  }

  /** False when no such group. */
  async deleteGroup(orgId: number, folderUid: string, name: string): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const rules = await trx
        .selectFrom('alert_rule')
        .select('uid')
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('rule_group', '=', name)
        .execute();
      const deleted = await trx
        .deleteFrom('alert_rule_group')
        .where('org_id', '=', orgId)
        .where('folder_uid', '=', folderUid)
        .where('name', '=', name)
        .executeTakeFirst();
      await this.deleteRuleRows(
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
          .values(
            instances.slice(start, start + 200).map((i) => ({
              org_id: orgId,
              rule_uid: ruleUid,
              fingerprint: i.fingerprint,
              labels: JSON.stringify(i.labels),
              annotations: JSON.stringify(i.annotations),
              state: i.state,
              reason: i.reason,
              since: i.since,
              started_at: i.startedAt,
              last_eval: i.lastEval,
              ends_at: i.endsAt,
              eval_values: JSON.stringify(i.values),
              last_sent: i.lastSent,
              resolved_at: i.resolvedAt,
              missing_evals: i.missingEvals,
              last_error: i.lastError,
            })),
          )
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
