/**
 * The alert rule APIs as Terraform, grafana-client and mcp-grafana call them: rule groups PUT and
 * read back equal, rules by uid, provenance and X-Disable-Provenance, exports, the Ruler read API,
 * permissions by folder, validation, and the rule states API after a scheduler tick (fake clock).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
    // Grafana keeps an interval as a Go time.Duration: about 292 years at most.
    const huge = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/x`,
      payload: { interval: 9007199254740990, rules: [] },
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ field: 'interval', message: expect.stringMatching(/out of range/) });
  });

  it('refuses two rules with one uid in a group, naming the uid, and stores nothing', async () => {
    const url = `/api/v1/provisioning/folder/${folderUid}/rule-groups/twins`;
    const answer = await server.call({
      method: 'PUT',
      url,
      payload: { interval: 60, rules: [mathRule('twin one', '1', { uid: 'dupx' }), mathRule('twin two', '0', { uid: 'dupx' })] },
    });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ field: 'rules.1.uid', message: expect.stringMatching(/"dupx"/) });
    expect((await server.call({ method: 'GET', url })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/dupx' })).statusCode).toBe(404);
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
      // Durations are Go time.Durations: past about 292 years they are out of range, not rounded.
      [{ for: 1e305 }, 'for', /for: is out of range: a duration can be at most 292y/],
      [{ for: '9999999999999999999999y' }, 'for', /out of range/],
      [{ for: 2 ** 53 }, 'for', /out of range/],
      [{ keep_firing_for: '293y' }, 'keep_firing_for', /out of range/],
      [{ keep_firing_for: 1e305 }, 'keep_firing_for', /out of range/],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await post(payload);
      expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      expect(answer.json().field).toBe(field);
      expect(answer.json().message).toMatch(message);
    }
  });
});

describe('validation on save, as Grafana', () => {
  const post = (payload: Record<string, unknown>) =>
    server.call({
      method: 'POST',
      url: '/api/v1/provisioning/alert-rules',
      payload: { ...mathRule(`Checked ${Math.random()}`, '1'), folderUID: folderUid, ruleGroup: 'checked', ...payload },
    });
  const query = (refId: string, relativeTimeRange: unknown = { from: 600, to: 0 }) => ({
    refId,
    datasourceUid: testdata,
    relativeTimeRange,
    model: { scenarioId: 'csv_metric_values', stringInput: '1,2,3' },
  });
  const expression = (refId: string, model: Record<string, unknown>) => ({ refId, datasourceUid: '__expr__', model });
  const reduceB = expression('B', { type: 'reduce', reducer: 'last', expression: 'A' });
  const thresholdC = expression('C', { type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'gt', params: [0] } }] });

  it('reads durations back as they were written, up to the longest Go duration', async () => {
    const longest = await post({ for: '292y', keep_firing_for: 90 });
    expect(longest.statusCode, longest.body).toBe(201);
    const rule = provisionedAlertRuleSchema.parse(longest.json());
    expect(rule).toMatchObject({ for: '292y', keep_firing_for: '1m30s' });
    const back = await server.call({ method: 'PUT', url: `/api/v1/provisioning/alert-rules/${rule.uid}`, payload: rule });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ for: '292y', keep_firing_for: '1m30s' });
  });

  it('refuses expressions evaluation would refuse, with the same message as POST /api/v1/eval', async () => {
    const cases: Array<[string, unknown[], string, RegExp]> = [
      [
        'math reading itself',
        [query('A'), reduceB, expression('C', { type: 'math', expression: '$C > 0' })],
        'data.2.model.expression',
        /C reads itself/,
      ],
      [
        'a cycle',
        [query('A'), expression('B', { type: 'math', expression: '$C' }), expression('C', { type: 'math', expression: '$B' })],
        'data.1.model.expression',
        /expressions read each other in a cycle: B → C → B/,
      ],
      [
        'reduce without input',
        [query('A'), expression('B', { type: 'reduce', reducer: 'last' }), thresholdC],
        'data.1.model.expression',
        /names no input/,
      ],
      [
        'reduce of no such refId',
        [query('A'), expression('B', { type: 'reduce', reducer: 'last', expression: 'ZZ' }), thresholdC],
        'data.1.model.expression',
        /reads "ZZ", which no query or expression of the rule defines/,
      ],
      [
        'an unknown reducer',
        [query('A'), expression('B', { type: 'reduce', reducer: 'nope', expression: 'A' }), thresholdC],
        'data.1.model.reducer',
        /unknown reducer "nope"/,
      ],
      [
        'threshold without conditions',
        [query('A'), reduceB, expression('C', { type: 'threshold', expression: 'B' })],
        'data.2.model.conditions',
        /needs conditions/,
      ],
      [
        'threshold with conditions "x"',
        [query('A'), reduceB, expression('C', { type: 'threshold', expression: 'B', conditions: 'x' })],
        'data.2.model.conditions',
        /needs conditions/,
      ],
      [
        'a range threshold with one number',
        [
          query('A'),
          reduceB,
          expression('C', { type: 'threshold', expression: 'B', conditions: [{ evaluator: { type: 'within_range', params: [1] } }] }),
        ],
        'data.2.model.conditions.0.evaluator',
        /within_range, which needs 2 numbers/,
      ],
      [
        'classic conditions [{}]',
        [query('A'), expression('C', { type: 'classic_conditions', conditions: [{}] })],
        'data.1.model.conditions.0.evaluator',
        /classic condition 1 of C needs an evaluator/,
      ],
      [
        'classic conditions null',
        [query('A'), expression('C', { type: 'classic_conditions', conditions: null })],
        'data.1.model.conditions',
        /needs at least one condition/,
      ],
      ['two queries with one refId', [query('A'), query('A'), reduceB, thresholdC], 'data.1.refId', /share refId "A"/],
    ];
    for (const [name, data, field, message] of cases) {
      const saved = await post({ condition: 'C', data });
      expect(saved.statusCode, name).toBe(400);
      expect(saved.json().field, name).toBe(field);
      expect(saved.json().message, name).toMatch(message);
      const evaluated = await server.call({ method: 'POST', url: '/api/v1/eval', payload: { data } });
      expect(evaluated.statusCode, name).toBe(400);
      expect(evaluated.json().field, name).toBe(field);
      expect(evaluated.json().message.replace('Failed to evaluate queries and expressions: ', ''), name).toBe(
        saved.json().message.replace('invalid alert rule: ', ''),
      );
    }
  });

  it('saves and evaluates what it can run: each expression after what it reads, wherever it is listed', async () => {
    // Data queries run first; expressions in the order of what reads what, as in Grafana's
    // pipeline: the threshold C is listed before the reduce B it reads, B before the query A.
    const cases = [
      [reduceB, query('A'), thresholdC],
      [thresholdC, reduceB, query('A')],
      [expression('D', { type: 'math', expression: '$C * 2' }), thresholdC, query('A'), reduceB],
    ];
    for (const data of cases) {
      const condition = data[0]!.refId === 'D' ? 'D' : 'C';
      const saved = await post({ condition, data });
      expect(saved.statusCode, saved.body).toBe(201);
      const evaluated = await server.call({ method: 'POST', url: '/api/v1/eval', payload: { data } });
      expect(evaluated.statusCode, evaluated.body).toBe(200);
      expect(evaluated.json().results[condition].frames[0].data.values).toEqual([[condition === 'D' ? 2 : 1]]);
    }
  });

  it('answers 400 for math nested too deep, and takes a long flat one', async () => {
    const deep = await post({ data: [expression('A', { type: 'math', expression: `${'('.repeat(50_000)}1${')'.repeat(50_000)}` })] });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      field: 'data.0.model.expression',
      message: 'invalid alert rule: math expression A nests deeper than 100 levels of parentheses and function calls',
    });
    const terms = Array(20_000).fill('$B').join(' + ');
    const data = [query('A'), reduceB, expression('C', { type: 'math', expression: terms })];
    const long = await post({ condition: 'C', data });
    expect(long.statusCode, long.body.slice(0, 300)).toBe(201);
    const evaluated = await server.call({ method: 'POST', url: '/api/v1/eval', payload: { data } });
    expect(evaluated.statusCode, evaluated.body.slice(0, 300)).toBe(200);
    expect(evaluated.json().results.C.frames[0].data.values).toEqual([[3 * 20_000]]);
  });

  it('refuses relative time ranges that are inverted, fractional or out of range', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ from: 10, to: 600 }, /from: must be at least "to"/],
      [{ from: 1e308, to: 0 }, /out of range/],
      [{ from: 9_223_372_037, to: 0 }, /out of range/],
      [{ from: 1.5, to: 0 }, /whole seconds/],
      [{ from: -1, to: 0 }, /cannot be negative/],
    ];
    for (const [range, message] of cases) {
      const data = [query('A', range), reduceB, thresholdC];
      const saved = await post({ condition: 'C', data });
      expect(saved.statusCode, JSON.stringify(range)).toBe(400);
      expect(saved.json().field).toMatch(/^data\.0\.relativeTimeRange\./);
      expect(saved.json().message).toMatch(message);
      expect((await server.call({ method: 'POST', url: '/api/v1/eval', payload: { data } })).statusCode).toBe(400);
    }
    expect((await post({ condition: 'C', data: [query('A', { from: 600, to: 600 }), reduceB, thresholdC] })).statusCode).toBe(201);
  });

  it('refuses notification settings naming a contact point or time interval that does not exist, or bad durations', async () => {
    const timing = { name: 'rule-quiet-hours', time_intervals: [{ times: [{ start_time: '00:00', end_time: '06:00' }] }] };
    const created = await server.call({ method: 'POST', url: '/api/v1/provisioning/mute-timings', payload: timing });
    expect(created.statusCode, created.body).toBe(201);
    const receiver = 'grafana-default-email';
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ receiver: 'no-such-receiver' }, 'notification_settings.receiver', /receiver "no-such-receiver" does not exist/],
      [{ receiver: '' }, 'notification_settings.receiver', /cannot be empty/],
      [{ receiver, group_wait: 'xx' }, 'notification_settings.group_wait', /must be a duration/],
      [{ receiver, group_interval: '0s' }, 'notification_settings.group_interval', /greater than zero/],
      [{ receiver, repeat_interval: '300y' }, 'notification_settings.repeat_interval', /out of range/],
      [{ receiver, group_by: ['alertname', 'alertname'] }, 'notification_settings.group_by', /twice/],
      [{ receiver, mute_time_intervals: ['nope'] }, 'notification_settings.mute_time_intervals.0', /time interval "nope" does not exist/],
      [{ receiver, active_time_intervals: [timing.name, 'nope'] }, 'notification_settings.active_time_intervals.1', /"nope"/],
    ];
    for (const [settings, field, message] of cases) {
      const answer = await post({ notification_settings: settings });
      expect(answer.statusCode, JSON.stringify(settings)).toBe(400);
      expect(answer.json().field).toBe(field);
      expect(answer.json().message).toMatch(message);
    }
    const settings = { receiver, group_by: ['alertname'], group_wait: '0s', group_interval: '1m', mute_time_intervals: [timing.name] };
    const good = await post({ notification_settings: settings });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().notification_settings).toEqual(settings);
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

  it('makes a rule whose results share labels an Error, and shows a failure inside Sightline as health error', async () => {
    const seriesRule = (uid: string, labels: string) => ({
      ...mathRule(uid, '$B > -1000000'),
      uid,
      condition: 'C',
      data: [
        {
          refId: 'A',
          datasourceUid: testdata,
          relativeTimeRange: { from: 600, to: 0 },
          model: { scenarioId: 'random_walk', seriesCount: 2, labels },
        },
        { refId: 'B', datasourceUid: '__expr__', model: { type: 'reduce', reducer: 'last', expression: 'A' } },
        { refId: 'C', datasourceUid: '__expr__', model: { type: 'math', expression: '$B > -1000000' } },
      ],
    });
    const put = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/series-labels`,
      payload: { interval: 60, rules: [seriesRule('two-alike', ''), seriesRule('two-apart', '{n="$seriesIndex"}')] },
    });
    expect(put.statusCode, put.body).toBe(200);
    // Each round an hour later than the last (a group runs once per slot).
    const evaluate = async (hours: number) => {
      const start = Math.ceil(Date.now() / 60_000) * 60_000 + hours * 3_600_000;
      for (let tick = 0; tick < 6; tick++) await server.app.alertScheduler.tick(start + tick * 10_000);
      const answer = await server.call({
        method: 'GET',
        url: `/api/prometheus/grafana/api/v1/rules?folder_uid=${folderUid}&rule_group=series-labels`,
      });
      const rules = ruleStatesResponseSchema.parse(answer.json()).data.groups[0]!.rules;
      return new Map(rules.map((rule) => [rule.uid, rule]));
    };
    const states = await evaluate(1);
    // Two random walks without labels are two results with the labels {}: not two instances.
    expect(states.get('two-alike')).toMatchObject({ health: 'error' });
    expect(states.get('two-alike')!.lastError).toMatch(/duplicate results with labels \{\}/);
    expect(states.get('two-apart')).toMatchObject({ health: 'ok', state: 'firing' });
    expect(states.get('two-apart')!.alerts).toHaveLength(2);

    // A store that fails the write: the rule shows the failure, not its last good evaluation.
    const save = server.store.alerting.saveEvaluation.bind(server.store.alerting);
    let failed = false;
    const write = vi.spyOn(server.store.alerting, 'saveEvaluation').mockImplementation((orgId, ruleUid, ...rest) => {
      if (ruleUid !== 'two-apart' || failed) return save(orgId, ruleUid, ...rest);
      failed = true;
      return Promise.reject(new Error('disk full'));
    });
    try {
      const after = await evaluate(2);
      expect(after.get('two-apart')).toMatchObject({ health: 'error' });
      expect(after.get('two-apart')!.lastError).toMatch(/could not complete this evaluation/);
      expect(after.get('two-apart')!.lastError).not.toMatch(/disk full/);
    } finally {
      write.mockRestore();
    }
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
