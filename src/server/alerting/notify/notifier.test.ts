/**
 * Issue 30, notifications: Alertmanager's timing and dedup with a fake clock over the real store
 * (both stores), Grafana's webhook payload checked exactly by an in-test receiver, silences and
 * mute timings suppressing, repeat, resolved, a restart (a new notifier over the same store) and a
 * second instance sending nothing twice.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostableAlert } from '../types';
import { startFakeHttp, type Backend } from '../../testing/backends';
import { openStoreBeside, startTestServer, type TestServer } from '../../testing/harness';
import type { Store } from '../../store';
import { Notifier, RETRY_DELAYS_MS, STOPPED_BEFORE_DELIVERY } from './notifier';

let server: TestServer;
let receiver: Backend & { requests: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> };
let clock: number;
const T0 = Date.parse('2024-05-01T12:00:00Z');

beforeAll(async () => {
  server = await startTestServer();
  receiver = await startFakeHttp(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  await receiver.stop();
  await server.cleanup();
});

function notifier(): Notifier {
  return new Notifier(server.store.alertingNotify, {
    now: () => clock,
    externalUrl: 'http://sightline.example:3000',
    retryDelaysMs: [0, 0],
    sleep: async () => {},
  });
}

/** Alerts of the org, each firing for ten minutes from the clock unless `endsAt` says otherwise. */
function alert(labels: Record<string, string>, extra: Partial<PostableAlert> = {}): PostableAlert {
  return {
    orgId: 1,
    labels: { alertname: 'HighLatency', grafana_folder: 'Services', ...labels },
    annotations: { summary: `latency of ${labels.host ?? 'all'}` },
    startsAt: new Date(T0 - 60_000).toISOString(),
    endsAt: new Date(clock + 600_000).toISOString(),
    generatorURL: 'http://sightline.example:3000/alerting/grafana/rule-1/view',
    ...extra,
  };
}

const sent = () =>
  receiver.requests.map((request) => JSON.parse(request.body) as Record<string, unknown> & { alerts: Array<Record<string, unknown>> });
const PROV = '/api/v1/provisioning';

beforeEach(async () => {
  clock = T0;
  receiver.requests.length = 0;
  // Each test starts from nothing: no alerts, no log, no silences; one webhook as the root receiver.
  const db = server.store.db;
  for (const table of [
    'alert_received',
    'alert_notification_log',
    'alert_silence',
    'alert_mute_timing',
    'alert_policy_tree',
    'alert_contact_point',
    'alert_delivery_status',
  ]) {
    await db.deleteFrom(table as never).execute();
  }
  const created = await server.call({
    method: 'POST',
    url: `${PROV}/contact-points`,
    payload: {
      uid: 'hook',
      name: 'team-hook',
      type: 'webhook',
      settings: { url: `${receiver.url}/alerts`, authorization_credentials: 'tok-1234' },
    },
  });
  expect(created.statusCode, created.body).toBe(202);
  expect((await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'team-hook' } })).statusCode).toBe(202);
});
let beside: Store | undefined;
afterEach(async () => {
  receiver.requests.length = 0;
  await beside?.close();
  beside = undefined;
});

