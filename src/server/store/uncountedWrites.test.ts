/**
 * What alerting writes on its own, at every evaluation and notifier tick (rule state, evaluation
 * records, alerts handed to the notifier, the notification log, delivery attempts, the heartbeat)
 * and failed sign-ins leave the read caches (tokens, orgs, data sources, each annotation's JSON)
 * alone, on either store and from another PostgreSQL instance; a real change still empties them,
 * a transaction's included when it commits.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../auth/tokens';
import { createDataSource } from '../testing/datasources';
import { openStoreBeside, startTestServer, TEST_STORE, type TestServer } from '../testing/harness';
import { AnnotationStore } from './annotations';
import { leavesCachesAlone, UNCOUNTED_TABLES } from './uncountedWrites';

const ORG = 1;
const HOUR = 3_600_000;
let server: TestServer;
/** The scheduler's and the notifier's clock, moved by hand. */
let clock = Math.ceil(Date.now() / 60_000) * 60_000;
let token: string;
let tokenId: number;
let dataSourceUid: string;
const window = { from: 0, to: Number.MAX_SAFE_INTEGER, tags: [], matchAny: false, limit: 100 };

beforeAll(async () => {
  server = await startTestServer({
    app: { notifications: { notifier: { now: () => clock, retryDelaysMs: [], sleep: async () => {} } } },
  });
  ({ token, tokenId } = await server.accountWithToken('Viewer'));
  dataSourceUid = (await createDataSource(server, { name: 'cached', type: 'grafana-testdata-datasource' })).uid;
  await server.store.annotations.create(ORG, 1, {
    dashboardId: null,
    panelId: 0,
    time: clock,
    timeEnd: clock,
    text: 'kept',
    tags: ['kept'],
  });
  const folderUid = (await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Background writes' } })).json()
    .uid as string;
  const put = await server.call({
    method: 'PUT',
    url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/always`,
    payload: {
      interval: 10,
      rules: [
        {
          uid: 'always-firing',
          title: 'Always firing',
          condition: 'A',
          for: '0s',
          data: [{ refId: 'A', datasourceUid: '__expr__', model: { type: 'math', expression: '1' } }],
        },
      ],
    },
  });
  expect(put.statusCode, put.body).toBe(200);
  // Firing from the first evaluation (a state change: a history annotation, a real write), and
  // past group_wait, so that its group has been notified once.
  for (let i = 0; i < 4; i++) {
    await server.app.alertScheduler.tick(clock);
    await server.app.notifier.tick();
    clock += 10_000;
  }
});
afterAll(() => server?.cleanup());

/** Every cache filled; and whether each still holds what it was filled with. */
async function fillCaches(): Promise<() => Promise<Record<string, boolean>>> {
  const { store } = server;
  const hash = hashToken(token);
  await store.orgs.get(ORG);
  await store.tokens.findIdentity(hash);
  const dataSource = await store.dataSources.find(ORG, { uid: dataSourceUid });
  await store.annotations.findJson(ORG, window, { all: true });
  return async () => {
    // Called for the annotations missing from the cache, to read their rows.
    const reads = vi.spyOn(AnnotationStore.prototype as unknown as { select(): unknown }, 'select');
    try {
      await store.annotations.findJson(ORG, window, { all: true });
      return {
        org: store.orgs.cached(ORG) !== undefined,
        token: store.tokens.cachedIdentity(hash) !== undefined,
        dataSource: (await store.dataSources.find(ORG, { uid: dataSourceUid })) === dataSource,
        annotations: reads.mock.calls.length === 0,
      };
    } finally {
      reads.mockRestore();
    }
  };
}

const ALL_KEPT = { org: true, token: true, dataSource: true, annotations: true };
const NONE_KEPT = { org: false, token: false, dataSource: false, annotations: false };

/** The caches, filled once nothing else arrives (on PostgreSQL, the announcements of earlier writes). */
async function quietlyFilled(): Promise<() => Promise<Record<string, boolean>>> {
  let held: (() => Promise<Record<string, boolean>>) | undefined;
  await expect
    .poll(
      async () => {
        held = await fillCaches();
        await new Promise((resolve) => setTimeout(resolve, 100));
        return held();
      },
      { timeout: 10_000, interval: 20 },
    )
    .toEqual(ALL_KEPT);
  return held!;
}

/** The rows alerting keeps for the org's rule, notifications and deliveries, to see that a step wrote them. */
async function alertingRows() {
  const { db } = server.store;
  const evaluation = await db
    .selectFrom('alert_rule_evaluation')
    .select('evaluated_at')
    .where('rule_uid', '=', 'always-firing')
    .executeTakeFirst();
  const instances = await db.selectFrom('alert_instance').select('last_eval').where('rule_uid', '=', 'always-firing').execute();
  // The notifier's tables are not in the typed schema (alertingNotifyTables.ts).
  const rows = async <T>(query: string) => (await sql.raw<T>(query).execute(db)).rows;
  const received = await rows<{ updated: number }>(`select updated from alert_received where org_id = ${ORG}`);
  const log = await rows<{ version: number; last_sent: number | null }>(
    `select version, last_sent from alert_notification_log where org_id = ${ORG}`,
  );
  const deliveries = await rows<{ attempted_at: number }>(`select attempted_at from alert_delivery_status where org_id = ${ORG}`);
  const attempts = await db.selectFrom('login_attempt').select('created').execute();
  return {
    evaluated: evaluation?.evaluated_at,
    instances: instances.map((row) => row.last_eval),
    received: received.map((row) => Number(row.updated)),
    log: log.map((row) => [Number(row.version), row.last_sent]),
    deliveries: deliveries.map((row) => Number(row.attempted_at)),
    attempts: attempts.length,
  };
}

describe(`writes no cache reads (${TEST_STORE})`, () => {
  it('are told apart by their table', () => {
    for (const table of UNCOUNTED_TABLES) {
      expect(leavesCachesAlone(`insert into "${table}" ("org_id") values (?)`)).toBe(true);
      expect(leavesCachesAlone(`update ${table} set x = 1`)).toBe(true);
      expect(leavesCachesAlone(`delete from "${table}" where "id" = $1`)).toBe(true);
      expect(leavesCachesAlone(`insert into "${table}_other" ("org_id") values (?)`)).toBe(false);
    }
    for (const table of ['org', 'user', 'org_user', 'api_key', 'user_session', 'data_source', 'annotation', 'dashboard', 'alert_rule'])
      expect(leavesCachesAlone(`update "${table}" set "updated" = ?`)).toBe(false);
  });

  it("keep every cache across a rule's evaluation, the notifier's flush and delivery, and a failed sign-in; a real change empties them", async () => {
    const stillHeld = await quietlyFilled();
    const before = await alertingRows();
    // Past the repeat interval: the evaluation sends the alert again, and the notifier flushes the
    // group, notifies it again (a delivery attempt) and logs it. No state changes.
    clock += 4 * HOUR + 10_000;
    expect(await server.app.alertScheduler.tick(clock)).toHaveLength(1);
    await server.app.notifier.tick();
    const failed = await server.call({
      method: 'GET',
      url: '/api/org',
      token: null,
      headers: { authorization: `Basic ${Buffer.from('admin:not-the-password').toString('base64')}` },
    });
    expect(failed.statusCode).toBe(401);
    const after = await alertingRows();
    // Each kind of row was written.
    expect(after.evaluated).toBe(clock);
    expect(after.instances).toEqual([clock]);
    expect(after.received).toEqual([clock]);
    expect(after.log).toHaveLength(1);
    expect(after.log[0]![0]).toBeGreaterThan(before.log[0]![0]!);
    expect(after.deliveries).toEqual([clock]);
    expect(after.attempts).toBe(before.attempts + 1);
    expect(await stillHeld()).toEqual(ALL_KEPT);

    await server.store.orgs.updateAddress(ORG, { city: 'Elsewhere' });
    expect(await stillHeld()).toEqual(NONE_KEPT);
  });

  it('empty the caches at the commit of a transaction that changed what they read', async () => {
    const { store } = server;
    const hash = hashToken(token);
    const usedAt = clock + 1;
    await store.tokens.findIdentity(hash);
    let readMeanwhile: Promise<unknown> | undefined;
    await store.transaction(async (stores) => {
      // "Last used" is not announced to other PostgreSQL instances: only this instance's own count
      // can tell its cache that the commit changed it.
      await stores.tokens.markUsed(tokenId, usedAt);
      // On PostgreSQL another connection reads (and caches) the row as it was before the commit;
      // on SQLite the read waits for the transaction.
      readMeanwhile = store.tokens.findIdentity(hash);
      if (TEST_STORE === 'postgres') expect(await readMeanwhile).not.toMatchObject({ lastUsedAt: usedAt });
    });
    await readMeanwhile;
    expect(await store.tokens.findIdentity(hash)).toMatchObject({ lastUsedAt: usedAt });
  });

  it('keep the caches across a transaction of uncounted writes only', async () => {
    const stillHeld = await quietlyFilled();
    await server.store.transaction(async (stores) => {
      const [instance] = await stores.alerting.instances(ORG, ['always-firing']);
      await stores.alerting.saveEvaluation(ORG, 'always-firing', [instance!], {
        evaluated_at: clock,
        duration_ms: 1,
        health: 'ok',
        last_error: '',
      });
      await stores.alertingDelivery.record(ORG, 'none', { attemptedAt: clock, durationMs: 1, error: null });
    });
    expect(await stillHeld()).toEqual(ALL_KEPT);
  });

  it.skipIf(TEST_STORE !== 'postgres')(
    "keep this instance's caches across another instance's evaluations, and not its changes",
    async () => {
      const stillHeld = await quietlyFilled();
      const other = await openStoreBeside(server.dataDir);
      try {
        const [instance] = await other.alerting.instances(ORG, ['always-firing']);
        await other.alerting.saveEvaluation(ORG, 'always-firing', [instance!], {
          evaluated_at: clock,
          duration_ms: 1,
          health: 'ok',
          last_error: '',
        });
        await other.alerting.heartbeat('another-instance', clock, 10_000);
        await other.alertingDelivery.record(ORG, 'none', { attemptedAt: clock, durationMs: 1, error: null });
        // What the other announces arrives within moments: give it time to.
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await stillHeld()).toEqual(ALL_KEPT);
        await other.annotations.create(ORG, 1, {
          dashboardId: null,
          panelId: 0,
          time: clock,
          timeEnd: clock,
          text: 'from the other instance',
          tags: [],
        });
        await expect.poll(async () => (await stillHeld()).annotations, { timeout: 10_000, interval: 20 }).toBe(false);
      } finally {
        await other.close();
      }
    },
  );
});
