// store: postgres only — rule groups are shared among instances on PostgreSQL; one SQLite instance owns them all.
/**
 * Issue 30 item 5: three real server processes on one PostgreSQL database, a counting fake
 * Prometheus and an in-test webhook receiver. Each group is evaluated once per interval across the
 * three; SIGKILL of an instance that evaluates groups → its groups are evaluated by another within
 * two intervals, and nothing is notified twice. Links in the notification start at SIGHTLINE_ROOT_URL.
 * The groups run every 10 s (the scheduler's tick): every group is due on every tick.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeHttp, type Backend } from '../testing/backends';
import { tempDataDir } from '../testing/harness';
import { adminQuery, POSTGRES_TEST_SECRET_KEY } from '../testing/postgres';
import { startServerProcess, type ServerProcess } from '../testing/serverProcess';

const adminUrl = inject('postgresAdminUrl')!;
const database = `alerting_instances_${process.pid}`;
const dataDir = tempDataDir();
const instances: ServerProcess[] = [];
const INTERVAL_S = 10;
const GROUPS = ['g1', 'g2', 'g3', 'g4', 'g5', 'g6'];
const ROOT_URL = 'https://sightline.example/monitoring/';

/** Per PromQL expression, when each query for it arrived (ms). */
const queried = new Map<string, number[]>();
let prometheus: Backend;
let receiver: Backend & { requests: Array<{ body: string }> };