describe('timing and grouping', () => {
  it('waits group_wait, then sends Grafana’s webhook payload exactly, once', async () => {
    const n = notifier();
    await n.send([
      alert({ host: 'a' }, { values: { B: 7.5 }, valueString: "[ var='B' labels={host=a} value=7.5 ]" }),
      alert({ host: 'b' }, { annotations: { summary: 'latency of b', __dashboardUid__: 'dash-1', __panelId__: '4' } }),
    ]);
    await n.tick();
    expect(sent()).toHaveLength(0);
    clock = T0 + 29_000;
    await n.tick();
    expect(sent()).toHaveLength(0);
    clock = T0 + 30_000;
    await n.tick();
    expect(sent()).toHaveLength(1);
    expect(receiver.requests[0]!.headers.authorization).toBe('Bearer tok-1234');
    expect(receiver.requests[0]!.headers['content-type']).toBe('application/json');
    const groupKey = '{}:{alertname="HighLatency", grafana_folder="Services"}';
    const silence = (host: string) =>
      `http://sightline.example:3000/alerting/silence/new?alertmanager=grafana&matcher=alertname%3DHighLatency&matcher=grafana_folder%3DServices&matcher=host%3D${host}`;
    expect(sent()[0]).toEqual({
      receiver: 'team-hook',
      status: 'firing',
      orgId: 1,
      alerts: [
        {
          status: 'firing',
          labels: { alertname: 'HighLatency', grafana_folder: 'Services', host: 'a' },
          annotations: { summary: 'latency of a' },
          startsAt: '2024-05-01T11:59:00Z',
          endsAt: '0001-01-01T00:00:00Z',
          generatorURL: 'http://sightline.example:3000/alerting/grafana/rule-1/view',
          fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
          silenceURL: silence('a'),
          dashboardURL: '',
          panelURL: '',
          values: { B: 7.5 },
          valueString: "[ var='B' labels={host=a} value=7.5 ]",
        },
        {
          status: 'firing',
          labels: { alertname: 'HighLatency', grafana_folder: 'Services', host: 'b' },
          annotations: { summary: 'latency of b' },
          startsAt: '2024-05-01T11:59:00Z',
          endsAt: '0001-01-01T00:00:00Z',
          generatorURL: 'http://sightline.example:3000/alerting/grafana/rule-1/view',
          fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/),
          silenceURL: silence('b'),
          dashboardURL: 'http://sightline.example:3000/d/dash-1?orgId=1',
          panelURL: 'http://sightline.example:3000/d/dash-1?orgId=1&viewPanel=4',
          values: null,
          valueString: '',
        },
      ],
      groupLabels: { alertname: 'HighLatency', grafana_folder: 'Services' },
      commonLabels: { alertname: 'HighLatency', grafana_folder: 'Services' },
      commonAnnotations: {},
      externalURL: 'http://sightline.example:3000',
      version: '1',
      groupKey,
      truncatedAlerts: 0,
      title: '[FIRING:2] HighLatency Services ',
      state: 'alerting',
      message: expect.stringContaining('**Firing**\n\nValue: B=7.5\nLabels:\n - alertname = HighLatency\n'),
    });
    // Nothing changed: neither the next group_interval nor a tick in between sends again.
    clock = T0 + 30_000 + 300_000;
    await n.send([alert({ host: 'a' }), alert({ host: 'b' })]);
    await n.tick();
    expect(sent()).toHaveLength(1);
  });

  it('groups by group_by: one notification per alertname, and `...` groups by every label', async () => {
    const n = notifier();
    await n.send([alert({ host: 'a' }), alert({ host: 'b' }), alert({ alertname: 'DiskFull', host: 'a' })]);
    clock += 30_000;
    await n.tick();
    expect(sent().map((body) => [body.groupLabels, body.alerts.length])).toEqual(
      expect.arrayContaining([
        [{ alertname: 'HighLatency', grafana_folder: 'Services' }, 2],
        [{ alertname: 'DiskFull', grafana_folder: 'Services' }, 1],
      ]),
    );
    expect(sent()).toHaveLength(2);

    receiver.requests.length = 0;
    await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: { receiver: 'team-hook', group_by: ['...'], group_wait: '0s' } });
    await n.send([alert({ alertname: 'Other', host: 'a' }), alert({ alertname: 'Other', host: 'b' })]);
    await n.tick();
    expect(sent().filter((body) => (body.groupLabels as Record<string, string>).alertname === 'Other')).toHaveLength(2);
  });

  it('sends a new alert of a notified group at the next group_interval, and repeats after repeat_interval', async () => {
    await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'team-hook', group_interval: '1m', repeat_interval: '10m' },
    });
    const n = notifier();
    await n.send([alert({ host: 'a' })]);
    clock += 30_000;
    await n.tick();
    expect(sent()).toHaveLength(1);
    clock += 10_000;
    await n.send([alert({ host: 'a' }), alert({ host: 'b' })]);
    await n.tick();
    expect(sent()).toHaveLength(1);
    clock += 50_000; // group_interval after the first flush
    await n.tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]!.alerts).toHaveLength(2);
    // Unchanged until repeat_interval has passed since the last notification.
    for (let minute = 1; minute <= 9; minute++) {
      clock += 60_000;
      await n.send([alert({ host: 'a' }), alert({ host: 'b' })]);
      await n.tick();
    }
    expect(sent()).toHaveLength(2);
    clock += 60_000;
    await n.send([alert({ host: 'a' }), alert({ host: 'b' })]);
    await n.tick();
    expect(sent()).toHaveLength(3);
  });

  it('sends resolved notifications, except to contact points that disable them', async () => {
    const n = notifier();
    await n.send([alert({ host: 'a' })]);
    clock += 30_000;
    await n.tick();
    await n.send([alert({ host: 'a' }, { endsAt: new Date(clock).toISOString() })]);
    clock += 300_000;
    await n.tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]).toMatchObject({ status: 'resolved', state: 'ok', alerts: [{ status: 'resolved', endsAt: '2024-05-01T12:00:30Z' }] });
    expect(sent()[1]!.title).toBe('[RESOLVED] HighLatency Services (a)');
    // The group is gone: nothing more.
    clock += 600_000;
    await n.tick();
    expect(sent()).toHaveLength(2);

    receiver.requests.length = 0;
    const [hook] = (await server.call({ method: 'GET', url: `${PROV}/contact-points` })).json();
    await server.call({ method: 'PUT', url: `${PROV}/contact-points/hook`, payload: { ...hook, disableResolveMessage: true } });
    await n.send([alert({ host: 'c' })]);
    clock += 30_000;
    await n.tick();
    await n.send([alert({ host: 'c' }, { endsAt: new Date(clock).toISOString() })]);
    clock += 300_000;
    await n.tick();
    expect(sent().map((body) => body.status)).toEqual(['firing']);
  });
});

