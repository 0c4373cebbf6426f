/**
 * Grafana's rename of what depends on a contact point or a time interval
 * (`RenameReceiverInDependentResources`, `renameTimeIntervalInDependentResources`): every policy of
 * the tree and every rule's `notification_settings` that name the old name get the new one, in the
 * caller's transaction. A policy tree or rule may change only when its provenance is the rename's
 * own or none (`ValidateProvenanceOfDependentResources`); otherwise nothing changes and the answer
 * is Grafana's 409 `alerting.notifications.{receivers,time-intervals}.usedProvisioned`.
 */
import type { Provenance } from '../../contract/alertingNotify';
import { renameInSettings, renameInTree, settingsName, type RenamedKind } from '../alerting/notify/renames';
import { defaultPolicyTree } from '../alerting/notify/routing';
import { ApiError } from '../errors';
import type { Stores } from '../store';
import { ruleList } from './alertingRuleAnswers';

const WHAT: Record<RenamedKind, { noun: string; messageId: string }> = {
  receiver: { noun: 'Receiver', messageId: 'alerting.notifications.receivers.usedProvisioned' },
  timeInterval: { noun: 'Time interval', messageId: 'alerting.notifications.time-intervals.usedProvisioned' },
};

/** Grafana's words for the refusal, with the rules it means named (Grafana lists their uids in `UsedByRules`). */
function usedProvisioned(kind: RenamedKind, rules: Array<{ uid: string; title: string }>, byPolicies: boolean): ApiError {
  const users = [rules.length > 0 ? `alert rules (${ruleList(rules)})` : '', byPolicies ? 'notification policies' : '']
    .filter(Boolean)
    .join(' and ');
  return new ApiError(
    409,
    `${WHAT[kind].noun} cannot be renamed because it is used by provisioned ${users}. ` +
      'You must update those resources first using the original provision method.',
    { messageId: WHAT[kind].messageId, field: 'name' },
  );
}

/**
 * Renames `from` to `to` in the org's policy tree and rules, with `stores` bound to the transaction
 * that also renames the contact point or time interval itself. `provenance` is the rename's (`api`,
 * or none with `X-Disable-Provenance`).
 */
export async function renameDependents(
  stores: Stores,
  orgId: number,
  kind: RenamedKind,
  from: string,
  to: string,
  provenance: Provenance,
): Promise<{ policies: number; rules: number }> {
  const allowed = (dependent: string) => dependent === provenance || dependent === '';
  const stored = await stores.alertingNotify.policyTree(orgId);
  const treeProvenance: Provenance = stored?.provenance ?? '';
  const renamed = renameInTree(stored?.tree ?? defaultPolicyTree(), kind, from, to);
  const rules = (await stores.alerting.withNotificationSettings(orgId)).filter((rule) =>
    settingsName(rule.notificationSettings, kind, from),
  );
  const refusedRules = rules.filter((rule) => !allowed(rule.provenance));
  const refusedTree = renamed.changed > 0 && !allowed(treeProvenance);
  if (refusedTree || refusedRules.length > 0) throw usedProvisioned(kind, refusedRules, refusedTree);

  // The tree keeps its provenance: the system changed it, not whoever wrote it.
  if (renamed.changed > 0) await stores.alertingNotify.putPolicyTree(orgId, renamed.tree, treeProvenance);
  await stores.alerting.replaceNotificationSettings(
    orgId,
    rules.map((rule) => ({ uid: rule.uid, notificationSettings: renameInSettings(rule.notificationSettings, kind, from, to) })),
  );
  return { policies: renamed.changed, rules: rules.length };
}
