/**
 * Several instances on one database share the rule groups: each group is evaluated by exactly one
 * live scheduler (rendezvous hashing over the heartbeat table); when one stops, its groups move to
 * the others once its heartbeat expires (3 ticks); a new one takes its share at its first tick.
 * Schedulers over separate connections, one fake clock, no sleeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { openStoreBeside, startTestServer, type TestServer } from '../testing/harness';
import { provisionRuleGroups } from './testing';
import { AlertScheduler, isDue, ownerOf } from './scheduler';

const GROUPS = 30;
let server: TestServer;
const stores: Store[] = [];
let schedulers: Record<string, AlertScheduler>;

async function schedulerOn(id: string): Promise<AlertScheduler> {
  const store = await openStoreBeside(server.dataDir);
  stores.push(store);
  return new AlertScheduler({ store, instanceId: id });
}

/** Ticks the given schedulers at `now`; answers the group keys each evaluated. */
async function tickAll(now: number, ids: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const id of ids) out[id] = await schedulers[id]!.tick(now);
  return out;
}

beforeAll(async () => {
  server = await startTestServer();
  await provisionRuleGroups(server, 'Shared', GROUPS);
  schedulers = { a: await schedulerOn('a'), b: await schedulerOn('b'), c: await schedulerOn('c'), d: await schedulerOn('d') };
}, 120_000);
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  await server?.cleanup();
});

describe('sharing rule groups among instances', () => {
  it('picks one owner per group, spreading groups of one interval over the ticks', () => {
    const owners = new Set(Array.from({ length: 300 }, (_, i) => ownerOf(`g${i}`, ['a', 'b', 'c'])));
    expect(owners).toEqual(new Set(['a', 'b', 'c']));
    // A 60 s group is due on exactly one of the six ticks of each minute.
    for (let i = 0; i < 20; i++) {
      const due = Array.from({ length: 6 }, (_, tick) => isDue(`g${i}`, 60_000, 10_000, 600 + tick));
      expect(due.filter(Boolean)).toHaveLength(1);
    }
  });

  it('evaluates each group exactly once per interval, moves a dead instance’s groups, and shares with a new one', async () => {
    let now = Math.ceil(Date.now() / 10_000) * 10_000;
    // Every instance announces itself.
    await tickAll(now, ['a', 'b', 'c']);
    now += 10_000;
    const shared = await tickAll(now, ['a', 'b', 'c']);
    const all = Object.values(shared).flat();
    expect(all).toHaveLength(GROUPS);
    expect(new Set(all).size).toBe(GROUPS);
    for (const id of ['a', 'b', 'c']) expect(shared[id]!.length).toBeGreaterThan(0);

    // c dies (no more heartbeats): until it expires its groups wait; then a and b take them all.
    let after: Record<string, string[]> = {};
    for (let tick = 1; tick <= 4; tick++) after = await tickAll(now + tick * 10_000, ['a', 'b']);
    now += 4 * 10_000;
    expect(new Set([...after.a!, ...after.b!]).size).toBe(GROUPS);
    expect([...after.a!, ...after.b!]).toHaveLength(GROUPS);

    // d joins: from its first tick on, the three live instances share again.
    now += 10_000;
    const joined = await tickAll(now, ['d', 'a', 'b']);
    now += 10_000;
    const settled = await tickAll(now, ['a', 'b', 'd']);
    expect(Object.values(joined).flat().length).toBeGreaterThanOrEqual(GROUPS);
    expect(Object.values(settled).flat()).toHaveLength(GROUPS);
    expect(new Set(Object.values(settled).flat()).size).toBe(GROUPS);
    expect(settled.d!.length).toBeGreaterThan(0);
  });
});