describe('suppression', () => {
  it('sends nothing for silenced alerts, and sends once the silence is expired', async () => {
    const created = await server.call({
      method: 'POST',
      url: '/api/alertmanager/grafana/api/v2/silences',
      payload: {
        matchers: [{ name: 'host', value: 'a|b', isRegex: true, isEqual: true }],
        startsAt: new Date(Date.now() - 1000).toISOString(),
        endsAt: new Date(Date.now() + 3_600_000).toISOString(),
        createdBy: 'test',
        comment: 'quiet',
      },
    });
    const { silenceID } = created.json();
    // The silence is written on the real clock; the notifier's fake one is moved into it.
    clock = Date.now();
    const n = notifier();
    await n.send([alert({ host: 'a' }), alert({ host: 'b' })]);
    clock += 30_000;
    await n.tick();
    clock += 300_000;
    await n.tick();
    expect(sent()).toHaveLength(0);
    // The silence's regex is anchored: host c is not silenced.
    await n.send([alert({ host: 'c' })]);
    clock += 30_000;
    await n.tick();
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.alerts.map((a) => (a.labels as Record<string, string>).host)).toEqual(['c']);

    await server.store.alertingNotify.expireSilence(1, silenceID, clock);
    await n.send([alert({ host: 'a' }), alert({ host: 'b' }), alert({ host: 'c' })]);
    clock += 300_000;
    await n.tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]!.alerts).toHaveLength(3);
  });

  it('mutes a policy during its mute timing, and sends when the timing is over', async () => {
    // 12:00–13:00 UTC every day: T0 is noon.
    await server.call({
      method: 'POST',
      url: `${PROV}/mute-timings`,
      payload: { name: 'lunch', time_intervals: [{ times: [{ start_time: '12:00', end_time: '13:00' }] }] },
    });
    await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'team-hook', routes: [{ object_matchers: [['host', '=', 'a']], mute_time_intervals: ['lunch'] }] },
    });
    const n = notifier();
    await n.send([alert({ host: 'a' }), alert({ host: 'z' })]);
    clock += 30_000;
    await n.tick();
    expect(sent().map((body) => body.alerts.map((a) => (a.labels as Record<string, string>).host))).toEqual([['z']]);
    clock = Date.parse('2024-05-01T13:01:00Z');
    await n.send([alert({ host: 'a' }), alert({ host: 'z' })]);
    await n.tick();
    expect(sent()).toHaveLength(2);
    expect(sent()[1]!.alerts.map((a) => (a.labels as Record<string, string>).host)).toEqual(['a']);
  });

  it('sends only inside active time intervals', async () => {
    await server.call({
      method: 'POST',
      url: `${PROV}/mute-timings`,
      payload: { name: 'nights', time_intervals: [{ times: [{ start_time: '22:00', end_time: '24:00' }] }] },
    });
    // On a nested policy: Alertmanager refuses time intervals on the default one.
    await server.call({
      method: 'PUT',
      url: `${PROV}/policies`,
      payload: { receiver: 'team-hook', routes: [{ object_matchers: [['host', '=', 'a']], active_time_intervals: ['nights'] }] },
    });
    const n = notifier();
    await n.send([alert({ host: 'a' })]);
    clock += 30_000;
    await n.tick();
    expect(sent()).toHaveLength(0);
    clock = Date.parse('2024-05-01T22:00:00Z');
    await n.send([alert({ host: 'a' })]);
    await n.tick();
    expect(sent()).toHaveLength(1);
  });
});

