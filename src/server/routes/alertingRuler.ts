/**
 * Grafana's Ruler read API (`/api/ruler/grafana/api/v1/rules`): the rules the caller may view, by
 * folder title and group, as the alert list of Grafana's own UI reads them.
 */
import type { FastifyInstance } from 'fastify';
import { ruleGroupParamsSchema } from '../../contract/alerting';
import { formatPromDuration } from '../../contract/durations';
import type { Identity } from '../auth/identity';
import { notFound } from '../errors';
import { parseInput } from '../http';
import type { Store } from '../store';
import { byGroup, groupInterval, rulerRule } from './alertingRuleAnswers';
import { accessOf, requireFolder } from './alertingRuleFolders';

/** The viewable rules (of one folder, and group, when given) by folder title. */
async function rulerGroups(store: Store, identity: Identity, folderUid?: string, group?: string) {
  const { access, folders, viewable } = await accessOf(store, identity);
  if (folderUid) requireFolder(folders, access, folderUid, 'read');
  const [rules, groups] = await Promise.all([
    store.alerting.list(identity.orgId, { ...(folderUid ? { folderUids: [folderUid] } : {}), ...(group ? { group } : {}) }),
    store.alerting.groups(identity.orgId),
  ]);
  const out: Record<string, Array<{ name: string; interval: string; rules: unknown[] }>> = {};
  for (const ofGroup of byGroup(rules.filter((rule) => viewable(rule.folderUid)))) {
    const first = ofGroup[0]!;
    const seconds = groupInterval(groups, first);
    const title = folders.get(first.folderUid)?.title ?? first.folderUid;
    (out[title] ??= []).push({
      name: first.group,
      interval: formatPromDuration(seconds * 1000),
      rules: ofGroup.map((rule) => rulerRule(rule, seconds)),
    });
  }
  return out;
}

export function registerRulerRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/ruler/grafana/api/v1/rules', { config: { action: 'alert.rules:read' } }, async (request) =>
    rulerGroups(store, request.identity),
  );
  app.get('/api/ruler/grafana/api/v1/rules/:folderUid', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid } = request.params as { folderUid: string };
    return rulerGroups(store, request.identity, folderUid);
  });
  app.get('/api/ruler/grafana/api/v1/rules/:folderUid/:group', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const found = Object.values(await rulerGroups(store, request.identity, folderUid, group)).flat()[0];
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return found;
  });
}
