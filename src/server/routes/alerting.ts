/**
 * Grafana's alert rule APIs: provisioning (`/api/v1/provisioning/alert-rules`, rule groups,
 * exports), the Ruler read API, the rule states API (`/api/prometheus/grafana/api/v1/rules`) and
 * `POST /api/v1/eval`. Viewers read rules in folders they can view; writes need Edit on the folder.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  alertRuleGroupRequestSchema,
  EXPRESSION_DATASOURCE_UID,
  evalRequestSchema,
  exportQuerySchema,
  formatPromDuration,
  provisionedAlertRuleRequestSchema,
  ruleGroupParamsSchema,
  ruleStatesQuerySchema,
  ruleUidParamsSchema,
  type AlertQuery,
  type ProvisionedAlertRuleRequest,
} from '../../contract/alerting';
import { evaluateQueries } from '../alerting/evaluator';
import { mathVariables } from '../alerting/mathExpression';
import { isFiring, stateWithReason } from '../alerting/state';
import { labelsText, type ExprValue } from '../alerting/values';
import { EDIT, loadFolderAccess, VIEW, type FolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { parseBody, parseInput } from '../http';
import type { Frame } from '../query/frames';
import type { Store } from '../store';
import type { AlertRuleInput, RuleSummary, StoredAlertInstance, StoredAlertRule } from '../store/alerting';
import type { DashboardRow } from '../store/schema';

interface FolderInfo {
  id: number;
  uid: string;
  title: string;
}

/** Grafana's provenance: `api` for API writes, `` when the request carries `X-Disable-Provenance`. */
function provenanceOf(request: FastifyRequest): string {
  const header = request.headers['x-disable-provenance'];
  return header !== undefined && header !== '' ? '' : 'api';
}

/** The rule as the provisioning API answers it (Grafana's `ProvisionedAlertRule`). */
export function provisionedRule(rule: StoredAlertRule) {
  return {
    id: rule.id,
    uid: rule.uid,
    orgID: rule.orgId,
    folderUID: rule.folderUid,
    ruleGroup: rule.group,
    title: rule.title,
    condition: rule.condition,
    data: rule.data.map(queryOut),
    updated: new Date(rule.updated).toISOString(),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    for: formatPromDuration(rule.forMs),
    keep_firing_for: formatPromDuration(rule.keepFiringForMs),
    annotations: rule.annotations,
    labels: rule.labels,
    provenance: rule.provenance,
    isPaused: rule.isPaused,
    notification_settings: rule.notificationSettings,
    record: null,
    ...(rule.missingSeriesEvalsToResolve !== null ? { missingSeriesEvalsToResolve: rule.missingSeriesEvalsToResolve } : {}),
  };
}

function queryOut(query: AlertQuery) {
  return {
    refId: query.refId,
    queryType: query.queryType ?? '',
    relativeTimeRange: query.relativeTimeRange ?? { from: 0, to: 0 },
    datasourceUid: query.datasourceUid,
    model: query.model,
  };
}

/** One rule of a provisioning export (Grafana's `AlertRuleExport`). */
function exportedRule(rule: StoredAlertRule) {
  const { __dashboardUid__: dashboardUid, __panelId__: panelId, ...annotations } = rule.annotations;
  return {
    uid: rule.uid,
    title: rule.title,
    condition: rule.condition,
    data: rule.data.map((query) => ({
      refId: query.refId,
      ...(query.queryType ? { queryType: query.queryType } : {}),
      relativeTimeRange: query.relativeTimeRange ?? { from: 0, to: 0 },
      datasourceUid: query.datasourceUid,
      model: query.model,
    })),
    ...(dashboardUid ? { dashboardUid } : {}),
    ...(panelId && Number.isInteger(Number(panelId)) ? { panelId: Number(panelId) } : {}),
    noDataState: rule.noDataState,
    execErrState: rule.execErrState,
    ...(rule.forMs > 0 ? { for: formatPromDuration(rule.forMs) } : {}),
    ...(rule.keepFiringForMs > 0 ? { keepFiringFor: formatPromDuration(rule.keepFiringForMs) } : {}),
    ...(Object.keys(annotations).length > 0 ? { annotations } : {}),
    ...(Object.keys(rule.labels).length > 0 ? { labels: rule.labels } : {}),
    isPaused: rule.isPaused,
    ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
    ...(rule.missingSeriesEvalsToResolve !== null ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve } : {}),
  };
}

