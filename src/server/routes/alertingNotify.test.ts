/**
 * Issue 30, notifications API: Terraform-style round trips (PUT then GET equal), provenance and
 * X-Disable-Provenance, secrets answered `[REDACTED]` and kept when sent back so, the 409 on a
 * mute timing still used, silences, the v2 alerts API, the contact point test, and permissions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPointSchema, gettableAlertSchema, gettableSilenceSchema, testReceiversResponseSchema } from '../../contract/alertingNotify';
import { startFakeHttp, type Backend } from '../testing/backends';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
let receiver: Backend & { requests: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> };
let failing: Backend;
beforeAll(async () => {
  server = await startTestServer();
  receiver = await startFakeHttp(() => ({ status: 200, body: { ok: true } }));
  failing = await startFakeHttp(() => ({ status: 500, body: 'the receiver is down for maintenance' }));
});
afterAll(async () => {
  await receiver.stop();
  await failing.stop();
  await server.cleanup();
});

const PROV = '/api/v1/provisioning';
const AM = '/api/alertmanager/grafana/api/v2';

async function createContactPoint(body: object, headers: Record<string, string> = {}) {
  const response = await server.call({ method: 'POST', url: `${PROV}/contact-points`, payload: body, headers });
  expect(response.statusCode, response.body).toBe(202);
  return contactPointSchema.parse(response.json());
}

/** Nesting Go's own parser would take (it stops only parentheses, at 10,000): beyond Sightline's bound. */
const deepIfs = '{{if 1}}'.repeat(20_000) + '{{end}}'.repeat(20_000);
const deepParens = '{{ ' + '('.repeat(20_000) + '1' + ')'.repeat(20_000) + ' }}';

