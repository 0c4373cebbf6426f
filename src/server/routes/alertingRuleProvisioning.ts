/**
 * Grafana's alert rule provisioning API: rules (`/api/v1/provisioning/alert-rules`), rule groups
 * (`…/folder/:folderUid/rule-groups/:group`) and their exports as JSON or YAML files.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alertRuleGroupRequestSchema,
  EXPRESSION_DATASOURCE_UID,
  exportQuerySchema,
  provisionedAlertRuleRequestSchema,
  ruleGroupParamsSchema,
  ruleUidParamsSchema,
  type NotificationSettings,
  type ProvisionedAlertRuleRequest,
} from '../../contract/alerting';
import { formatPromDuration } from '../../contract/durations';
import { expressionsProblem } from '../alerting/expressions';
import { badRequest, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Store } from '../store';
import type { AlertRuleInput, StoredAlertRule } from '../store/alerting';
import { byGroup, exportedRule, groupInterval, provisionedRule, queryOut } from './alertingRuleAnswers';
import { accessOf, foldersOf, requireFolder } from './alertingRuleFolders';
import { provenanceMismatch, provenanceOf } from './alertingProvenance';

/** Checks what the contract cannot: expressions (as evaluation does), the condition, data sources and notification settings. */
async function checkRule(store: Store, orgId: number, body: ProvisionedAlertRuleRequest, prefix: string): Promise<void> {
  const problem = expressionsProblem(body.data);
  if (problem) throw badRequest(`invalid alert rule: ${problem.message}`, { field: `${prefix}data.${problem.index}.${problem.field}` });
  if (!body.data.some((query) => query.refId === body.condition)) {
    throw badRequest(`invalid alert rule: condition "${body.condition}" is not the refId of any query or expression in data`, {
      field: `${prefix}condition`,
    });
  }
  for (const [i, query] of body.data.entries()) {
    if (query.datasourceUid === EXPRESSION_DATASOURCE_UID) continue;
    const ds = await store.dataSources.find(orgId, { uid: query.datasourceUid });
    if (!ds) {
      throw badRequest(`invalid alert rule: data source "${query.datasourceUid}" of query ${query.refId} not found`, {
        field: `${prefix}data.${i}.datasourceUid`,
      });
    }
  }
  if (body.notification_settings)
    await checkNotificationSettings(store, orgId, body.notification_settings, `${prefix}notification_settings`);
}

/** The contact point and time intervals a rule routes to must exist (Grafana's notification settings validator). */
async function checkNotificationSettings(store: Store, orgId: number, settings: NotificationSettings, prefix: string): Promise<void> {
  if (!(await store.alertingNotify.receiverNames(orgId)).has(settings.receiver)) {
    throw badRequest(`invalid alert rule: notification_settings: receiver "${settings.receiver}" does not exist`, {
      field: `${prefix}.receiver`,
    });
  }
  const lists = (['mute_time_intervals', 'active_time_intervals'] as const).filter((list) => (settings[list]?.length ?? 0) > 0);
  if (lists.length === 0) return;
  const timings = new Set((await store.alertingNotify.muteTimings(orgId)).map((timing) => timing.name));
  for (const list of lists) {
    for (const [i, name] of settings[list]!.entries()) {
      if (!timings.has(name))
        throw badRequest(`invalid alert rule: notification_settings: time interval "${name}" does not exist`, {
          field: `${prefix}.${list}.${i}`,
        });
    }
  }
}

function inputOf(body: ProvisionedAlertRuleRequest, folderUid: string, group: string): AlertRuleInput {
  return {
    uid: body.uid,
    folderUid,
    group,
    title: body.title,
    condition: body.condition,
    // Stored as it reads back, so a client that sends what it read changes nothing.
    data: body.data.map(queryOut),
    noDataState: body.noDataState ?? 'NoData',
    execErrState: body.execErrState ?? 'Error',
    forMs: body.for ?? 0,
    keepFiringForMs: body.keep_firing_for ?? 0,
    labels: body.labels ?? {},
    annotations: body.annotations ?? {},
    isPaused: body.isPaused ?? false,
    notificationSettings: body.notification_settings ?? null,
    missingSeriesEvalsToResolve: body.missingSeriesEvalsToResolve ?? null,
  };
}

/** What a file provisions only the file changes. */
function refuseProvisionedRule(rule: StoredAlertRule | undefined) {
  if (rule?.provenance === 'file') {
    throw provenanceMismatch(
      `cannot change rule "${rule.title}": it is provisioned from a file (provenance "file"); change the file instead`,
    );
  }
}

