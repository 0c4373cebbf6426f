/**
 * Grafana's rule states API (`/api/prometheus/grafana/api/v1/rules`, Prometheus' rules format):
 * each viewable rule with its state, health, last evaluation and alerts, by group, filtered by
 * state, labels, names, dashboard and panel, paged by groups.
 */
import type { FastifyInstance } from 'fastify';
import { EXPRESSION_DATASOURCE_UID, ruleStatesQuerySchema } from '../../contract/alerting';
import { isFiring, stateWithReason } from '../alerting/state';
import { labelsText } from '../alerting/values';
import { badRequest } from '../errors';
import { parseInput } from '../http';
import type { Store } from '../store';
import type { RuleSummary, StoredAlertInstance, StoredAlertRule } from '../store/alerting';
import { accessOf } from './alertingRuleFolders';

export function registerRuleStateRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/prometheus/grafana/api/v1/rules', { config: { action: 'alert.rules:read' } }, async (request) => {
    const query = parseInput(ruleStatesQuerySchema, request.query);
    const { identity } = request;
    const { folders, viewable } = await accessOf(store, identity);
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