/** A rule (in a new folder) whose notification_settings route it to `settings.receiver` itself. */
async function createRuleWithSettings(title: string, settings: Record<string, unknown>) {
  const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title: `Folder of ${title}` } });
  expect(folder.statusCode, folder.body).toBe(200);
  const created = await server.call({
    method: 'POST',
    url: `${PROV}/alert-rules`,
    payload: {
      title,
      folderUID: folder.json().uid,
      ruleGroup: 'routing',
      condition: 'A',
      data: [{ refId: 'A', datasourceUid: '__expr__', relativeTimeRange: { from: 0, to: 0 }, model: { type: 'math', expression: '1' } }],
      noDataState: 'NoData',
      execErrState: 'Error',
      for: '0s',
      notification_settings: settings,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { uid: string };
}

describe('contact points', () => {
  it("starts as Grafana's default configuration: an email contact point the default policy routes to", async () => {
    const other = await startTestServer();
    try {
      const listed = other.call({ method: 'GET', url: `${PROV}/contact-points` });
      const [only, ...rest] = contactPointSchema.array().parse((await listed).json());
      expect(rest).toEqual([]);
      expect(only).toMatchObject({
        name: 'grafana-default-email',
        type: 'email',
        settings: { addresses: '<example@email.com>' },
        disableResolveMessage: false,
      });
      expect(only!.provenance).toBeUndefined();
      expect((await other.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual({
        receiver: 'grafana-default-email',
        group_by: ['grafana_folder', 'alertname'],
      });
      // The default policy routes to it, so it stays until the policy names another.
      const removed = await other.call({ method: 'DELETE', url: `${PROV}/contact-points/${only!.uid}` });
      expect(removed.statusCode).toBe(409);
      // A new org starts the same way.
      const orgId = await other.store.orgs.create('Second');
      const integrations = await other.store.alertingNotify.listIntegrations(orgId);
      expect(integrations.map(({ name, type, settings }) => ({ name, type, settings }))).toEqual([
        { name: 'grafana-default-email', type: 'email', settings: { addresses: '<example@email.com>' } },
      ]);
    } finally {
      await other.cleanup();
    }
  });

  it('creates with provenance "api", redacts secrets, and keeps a secret sent back as [REDACTED]', async () => {
    const created = await createContactPoint({
      uid: 'ops-webhook',
      name: 'ops',
      type: 'webhook',
      settings: { url: `${receiver.url}/hook`, username: 'u', password: 'hunter22' },
    });
    expect(created).toEqual({
      uid: 'ops-webhook',
      name: 'ops',
      type: 'webhook',
      settings: { url: `${receiver.url}/hook`, username: 'u', password: '[REDACTED]' },
      disableResolveMessage: false,
      provenance: 'api',
    });
    const listed = await server.call({ method: 'GET', url: `${PROV}/contact-points?name=ops` });
    expect(listed.json()).toEqual([created]);
    expect(listed.body).not.toContain('hunter22');

    // Terraform's round trip: PUT what GET answered (secret redacted), then GET it back equal.
    const put = await server.call({
      method: 'PUT',
      url: `${PROV}/contact-points/ops-webhook`,
      payload: { ...created, settings: { ...created.settings, httpMethod: 'PUT' } },
    });
    expect(put.statusCode, put.body).toBe(202);
    const after = (await server.call({ method: 'GET', url: `${PROV}/contact-points?name=ops` })).json();
    expect(after).toEqual([{ ...created, settings: { ...created.settings, httpMethod: 'PUT' } }]);
    const opened = await server.store.alertingNotify.listIntegrations(1, { uid: 'ops-webhook', open: true });
    expect(opened[0]!.settings.password).toBe('hunter22');
    // At rest the secret is sealed.
    const raw = await server.store.db
      .selectFrom('alert_contact_point' as never)
      .selectAll()
      .execute();
    expect(JSON.stringify(raw)).not.toContain('hunter22');
  });

  it('leaves provenance empty with X-Disable-Provenance, as Terraform asks', async () => {
    const created = await createContactPoint(
      { name: 'tf', type: 'slack', settings: { url: 'https://hooks.slack.com/services/T/B/secret' } },
      { 'x-disable-provenance': 'true' },
    );
    expect(created.provenance).toBeUndefined();
    expect(created.settings.url).toBe('[REDACTED]');
    expect(created.uid).toMatch(/^[a-z0-9]{14}$/);
  });

  it('refuses unknown types and missing settings with 400 {message}', async () => {
    const unknown = await server.call({
      method: 'POST',
      url: `${PROV}/contact-points`,
      payload: { name: 'x', type: 'carrier-pigeon', settings: {} },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/unknown contact point type "carrier-pigeon"/);
    const noUrl = await server.call({
      method: 'POST',
      url: `${PROV}/contact-points`,
      payload: { name: 'x', type: 'webhook', settings: {} },
    });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json().message).toBe('invalid contact point: url is required');
    const badTemplate = await server.call({
      method: 'POST',
      url: `${PROV}/contact-points`,
      payload: { name: 'x', type: 'webhook', settings: { url: 'http://127.0.0.1:1/', title: '{{ if .Status }}' } },
    });
    expect(badTemplate.statusCode).toBe(400);
    expect(badTemplate.json().message).toMatch(/settings.title: .*end/);
  });

  it('refuses settings of the wrong type, addresses that are not addresses and a blank name, naming them (400)', async () => {
    const cases: Array<[object, number, RegExp]> = [
      [{ name: 'x', type: 'webhook', settings: { url: ['http://127.0.0.1:1/'] } }, 400, /^invalid contact point: url must be a string$/],
      [{ name: 'x', type: 'slack', settings: { url: { href: 'https://hooks.slack.com/x' } } }, 400, /url must be a string/],
      [{ name: 'x', type: 'email', settings: { addresses: 'not-an-email;;;' } }, 400, /addresses: "not-an-email" is not an email address/],
      [{ name: 'x', type: 'email', settings: { addresses: 'ops@example.com; @nowhere' } }, 400, /"@nowhere" is not an email address/],
      [{ name: 'x', type: 'email', settings: { addresses: ['ops@example.com'] } }, 400, /addresses must be a string/],
      [{ name: '   ', type: 'webhook', settings: { url: 'http://127.0.0.1:1/' } }, 400, /name: cannot be blank/],
    ];
    for (const [payload, status, message] of cases) {
      const refused = await server.call({ method: 'POST', url: `${PROV}/contact-points`, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(status);
      expect(refused.json().message).toMatch(message);
    }
    // Grafana's forms of an address list: separated by ; , or new lines, with display names.
    const good = await createContactPoint({
      name: 'mail-team',
      type: 'email',
      settings: { addresses: 'ops@example.com;Ops Team <team@example.com>,\n<example@email.com>;' },
    });
    expect(good.settings.addresses).toBe('ops@example.com;Ops Team <team@example.com>,\n<example@email.com>;');
    expect((await server.call({ method: 'DELETE', url: `${PROV}/contact-points/${good.uid}` })).statusCode).toBe(202);
  });

  it('refuses settings whose templates nest too deep with 400, here and in the test of a contact point', async () => {
    for (const message of [deepIfs, deepParens]) {
      const refused = await server.call({
        method: 'POST',
        url: `${PROV}/contact-points`,
        payload: { name: 'deep', type: 'webhook', settings: { url: 'http://127.0.0.1:1/', message } },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(
        /^invalid contact point: settings.message: max expression depth exceeded: .* more than 100 deep$/,
      );
      const tested = await server.call({
        method: 'POST',
        url: '/api/alertmanager/grafana/config/api/v1/receivers/test',
        payload: {
          receivers: [
            { name: 'deep', grafana_managed_receiver_configs: [{ type: 'webhook', settings: { url: `${receiver.url}/x`, message } }] },
          ],
        },
      });
      expect(tested.statusCode).toBe(400);
      expect(tested.json().receivers[0].grafana_managed_receiver_configs[0].error).toMatch(/max expression depth exceeded/);
    }
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=deep` })).json()).toEqual([]);
  });

  it("refuses to delete the contact point a rule's notification_settings send to (409 naming the rule), as Grafana", async () => {
    const point = await createContactPoint({ name: 'rule-pager', type: 'webhook', settings: { url: `${receiver.url}/rule` } });
    const rule = await createRuleWithSettings('Disk almost full', { receiver: 'rule-pager' });
    const message = `contact point 'rule-pager' is currently used in the notification settings of alert rules: 'Disk almost full' (uid ${rule.uid})`;
    const removed = await server.call({ method: 'DELETE', url: `${PROV}/contact-points/${point.uid}` });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({ message });
    // Another integration of the same name keeps the contact point alive: that one may go.
    const sibling = await createContactPoint({ name: 'rule-pager', type: 'webhook', settings: { url: `${receiver.url}/rule2` } });
    expect((await server.call({ method: 'DELETE', url: `${PROV}/contact-points/${sibling.uid}` })).statusCode).toBe(202);
    // Once the rule no longer names it, it goes.
    expect((await server.call({ method: 'DELETE', url: `${PROV}/alert-rules/${rule.uid}` })).statusCode).toBe(204);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/contact-points/${point.uid}` })).statusCode).toBe(202);
  });
});

describe('notification policies', () => {
  it('answers the default tree, takes a tree (PUT then GET equal), exports it and resets on DELETE', async () => {
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual({
      receiver: 'grafana-default-email',
      group_by: ['grafana_folder', 'alertname'],
    });
    const tree = {
      receiver: 'ops',
      group_by: ['alertname'],
      routes: [{ receiver: 'tf', object_matchers: [['severity', '=~', 'crit.*']], continue: true, group_wait: '10s', routes: [] }],
    };
    const put = await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: tree, headers: { 'x-disable-provenance': 'true' } });
    expect(put.statusCode, put.body).toBe(202);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual(tree);
    const exported = await server.call({ method: 'GET', url: `${PROV}/policies/export?format=json` });
    expect(exported.json()).toEqual({ apiVersion: 1, policies: [{ orgId: 1, ...tree }] });
    const yaml = await server.call({ method: 'GET', url: `${PROV}/policies/export` });
    expect(yaml.body).toContain('receiver: ops');

    await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: tree });
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual({ ...tree, provenance: 'api' });

    const reset = await server.call({ method: 'DELETE', url: `${PROV}/policies` });
    expect(reset.statusCode).toBe(202);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json().receiver).toBe('grafana-default-email');
  });

  it('refuses a tree naming a receiver or mute timing that does not exist, or a bad regex', async () => {
    const missing = await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'nobody' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("invalid object specification: receiver 'nobody' does not exist");
    const timing = await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'ops', routes: [{ mute_time_intervals: ['never-made'] }] },
    });
    expect(timing.json().message).toBe("invalid object specification: mute time interval 'never-made' does not exist");
    const mutedRoot = await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'ops', mute_time_intervals: ['x'] },
    });
    expect(mutedRoot.statusCode).toBe(400);
    expect(mutedRoot.json().message).toBe('invalid object specification: root route must not have any mute time intervals');
    const regex = await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'ops', routes: [{ object_matchers: [['a', '=~', '(']] }] },
    });
    expect(regex.statusCode).toBe(400);
    expect(regex.json().message).toMatch(/invalid regular expression/);
    const duration = await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'ops', group_wait: 'soon' } });
    expect(duration.statusCode).toBe(400);
    expect(duration.json()).toMatchObject({ field: 'group_wait' });
  });

  it('refuses a zero group_interval or repeat_interval anywhere in the tree, as Alertmanager; a zero group_wait is fine', async () => {
    const cases: Array<[object, string]> = [
      [{ receiver: 'grafana-default-email', group_interval: '0s' }, 'group_interval cannot be zero'],
      [{ receiver: 'grafana-default-email', repeat_interval: '0' }, 'repeat_interval cannot be zero'],
      [{ receiver: 'grafana-default-email', routes: [{ group_interval: '0m' }] }, 'group_interval cannot be zero'],
      [{ receiver: 'grafana-default-email', routes: [{ routes: [{ repeat_interval: '0h' }] }] }, 'repeat_interval cannot be zero'],
      [{ receiver: 'grafana-default-email', group_by: ['alertname', 'alertname'] }, 'duplicated label "alertname" in group_by'],
    ];
    for (const [tree, message] of cases) {
      const refused = await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: tree });
      expect(refused.statusCode, JSON.stringify(tree)).toBe(400);
      expect(refused.json().message).toBe(`invalid object specification: ${message}`);
    }
    const immediate = { receiver: 'grafana-default-email', group_wait: '0s', routes: [{ group_wait: '0s', group_interval: '1s' }] };
    expect((await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: immediate })).statusCode).toBe(202);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual({ ...immediate, provenance: 'api' });
    expect((await server.call({ method: 'DELETE', url: `${PROV}/policies` })).statusCode).toBe(202);
  });

  it('refuses to delete a contact point the tree routes to (409)', async () => {
    await createContactPoint({ uid: 'pager-only', name: 'pager', type: 'pagerduty', settings: { integrationKey: 'k-123456' } });
    await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'pager' } });
    const refused = await server.call({ method: 'DELETE', url: `${PROV}/contact-points/pager-only` });
    expect(refused.statusCode).toBe(409);
    await server.call({ method: 'DELETE', url: `${PROV}/policies` });
    expect((await server.call({ method: 'DELETE', url: `${PROV}/contact-points/pager-only` })).statusCode).toBe(202);
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=pager` })).json()).toEqual([]);
  });
});

describe('mute timings', () => {
  const timing = {
    name: 'weekends',
    time_intervals: [{ times: [{ start_time: '00:00', end_time: '24:00' }], weekdays: ['saturday', 'sunday'], location: 'Europe/Berlin' }],
  };

  it('creates (201), refuses a taken name (400), reads, replaces (202), and refuses delete while a policy uses it (409)', async () => {
    const created = await server.call({ method: 'POST', url: `${PROV}/mute-timings`, payload: timing });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ ...timing, provenance: 'api' });
    const again = await server.call({ method: 'POST', url: `${PROV}/mute-timings`, payload: timing });
    // Grafana's ErrTimeIntervalExists: a bad request, not a conflict.
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ messageId: 'alerting.notifications.time-intervals.nameExists' });
    const changed = { ...timing, time_intervals: [{ weekdays: ['saturday:sunday'], months: ['1:3'] }] };
    const put = await server.call({
      method: 'PUT',
      url: `${PROV}/mute-timings/weekends`,
      payload: changed,
      headers: { 'x-disable-provenance': 'true' },
    });
    expect(put.statusCode, put.body).toBe(202);
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/weekends` })).json()).toEqual(changed);
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings` })).json()).toEqual([changed]);

    await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'ops', routes: [{ receiver: 'ops', mute_time_intervals: ['weekends'] }] },
    });
    const refused = await server.call({ method: 'DELETE', url: `${PROV}/mute-timings/weekends` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("mute time interval 'weekends' is currently used by a notification policy");
    // Terraform removes the use and retries.
    await server.call({ method: 'DELETE', url: `${PROV}/policies` });
    expect((await server.call({ method: 'DELETE', url: `${PROV}/mute-timings/weekends` })).statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/weekends` })).statusCode).toBe(404);
  });

  it("refuses delete while a rule's notification_settings name it (409 naming the rule), as Grafana", async () => {
    for (const use of ['mute_time_intervals', 'active_time_intervals']) {
      const created = await server.call({ method: 'POST', url: `${PROV}/mute-timings`, payload: { ...timing, name: `rule-${use}` } });
      expect(created.statusCode, created.body).toBe(201);
      const rule = await createRuleWithSettings(`Quiet ${use}`, { receiver: 'grafana-default-email', [use]: [`rule-${use}`] });
      const refused = await server.call({ method: 'DELETE', url: `${PROV}/mute-timings/rule-${use}` });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: `mute time interval 'rule-${use}' is currently used by the notification settings of alert rules: 'Quiet ${use}' (uid ${rule.uid})`,
      });
      expect((await server.call({ method: 'DELETE', url: `${PROV}/alert-rules/${rule.uid}` })).statusCode).toBe(204);
      expect((await server.call({ method: 'DELETE', url: `${PROV}/mute-timings/rule-${use}` })).statusCode).toBe(204);
    }
  });

  it('refuses bad times and unknown locations', async () => {
    const backwards = await server.call({
      method: 'POST',
      url: `${PROV}/mute-timings`,
      payload: { name: 'b', time_intervals: [{ times: [{ start_time: '18:00', end_time: '09:00' }] }] },
    });
    expect(backwards.statusCode).toBe(400);
    const zone = await server.call({
      method: 'POST',
      url: `${PROV}/mute-timings`,
      payload: { name: 'z', time_intervals: [{ location: 'Mars/Olympus' }] },
    });
    expect(zone.json().message).toMatch(/unknown location "Mars\/Olympus"/);
  });
});

