/**
 * The rule states API filtered to one dashboard or panel (Grafana's `dashboard_uid` / `panel_id`):
 * what a dashboard asks to show its panels' rule states.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ruleStatesResponseSchema } from '../../contract/alerting';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let folderUid: string;

const linkedRule = (title: string, annotations: Record<string, string>) => ({
  title,
  condition: 'A',
  data: [{ refId: 'A', datasourceUid: '__expr__', relativeTimeRange: { from: 0, to: 0 }, model: { type: 'math', expression: '1 > 0' } }],
  for: '0s',
  annotations,
});

beforeAll(async () => {
  server = await startTestServer();
  const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Panel alerts' } });
  folderUid = folder.json().uid as string;
  const group = await server.call({
    method: 'PUT',
    url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/panels`,
    headers: { 'x-disable-provenance': 'true' },
    payload: {
      interval: 60,
      rules: [
        linkedRule('Panel 2 rule', { __dashboardUid__: 'dash-a', __panelId__: '2', summary: 'two' }),
        linkedRule('Panel 3 rule', { __dashboardUid__: 'dash-a', __panelId__: '3' }),
        linkedRule('Other dashboard rule', { __dashboardUid__: 'dash-b', __panelId__: '2' }),
        linkedRule('Unlinked rule', {}),
      ],
    },
  });
  expect(group.statusCode, group.body).toBe(200);
});
afterAll(async () => server?.cleanup());

async function ruleNames(search: string): Promise<string[]> {
  const answer = await server.call({ method: 'GET', url: `/api/prometheus/grafana/api/v1/rules?${search}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return ruleStatesResponseSchema
    .parse(answer.json())
    .data.groups.flatMap((group) => group.rules.map((rule) => rule.name))
    .sort();
}

describe('rule states of a dashboard and its panels', () => {
  it('answers the rules linked to a dashboard, to one of its panels, and refuses a panel without its dashboard', async () => {
    expect(await ruleNames('dashboard_uid=dash-a')).toEqual(['Panel 2 rule', 'Panel 3 rule']);
    expect(await ruleNames('dashboard_uid=dash-a&panel_id=2')).toEqual(['Panel 2 rule']);
    expect(await ruleNames('dashboard_uid=nothing-here')).toEqual([]);
    expect(await ruleNames('')).toHaveLength(4);

    const answer = await server.call({ method: 'GET', url: '/api/prometheus/grafana/api/v1/rules?dashboard_uid=dash-a&panel_id=2' });
    const rule = ruleStatesResponseSchema.parse(answer.json()).data.groups[0]!.rules[0]!;
    // The link itself comes back, so a dashboard can place each rule on its panel.
    expect(rule.annotations).toMatchObject({ __dashboardUid__: 'dash-a', __panelId__: '2', summary: 'two' });

    const orphan = await server.call({ method: 'GET', url: '/api/prometheus/grafana/api/v1/rules?panel_id=2' });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json()).toMatchObject({ message: 'panel_id must be set with dashboard_uid', field: 'panel_id' });
  });
});
