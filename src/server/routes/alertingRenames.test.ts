/**
 * Renaming a contact point or a mute timing renames what names it, as Grafana does: the policy tree
 * at every level and rules' `notification_settings`, in one transaction; refused (409, nothing
 * changed) while a policy tree or rule naming it has a provenance other than the rename's or none.
 * Notifications then route under the new names (rules evaluated and the notifier flushed on a clock
 * moved by hand).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactPointSchema, timeIntervalUid, type Route } from '../../contract/alertingNotify';
import { startFakeHttp, type Backend } from '../testing/backends';
import { openStoreBeside, startTestServer, type TestServer } from '../testing/harness';

const PROV = '/api/v1/provisioning';
const ORG = 1;
const NONE = { 'x-disable-provenance': 'true' };

let server: TestServer;
let receiver: Backend & { requests: Array<{ method: string; url: string; body: string }> };
/** The scheduler's and the notifier's clock. */
let clock = Math.ceil(Date.now() / 60_000) * 60_000;

beforeAll(async () => {
  server = await startTestServer({
    app: { notifications: { notifier: { now: () => clock, retryDelaysMs: [], sleep: async () => {} } } },
  });
  receiver = await startFakeHttp(() => ({ status: 200, body: { ok: true } }));
});
afterAll(async () => {
  await receiver?.stop();
  await server?.cleanup();
});

async function createContactPoint(name: string, path: string, headers: Record<string, string> = {}) {
  const created = await server.call({
    method: 'POST',
    url: `${PROV}/contact-points`,
    payload: { name, type: 'webhook', settings: { url: `${receiver.url}${path}` } },
    headers,
  });
  expect(created.statusCode, created.body).toBe(202);
  return contactPointSchema.parse(created.json());
}

async function renameContactPoint(uid: string, name: string, headers: Record<string, string> = {}) {
  const [current] = contactPointSchema
    .array()
    .parse((await server.call({ method: 'GET', url: `${PROV}/contact-points` })).json())
    .filter((integration) => integration.uid === uid);
  return server.call({ method: 'PUT', url: `${PROV}/contact-points/${uid}`, payload: { ...current, name }, headers });
}

async function putTree(tree: Route, headers: Record<string, string> = {}) {
  const put = await server.call({ method: 'PUT', url: `${PROV}/policies`, payload: tree, headers });
  expect(put.statusCode, put.body).toBe(202);
}

const tree = async () => (await server.call({ method: 'GET', url: `${PROV}/policies` })).json() as Route;

async function newFolder(title: string): Promise<string> {
  const folder = await server.call({ method: 'POST', url: '/api/folders', payload: { title } });
  expect(folder.statusCode, folder.body).toBe(200);
  return folder.json().uid as string;
}

/** An always-firing rule (`1`), as the provisioning API takes it. */
function firingRule(uid: string, title: string, extra: Record<string, unknown> = {}) {
  return {
    uid,
    title,
    condition: 'A',
    for: '0s',
    data: [{ refId: 'A', datasourceUid: '__expr__', relativeTimeRange: { from: 0, to: 0 }, model: { type: 'math', expression: '1' } }],
    noDataState: 'NoData',
    execErrState: 'Error',
    ...extra,
  };
}

async function putGroup(folderUid: string, group: string, rules: object[], headers: Record<string, string> = {}) {
  const put = await server.call({
    method: 'PUT',
    url: `${PROV}/folder/${folderUid}/rule-groups/${group}`,
    payload: { interval: 10, rules },
    headers,
  });
  expect(put.statusCode, put.body).toBe(200);
}

async function rule(uid: string) {
  const got = await server.call({ method: 'GET', url: `${PROV}/alert-rules/${uid}` });
  expect(got.statusCode, got.body).toBe(200);
  return got.json() as { notification_settings?: Record<string, unknown>; provenance?: string };
}

/** The webhook payloads delivered to `path`. */
const delivered = (path: string) =>
  receiver.requests
    .filter((request) => request.url === path)
    .map((request) => JSON.parse(request.body) as { receiver: string; status: string });

/**
 * Evaluates the rules and flushes the notifier, 10 s of the clock at a time, until `done` holds
 * (a state, not a time: at most 30 rounds).
 */
async function evaluateUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 30 && !done(); round++) {
    await server.app.alertScheduler.tick(clock);
    await server.app.notifier.tick();
    clock += 10_000;
  }
  expect(done()).toBe(true);
}