describe('templates', () => {
  it('puts (202), lists, reads and deletes (204) a template; refuses one that does not parse', async () => {
    const put = await server.call({ method: 'PUT', url: `${PROV}/templates/my.title`, payload: { template: '{{ .Status | toUpper }}' } });
    expect(put.statusCode, put.body).toBe(202);
    expect(put.json()).toEqual({ name: 'my.title', template: '{{ .Status | toUpper }}', provenance: 'api' });
    expect((await server.call({ method: 'GET', url: `${PROV}/templates` })).json()).toEqual([put.json()]);
    expect((await server.call({ method: 'GET', url: `${PROV}/templates/my.title` })).json()).toEqual(put.json());
    const bad = await server.call({ method: 'PUT', url: `${PROV}/templates/broken`, payload: { template: '{{ range .Alerts }}' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^invalid template: /);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/templates/my.title` })).statusCode).toBe(204);
    expect((await server.call({ method: 'GET', url: `${PROV}/templates/my.title` })).statusCode).toBe(404);
  });

  it('refuses templates nested deeper than 100 with 400, not 500', async () => {
    for (const content of [`{{ define "d" }}${deepIfs}{{ end }}`, deepParens]) {
      const refused = await server.call({ method: 'PUT', url: `${PROV}/templates/x`, payload: { template: content } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        field: 'template',
        message: 'invalid template: max expression depth exceeded: blocks and parentheses nest more than 100 deep',
      });
    }
    const ninetyNine = `{{ define "nested" }}${'{{ if 1 }}'.repeat(99)}ok${'{{ end }}'.repeat(99)}{{ end }}`;
    expect((await server.call({ method: 'PUT', url: `${PROV}/templates/nested`, payload: { template: ninetyNine } })).statusCode).toBe(202);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/templates/nested` })).statusCode).toBe(204);
  });

  it('refuses to delete, or change away, a template a contact point calls (409 naming it); the change is fine once unused', async () => {
    const defines = '{{ define "ops.message" }}{{ template "ops.line" . }}{{ end }}{{ define "ops.line" }}{{ .Status }}{{ end }}';
    expect((await server.call({ method: 'PUT', url: `${PROV}/templates/ops`, payload: { template: defines } })).statusCode).toBe(202);
    const point = await createContactPoint({
      name: 'templated',
      type: 'webhook',
      settings: { url: `${receiver.url}/t`, message: '{{ if .Alerts }}{{ template "ops.message" . }}{{ end }}' },
    });
    const removed = await server.call({ method: 'DELETE', url: `${PROV}/templates/ops` });
    expect(removed.statusCode).toBe(409);
    expect(removed.json()).toEqual({
      message: `template 'ops' is currently used by contact points: 'templated' (webhook, settings.message: template "ops.message" is not defined)`,
    });
    // Dropping a define another one calls breaks the contact point as surely.
    const narrowed = await server.call({
      method: 'PUT',
      url: `${PROV}/templates/ops`,
      payload: { template: '{{ define "ops.message" }}{{ template "ops.line" . }}{{ end }}' },
    });
    expect(narrowed.statusCode).toBe(409);
    expect(narrowed.json().message).toMatch(/'templated' \(webhook, settings.message: template "ops.line" is not defined\)/);
    expect((await server.call({ method: 'GET', url: `${PROV}/templates/ops` })).json().template).toBe(defines);
    // A change that keeps what it calls, or a template nobody calls, goes through.
    const reworded = defines.replace('{{ .Status }}', '{{ .Status | toUpper }}');
    expect((await server.call({ method: 'PUT', url: `${PROV}/templates/ops`, payload: { template: reworded } })).statusCode).toBe(202);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/contact-points/${point.uid}` })).statusCode).toBe(202);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/templates/ops` })).statusCode).toBe(204);
  });
});

