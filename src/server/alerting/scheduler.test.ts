/**
 * On the wall clock a tick's groups are spread over the tick (each at its own slot, evaluated at
 * that time), so thousands of rules do not queue behind the boundary; a tick that ran long is
 * caught up, not skipped. The waits are handed to `tick` (no sleeps here).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../store';
import { openStoreBeside, startTestServer, type TestServer } from '../testing/harness';
import { provisionRuleGroups } from './testing';
import { AlertScheduler, CATCH_UP_TICKS, nextTickAfter, offsetInTick } from './scheduler';

const GROUPS = 12;
let server: TestServer;
let store: Store;

beforeAll(async () => {
  server = await startTestServer();
  await provisionRuleGroups(server, 'Spread', GROUPS);
  store = await openStoreBeside(server.dataDir);
}, 120_000);
afterAll(async () => {
  await store?.close();
  await server?.cleanup();
});

describe('the scheduler on the wall clock', () => {
  it('spreads groups over the whole tick', () => {
    const offsets = Array.from({ length: 2_000 }, (_, i) => offsetInTick(`1\u0000folder\u0000group-${i}`, 10_000));
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThan(10_000);
    // Each tenth of the tick holds about a tenth of the groups.
    for (let tenth = 0; tenth < 10; tenth++) {
      const inTenth = offsets.filter((offset) => Math.floor(offset / 1_000) === tenth).length;
      expect(inTenth).toBeGreaterThan(120);
      expect(inTenth).toBeLessThan(280);
    }
  });

  it('evaluates each group at its slot, in slot order, and stops when the wait says so', async () => {
    const now = Math.ceil(Date.now() / 10_000) * 10_000;
    const scheduler = new AlertScheduler({ store, instanceId: 'spread', clock: () => now });
    const waits: number[] = [];
    const evaluated = await scheduler.tick(now, (at) => {
      waits.push(at);
      return Promise.resolve(true);
    });
    expect(evaluated).toHaveLength(GROUPS);
    expect(waits).toEqual([...waits].sort((a, b) => a - b));
    for (const at of waits) {
      expect(at).toBeGreaterThanOrEqual(now);
      expect(at).toBeLessThan(now + 10_000);
    }
    // Each rule's evaluation is stamped with its group's slot, not the tick.
    const stamps = [...(await store.alerting.evaluations(1)).values()].map((e) => e.evaluated_at).sort((a, b) => a - b);
    expect(stamps).toEqual(waits);

    const stopping = await scheduler.tick(now + 10_000, (at) => Promise.resolve(at < now + 15_000));
    expect(stopping.length).toBeLessThan(GROUPS);
    expect(stopping).toEqual(evaluated.slice(0, stopping.length));
  });

  it('runs the tick after the last one even when the clock is past it, unless it is over a minute behind', () => {
    expect(nextTickAfter(undefined, 100)).toBe(101);
    expect(nextTickAfter(100, 100)).toBe(101);
    // The last tick ran past the next boundary: that boundary's groups still run (late), not skipped.
    expect(nextTickAfter(100, 101)).toBe(101);
    expect(nextTickAfter(100, 100 + CATCH_UP_TICKS)).toBe(101);
    expect(nextTickAfter(100, 101 + CATCH_UP_TICKS)).toBe(102 + CATCH_UP_TICKS);
  });
});