describe('renaming a contact point', () => {
  it("renames it in the policy tree at every level and in rules' notification_settings (202); notifications route under the new name", async () => {
    const team = await createContactPoint('team-hook', '/team');
    const direct = await createContactPoint('rule-hook', '/direct');
    await putTree({
      receiver: 'team-hook',
      group_by: ['alertname'],
      routes: [
        {
          object_matchers: [['team', '=', 'ops']],
          routes: [{ receiver: 'team-hook', object_matchers: [['severity', '=', 'page']], group_wait: '0s' }],
        },
      ],
    });
    const folderUid = await newFolder('Renamed contact points');
    await putGroup(folderUid, 'rename', [
      firingRule('paged-rule', 'Paged', { labels: { team: 'ops', severity: 'page' } }),
      firingRule('direct-rule', 'Direct', { notification_settings: { receiver: 'rule-hook', group_wait: '0s' } }),
    ]);
    const before = (await server.store.alerting.get(ORG, 'direct-rule'))!;

    const renamedTeam = await renameContactPoint(team.uid, 'ops-pager');
    expect(renamedTeam.statusCode, renamedTeam.body).toBe(202);
    expect(renamedTeam.json()).toEqual({ message: 'contactpoint updated' });
    const renamedDirect = await renameContactPoint(direct.uid, 'direct-pager');
    expect(renamedDirect.statusCode, renamedDirect.body).toBe(202);

    // The tree keeps its provenance ("api": it was PUT without X-Disable-Provenance).
    expect(await tree()).toEqual({
      receiver: 'ops-pager',
      group_by: ['alertname'],
      routes: [
        {
          object_matchers: [['team', '=', 'ops']],
          routes: [{ receiver: 'ops-pager', object_matchers: [['severity', '=', 'page']], group_wait: '0s' }],
        },
      ],
      provenance: 'api',
    });
    expect(await rule('direct-rule')).toMatchObject({
      notification_settings: { receiver: 'direct-pager', group_wait: '0s' },
      provenance: 'api',
    });
    // Another instance (a second connection, as another process on the file or another PostgreSQL
    // instance has) reads the renamed configuration.
    const other = await openStoreBeside(server.dataDir);
    try {
      expect((await other.alertingNotify.policyTree(ORG))!.tree.routes![0]!.routes![0]!.receiver).toBe('ops-pager');
      expect((await other.alerting.get(ORG, 'direct-rule'))!.notificationSettings!.receiver).toBe('direct-pager');
      expect([...(await other.alertingNotify.receiverNames(ORG))]).toEqual(expect.arrayContaining(['ops-pager', 'direct-pager']));
    } finally {
      await other.close();
    }
    const after = (await server.store.alerting.get(ORG, 'direct-rule'))!;
    expect(after.version).toBe(before.version + 1);
    expect((await server.store.alerting.get(ORG, 'paged-rule'))!.version).toBe(1);
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=team-hook` })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=ops-pager` })).json()).toEqual([
      { ...team, name: 'ops-pager' },
    ]);

    await evaluateUntil(() => delivered('/team').length > 0 && delivered('/direct').length > 0);
    expect(delivered('/team')[0]).toMatchObject({ receiver: 'ops-pager', status: 'firing' });
    expect(delivered('/direct')[0]).toMatchObject({ receiver: 'direct-pager', status: 'firing' });

    // Done with: what routed to them goes, then they go.
    expect((await server.call({ method: 'DELETE', url: `${PROV}/folder/${folderUid}/rule-groups/rename` })).statusCode).toBe(204);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/policies` })).statusCode).toBe(202);
  });

  it("renames the default tree's contact point, storing that tree; one of several integrations moves alone until the last follows", async () => {
    const [only] = contactPointSchema
      .array()
      .parse((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=grafana-default-email` })).json());
    expect((await renameContactPoint(only!.uid, 'default-email', NONE)).statusCode).toBe(202);
    expect(await tree()).toEqual({ receiver: 'default-email', group_by: ['grafana_folder', 'alertname'] });

    const first = await createContactPoint('pair', '/pair-1', NONE);
    const second = await createContactPoint('pair', '/pair-2', NONE);
    await putTree({ receiver: 'default-email', routes: [{ receiver: 'pair', object_matchers: [['pair', '=', 'yes']] }] }, NONE);
    // Grafana's stitchReceiver: the first moves to a contact point of its own; the policy keeps routing to the one left.
    expect((await renameContactPoint(first.uid, 'couple', NONE)).statusCode).toBe(202);
    expect((await tree()).routes![0]!.receiver).toBe('pair');
    expect((await renameContactPoint(second.uid, 'couple', NONE)).statusCode).toBe(202);
    expect((await tree()).routes![0]!.receiver).toBe('couple');
    const couple = contactPointSchema
      .array()
      .parse((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=couple` })).json());
    expect(couple.map((integration) => integration.uid).sort()).toEqual([first.uid, second.uid].sort());

    expect((await server.call({ method: 'DELETE', url: `${PROV}/policies` })).statusCode).toBe(202);
    expect((await renameContactPoint(only!.uid, 'grafana-default-email', NONE)).statusCode).toBe(202);
    expect((await tree()).receiver).toBe('grafana-default-email');
  });

  it('refuses the rename (409, nothing changed) while a policy tree or rule naming it has another provenance than the rename, as Grafana', async () => {
    const point = await createContactPoint('guarded', '/guarded');
    const provisionedTree: Route = {
      receiver: 'grafana-default-email',
      routes: [{ receiver: 'guarded', object_matchers: [['a', '=', 'b']] }],
    };
    // A tree from a provisioning file.
    await server.store.alertingNotify.putPolicyTree(ORG, provisionedTree, 'file');
    const byTree = await renameContactPoint(point.uid, 'unguarded');
    expect(byTree.statusCode).toBe(409);
    expect(byTree.json()).toEqual({
      message:
        'Receiver cannot be renamed because it is used by provisioned notification policies. ' +
        'You must update those resources first using the original provision method.',
      messageId: 'alerting.notifications.receivers.usedProvisioned',
      field: 'name',
    });

    // A rule written with provenance "api", renamed without provenance: refused too (and with the tree, both named).
    const folderUid = await newFolder('Guarded rules');
    await putGroup(folderUid, 'guarded', [firingRule('guarded-rule', 'Guarded', { notification_settings: { receiver: 'guarded' } })]);
    const byBoth = await renameContactPoint(point.uid, 'unguarded', NONE);
    expect(byBoth.statusCode).toBe(409);
    expect(byBoth.json().message).toBe(
      "Receiver cannot be renamed because it is used by provisioned alert rules ('Guarded' (uid guarded-rule)) and notification policies. " +
        'You must update those resources first using the original provision method.',
    );
    // Nothing changed: the contact point, the tree and the rule keep the old name.
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=guarded` })).json()).toEqual([point]);
    expect(await tree()).toEqual({ ...provisionedTree, provenance: 'file' });
    expect((await rule('guarded-rule')).notification_settings).toEqual({ receiver: 'guarded' });

    // With the tree no longer naming it, the rule alone refuses a rename without provenance…
    await server.store.alertingNotify.resetPolicyTree(ORG);
    const byRule = await renameContactPoint(point.uid, 'unguarded', NONE);
    expect(byRule.statusCode).toBe(409);
    expect(byRule.json().message).toMatch(/^Receiver cannot be renamed because it is used by provisioned alert rules \('Guarded'/);
    // …and takes one with its own provenance.
    expect((await renameContactPoint(point.uid, 'unguarded')).statusCode).toBe(202);
    expect((await rule('guarded-rule')).notification_settings).toEqual({ receiver: 'unguarded' });
    expect((await server.call({ method: 'DELETE', url: `${PROV}/folder/${folderUid}/rule-groups/guarded` })).statusCode).toBe(204);
  });
});