describe('Alertmanager v2: silences and alerts', () => {
  it('creates a silence ({silenceID}), lists it with a filter, shows the alert suppressed, and expires it', async () => {
    const now = Date.now();
    await server.app.notifier.send([
      {
        orgId: 1,
        labels: { alertname: 'DiskFull', grafana_folder: 'Infra', host: 'db-1' },
        annotations: { summary: 'disk' },
        startsAt: new Date(now - 60_000).toISOString(),
        endsAt: new Date(now + 600_000).toISOString(),
        generatorURL: 'http://localhost:3000/alerting/grafana/abc/view',
      },
    ]);
    const alerts = (await server.call({ method: 'GET', url: `${AM}/alerts` })).json();
    expect(alerts).toHaveLength(1);
    expect(gettableAlertSchema.parse(alerts[0])).toMatchObject({
      status: { state: 'active', silencedBy: [] },
      receivers: [{ name: 'grafana-default-email' }],
    });

    const created = await server.call({
      method: 'POST',
      url: `${AM}/silences`,
      payload: {
        matchers: [{ name: 'host', value: 'db-.*', isRegex: true, isEqual: true }],
        startsAt: new Date(now - 1000).toISOString(),
        endsAt: new Date(now + 3_600_000).toISOString(),
        createdBy: 'ops',
        comment: 'maintenance',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { silenceID } = created.json();
    expect(silenceID).toMatch(/^[0-9a-f-]{36}$/);

    const listed = (await server.call({ method: 'GET', url: `${AM}/silences?filter=${encodeURIComponent('host=~"db-.*"')}` })).json();
    expect(listed.map((s: { id: string }) => s.id)).toEqual([silenceID]);
    expect((await server.call({ method: 'GET', url: `${AM}/silences?filter=host%3Dother` })).json()).toEqual([]);
    expect(gettableSilenceSchema.parse((await server.call({ method: 'GET', url: `${AM}/silence/${silenceID}` })).json()).status.state).toBe(
      'active',
    );

    const silenced = (await server.call({ method: 'GET', url: `${AM}/alerts` })).json();
    expect(silenced[0].status).toEqual({ state: 'suppressed', silencedBy: [silenceID], inhibitedBy: [], mutedBy: [] });
    expect((await server.call({ method: 'GET', url: `${AM}/alerts?silenced=false` })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: `${AM}/alerts?filter=alertname%3DDiskFull&receiver=grafana-.*` })).json()).toHaveLength(
      1,
    );
    const groups = (await server.call({ method: 'GET', url: `${AM}/alerts/groups` })).json();
    expect(groups).toEqual([
      {
        labels: { alertname: 'DiskFull', grafana_folder: 'Infra' },
        receiver: { name: 'grafana-default-email' },
        alerts: [expect.any(Object)],
      },
    ]);

    expect((await server.call({ method: 'DELETE', url: `${AM}/silence/${silenceID}` })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `${AM}/silence/${silenceID}` })).json().status.state).toBe('expired');
    expect((await server.call({ method: 'GET', url: `${AM}/alerts` })).json()[0].status.state).toBe('active');
    expect((await server.call({ method: 'DELETE', url: `${AM}/silence/${silenceID}` })).statusCode).toBe(400);
    expect((await server.call({ method: 'DELETE', url: `${AM}/silence/no-such` })).statusCode).toBe(404);
  });

  it('refuses silences that would match everything, end in the past, or have a bad regex', async () => {
    const base = { startsAt: new Date().toISOString(), endsAt: new Date(Date.now() + 60_000).toISOString(), createdBy: 'me', comment: '' };
    const empty = await server.call({
      method: 'POST',
      url: `${AM}/silences`,
      payload: { ...base, matchers: [{ name: 'a', value: '.*', isRegex: true, isEqual: true }] },
    });
    expect(empty.statusCode).toBe(400);
    const past = await server.call({
      method: 'POST',
      url: `${AM}/silences`,
      payload: {
        ...base,
        endsAt: '2001-01-01T00:00:00Z',
        startsAt: '2000-01-01T00:00:00Z',
        matchers: [{ name: 'a', value: 'b', isRegex: false }],
      },
    });
    expect(past.json().message).toBe("invalid silence: end time can't be in the past");
    const regex = await server.call({
      method: 'POST',
      url: `${AM}/silences`,
      payload: { ...base, matchers: [{ name: 'a', value: '(', isRegex: true }] },
    });
    expect(regex.statusCode).toBe(400);
  });

  it("refuses start and end times that are not RFC 3339 date-times (Alertmanager's date-time)", async () => {
    const matchers = [{ name: 'a', value: 'b', isRegex: false }];
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const cases: Array<[Record<string, string>, string]> = [
      [{ startsAt: '1', endsAt: soon }, 'startsAt'],
      [{ startsAt: new Date().toISOString(), endsAt: '3000' }, 'endsAt'],
      [{ startsAt: 'Jan 1 2030', endsAt: soon }, 'startsAt'],
      [{ startsAt: new Date().toISOString(), endsAt: '2999-02-30T00:00:00Z' }, 'endsAt'],
      [{ startsAt: new Date().toISOString(), endsAt: '2999-01-01T24:00:00Z' }, 'endsAt'],
      [{ startsAt: new Date().toISOString(), endsAt: '2999-01-01T00:00:00' }, 'endsAt'],
    ];
    for (const [times, field] of cases) {
      const refused = await server.call({
        method: 'POST',
        url: `${AM}/silences`,
        payload: { ...times, matchers, createdBy: 'me', comment: '' },
      });
      expect(refused.statusCode, JSON.stringify(times)).toBe(400);
      expect(refused.json()).toEqual({
        field,
        message: `bad request data: ${field}: must be an RFC 3339 date-time such as 2024-01-01T00:00:00Z`,
      });
    }
    const offset = await server.call({
      method: 'POST',
      url: `${AM}/silences`,
      payload: { startsAt: '2024-01-01T00:00:00.123456789+02:00', endsAt: '2999-01-01t00:00:00z', matchers, createdBy: 'me', comment: '' },
    });
    expect(offset.statusCode, offset.body).toBe(200);
    const stored = gettableSilenceSchema.parse(
      (await server.call({ method: 'GET', url: `${AM}/silence/${offset.json().silenceID}` })).json(),
    );
    expect(stored.endsAt).toBe('2999-01-01T00:00:00Z');
    expect((await server.call({ method: 'DELETE', url: `${AM}/silence/${offset.json().silenceID}` })).statusCode).toBe(200);
  });

  it('answers status with the configuration', async () => {
    const status = (await server.call({ method: 'GET', url: `${AM}/status` })).json();
    expect(status.cluster.status).toBe('ready');
    expect(status.config.route.receiver).toBe('grafana-default-email');
  });
});

