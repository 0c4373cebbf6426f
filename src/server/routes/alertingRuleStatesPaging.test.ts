/**
 * The rule states API pages on rule summaries and reads whole rules for the page only: a page of
 * more rules than one read takes (500) still answers every rule of its groups, in their order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleStatesResponseSchema } from '../../contract/alerting';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
const RULES_PER_GROUP = 260;

const pausedRule = (group: string, index: number) => ({
  uid: `${group}-${index}`,
  title: `${group} rule ${index}`,
  condition: 'A',
  data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: '1 > 0' } }],
  for: '0s',
  noDataState: 'NoData',
  execErrState: 'Error',
  isPaused: true,
});

beforeAll(async () => {
  server = await startTestServer();
  const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Many rules' } });
  const folderUid = folder.json().uid as string;
  for (const group of ['a', 'b', 'c']) {
    const put = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/${group}`,
      payload: { interval: 60, rules: Array.from({ length: RULES_PER_GROUP }, (_, i) => pausedRule(group, i)) },
    });
    expect(put.statusCode, put.body).toBe(200);
  }
}, 120_000);
afterAll(async () => server?.cleanup());

describe('rule states paged over many rules', () => {
  it('answers every rule of the page’s groups in the group’s order, and the rest on the next page', async () => {
    const first = ruleStatesResponseSchema.parse(
      (await server.call({ method: 'GET', url: '/api/prometheus/grafana/api/v1/rules?group_limit=2&limit_alerts=0' })).json(),
    );
    expect(first.data.groups.map((group) => group.name)).toEqual(['a', 'b']);
    for (const group of first.data.groups) {
      expect(group.rules.map((rule) => rule.uid)).toEqual(Array.from({ length: RULES_PER_GROUP }, (_, i) => `${group.name}-${i}`));
      expect(group.totals).toEqual({ inactive: RULES_PER_GROUP, unknown: RULES_PER_GROUP });
    }
    expect(first.data.totals).toEqual({ inactive: 2 * RULES_PER_GROUP, unknown: 2 * RULES_PER_GROUP });
    expect(first.data.groupNextToken).toBeTruthy();

    const next = ruleStatesResponseSchema.parse(
      (
        await server.call({
          method: 'GET',
          url: `/api/prometheus/grafana/api/v1/rules?group_limit=2&group_next_token=${first.data.groupNextToken}`,
        })
      ).json(),
    );
    expect(next.data.groups.map((group) => group.name)).toEqual(['c']);
    expect(next.data.groups[0]!.rules).toHaveLength(RULES_PER_GROUP);
    expect(next.data.groupNextToken).toBeUndefined();

    // One rule a group, as the list's totals ask: the group's totals still count all of its rules.
    const limited = ruleStatesResponseSchema.parse(
      (await server.call({ method: 'GET', url: '/api/prometheus/grafana/api/v1/rules?rule_limit=1&limit_alerts=0' })).json(),
    );
    expect(limited.data.groups.map((group) => [group.name, group.rules.length, group.totals?.inactive])).toEqual([
      ['a', 1, RULES_PER_GROUP],
      ['b', 1, RULES_PER_GROUP],
      ['c', 1, RULES_PER_GROUP],
    ]);
  }, 120_000);
});