describe('restarts and several instances', () => {
  it('does not send again after a restart (the notification log is in the store)', async () => {
    const first = notifier();
    await first.send([alert({ host: 'a' })]);
    clock += 30_000;
    await first.tick();
    expect(sent()).toHaveLength(1);
    const restarted = notifier();
    clock += 300_000;
    await restarted.send([alert({ host: 'a' })]);
    await restarted.tick();
    clock += 300_000;
    await restarted.send([alert({ host: 'a' })]);
    await restarted.tick();
    expect(sent()).toHaveLength(1);
  });

  it('sends a group once when several instances flush it at the same moment', async () => {
    // One instance on a connection of its own, as another process would have.
    beside = await openStoreBeside(server.dataDir);
    const other = new Notifier(beside.alertingNotify, {
      now: () => clock,
      externalUrl: 'http://sightline.example:3000',
      retryDelaysMs: [0, 0],
      sleep: async () => {},
    });
    const instances = [notifier(), notifier(), other];
    await instances[0]!.send([alert({ host: 'a' })]);
    await instances[1]!.send([alert({ host: 'b' })]);
    clock += 30_000;
    await Promise.all(instances.map((instance) => instance.tick()));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.alerts).toHaveLength(2);
    clock += 300_000;
    await instances[2]!.send([alert({ host: 'c' })]);
    clock += 300_000;
    await Promise.all(instances.map((instance) => instance.tick()));
    expect(sent()).toHaveLength(2);
  });
});