export function registerRuleProvisioningRoutes(app: FastifyInstance, store: Store): void {
  // --- Provisioning: rules -------------------------------------------------------------------

  app.get('/api/v1/provisioning/alert-rules', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { viewable } = await accessOf(store, request.identity);
    const rules = await store.alerting.list(request.identity.orgId);
    return rules.filter((rule) => viewable(rule.folderUid)).map(provisionedRule);
  });

  app.get('/api/v1/provisioning/alert-rules/:uid', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const rule = await store.alerting.get(request.identity.orgId, uid);
    if (!rule) throw notFound(`alert rule "${uid}" not found`);
    const { access, folders } = await accessOf(store, request.identity);
    requireFolder(folders, access, rule.folderUid, 'read');
    return provisionedRule(rule);
  });

  app.post('/api/v1/provisioning/alert-rules', { config: { action: 'alert.rules:write' } }, async (request, reply) => {
    const body = parseBody(provisionedAlertRuleRequestSchema, request.body);
    const { identity } = request;
    const { access, folders } = await accessOf(store, identity);
    requireFolder(folders, access, body.folderUID, 'write');
    await checkRule(store, identity.orgId, body, '');
    const rule = await store.alerting.create(identity.orgId, inputOf(body, body.folderUID, body.ruleGroup), provenanceOf(request));
    return reply.code(201).send(provisionedRule(rule));
  });

  app.put('/api/v1/provisioning/alert-rules/:uid', { config: { action: 'alert.rules:write' } }, async (request) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const body = parseBody(provisionedAlertRuleRequestSchema, request.body);
    const { identity } = request;
    const current = await store.alerting.get(identity.orgId, uid);
    if (!current) throw notFound(`alert rule "${uid}" not found`);
    const { access, folders } = await accessOf(store, identity);
    requireFolder(folders, access, current.folderUid, 'write');
    requireFolder(folders, access, body.folderUID, 'write');
    refuseProvisionedRule(current);
    await checkRule(store, identity.orgId, body, '');
    const rule = await store.alerting.update(
      identity.orgId,
      uid,
      inputOf({ ...body, uid }, body.folderUID, body.ruleGroup),
      provenanceOf(request),
    );
    if (!rule) throw notFound(`alert rule "${uid}" not found`);
    return provisionedRule(rule);
  });

  app.delete('/api/v1/provisioning/alert-rules/:uid', { config: { action: 'alert.rules:write' } }, async (request, reply) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const { identity } = request;
    const current = await store.alerting.get(identity.orgId, uid);
    // Grafana answers 204 whether or not the rule existed.
    if (current) {
      const { access, folders } = await accessOf(store, identity);
      requireFolder(folders, access, current.folderUid, 'write');
      refuseProvisionedRule(current);
      await store.alerting.delete(identity.orgId, uid);
    }
    return reply.code(204).send();
  });

  // --- Provisioning: groups ------------------------------------------------------------------

  const groupUrl = '/api/v1/provisioning/folder/:folderUid/rule-groups/:group';

  app.get(groupUrl, { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const { access, folders } = await accessOf(store, request.identity);
    requireFolder(folders, access, folderUid, 'read');
    const found = await store.alerting.group(request.identity.orgId, folderUid, group);
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return { title: group, folderUid, interval: found.group.intervalSeconds, rules: found.rules.map(provisionedRule) };
  });

  app.put(groupUrl, { config: { action: 'alert.rules:write' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const body = parseBody(alertRuleGroupRequestSchema, request.body);
    const { identity } = request;
    const { access, folders } = await accessOf(store, identity);
    requireFolder(folders, access, folderUid, 'write', 'folderUid');
    if (body.interval % 10 !== 0) {
      throw badRequest(`invalid rule group: interval ${body.interval}s must be a multiple of the scheduler's 10 s`, { field: 'interval' });
    }
    const existing = await store.alerting.group(identity.orgId, folderUid, group);
    for (const rule of existing?.rules ?? []) refuseProvisionedRule(rule);
    const inputs: AlertRuleInput[] = [];
    const indexOfUid = new Map<string, number>();
    for (const [i, rule] of body.rules.entries()) {
      if (rule.uid) {
        const earlier = indexOfUid.get(rule.uid);
        if (earlier !== undefined) {
          throw badRequest(`invalid rule group: rules ${earlier} and ${i} both have uid "${rule.uid}": a uid names one rule`, {
            field: `rules.${i}.uid`,
          });
        }
        indexOfUid.set(rule.uid, i);
      }
    }
    for (const [i, rule] of body.rules.entries()) {
      const full = { ...rule, folderUID: folderUid, ruleGroup: group };
      await checkRule(store, identity.orgId, full, `rules.${i}.`);
      if (rule.uid) {
        const elsewhere = await store.alerting.get(identity.orgId, rule.uid);
        if (elsewhere && elsewhere.folderUid !== folderUid) {
          requireFolder(folders, access, elsewhere.folderUid, 'write');
          refuseProvisionedRule(elsewhere);
        }
      }
      inputs.push(inputOf(full, folderUid, group));
    }
    const rules = await store.alerting.replaceGroup(identity.orgId, folderUid, group, body.interval, inputs, provenanceOf(request));
    return { title: group, folderUid, interval: body.interval, rules: rules.map(provisionedRule) };
  });

  app.delete(groupUrl, { config: { action: 'alert.rules:write' } }, async (request, reply) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const { identity } = request;
    const { access, folders } = await accessOf(store, identity);
    requireFolder(folders, access, folderUid, 'write', 'folderUid');
    const existing = await store.alerting.group(identity.orgId, folderUid, group);
    if (!existing) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    for (const rule of existing.rules) refuseProvisionedRule(rule);
    await store.alerting.deleteGroup(identity.orgId, folderUid, group);
    return reply.code(204).send();
  });

  // --- Exports -------------------------------------------------------------------------------

  async function sendExport(request: FastifyRequest, reply: FastifyReply, rules: StoredAlertRule[]) {
    const query = parseInput(exportQuerySchema, request.query);
    const folders = await foldersOf(store, request.identity.orgId);
    const groups = await store.alerting.groups(request.identity.orgId);
    const file = {
      apiVersion: 1,
      groups: byGroup(rules).map((ofGroup) => ({
        orgId: request.identity.orgId,
        name: ofGroup[0]!.group,
        folder: folders.get(ofGroup[0]!.folderUid)?.title ?? ofGroup[0]!.folderUid,
        interval: formatPromDuration(groupInterval(groups, ofGroup[0]!) * 1000),
        rules: ofGroup.map(exportedRule),
      })),
    };
    const accept = String(request.headers.accept ?? '');
    const format = query.format ?? (/yaml/.test(accept) ? 'yaml' : 'json');
    if (format === 'hcl') throw badRequest('format "hcl" (Terraform) is not supported by Sightline: use json or yaml');
    if (query.download === 'true') reply.header('content-disposition', `attachment;filename=export.${format}`);
    // The YAML module loads on first use (a server that never exports YAML does without it).
    if (format === 'yaml') return reply.type('text/yaml').send((await import('yaml')).stringify(file));
    return reply.type('application/json').send(JSON.stringify(file, null, 2));
  }

  app.get('/api/v1/provisioning/alert-rules/export', { config: { action: 'alert.rules:read' } }, async (request, reply) => {
    const query = parseInput(exportQuerySchema, request.query);
    const { access, folders, viewable } = await accessOf(store, request.identity);
    if (query.ruleUid) {
      const rule = await store.alerting.get(request.identity.orgId, query.ruleUid);
      if (!rule) throw notFound(`alert rule "${query.ruleUid}" not found`);
      requireFolder(folders, access, rule.folderUid, 'read');
      return sendExport(request, reply, [rule]);
    }
    if (query.group && query.folderUid.length !== 1)
      throw badRequest('group can be given only with exactly one folderUid', { field: 'group' });
    for (const uid of query.folderUid) requireFolder(folders, access, uid, 'read');
    const rules = await store.alerting.list(request.identity.orgId, { folderUids: query.folderUid, group: query.group });
    if (query.group && rules.length === 0) throw notFound(`rule group "${query.group}" not found`);
    return sendExport(
      request,
      reply,
      rules.filter((rule) => viewable(rule.folderUid)),
    );
  });

  app.get('/api/v1/provisioning/alert-rules/:uid/export', { config: { action: 'alert.rules:read' } }, async (request, reply) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const rule = await store.alerting.get(request.identity.orgId, uid);
    if (!rule) throw notFound(`alert rule "${uid}" not found`);
    const { access, folders } = await accessOf(store, request.identity);
    requireFolder(folders, access, rule.folderUid, 'read');
    return sendExport(request, reply, [rule]);
  });

  app.get(`${groupUrl}/export`, { config: { action: 'alert.rules:read' } }, async (request, reply) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const { access, folders } = await accessOf(store, request.identity);
    requireFolder(folders, access, folderUid, 'read');
    const found = await store.alerting.group(request.identity.orgId, folderUid, group);
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return sendExport(request, reply, found.rules);
  });
}