/** Rules grouped by (folder, group), in the store's order. */
function byGroup(rules: StoredAlertRule[]): StoredAlertRule[][] {
  const groups = new Map<string, StoredAlertRule[]>();
  for (const rule of rules) {
    const key = `${rule.folderUid}\u0000${rule.group}`;
    groups.set(key, [...(groups.get(key) ?? []), rule]);
  }
  return [...groups.values()];
}

export function registerAlertingRoutes(app: FastifyInstance, store: Store): void {
  async function foldersOf(orgId: number): Promise<Map<string, FolderInfo>> {
    const rows = await store.folders.list(orgId);
    return new Map(rows.map((row: DashboardRow) => [row.uid, { id: row.id, uid: row.uid, title: row.title }]));
  }

  /** The caller's folders with their access, and the folders they may view. */
  async function accessOf(identity: Identity) {
    const [access, folders] = await Promise.all([loadFolderAccess(store.folders, identity), foldersOf(identity.orgId)]);
    const viewable = (uid: string) => {
      const folder = folders.get(uid);
      return folder !== undefined && access.can(folder.id, VIEW);
    };
    return { access, folders, viewable };
  }

  function requireFolder(
    folders: Map<string, FolderInfo>,
    access: FolderAccess,
    uid: string,
    needed: 'read' | 'write',
    field = 'folderUID',
  ) {
    const folder = folders.get(uid);
    if (!folder) {
      if (needed === 'write') throw badRequest(`invalid alert rule: folder "${uid}" does not exist`, { field });
      throw notFound(`folder "${uid}" not found`);
    }
    if (!access.can(folder.id, VIEW)) throw forbidden('alert.rules:read');
    if (needed === 'write' && !access.can(folder.id, EDIT)) throw forbidden('alert.rules:write');
    return folder;
  }

  /** Checks what the contract cannot: the condition, data sources and expressions. */
  async function checkRule(orgId: number, body: ProvisionedAlertRuleRequest, prefix: string): Promise<void> {
    const refIds = new Set<string>();
    for (const [i, query] of body.data.entries()) {
      if (refIds.has(query.refId))
        throw badRequest(`invalid alert rule: two queries share refId "${query.refId}"`, { field: `${prefix}data.${i}.refId` });
      refIds.add(query.refId);
    }
    if (!refIds.has(body.condition)) {
      throw badRequest(`invalid alert rule: condition "${body.condition}" is not the refId of any query or expression in data`, {
        field: `${prefix}condition`,
      });
    }
    for (const [i, query] of body.data.entries()) {
      if (query.datasourceUid === EXPRESSION_DATASOURCE_UID) {
        const type = query.model.type;
        if (!['math', 'reduce', 'threshold', 'resample', 'classic_conditions'].includes(String(type))) {
          throw badRequest(`invalid alert rule: expression ${query.refId} has unknown type "${String(type ?? '')}"`, {
            field: `${prefix}data.${i}.model.type`,
          });
        }
        if (type === 'math') {
          try {
            const missing = mathVariables(String(query.model.expression ?? '')).filter((name) => !refIds.has(name));
            if (missing.length > 0) throw new Error(`it reads $${missing[0]}, which is not a refId of this rule`);
          } catch (error) {
            throw badRequest(`invalid alert rule: math expression ${query.refId}: ${(error as Error).message}`, {
              field: `${prefix}data.${i}.model.expression`,
            });
          }
        }
        continue;
      }
      const ds = await store.dataSources.find(orgId, { uid: query.datasourceUid });
      if (!ds) {
        throw badRequest(`invalid alert rule: data source "${query.datasourceUid}" of query ${query.refId} not found`, {
          field: `${prefix}data.${i}.datasourceUid`,
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

  function refuseFileProvenance(rule: StoredAlertRule | undefined) {
    // Grafana's 409 `alerting.provenanceMismatch`: what a file provisions only the file changes.
    if (rule?.provenance === 'file') {
      throw new ApiError(
        409,
        `cannot change rule "${rule.title}": it is provisioned from a file (provenance "file"); change the file instead`,
        {
          messageId: 'alerting.provenanceMismatch',
        },
      );
    }
  }

  // --- Provisioning: rules -------------------------------------------------------------------

  app.get('/api/v1/provisioning/alert-rules', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { viewable } = await accessOf(request.identity);
    const rules = await store.alerting.list(request.identity.orgId);
    return rules.filter((rule) => viewable(rule.folderUid)).map(provisionedRule);
  });

  app.get('/api/v1/provisioning/alert-rules/:uid', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const rule = await store.alerting.get(request.identity.orgId, uid);
    if (!rule) throw notFound(`alert rule "${uid}" not found`);
    const { access, folders } = await accessOf(request.identity);
    requireFolder(folders, access, rule.folderUid, 'read');
    return provisionedRule(rule);
  });

  app.post('/api/v1/provisioning/alert-rules', { config: { action: 'alert.rules:write' } }, async (request, reply) => {
    const body = parseBody(provisionedAlertRuleRequestSchema, request.body);
    const { identity } = request;
    const { access, folders } = await accessOf(identity);
    requireFolder(folders, access, body.folderUID, 'write');
    await checkRule(identity.orgId, body, '');
    const rule = await store.alerting.create(identity.orgId, inputOf(body, body.folderUID, body.ruleGroup), provenanceOf(request));
    return reply.code(201).send(provisionedRule(rule));
  });

  app.put('/api/v1/provisioning/alert-rules/:uid', { config: { action: 'alert.rules:write' } }, async (request) => {
    const { uid } = parseInput(ruleUidParamsSchema, request.params);
    const body = parseBody(provisionedAlertRuleRequestSchema, request.body);
    const { identity } = request;
    const current = await store.alerting.get(identity.orgId, uid);
    if (!current) throw notFound(`alert rule "${uid}" not found`);
    const { access, folders } = await accessOf(identity);
    requireFolder(folders, access, current.folderUid, 'write');
    requireFolder(folders, access, body.folderUID, 'write');
    refuseFileProvenance(current);
    await checkRule(identity.orgId, body, '');
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
      const { access, folders } = await accessOf(identity);
      requireFolder(folders, access, current.folderUid, 'write');
      refuseFileProvenance(current);
      await store.alerting.delete(identity.orgId, uid);
    }
    return reply.code(204).send();
  });

  // --- Provisioning: groups ------------------------------------------------------------------

  const groupUrl = '/api/v1/provisioning/folder/:folderUid/rule-groups/:group';

  app.get(groupUrl, { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const { access, folders } = await accessOf(request.identity);
    requireFolder(folders, access, folderUid, 'read');
    const found = await store.alerting.group(request.identity.orgId, folderUid, group);
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return { title: group, folderUid, interval: found.group.intervalSeconds, rules: found.rules.map(provisionedRule) };
  });

  app.put(groupUrl, { config: { action: 'alert.rules:write' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const body = parseBody(alertRuleGroupRequestSchema, request.body);
    const { identity } = request;
    const { access, folders } = await accessOf(identity);
    requireFolder(folders, access, folderUid, 'write', 'folderUid');
    if (body.interval % 10 !== 0) {
      throw badRequest(`invalid rule group: interval ${body.interval}s must be a multiple of the scheduler's 10 s`, { field: 'interval' });
    }
    const existing = await store.alerting.group(identity.orgId, folderUid, group);
    for (const rule of existing?.rules ?? []) refuseFileProvenance(rule);
    const inputs: AlertRuleInput[] = [];
    for (const [i, rule] of body.rules.entries()) {
      const full = { ...rule, folderUID: folderUid, ruleGroup: group };
      await checkRule(identity.orgId, full, `rules.${i}.`);
      if (rule.uid) {
        const elsewhere = await store.alerting.get(identity.orgId, rule.uid);
        if (elsewhere && elsewhere.folderUid !== folderUid) {
          requireFolder(folders, access, elsewhere.folderUid, 'write');
          refuseFileProvenance(elsewhere);
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
    const { access, folders } = await accessOf(identity);
    requireFolder(folders, access, folderUid, 'write', 'folderUid');
    const existing = await store.alerting.group(identity.orgId, folderUid, group);
    if (!existing) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    for (const rule of existing.rules) refuseFileProvenance(rule);
    await store.alerting.deleteGroup(identity.orgId, folderUid, group);
    return reply.code(204).send();
  });

  // --- Exports -------------------------------------------------------------------------------

  async function sendExport(request: FastifyRequest, reply: FastifyReply, rules: StoredAlertRule[]) {
    const query = parseInput(exportQuerySchema, request.query);
    const folders = await foldersOf(request.identity.orgId);
    const groups = await store.alerting.groups(request.identity.orgId);
    const intervalOf = (rule: StoredAlertRule) =>
      groups.find((g) => g.folderUid === rule.folderUid && g.name === rule.group)?.intervalSeconds ?? 60;
    const file = {
      apiVersion: 1,
      groups: byGroup(rules).map((ofGroup) => ({
        orgId: request.identity.orgId,
        name: ofGroup[0]!.group,
        folder: folders.get(ofGroup[0]!.folderUid)?.title ?? ofGroup[0]!.folderUid,
        interval: formatPromDuration(intervalOf(ofGroup[0]!) * 1000),
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
    const { access, folders, viewable } = await accessOf(request.identity);
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
    const { access, folders } = await accessOf(request.identity);
    requireFolder(folders, access, rule.folderUid, 'read');
    return sendExport(request, reply, [rule]);
  });

  app.get(`${groupUrl}/export`, { config: { action: 'alert.rules:read' } }, async (request, reply) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const { access, folders } = await accessOf(request.identity);
    requireFolder(folders, access, folderUid, 'read');
    const found = await store.alerting.group(request.identity.orgId, folderUid, group);
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return sendExport(request, reply, found.rules);
  });

  // --- Ruler read API ------------------------------------------------------------------------

  function rulerRule(rule: StoredAlertRule, intervalSeconds: number) {
    return {
      expr: '',
      for: formatPromDuration(rule.forMs),
      keep_firing_for: formatPromDuration(rule.keepFiringForMs),
      labels: rule.labels,
      annotations: rule.annotations,
      grafana_alert: {
        id: rule.id,
        orgId: rule.orgId,
        title: rule.title,
        condition: rule.condition,
        data: rule.data.map(queryOut),
        updated: new Date(rule.updated).toISOString(),
        intervalSeconds,
        version: rule.version,
        uid: rule.uid,
        namespace_uid: rule.folderUid,
        rule_group: rule.group,
        no_data_state: rule.noDataState,
        exec_err_state: rule.execErrState,
        is_paused: rule.isPaused,
        ...(rule.notificationSettings ? { notification_settings: rule.notificationSettings } : {}),
        ...(rule.missingSeriesEvalsToResolve !== null ? { missing_series_evals_to_resolve: rule.missingSeriesEvalsToResolve } : {}),
        provenance: rule.provenance,
      },
    };
  }

  async function rulerGroups(identity: Identity, folderUid?: string, group?: string) {
    const { access, folders, viewable } = await accessOf(identity);
    if (folderUid) requireFolder(folders, access, folderUid, 'read');
    const [rules, groups] = await Promise.all([
      store.alerting.list(identity.orgId, { ...(folderUid ? { folderUids: [folderUid] } : {}), ...(group ? { group } : {}) }),
      store.alerting.groups(identity.orgId),
    ]);
    const out: Record<string, Array<{ name: string; interval: string; rules: unknown[] }>> = {};
    for (const ofGroup of byGroup(rules.filter((rule) => viewable(rule.folderUid)))) {
      const first = ofGroup[0]!;
      const seconds = groups.find((g) => g.folderUid === first.folderUid && g.name === first.group)?.intervalSeconds ?? 60;
      const title = folders.get(first.folderUid)?.title ?? first.folderUid;
      (out[title] ??= []).push({
        name: first.group,
        interval: formatPromDuration(seconds * 1000),
        rules: ofGroup.map((rule) => rulerRule(rule, seconds)),
      });
    }
    return out;
  }

  app.get('/api/ruler/grafana/api/v1/rules', { config: { action: 'alert.rules:read' } }, async (request) => rulerGroups(request.identity));
  app.get('/api/ruler/grafana/api/v1/rules/:folderUid', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid } = request.params as { folderUid: string };
    return rulerGroups(request.identity, folderUid);
  });
  app.get('/api/ruler/grafana/api/v1/rules/:folderUid/:group', { config: { action: 'alert.rules:read' } }, async (request) => {
    const { folderUid, group } = parseInput(ruleGroupParamsSchema, request.params);
    const found = Object.values(await rulerGroups(request.identity, folderUid, group)).flat()[0];
    if (!found) throw notFound(`rule group "${group}" not found in folder "${folderUid}"`);
    return found;
  });

  // --- Rule states ---------------------------------------------------------------------------

  app.get('/api/prometheus/grafana/api/v1/rules', { config: { action: 'alert.rules:read' } }, async (request) => {
    const query = parseInput(ruleStatesQuerySchema, request.query);
    const { identity } = request;
    const { folders, viewable } = await accessOf(identity);
    const matchers = query.matcher.map(parseMatcher);
    const states = new Set(query.state.map((s) => (s.toLowerCase() === 'normal' ? 'inactive' : s.toLowerCase())));
    const nameSearch = query['search.rule_name']?.toLowerCase();
    // Grafana's panel filter: a panel id means nothing without its dashboard.
    if (query.panel_id !== undefined && !query.dashboard_uid)
      throw badRequest('panel_id must be set with dashboard_uid', { field: 'panel_id' });
    const linked = (rule: RuleSummary) =>
      !query.dashboard_uid ||
      (rule.annotations.__dashboardUid__ === query.dashboard_uid &&
        (query.panel_id === undefined || rule.annotations.__panelId__ === String(query.panel_id)));
    const storeFilter = {
      ...(query.folder_uid ? { folderUids: [query.folder_uid] } : {}),
      ...(query.rule_group ? { group: query.rule_group } : {}),
      ...(query.rule_uid ? { uid: query.rule_uid } : {}),
    };
    // Filtering, grouping and paging read only the rules' summaries; whole rules are read for the page.
    const [summaries, groups, evaluations, instances] = await Promise.all([
      store.alerting.summaries(identity.orgId, storeFilter),
      store.alerting.groups(identity.orgId),
      store.alerting.evaluations(identity.orgId),
      store.alerting.instances(identity.orgId),
    ]);
    const intervalOf = new Map(groups.map((g) => [`${g.folderUid}\u0000${g.name}`, g.intervalSeconds]));
    const instancesOf = new Map<string, StoredAlertInstance[]>();
    for (const instance of instances) {
      const ofRule = instancesOf.get(instance.ruleUid);
      if (ofRule) ofRule.push(instance);
      else instancesOf.set(instance.ruleUid, [instance]);
    }

    const statusOf = (uid: string) => {
      const alerts = (instancesOf.get(uid) ?? []).filter((instance) => instance.state !== 'Normal' || instance.reason === '');
      const state = alerts.some((i) => isFiring(i.state) && i.state !== 'Recovering')
        ? 'firing'
        : alerts.some((i) => i.state === 'Recovering')
          ? 'recovering'
          : alerts.some((i) => i.state === 'Pending')
            ? 'pending'
            : 'inactive';
      const matching = matchers.length > 0 ? alerts.filter((instance) => matchers.every((m) => m(instance.labels))) : alerts;
      return { uid, state, health: evaluations.get(uid)?.health ?? 'unknown', alerts, matching };
    };
    type RuleStatus = ReturnType<typeof statusOf>;
    const grouped = new Map<string, { key: [string, string]; file: string; name: string; rules: RuleStatus[] }>();
    for (const summary of summaries) {
      if (!viewable(summary.folderUid) || !linked(summary)) continue;
      if (nameSearch && !summary.title.toLowerCase().includes(nameSearch)) continue;
      const status = statusOf(summary.uid);
      const kept =
        (states.size === 0 || states.has(status.state) || states.has(status.health)) &&
        (matchers.length === 0 || status.matching.length > 0);
      if (!kept) continue;
      const key = `${summary.folderUid}\u0000${summary.group}`;
      let group = grouped.get(key);
      if (!group) {
        const file = folders.get(summary.folderUid)?.title ?? summary.folderUid;
        group = { key: [summary.folderUid, summary.group], file, name: summary.group, rules: [] };
        grouped.set(key, group);
      }
      group.rules.push(status);
    }
    const ruleLimit = query.rule_limit !== undefined && query.rule_limit >= 0 ? query.rule_limit : Infinity;
    const allGroups = [...grouped.values()]
      .filter((group) => Math.min(group.rules.length, ruleLimit) > 0)
      .sort((a, b) => a.file.localeCompare(b.file) || a.name.localeCompare(b.name));

    let start = 0;
    if (query.group_next_token) {
      const after = decodeToken(query.group_next_token);
      start = allGroups.findIndex((group) => group.key[0] === after[0] && group.key[1] === after[1]);
      if (start === -1) throw badRequest('group_next_token is not one this server gave', { field: 'group_next_token' });
    }
    const limit = query.group_limit !== undefined && query.group_limit > 0 ? query.group_limit : allGroups.length;
    const page = allGroups.slice(start, start + limit);
    const next = allGroups[start + limit];
    const listed = page.flatMap((group) => group.rules.slice(0, ruleLimit).map((rule) => rule.uid));
    const whole = new Map(
      (await store.alerting.list(identity.orgId, listed.length === summaries.length ? storeFilter : { uids: listed })).map((rule) => [
        rule.uid,
        rule,
      ]),
    );

    const ruleBody = (rule: StoredAlertRule, status: RuleStatus) => {
      const evaluation = evaluations.get(rule.uid);
      const alertTotals: Record<string, number> = {};
      for (const instance of status.alerts) {
        const key = instance.state.toLowerCase();
        alertTotals[key] = (alertTotals[key] ?? 0) + 1;
      }
      const alertLimit = query.limit_alerts;
      const alerts = alertLimit !== undefined && alertLimit >= 0 ? status.matching.slice(0, alertLimit) : status.matching;
      return {
        state: status.state,
        name: rule.title,
        query: JSON.stringify(rule.data),
        queriedDatasourceUIDs: [...new Set(rule.data.map((q) => q.datasourceUid).filter((uid) => uid !== EXPRESSION_DATASOURCE_UID))],
        duration: rule.forMs / 1000,
        keepFiringFor: rule.keepFiringForMs / 1000,
        labels: rule.labels,
        annotations: rule.annotations,
        health: status.health,
        lastError: evaluation?.last_error ?? '',
        type: 'alerting',
        lastEvaluation: new Date(evaluation?.evaluated_at ?? 0).toISOString(),
        evaluationTime: (evaluation?.duration_ms ?? 0) / 1000,
        uid: rule.uid,
        folderUid: rule.folderUid,
        isPaused: rule.isPaused,
        alerts: alerts.map((instance) => ({
          labels: instance.labels,
          annotations: instance.annotations,
          state: stateWithReason(instance.state, instance.reason),
          activeAt: new Date(instance.startedAt).toISOString(),
          value: Object.entries(instance.values)
            .map(([refId, value]) => `[ var='${refId}' labels=${labelsText({})} value=${value === null ? 'null' : value} ]`)
            .join(', '),
        })),
        totals: alertTotals,
        totalsFiltered: alertTotals,
      };
    };

    const totals: Record<string, number> = {};
    const pageGroups = page.map((group) => {
      const ruleTotals: Record<string, number> = {};
      let lastEvaluation = 0;
      let evaluationTime = 0;
      for (const rule of group.rules) {
        ruleTotals[rule.state] = (ruleTotals[rule.state] ?? 0) + 1;
        if (rule.health !== 'ok') ruleTotals[rule.health] = (ruleTotals[rule.health] ?? 0) + 1;
        const evaluation = evaluations.get(rule.uid);
        if (evaluation) {
          lastEvaluation = Math.max(lastEvaluation, evaluation.evaluated_at);
          evaluationTime += evaluation.duration_ms / 1000;
        }
      }
      for (const [key, n] of Object.entries(ruleTotals)) totals[key] = (totals[key] ?? 0) + n;
      return {
        name: group.name,
        file: group.file,
        folderUid: group.key[0],
        interval: intervalOf.get(`${group.key[0]}\u0000${group.key[1]}`) ?? 60,
        lastEvaluation: new Date(lastEvaluation).toISOString(),
        evaluationTime,
        // A rule deleted between the two reads is left out.
        rules: group.rules.slice(0, ruleLimit).flatMap((status) => {
          const rule = whole.get(status.uid);
          return rule ? [ruleBody(rule, status)] : [];
        }),
        totals: ruleTotals,
      };
    });
    return {
      status: 'success',
      data: { groups: pageGroups, totals, ...(next ? { groupNextToken: encodeToken(next.key) } : {}) },
    };
  });

  // --- Eval ----------------------------------------------------------------------------------

  app.post('/api/v1/eval', { config: { action: 'datasources:query' } }, async (request) => {
    const body = parseBody(evalRequestSchema, request.body);
    const now = body.now ? Date.parse(body.now) : Date.now();
    if (Number.isNaN(now)) throw badRequest('now must be an RFC 3339 time', { field: 'now' });
    for (const [i, query] of body.data.entries()) {
      if (
        query.datasourceUid !== EXPRESSION_DATASOURCE_UID &&
        !(await store.dataSources.find(request.identity.orgId, { uid: query.datasourceUid }))
      ) {
        throw badRequest(`data source "${query.datasourceUid}" of query ${query.refId} not found`, { field: `data.${i}.datasourceUid` });
      }
    }
    let values: Map<string, ExprValue>;
    try {
      values = await evaluateQueries({ store, log: request.log }, request.identity.orgId, body.data, now);
    } catch (error) {
      throw badRequest(`Failed to evaluate queries and expressions: ${(error as Error).message}`);
    }
    const results: Record<string, { status: number; frames: unknown[] }> = {};
    for (const [refId, value] of values) results[refId] = { status: 200, frames: framesOf(refId, value) };
    return { results };
  });
}

/** An expression's value as Grafana's data-frame JSON. */
function framesOf(refId: string, value: ExprValue): unknown[] {
  const frame = (fields: Frame['fields'], values: unknown[][]) => ({
    schema: {
      refId,
      fields: fields.map((field) => ({
        name: field.name,
        type: field.type,
        typeInfo: { frame: field.type === 'time' ? 'time.Time' : 'float64', nullable: field.type !== 'time' },
        ...(field.labels && Object.keys(field.labels).length > 0 ? { labels: field.labels } : {}),
      })),
    },
    data: { values },
  });
  switch (value.kind) {
    case 'nodata':
      return [];
    case 'scalar':
      return [frame([{ name: refId, type: 'number', values: [] }], [[value.value]])];
    case 'number':
      return value.items.map((item) => frame([{ name: refId, type: 'number', values: [], labels: item.labels }], [[item.value]]));
    case 'series':
      return value.items.map((series) =>
        frame(
          [
            { name: 'Time', type: 'time', values: [] },
            { name: refId, type: 'number', values: [], labels: series.labels },
          ],
          [series.times, series.values],
        ),
      );
  }
}

function encodeToken(key: [string, string]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

function decodeToken(token: string): [string, string] {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) return value as [string, string];
  } catch {
    // answered below
  }
  throw badRequest('group_next_token is not one this server gave', { field: 'group_next_token' });
}

/**
 * A `matcher` parameter: Prometheus's `labels.Matcher` as JSON (`{"Name","Value","Type"}` with Type
 * 0 `=`, 1 `!=`, 2 `=~`, 3 `!~`), Alertmanager's (`{"name","value","isRegex","isEqual"}`), or the
 * text `name=value` / `!=` / `=~` / `!~`.
 */
function parseMatcher(text: string): (labels: Record<string, string>) => boolean {
  let name: string;
  let value: string;
  let op: '=' | '!=' | '=~' | '!~';
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(trimmed) as Record<string, unknown>;
    } catch {
      throw badRequest(`matcher ${JSON.stringify(text)} is not valid JSON`, { field: 'matcher' });
    }
    name = String(parsed.Name ?? parsed.name ?? '');
    value = String(parsed.Value ?? parsed.value ?? '');
    if (parsed.Type !== undefined) op = (['=', '!=', '=~', '!~'] as const)[Number(parsed.Type)] ?? '=';
    else {
      const regex = parsed.isRegex === true;
      const equal = parsed.isEqual !== false;
      op = regex ? (equal ? '=~' : '!~') : equal ? '=' : '!=';
    }
  } else {
    const match = /^\s*([^!=~\s]+)\s*(=~|!~|!=|=)\s*"?(.*?)"?\s*$/.exec(trimmed);
    if (!match)
      throw badRequest(`matcher ${JSON.stringify(text)} must look like name=value, name!=value, name=~regex or name!~regex`, {
        field: 'matcher',
      });
    [, name, op, value] = match as unknown as [string, string, typeof op, string];
  }
  if (!name) throw badRequest(`matcher ${JSON.stringify(text)} names no label`, { field: 'matcher' });
  if (op === '=' || op === '!=') return (labels) => ((labels[name] ?? '') === value) === (op === '=');
  let regex: RegExp;
  try {
    regex = new RegExp(`^(?:${value})$`);
  } catch {
    throw badRequest(`matcher ${JSON.stringify(text)} has an invalid regular expression`, { field: 'matcher' });
  }
  return (labels) => regex.test(labels[name] ?? '') === (op === '=~');
}
