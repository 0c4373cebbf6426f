/**
 * The alert rule APIs as Terraform, grafana-client and mcp-grafana call them: rule groups PUT and
 * read back equal, rules by uid, provenance and X-Disable-Provenance, exports, the Ruler read API,
 * permissions by folder, validation, and the rule states API after a scheduler tick (fake clock).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionedAlertRuleSchema, ruleStatesResponseSchema } from '../../contract/alerting';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let folderUid: string;
let privateFolderUid: string;
let testdata: string;
let viewer: string;
let editor: string;

const mathRule = (title: string, expression: string, extra: Record<string, unknown> = {}) => ({
  title,
  condition: 'A',
  data: [{ refId: 'A', datasourceUid: '__expr__', relativeTimeRange: { from: 0, to: 0 }, model: { type: 'math', expression } }],
  noDataState: 'NoData',
  execErrState: 'Error',
  for: '0s',
  annotations: { summary: 'value {{ $values.A }}' },
  labels: { team: 'ops' },
  ...extra,
});

async function createFolder(title: string): Promise<string> {
  const created = await server.call({ method: 'POST', url: '/api/folders', payload: { title } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().uid as string;
}

beforeAll(async () => {
  server = await startTestServer();
  folderUid = await createFolder('Ops alerts');
  privateFolderUid = await createFolder('Private alerts');
  // Only Admins (no role grants) in the private folder.
  const restricted = await server.call({ method: 'POST', url: `/api/folders/${privateFolderUid}/permissions`, payload: { items: [] } });
  expect(restricted.statusCode, restricted.body).toBe(200);
  testdata = (await createDataSource(server, { name: 'TestData', type: 'grafana-testdata-datasource' })).uid;
  viewer = (await server.accountWithToken('Viewer')).token;
  editor = (await server.accountWithToken('Editor')).token;
});
afterAll(async () => server?.cleanup());

describe('rule groups (Terraform round trip)', () => {
  it('PUTs a group and reads it back equal, with provenance "api"', async () => {
    const group = {
      title: 'cpu',
      folderUid,
      interval: 60,
      rules: [
        mathRule('Always firing', '1 > 0', { uid: 'always-firing', for: '5m', keep_firing_for: '1m', isPaused: false }),
        {
          ...mathRule('Series over limit', '$B > 50'),
          uid: 'series-over-limit',
          condition: 'C',
          data: [
            {
              refId: 'A',
              datasourceUid: testdata,
              relativeTimeRange: { from: 600, to: 0 },
              model: { scenarioId: 'csv_metric_values', stringInput: '1,20,90,30,5,70' },
            },
            {
              refId: 'B',
              datasourceUid: '__expr__',
              model: { type: 'reduce', reducer: 'last', expression: 'A', settings: { mode: 'dropNN' } },
            },
            {
              refId: 'C',
              datasourceUid: '__expr__',
              model: { type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'gt', params: [50] } }] },
            },
          ],
        },
      ],
    };
    const put = await server.call({ method: 'PUT', url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/cpu`, payload: group });
    expect(put.statusCode, put.body).toBe(200);
    const got = await server.call({ method: 'GET', url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/cpu` });
    expect(got.statusCode).toBe(200);
    const body = got.json();
    expect(body).toEqual(put.json());
    expect(body).toMatchObject({ title: 'cpu', folderUid, interval: 60 });
    expect(body.rules.map((r: { uid: string }) => r.uid)).toEqual(['always-firing', 'series-over-limit']);
    const first = provisionedAlertRuleSchema.parse(body.rules[0]);
    expect(first).toMatchObject({
      uid: 'always-firing',
      orgID: 1,
      folderUID: folderUid,
      ruleGroup: 'cpu',
      title: 'Always firing',
      for: '5m',
      keep_firing_for: '1m',
      provenance: 'api',
      labels: { team: 'ops' },
      annotations: { summary: 'value {{ $values.A }}' },
    });
    // Terraform sends back what it read: nothing changes, the version stays.
    const again = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/cpu`,
      payload: body,
      headers: { 'x-disable-provenance': 'true' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().rules[0].provenance).toBe('');
    expect(again.json().rules[0].updated).toBe(first.updated);
  });

  it('replaces the group: rules left out are deleted, the order is the list’s', async () => {
    const url = `/api/v1/provisioning/folder/${folderUid}/rule-groups/replace`;
    await server.call({
      method: 'PUT',
      url,
      payload: { interval: 10, rules: [mathRule('one', '1', { uid: 'r-one' }), mathRule('two', '0', { uid: 'r-two' })] },
    });
    const replaced = await server.call({
      method: 'PUT',
      url,
      payload: { interval: 30, rules: [mathRule('two renamed', '0', { uid: 'r-two' })] },
    });
    expect(replaced.json()).toMatchObject({ interval: 30, rules: [{ uid: 'r-two', title: 'two renamed' }] });
    expect((await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/r-one' })).statusCode).toBe(404);
    expect((await server.call({ method: 'DELETE', url })).statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('refuses an interval the scheduler cannot keep', async () => {
    const bad = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/x`,
      payload: { interval: 15, rules: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('interval');
  });
});

describe('rules by uid', () => {
  it('creates (201), reads, updates, and deletes (204) a rule', async () => {
    const created = await server.call({
      method: 'POST',
      url: '/api/v1/provisioning/alert-rules',
      payload: { ...mathRule('Created', '2 > 1'), folderUID: folderUid, ruleGroup: 'single' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const rule = provisionedAlertRuleSchema.parse(created.json());
    expect(rule.provenance).toBe('api');
    expect(rule.uid).toMatch(/^[a-z0-9]{14}$/);
    const updated = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/alert-rules/${rule.uid}`,
      payload: { ...mathRule('Created and renamed', '2 > 1'), folderUID: folderUid, ruleGroup: 'single' },
      headers: { 'X-Disable-Provenance': 'true' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Created and renamed', provenance: '' });
    const group = await server.call({ method: 'GET', url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/single` });
    expect(group.json().interval).toBe(60);
    expect((await server.call({ method: 'DELETE', url: `/api/v1/provisioning/alert-rules/${rule.uid}` })).statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url: `/api/v1/provisioning/alert-rules/${rule.uid}` })).statusCode).toBe(404);
    // The group went with its last rule.
    expect((await server.call({ method: 'GET', url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/single` })).statusCode).toBe(404);
  });

  it('answers 400 naming the field at fault', async () => {
    const post = (payload: Record<string, unknown>) =>
      server.call({
        method: 'POST',
        url: '/api/v1/provisioning/alert-rules',
        payload: { ...mathRule('Bad', '1'), folderUID: folderUid, ruleGroup: 'bad', ...payload },
      });
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ for: '5 minutes' }, 'for', /duration/],
      [{ condition: 'Z' }, 'condition', /condition "Z"/],
      [{ data: [{ refId: 'A', datasourceUid: 'no-such-ds', model: {} }] }, 'data.0.datasourceUid', /no-such-ds/],
      [{ folderUID: 'no-such-folder' }, 'folderUID', /does not exist/],
      [
        { data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: '$Q > 1' } }] },
        'data.0.model.expression',
        /\$Q/,
      ],
      [{ noDataState: 'Sometimes' }, 'noDataState', /one of/],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await post(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().field).toBe(field);
      expect(answer.json().message).toMatch(message);
    }
  });
});

describe('exports and the Ruler API', () => {
  it('exports a group as JSON and YAML', async () => {
    const json = await server.call({ method: 'GET', url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/cpu/export` });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({
      apiVersion: 1,
      groups: [
        {
          orgId: 1,
          name: 'cpu',
          folder: 'Ops alerts',
          interval: '1m',
          rules: [{ uid: 'always-firing', for: '5m', keepFiringFor: '1m' }, { uid: 'series-over-limit' }],
        },
      ],
    });
    const yaml = await server.call({
      method: 'GET',
      url: `/api/v1/provisioning/alert-rules/export?format=yaml&folderUid=${folderUid}&group=cpu`,
    });
    expect(yaml.headers['content-type']).toMatch(/yaml/);
    expect(yaml.body).toContain('apiVersion: 1');
    expect(yaml.body).toContain('title: Always firing');
    const byAccept = await server.call({
      method: 'GET',
      url: '/api/v1/provisioning/alert-rules/always-firing/export',
      headers: { accept: 'application/yaml' },
    });
    expect(byAccept.body).toContain('uid: always-firing');
  });

  it('reads groups by folder title in the Ruler API', async () => {
    const all = await server.call({ method: 'GET', url: '/api/ruler/grafana/api/v1/rules' });
    expect(all.statusCode).toBe(200);
    const ops = all.json()['Ops alerts'] as Array<{
      name: string;
      interval: string;
      rules: Array<{ grafana_alert: Record<string, unknown> }>;
    }>;
    const cpu = ops.find((g) => g.name === 'cpu')!;
    expect(cpu.interval).toBe('1m');
    expect(cpu.rules[0]!.grafana_alert).toMatchObject({
      uid: 'always-firing',
      namespace_uid: folderUid,
      rule_group: 'cpu',
      intervalSeconds: 60,
    });
    const one = await server.call({ method: 'GET', url: `/api/ruler/grafana/api/v1/rules/${folderUid}/cpu` });
    expect(one.json()).toMatchObject({ name: 'cpu', interval: '1m' });
  });
});

describe('permissions', () => {
  beforeAll(async () => {
    const put = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${privateFolderUid}/rule-groups/secret`,
      payload: { interval: 60, rules: [mathRule('Secret', '1', { uid: 'secret-rule' })] },
    });
    expect(put.statusCode, put.body).toBe(200);
  });

  it('lets Viewers read rules in folders they can view, and nothing else', async () => {
    const list = await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules', token: viewer });
    expect(list.statusCode).toBe(200);
    const uids = list.json().map((rule: { uid: string }) => rule.uid);
    expect(uids).toContain('always-firing');
    expect(uids).not.toContain('secret-rule');
    expect((await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/secret-rule', token: viewer })).statusCode).toBe(403);
    const write = await server.call({
      method: 'POST',
      url: '/api/v1/provisioning/alert-rules',
      payload: { ...mathRule('By a viewer', '1'), folderUID: folderUid, ruleGroup: 'v' },
      token: viewer,
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().message).toMatch(/alert\.rules:write/);
  });

  it('lets Editors write in folders they can edit; Admins everywhere', async () => {
    const write = (token: string, folder: string, title: string) =>
      server.call({
        method: 'POST',
        url: '/api/v1/provisioning/alert-rules',
        payload: { ...mathRule(title, '1'), folderUID: folder, ruleGroup: 'e' },
        token,
      });
    expect((await write(editor, folderUid, 'By an editor')).statusCode).toBe(201);
    expect((await write(editor, privateFolderUid, 'Editor in private')).statusCode).toBe(403);
    const admin = await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/secret-rule' });
    expect(admin.statusCode).toBe(200);
    const deleted = await server.call({
      method: 'DELETE',
      url: `/api/v1/provisioning/folder/${privateFolderUid}/rule-groups/secret`,
      token: editor,
    });
    expect(deleted.statusCode).toBe(403);
  });
});

describe('rule states after evaluation (fake clock)', () => {
  it('evaluates due groups on a tick and answers their states with filters and paging', async () => {
    // A tick on a minute boundary and each of the next five: every 60 s group runs exactly once.
    const start = Math.ceil(Date.now() / 60_000) * 60_000;
    const evaluated: string[] = [];
    for (let tick = 0; tick < 6; tick++) evaluated.push(...(await server.app.alertScheduler.tick(start + tick * 10_000)));
    expect(evaluated.filter((key) => key.endsWith('\u0000cpu'))).toHaveLength(1);

    const answer = await server.call({ method: 'GET', url: `/api/prometheus/grafana/api/v1/rules?folder_uid=${folderUid}&rule_group=cpu` });
    expect(answer.statusCode).toBe(200);
    const body = ruleStatesResponseSchema.parse(answer.json());
    const [group] = body.data.groups;
    expect(group).toMatchObject({ name: 'cpu', file: 'Ops alerts', folderUid, interval: 60 });
    const always = group!.rules.find((rule) => rule.uid === 'always-firing')!;
    // `for: 5m`: the first breach is Pending.
    expect(always).toMatchObject({ state: 'pending', health: 'ok', type: 'alerting' });
    expect(always.alerts![0]).toMatchObject({
      state: 'Pending',
      labels: { alertname: 'Always firing', team: 'ops', grafana_folder: 'Ops alerts' },
    });
    expect(always.alerts![0]!.annotations.summary).toBe('value 1');
    const series = group!.rules.find((rule) => rule.uid === 'series-over-limit')!;
    expect(series).toMatchObject({ state: 'firing', health: 'ok' });

    const firingOnly = ruleStatesResponseSchema.parse(
      (
        await server.call({
          method: 'GET',
          url: `/api/prometheus/grafana/api/v1/rules?state=firing&folder_uid=${folderUid}&rule_group=cpu`,
        })
      ).json(),
    );
    expect(firingOnly.data.groups.flatMap((g) => g.rules.map((r) => r.uid))).toEqual(['series-over-limit']);
    const byName = ruleStatesResponseSchema.parse(
      (await server.call({ method: 'GET', url: '/api/prometheus/grafana/api/v1/rules?search.rule_name=ALWAYS' })).json(),
    );
    expect(byName.data.groups.flatMap((g) => g.rules.map((r) => r.uid))).toEqual(['always-firing']);
    const matched = ruleStatesResponseSchema.parse(
      (
        await server.call({
          method: 'GET',
          url: `/api/prometheus/grafana/api/v1/rules?matcher=${encodeURIComponent('alertname=~Series.*')}`,
        })
      ).json(),
    );
    expect(matched.data.groups.flatMap((g) => g.rules.map((r) => r.uid))).toEqual(['series-over-limit']);
    const noAlerts = ruleStatesResponseSchema.parse(
      (
        await server.call({
          method: 'GET',
          url: `/api/prometheus/grafana/api/v1/rules?folder_uid=${folderUid}&rule_group=cpu&limit_alerts=0&rule_limit=1`,
        })
      ).json(),
    );
    expect(noAlerts.data.groups[0]!.rules).toHaveLength(1);
    expect(noAlerts.data.groups[0]!.rules[0]!.alerts).toEqual([]);

    // Paging: one group a page, following groupNextToken to the end.
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const page = ruleStatesResponseSchema.parse(
        (
          await server.call({
            method: 'GET',
            url: `/api/prometheus/grafana/api/v1/rules?group_limit=1${token ? `&group_next_token=${token}` : ''}`,
          })
        ).json(),
      );
      expect(page.data.groups.length).toBeLessThanOrEqual(1);
      seen.push(...page.data.groups.map((g) => `${g.file}/${g.name}`));
      token = page.data.groupNextToken;
    } while (token);
    expect(seen).toEqual([...seen].sort());
    expect(seen).toContain('Ops alerts/cpu');
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('writes state history as annotations naming the rule', async () => {
    const annotations = await server.call({ method: 'GET', url: '/api/annotations?limit=100' });
    const history = (annotations.json() as Array<{ alertId: number; newState: string; prevState: string; text: string }>).filter(
      (a) => a.alertId > 0,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ newState: 'Alerting', prevState: 'Normal', text: expect.stringContaining('Series over limit') }),
        expect.objectContaining({ newState: 'Pending', prevState: 'Normal', text: expect.stringContaining('Always firing') }),
      ]),
    );
  });

  it('answers one rule’s state history with alertId, and only history with type=alert', async () => {
    const rule = (await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/series-over-limit' })).json() as { id: number };
    const ofRule = (await server.call({ method: 'GET', url: `/api/annotations?alertId=${rule.id}&limit=100` })).json() as Array<{
      alertId: number;
      text: string;
    }>;
    expect(ofRule.length).toBeGreaterThan(0);
    expect(ofRule.every((a) => a.alertId === rule.id && a.text.includes('Series over limit'))).toBe(true);
    const alerts = (await server.call({ method: 'GET', url: '/api/annotations?type=alert&limit=100' })).json() as Array<{
      alertId: number;
    }>;
    expect(alerts.length).toBeGreaterThan(ofRule.length - 1);
    expect(alerts.every((a) => a.alertId > 0)).toBe(true);
  });

  it('counts evaluations in /metrics', async () => {
    const metrics = await server.call({ method: 'GET', url: '/metrics', token: null });
    expect(metrics.body).toMatch(/sightline_alerting_rule_evaluations_total [1-9]/);
    expect(metrics.body).toContain('sightline_alerting_rules{state="alerting"}');
    expect(metrics.body).toContain('sightline_alerting_scheduler_lag_seconds_count');
  });
});

describe('folders holding rules', () => {
  it('refuses to delete a folder with alert rules unless forceDeleteRules=true, then deletes them with it', async () => {
    const uid = await createFolder('Doomed');
    await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${uid}/rule-groups/g`,
      payload: { interval: 60, rules: [mathRule('Doomed', '1', { uid: 'doomed' })] },
    });
    const refused = await server.call({ method: 'DELETE', url: `/api/folders/${uid}` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/contains alert rules/);
    expect((await server.call({ method: 'DELETE', url: `/api/folders/${uid}?forceDeleteRules=true` })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/doomed' })).statusCode).toBe(404);
  });
});

describe('POST /api/v1/eval', () => {
  it('runs queries and expressions now and answers frames by refId', async () => {
    const answer = await server.call({
      method: 'POST',
      url: '/api/v1/eval',
      payload: {
        data: [
          {
            refId: 'A',
            datasourceUid: testdata,
            relativeTimeRange: { from: 600, to: 0 },
            model: { scenarioId: 'csv_metric_values', stringInput: '1,2,3' },
          },
          { refId: 'B', datasourceUid: '__expr__', model: { type: 'reduce', reducer: 'sum', expression: 'A' } },
          { refId: 'C', datasourceUid: '__expr__', model: { type: 'math', expression: '$B * 10' } },
        ],
      },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { results } = answer.json();
    expect(results.A.frames[0].data.values[1]).toEqual([1, 2, 3]);
    expect(results.C.frames[0].data.values).toEqual([[60]]);
    const bad = await server.call({
      method: 'POST',
      url: '/api/v1/eval',
      payload: { data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: '$Z' } }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/\$Z/);
  });
});
