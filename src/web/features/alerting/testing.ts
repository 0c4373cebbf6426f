import { http, HttpResponse } from 'msw';
import type { z } from 'zod';
import type { ProvisionedAlertRule, ruleStatesResponseSchema, RuleStatesGroup, RuleStatesRule } from '../../../contract/alerting';
import { API, server } from '../../test/server';

type RuleStatesBody = z.input<typeof ruleStatesResponseSchema>;

export function stateRule(over: Partial<RuleStatesRule> & { uid: string; name: string }): RuleStatesRule {
  return {
    state: 'inactive',
    health: 'ok',
    type: 'alerting',
    lastEvaluation: new Date(Date.now() - 12_000).toISOString(),
    labels: {},
    annotations: {},
    alerts: [],
    totals: {},
    isPaused: false,
    ...over,
  };
}

export function stateGroup(file: string, name: string, rules: RuleStatesRule[], folderUid = `f-${file}`): RuleStatesGroup {
  return { name, file, folderUid, interval: 60, rules, totals: {} };
}

export function provisioned(over: Partial<ProvisionedAlertRule> = {}): ProvisionedAlertRule {
  return {
    id: 7,
    uid: 'high-cpu',
    orgID: 1,
    folderUID: 'ops',
    ruleGroup: 'cpu',
    title: 'High CPU',
    condition: 'C',
    data: [
      { refId: 'A', datasourceUid: 'prom', relativeTimeRange: { from: 600, to: 0 }, model: { refId: 'A', expr: 'rate(cpu[5m])' } },
      { refId: 'B', datasourceUid: '__expr__', model: { type: 'reduce', reducer: 'last', expression: 'A' } },
      {
        refId: 'C',
        datasourceUid: '__expr__',
        model: { type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'gt', params: [80] } }] },
      },
    ],
    updated: '2026-01-01T00:00:00Z',
    noDataState: 'NoData',
    execErrState: 'Error',
    for: '5m',
    annotations: { summary: 'CPU is high', __dashboardUid__: 'dash1', __panelId__: '3' },
    labels: { team: 'ops' },
    provenance: 'api',
    isPaused: false,
    ...over,
  };
}

/**
 * The rule states endpoint over `groups`, as the server pages and totals it: `group_limit` and
 * `group_next_token` page; `rule_uid` picks one rule; totals count every group's rules by state.
 * Returns each query string asked.
 */
export function serveRuleStates(groups: RuleStatesGroup[]): URLSearchParams[] {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get(`${API}/api/prometheus/grafana/api/v1/rules`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      const states = params.getAll('state').map((s) => (s === 'normal' ? 'inactive' : s));
      const uid = params.get('rule_uid');
      const name = params.get('search.rule_name')?.toLowerCase();
      const kept = groups
        .map((group) => ({
          ...group,
          rules: group.rules.filter(
            (rule) =>
              (!uid || rule.uid === uid) &&
              (!name || rule.name.toLowerCase().includes(name)) &&
              (states.length === 0 || states.includes(rule.state) || states.includes(rule.health)),
          ),
        }))
        .filter((group) => group.rules.length > 0)
        // As the server: each group counts its rules by state, then lists `rule_limit` of them.
        .map((group) => {
          const groupTotals: Record<string, number> = {};
          for (const rule of group.rules) {
            groupTotals[rule.state] = (groupTotals[rule.state] ?? 0) + 1;
            if (rule.health !== 'ok') groupTotals[rule.health] = (groupTotals[rule.health] ?? 0) + 1;
          }
          const ruleLimit = params.has('rule_limit') ? Number(params.get('rule_limit')) : group.rules.length;
          return { ...group, rules: group.rules.slice(0, ruleLimit), totals: groupTotals };
        });
      const start = Number(params.get('group_next_token') ?? 0);
      const limit = Number(params.get('group_limit') ?? kept.length) || kept.length;
      const page = kept.slice(start, start + limit);
      const totals: Record<string, number> = {};
      for (const group of page) for (const [key, n] of Object.entries(group.totals)) totals[key] = (totals[key] ?? 0) + n;
      const body: RuleStatesBody = {
        status: 'success',
        data: { groups: page, totals, ...(start + limit < kept.length ? { groupNextToken: String(start + limit) } : {}) },
      };
      return HttpResponse.json(body);
    }),
  );
  return asked;
}
