/**
 * What keeps rule groups whole while rules are written, inside the writing transaction: a group's
 * row exists while it has rules (with its interval), rules are numbered within their group, and
 * titles stay unique within a folder.
 */
import type { WhereInterface } from 'kysely';
import type { AlertRuleInput } from './alerting';
import { columnsOf, ruleOf } from './alertingRows';
import type { Db } from './db';
import { ConflictError, InvalidError } from './errors';
import type { Database } from './schema';
import { isUniqueViolation, newUid } from './util';

/** Grafana's default interval of a group a single rule creates. */
export const DEFAULT_GROUP_INTERVAL_SECONDS = 60;

/** A rule group: its name within a folder of an org. */
export interface GroupKey {
  orgId: number;
  folderUid: string;
  name: string;
}

/** The group a rule's row is in. */
export function groupOfRow(row: { org_id: number; folder_uid: string; rule_group: string }): GroupKey {
  return { orgId: row.org_id, folderUid: row.folder_uid, name: row.rule_group };
}

/** `alert_rule_group`'s row of the group. */
export function whereGroup<Q extends WhereInterface<Database, 'alert_rule_group'>>(query: Q, group: GroupKey): Q {
  return query.where('org_id', '=', group.orgId).where('folder_uid', '=', group.folderUid).where('name', '=', group.name) as Q;
}

/** The rules of the group. */
export function whereInGroup<Q extends WhereInterface<Database, 'alert_rule'>>(query: Q, group: GroupKey): Q {
  return query.where('org_id', '=', group.orgId).where('folder_uid', '=', group.folderUid).where('rule_group', '=', group.name) as Q;
}

/** Creates the group's row (default interval), or sets its interval when one is given. */
export async function ensureGroup(db: Db, group: GroupKey, intervalSeconds: number | undefined): Promise<void> {
  const existing = await whereGroup(db.selectFrom('alert_rule_group').select('interval_seconds'), group).executeTakeFirst();
  if (!existing) {
    await db
      .insertInto('alert_rule_group')
      .values({
        org_id: group.orgId,
        folder_uid: group.folderUid,
        name: group.name,
        interval_seconds: intervalSeconds ?? DEFAULT_GROUP_INTERVAL_SECONDS,
      })
      .execute();
  } else if (intervalSeconds !== undefined && existing.interval_seconds !== intervalSeconds) {
    await whereGroup(db.updateTable('alert_rule_group').set({ interval_seconds: intervalSeconds }), group).execute();
  }
}

/** A group without rules is gone (Grafana has no empty groups). */
export async function dropGroupIfEmpty(db: Db, group: GroupKey): Promise<void> {
  const left = await whereInGroup(db.selectFrom('alert_rule').select('id'), group).executeTakeFirst();
  if (!left) await whereGroup(db.deleteFrom('alert_rule_group'), group).execute();
}

export async function assertTitleFree(db: Db, orgId: number, folderUid: string, title: string, exceptUid?: string): Promise<void> {
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

/** Writes a new rule at `index` in its group; answers its uid (the input's, else a new one). */
export async function insertRule(db: Db, orgId: number, input: AlertRuleInput, provenance: string, index: number, now: number) {
  const uid = input.uid || newUid();
  if (await db.selectFrom('alert_rule').select('id').where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst()) {
    throw new ConflictError(`a rule with uid "${uid}" already exists`, 'uid');
  }
  await assertTitleFree(db, orgId, input.folderUid, input.title);
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

/** The place after the group's last rule. */
export async function nextIndex(db: Db, group: GroupKey): Promise<number> {
  const row = await whereInGroup(
    db.selectFrom('alert_rule').select((eb) => eb.fn.max('rule_group_idx').as('top')),
    group,
  ).executeTakeFirst();
  return Number(row?.top ?? 0) + 1;
}

/** Deletes rules with their instances and evaluation records. */
export async function deleteRuleRows(db: Db, orgId: number, uids: string[]): Promise<void> {
  if (uids.length === 0) return;
  await db.deleteFrom('alert_rule').where('org_id', '=', orgId).where('uid', 'in', uids).execute();
  await db.deleteFrom('alert_instance').where('org_id', '=', orgId).where('rule_uid', 'in', uids).execute();
  await db.deleteFrom('alert_rule_evaluation').where('org_id', '=', orgId).where('rule_uid', 'in', uids).execute();
}

/**
 * Makes the group exactly `inputs` (Grafana's PUT): rules named by uid are updated (moved here
 * when they were elsewhere), new ones created, the group's others deleted; rule order is the
 * list's. An empty list deletes the group.
 */
export async function replaceGroupRules(
  db: Db,
  group: GroupKey,
  intervalSeconds: number,
  inputs: AlertRuleInput[],
  provenance: string,
  now: number,
): Promise<void> {
  const current = await whereInGroup(db.selectFrom('alert_rule').selectAll(), group).execute();
  const kept = new Set(inputs.map((input) => input.uid).filter((uid): uid is string => Boolean(uid)));
  const titles = new Set<string>();
  for (const [i, input] of inputs.entries()) {
    if (titles.has(input.title)) throw new InvalidError(`two rules of the group are titled "${input.title}"`, `rules.${i}.title`);
    titles.add(input.title);
  }
  await deleteRuleRows(
    db,
    group.orgId,
    current.filter((row) => !kept.has(row.uid)).map((row) => row.uid),
  );
  if (inputs.length === 0) {
    await dropGroupIfEmpty(db, group);
    return;
  }
  await ensureGroup(db, group, intervalSeconds);
  // Titles are checked against the rules that remain; rename-swaps within the group pass because
  // every rule of the group is first given a temporary title (its uid), unique by construction.
  for (const row of current.filter((r) => kept.has(r.uid))) {
    await db
      .updateTable('alert_rule')
      .set({ title: `${row.uid}\u0001` })
      .where('id', '=', row.id)
      .execute();
  }
  for (const [index, input] of inputs.entries()) {
    const before = current.find((row) => row.uid === input.uid);
    const existing = input.uid
      ? await db.selectFrom('alert_rule').selectAll().where('org_id', '=', group.orgId).where('uid', '=', input.uid).executeTakeFirst()
      : undefined;
    if (!existing) {
      await insertRule(db, group.orgId, input, provenance, index + 1, now);
      continue;
    }
    await assertTitleFree(db, group.orgId, group.folderUid, input.title, existing.uid);
    const original = before ?? existing;
    const changed =
      JSON.stringify({ ...columnsOf(input), idx: index + 1 }) !==
      JSON.stringify({ ...columnsOf(ruleOf(original)), idx: original.rule_group_idx });
    await db
      .updateTable('alert_rule')
      .set({
        ...columnsOf(input),
        rule_group_idx: index + 1,
        provenance,
        ...(changed ? { version: existing.version + 1, updated: now } : {}),
      })
      .where('id', '=', existing.id)
      .execute();
    if (existing.folder_uid !== group.folderUid || existing.rule_group !== group.name) {
      await dropGroupIfEmpty(db, groupOfRow(existing));
    }
  }
}