/** Polls `done` (outside a test, where expect.poll cannot run) until it holds or `timeoutMs` passes. */
async function until(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function databaseUrl(name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const send = (instance: ServerProcess, method: string, path: string, body: unknown) =>
  instance.api(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const exprOf = (group: string) => `sightline_test_up{group="${group}"}`;

/** Every alert notified, by alert name: how many notifications named it as firing. */
function firingNotifications(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const request of receiver.requests) {
    const payload = JSON.parse(request.body) as { alerts: Array<{ status: string; labels: Record<string, string> }> };
    for (const alert of payload.alerts)
      if (alert.status === 'firing') counts.set(alert.labels.alertname!, (counts.get(alert.labels.alertname!) ?? 0) + 1);
  }
  return counts;
}

async function evaluationsOf(instance: ServerProcess): Promise<number> {
  const text = await (await instance.api('/metrics')).text();
  const match = /^sightline_alerting_rule_evaluations_total (\d+)/m.exec(text);
  return match ? Number(match[1]) : 0;
}

beforeAll(async () => {
  prometheus = await startFakeHttp((request, body) => {
    const url = new URL(request.url ?? '/', 'http://x');
    const params = new URLSearchParams(request.method === 'POST' ? body : url.search);
    const expr = params.get('query') ?? '';
    queried.set(expr, [...(queried.get(expr) ?? []), Date.now()]);
    const group = /group="(\w+)"/.exec(expr)?.[1] ?? 'none';
    const metric = { __name__: 'sightline_test_up', group };
    const now = Date.now() / 1000;
    if (url.pathname.endsWith('/query_range'))
      return { body: { status: 'success', data: { resultType: 'matrix', result: [{ metric, values: [[now, '1']] }] } } };
    return { body: { status: 'success', data: { resultType: 'vector', result: [{ metric, value: [now, '1'] }] } } };
  });
  receiver = await startFakeHttp(() => ({ status: 200, body: {} }));
  await adminQuery(adminUrl, `create database ${database}`);
  const env = {
    SIGHTLINE_DATABASE_URL: databaseUrl(database),
    SIGHTLINE_SECRET_KEY: POSTGRES_TEST_SECRET_KEY,
    // The fake Prometheus and the receiver listen on loopback, which the default deny list refuses.
    SIGHTLINE_DATASOURCE_DENY: '',
    SIGHTLINE_ROOT_URL: ROOT_URL,
    SIGHTLINE_LOG_LEVEL: 'warn',
  };
  // One first (it migrates), then two more beside it.
  instances.push(await startServerProcess(dataDir, env));
  instances.push(...(await Promise.all([1, 2].map(() => startServerProcess(dataDir, env)))));

  // Every instance has ticked once (its heartbeat is in): from now on all three see all three.
  await until(
    async () => Number((await adminQuery(databaseUrl(database), 'select count(*) as n from alert_scheduler_instance')).rows[0].n) === 3,
    60_000,
  );
  const [a] = instances;
  const ds = await send(a!, 'POST', '/api/datasources', {
    name: 'Fake Prometheus',
    type: 'prometheus',
    url: prometheus.url,
    access: 'proxy',
  });
  expect(ds.status, await ds.clone().text()).toBe(200);
  const promUid = ((await ds.json()) as { datasource: { uid: string } }).datasource.uid;
  const folder = await send(a!, 'POST', '/api/folders', { title: 'Shared alerts' });
  const folderUid = ((await folder.json()) as { uid: string }).uid;
  const point = await send(a!, 'POST', '/api/v1/provisioning/contact-points', {
    name: 'hook',
    type: 'webhook',
    settings: { url: `${receiver.url}/alerts` },
  });
  expect(point.status).toBe(202);
  const policy = await send(a!, 'PUT', '/api/v1/provisioning/policies', {
    receiver: 'hook',
    group_by: ['alertname'],
    group_wait: '1s',
    group_interval: '5s',
    repeat_interval: '1h',
  });
  expect(policy.status).toBe(202);
  for (const group of GROUPS) {
    const put = await send(a!, 'PUT', `/api/v1/provisioning/folder/${folderUid}/rule-groups/${group}`, {
      interval: INTERVAL_S,
      rules: [
        {
          uid: `rule-${group}`,
          title: `Up ${group}`,
          condition: 'B',
          data: [
            { refId: 'A', datasourceUid: promUid, relativeTimeRange: { from: 60, to: 0 }, model: { expr: exprOf(group), instant: true } },
            { refId: 'B', datasourceUid: '__expr__', model: { type: 'math', expression: '$A > 0' } },
          ],
          for: '0s',
          noDataState: 'NoData',
          execErrState: 'Error',
        },
      ],
    });
    expect(put.status, await put.clone().text()).toBe(200);
  }
}, 180_000);

afterAll(async () => {
  for (const instance of instances) instance.kill();
  await Promise.all(instances.map((instance) => instance.exited));
  await adminQuery(adminUrl, `drop database if exists ${database} with (force)`).catch(() => undefined);
  await prometheus?.stop();
  await receiver?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('three instances on one PostgreSQL database', () => {
  it('evaluates each group once per interval across the three, and notifies each alert once', async () => {
    // Three evaluations of every group (about a minute).
    await expect
      .poll(() => Math.min(...GROUPS.map((group) => queried.get(exprOf(group))?.length ?? 0)), { timeout: 150_000, interval: 500 })
      .toBeGreaterThanOrEqual(3);
    for (const group of GROUPS) {
      const times = queried.get(exprOf(group))!;
      // Never twice in one interval: queries of a group are an interval apart (give or take a tick's jitter).
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!, `${group}: ${times.join(', ')}`).toBeGreaterThan(INTERVAL_S * 1000 - 3_000);
    }
    // The groups are shared: more than one instance evaluates some.
    const counts = await Promise.all(instances.map(evaluationsOf));
    expect(counts.filter((count) => count > 0).length, `evaluations per instance: ${counts.join(', ')}`).toBeGreaterThan(1);

    await expect.poll(() => firingNotifications().size, { timeout: 60_000, interval: 250 }).toBe(GROUPS.length);
    expect([...firingNotifications().values()]).toEqual(GROUPS.map(() => 1));
    const first = JSON.parse(receiver.requests[0]!.body) as {
      externalURL: string;
      alerts: Array<{ generatorURL: string; silenceURL: string }>;
    };
    expect(first.externalURL).toBe(ROOT_URL);
    expect(first.alerts[0]!.generatorURL).toMatch(/^https:\/\/sightline\.example\/monitoring\/alerting\/grafana\/rule-g\d\/view$/);
    expect(first.alerts[0]!.silenceURL).toMatch(/^https:\/\/sightline\.example\/monitoring\/alerting\/silence\/new\?/);
  }, 240_000);

  it('moves the groups of a killed instance to another within two intervals, without notifying twice', async () => {
    const counts = await Promise.all(instances.map(evaluationsOf));
    const victim = instances[counts.indexOf(Math.max(...counts))]!;
    victim.kill();
    await victim.exited;
    const killedAt = Date.now();
    // Every group is evaluated again after the kill…
    await expect
      .poll(() => Math.min(...GROUPS.map((group) => (queried.get(exprOf(group)) ?? []).filter((t) => t > killedAt).length)), {
        timeout: 150_000,
        interval: 500,
      })
      .toBeGreaterThanOrEqual(2);
    for (const group of GROUPS) {
      const times = queried.get(exprOf(group))!;
      const before = Math.max(...times.filter((t) => t <= killedAt));
      const after = Math.min(...times.filter((t) => t > killedAt));
      // …within two intervals of the kill (with a few seconds for a busy machine), and never in the
      // same interval as its last evaluation.
      expect(after - killedAt, `${group}: killed at ${killedAt}, first after ${after}`).toBeLessThanOrEqual(2 * INTERVAL_S * 1000 + 5_000);
      expect(after - before).toBeGreaterThan(INTERVAL_S * 1000 - 3_000);
      for (let i = 1; i < times.length; i++)
        expect(times[i]! - times[i - 1]!, `${group}: ${times.join(', ')}`).toBeGreaterThan(INTERVAL_S * 1000 - 3_000);
    }
    // Still firing, evaluated by the survivors: nothing notified again (repeat_interval is an hour).
    expect([...firingNotifications().values()]).toEqual(GROUPS.map(() => 1));
  }, 240_000);
});