describe('renaming a mute timing', () => {
  const always = { time_intervals: [{}] };

  it("renames it in the tree's mute and active intervals and in rules' notification_settings (202); routes still find it", async () => {
    // `always` holds every instant; `nights` (muting) none, so neither stops a notification while it resolves.
    const never = { time_intervals: [{ years: ['1999'] }] };
    for (const timing of [
      { name: 'always', ...always },
      { name: 'nights', ...never },
    ])
      expect((await server.call({ method: 'POST', url: `${PROV}/mute-timings`, payload: timing })).statusCode).toBe(201);
    await createContactPoint('timed', '/timed');
    await putTree({
      receiver: 'grafana-default-email',
      routes: [
        {
          object_matchers: [['timed', '=', 'yes']],
          routes: [
            { receiver: 'timed', group_wait: '0s', active_time_intervals: ['always'] },
            { receiver: 'timed', mute_time_intervals: ['nights', 'always'] },
          ],
        },
      ],
    });
    const folderUid = await newFolder('Timed rules');
    await putGroup(folderUid, 'timed', [
      firingRule('timed-tree', 'Timed by the tree', { labels: { timed: 'yes' } }),
      firingRule('timed-rule', 'Timed by itself', {
        notification_settings: { receiver: 'timed', group_wait: '0s', active_time_intervals: ['always'], mute_time_intervals: ['nights'] },
      }),
    ]);

    // Grafana's form: the path names the mute timing by its uid, the body by its new name.
    const renamed = await server.call({
      method: 'PUT',
      url: `${PROV}/mute-timings/${timeIntervalUid('always')}`,
      payload: { name: 'all-the-time', ...always },
    });
    expect(renamed.statusCode, renamed.body).toBe(202);
    expect(renamed.json()).toEqual({ name: 'all-the-time', ...always, provenance: 'api' });
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/always` })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/all-the-time` })).json()).toEqual({
      name: 'all-the-time',
      ...always,
      provenance: 'api',
    });
    expect((await tree()).routes![0]!.routes).toEqual([
      { receiver: 'timed', group_wait: '0s', active_time_intervals: ['all-the-time'] },
      { receiver: 'timed', mute_time_intervals: ['nights', 'all-the-time'] },
    ]);
    expect((await rule('timed-rule')).notification_settings).toEqual({
      receiver: 'timed',
      group_wait: '0s',
      active_time_intervals: ['all-the-time'],
      mute_time_intervals: ['nights'],
    });

    // Sightline also takes the current name in the path.
    const byName = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/nights`, payload: { name: 'late', ...never } });
    expect(byName.statusCode, byName.body).toBe(202);
    expect((await rule('timed-rule')).notification_settings!.mute_time_intervals).toEqual(['late']);
    expect((await tree()).routes![0]!.routes![1]!.mute_time_intervals).toEqual(['late', 'all-the-time']);

    // An active interval that no longer resolved would mute these policies (an unknown name holds no
    // instant): both still notify.
    await evaluateUntil(() => delivered('/timed').length >= 2);
    expect(delivered('/timed').map((payload) => payload.receiver)).toEqual(['timed', 'timed']);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/folder/${folderUid}/rule-groups/timed` })).statusCode).toBe(204);
    expect((await server.call({ method: 'DELETE', url: `${PROV}/policies` })).statusCode).toBe(202);
  });

  it('keeps the name of a body without one, refuses a taken name (400) and a rename a provisioned tree forbids (409)', async () => {
    expect((await server.call({ method: 'POST', url: `${PROV}/mute-timings`, payload: { name: 'lunch', ...always } })).statusCode).toBe(
      201,
    );
    const unnamed = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/lunch`, payload: { time_intervals: [] }, headers: NONE });
    expect(unnamed.statusCode, unnamed.body).toBe(202);
    expect(unnamed.json()).toEqual({ name: 'lunch', time_intervals: [] });

    const taken = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/lunch`, payload: { name: 'late', ...always } });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({
      message: 'Time interval with this name already exists. Use a different name or update existing one.',
      messageId: 'alerting.notifications.time-intervals.nameExists',
      field: 'name',
    });
    const wrongType = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/lunch`, payload: { name: 42, ...always } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/name/);
    const missing = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/never-made`, payload: { name: 'other', ...always } });
    expect(missing.statusCode).toBe(404);

    const provisioned: Route = {
      receiver: 'grafana-default-email',
      routes: [{ object_matchers: [['a', '=', 'b']], mute_time_intervals: ['lunch'] }],
    };
    await server.store.alertingNotify.putPolicyTree(ORG, provisioned, 'file');
    const refused = await server.call({ method: 'PUT', url: `${PROV}/mute-timings/lunch`, payload: { name: 'brunch', ...always } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Time interval cannot be renamed because it is used by provisioned notification policies. ' +
        'You must update those resources first using the original provision method.',
      messageId: 'alerting.notifications.time-intervals.usedProvisioned',
      field: 'name',
    });
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/lunch` })).json()).toEqual({ name: 'lunch', time_intervals: [] });
    expect(await tree()).toEqual({ ...provisioned, provenance: 'file' });
    await server.store.alertingNotify.resetPolicyTree(ORG);
  });
});