describe('receivers/test', () => {
  it('sends a test notification through each integration and answers each one’s outcome in the receiver’s words', async () => {
    const before = receiver.requests.length;
    const response = await server.call({
      method: 'POST',
      url: '/api/alertmanager/grafana/config/api/v1/receivers/test',
      payload: {
        receivers: [
          {
            name: 'ops',
            grafana_managed_receiver_configs: [
              // The stored secret is used when the request sends it back redacted.
              { uid: 'ops-webhook', type: 'webhook', settings: { url: `${receiver.url}/test`, username: 'u', password: '[REDACTED]' } },
              { uid: 'down', type: 'webhook', settings: { url: `${failing.url}/test` } },
            ],
          },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(207);
    const body = testReceiversResponseSchema.parse(response.json());
    expect(body.alert.labels).toEqual({ alertname: 'TestAlert', instance: 'Grafana' });
    expect(body.receivers[0]!.grafana_managed_receiver_configs).toEqual([
      { name: 'ops', uid: 'ops-webhook', status: 'ok' },
      { name: 'ops', uid: 'down', status: 'failed', error: `${failing.url} answered 500: the receiver is down for maintenance` },
    ]);
    const sent = receiver.requests.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers.authorization).toBe(`Basic ${Buffer.from('u:hunter22').toString('base64')}`);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      status: 'firing',
      alerts: [{ labels: { alertname: 'TestAlert', instance: 'Grafana' } }],
    });

    const invalid = await server.call({
      method: 'POST',
      url: '/api/alertmanager/grafana/config/api/v1/receivers/test',
      payload: { receivers: [{ name: 'x', grafana_managed_receiver_configs: [{ type: 'webhook', settings: {} }] }] },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().receivers[0].grafana_managed_receiver_configs[0]).toMatchObject({ status: 'failed', error: 'url is required' });
  });
});

describe('permissions, as Grafana’s', () => {
  it('lets Viewers read, Editors silence, and only Admins change contact points and policies', async () => {
    const viewer = await server.accountWithToken('Viewer');
    const editor = await server.accountWithToken('Editor');
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points`, token: viewer.token })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies`, token: viewer.token })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `${AM}/silences`, token: viewer.token })).statusCode).toBe(200);
    const write = { name: 'e', type: 'webhook', settings: { url: 'http://127.0.0.1:9/' } };
    expect((await server.call({ method: 'POST', url: `${PROV}/contact-points`, payload: write, token: editor.token })).statusCode).toBe(
      403,
    );
    expect(
      (await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'ops' }, token: editor.token })).statusCode,
    ).toBe(403);
    expect(
      (await server.call({ method: 'PUT', url: `${PROV}/templates/x`, payload: { template: 'x' }, token: editor.token })).statusCode,
    ).toBe(403);
    const silence = {
      matchers: [{ name: 'a', value: 'b', isRegex: false, isEqual: true }],
      startsAt: new Date().toISOString(),
      endsAt: new Date(Date.now() + 60_000).toISOString(),
      createdBy: 'editor',
      comment: '',
    };
    expect((await server.call({ method: 'POST', url: `${AM}/silences`, payload: silence, token: viewer.token })).statusCode).toBe(403);
    expect((await server.call({ method: 'POST', url: `${AM}/silences`, payload: silence, token: editor.token })).statusCode).toBe(200);
  });
});

describe('the running server', () => {
  it('flushes groups on its own timer when dispatching is on (as main.ts runs it)', async () => {
    const running = await startTestServer({ app: { notifications: { dispatch: true, notifier: { tickMs: 50 } } } });
    try {
      const created = await running.call({
        method: 'POST',
        url: `${PROV}/contact-points`,
        payload: { name: 'live', type: 'webhook', settings: { url: `${receiver.url}/live` } },
      });
      expect(created.statusCode).toBe(202);
      await running.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'live', group_wait: '0s' } });
      await running.app.notifier.send([
        {
          orgId: 1,
          labels: { alertname: 'Live', grafana_folder: 'F' },
          annotations: {},
          startsAt: new Date().toISOString(),
          endsAt: new Date(Date.now() + 600_000).toISOString(),
          generatorURL: '',
        },
      ]);
      // A state, not a time: the receiver has the notification.
      await expect.poll(() => receiver.requests.filter((request) => request.url === '/live').length, { timeout: 30_000 }).toBe(1);
    } finally {
      await running.cleanup();
    }
  });
});