describe('deliveries', () => {
  it('retries a failing receiver a bounded number of times and counts each attempt in /metrics', async () => {
    let calls = 0;
    const flaky = await startFakeHttp(() => (++calls < 3 ? { status: 503, body: 'busy' } : { status: 200, body: {} }));
    try {
      await server.call({
        method: 'PUT',
        url: `${PROV}/contact-points/hook`,
        payload: { name: 'team-hook', type: 'webhook', settings: { url: flaky.url } },
      });
      const n = notifier();
      await n.send([alert({ host: 'a' })]);
      clock += 30_000;
      await n.tick();
      expect(calls).toBe(3);
      const metrics = (await server.call({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/sightline_alerting_notifications_total\{type="webhook",result="failure"\} [2-9]/);
      expect(metrics).toMatch(/sightline_alerting_notifications_total\{type="webhook",result="success"\} \d/);
    } finally {
      await flaky.stop();
    }
  });

  it("backs off exponentially, keeps each integration's last attempt and answers it as Grafana's receiver status", async () => {
    const failing = await startFakeHttp(() => ({ status: 500, body: 'disk full' }));
    try {
      await server.call({
        method: 'PUT',
        url: `${PROV}/contact-points/hook`,
        payload: { name: 'team-hook', type: 'webhook', settings: { url: failing.url } },
      });
      const waits: number[] = [];
      const n = new Notifier(server.store.alertingNotify, {
        now: () => clock,
        deliveryLog: server.store.alertingDelivery,
        // The default backoff, its waits recorded instead of slept.
        sleep: async (ms) => void waits.push(ms),
      });
      type Status = Array<{ name: string; active: boolean; integrations: Array<Record<string, unknown>> }>;
      const status = async () =>
        (await server.call({ method: 'GET', url: '/api/alertmanager/grafana/config/api/v1/receivers' })).json<Status>();
      expect(await status()).toEqual([
        {
          name: 'team-hook',
          active: true,
          integrations: [
            { name: 'webhook[0]', sendResolved: true, lastNotifyAttempt: '0001-01-01T00:00:00Z', lastNotifyAttemptDuration: '0s' },
          ],
        },
      ]);
      await n.send([alert({ host: 'a' })]);
      clock += 30_000;
      await n.tick();
      expect(waits).toEqual(RETRY_DELAYS_MS);
      expect(RETRY_DELAYS_MS).toEqual([1000, 4000]);
      expect(failing.requests).toHaveLength(3);
      const [failed] = await status();
      expect(failed!.integrations[0]).toMatchObject({
        name: 'webhook[0]',
        lastNotifyAttempt: new Date(clock).toISOString().replace('.000Z', 'Z'),
        lastNotifyAttemptError: expect.stringMatching(/answered 500: disk full/),
      });
      expect(failed!.integrations[0]!.lastNotifyAttemptDuration).toMatch(/^\d+(\.\d+)?m?s$/);

      // Delivered again: the error is gone. A Viewer may read the status.
      await server.call({
        method: 'PUT',
        url: `${PROV}/contact-points/hook`,
        payload: { name: 'team-hook', type: 'webhook', settings: { url: receiver.url } },
      });
      await n.send([alert({ host: 'b' })]);
      clock += 300_000;
      await n.tick();
      const viewer = await server.accountWithToken('Viewer');
      const answer = await server.call({ method: 'GET', url: '/api/alertmanager/grafana/config/api/v1/receivers', token: viewer.token });
      expect(answer.statusCode).toBe(200);
      const integration = answer.json<Status>()[0]!.integrations[0]!;
      expect(integration.lastNotifyAttemptError).toBeUndefined();
      expect(integration.lastNotifyAttempt).toBe(new Date(clock).toISOString().replace('.000Z', 'Z'));
    } finally {
      await failing.stop();
    }
  });

  it('stops at once with a delivery in flight to a receiver that never answers: not delivered, no retry, the next group left due', async () => {
    // The receiver's side of the connection: a stop must close it, not leave it to the deadline.
    let connectionClosed = false;
    const silent = await startFakeHttp((request) => {
      request.socket.once('close', () => (connectionClosed = true));
      return 'hang';
    });
    try {
      await server.call({
        method: 'PUT',
        url: `${PROV}/contact-points/hook`,
        payload: { name: 'team-hook', type: 'webhook', settings: { url: `${silent.url}/alerts` } },
      });
      const n = new Notifier(server.store.alertingNotify, {
        now: () => clock,
        tickMs: 5,
        deliveryLog: server.store.alertingDelivery,
        // Neither the receiver's deadline nor the wait before a retry ends before the test's own.
        deliveryTimeoutMs: 600_000,
        retryDelaysMs: [600_000],
      });
      // Two groups (by alertname), both due: the first flushed hangs, the second waits its turn.
      await n.send([alert({ host: 'a' }), alert({ alertname: 'DiskFull', host: 'a' })]);
      clock += 30_000;
      n.start();
      await vi.waitFor(() => expect(silent.requests).toHaveLength(1), { timeout: 10_000, interval: 5 });
      // With a deadline of ten minutes, a stop that waited for the receiver would not return
      // within the test's own time.
      await n.stop();
      await vi.waitFor(() => expect(connectionClosed).toBe(true), { timeout: 10_000, interval: 5 });

      expect(silent.requests).toHaveLength(1);
      const attempts = await server.store.alertingDelivery.lastAttempts(1);
      expect(attempts.get('hook')).toMatchObject({ error: STOPPED_BEFORE_DELIVERY });
      // The flushed group was claimed (not sent again: the existing model for a failed delivery);
      // the other was never claimed, so whoever flushes next sends it.
      const log = await server.store.alertingNotify.dispatch.notificationLog(1);
      expect(log.map((entry) => entry.lastSent).sort()).toEqual([clock, null].sort());
      const sentGroup = JSON.parse(silent.requests[0]!.body).groupLabels.alertname as string;
      const pending = log.find((entry) => entry.lastSent === null)!;
      expect(pending.groupKey).toContain(sentGroup === 'DiskFull' ? 'HighLatency' : 'DiskFull');
      expect(pending.nextFlush).toBeLessThanOrEqual(clock);
    } finally {
      await silent.stop();
    }
  });

  it('applies the outgoing deny list to webhooks', async () => {
    await server.call({
      method: 'PUT',
      url: `${PROV}/contact-points/hook`,
      payload: { name: 'team-hook', type: 'webhook', settings: { url: 'http://169.254.169.254/latest' } },
    });
    const [result] = await notifier().testIntegrations(
      1,
      'team-hook',
      await server.store.alertingNotify.listIntegrations(1, { open: true }),
      {
        labels: { alertname: 'T' },
        annotations: {},
      },
    );
    expect(result!.error).toMatch(/address 169\.254\.169\.254 is not allowed/);
  });
});
