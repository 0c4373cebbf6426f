/**
 * The alerting scheduler: ticks every 10 s; each rule group runs at its interval, at an offset
 * within the interval taken from a hash of its key (so groups sharing an interval do not all run
 * at once), and within its tick at a slot from another hash (so a tick's groups do not queue); each group is evaluated by exactly one live instance, chosen by rendezvous hashing over
 * the heartbeat table. Each rule's results go through the state machine; the new state is stored,
 * firing and resolved alerts go to the sink, and state changes become history annotations.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../store';
import type { StoredAlertInstance, StoredAlertRule, StoredRuleGroup } from '../store/alerting';
import { evaluateCondition } from './evaluator';
import { applyResults, panelOf, postableAlert, stateWithReason, type RuleContext } from './state';
import { noopAlertSink, type AlertSink } from './types';
import { labelsKey, labelsText } from './values';

/** Grafana's scheduler tick (`base_interval`); group intervals are multiples of it. */
export const TICK_MS = 10_000;
/** A scheduler instance whose heartbeat is older than this many ticks is taken for dead (ticks driven by hand: tests). */
export const HEARTBEAT_EXPIRY_TICKS = 3;
/**
 * Running on the wall clock (`start()`), an instance also beats between ticks, every 2.5 s, and is
 * taken for dead 10 s after its last beat: a killed instance's groups move at the first tick after
 * that, within two intervals of even a 10 s group. A stall of the event loop longer than 7.5 s
 * makes the others evaluate its groups for that tick too (nothing is notified twice: the
 * notification log decides).
 */
export const HEARTBEAT_EVERY_MS = 2_500;
export const LIVE_HEARTBEAT_EXPIRY_MS = 10_000;
/** Ticks missed (a tick that ran long, a stalled loop) are run late, up to a minute's worth; older ones are dropped. */
export const CATCH_UP_TICKS = 6;

/** What the scheduler reports for `/metrics`. */
export interface AlertingObserver {
  evaluation(seconds: number, failed: boolean): void;
  schedulerLag(seconds: number): void;
  /** Instances by state, across the rules this instance evaluated last. */
  ruleStates(counts: Record<string, number>): void;
}

export interface SchedulerOptions {
  store: Store;
  sink?: AlertSink;
  log?: FastifyBaseLogger;
  /** Epoch ms now; tests pass a fake clock. */
  clock?: () => number;
  tickMs?: number;
  /** This instance's id in the heartbeat table (random by default). */
  instanceId?: string;
  /** The server's public root URL, for `generatorURL`. */
  baseUrl?: string;
  observer?: AlertingObserver;
}

function hash(text: string): number {
  return createHash('sha1').update(text).digest().readUInt32BE(0);
}

export function groupKey(group: Pick<StoredRuleGroup, 'orgId' | 'folderUid' | 'name'>): string {
  return `${group.orgId}\u0000${group.folderUid}\u0000${group.name}`;
}

/** Rendezvous (highest random weight) hashing: the live instance that owns a group. */
export function ownerOf(key: string, instances: string[]): string | undefined {
  let best: string | undefined;
  let bestWeight = -1;
  for (const id of instances) {
    const weight = hash(`${id}\u0000${key}`);
    if (weight > bestWeight || (weight === bestWeight && best !== undefined && id < best)) {
      best = id;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether a group with this interval is due at tick number `tick` (its offset spreads groups over the interval). */
export function isDue(key: string, intervalMs: number, tickMs: number, tick: number): boolean {
  const ticksPerInterval = Math.max(1, Math.round(intervalMs / tickMs));
  return (((tick - (hash(key) % ticksPerInterval)) % ticksPerInterval) + ticksPerInterval) % ticksPerInterval === 0;
}

/**
 * Where in its tick a group's slot falls, ms from the tick: a hash of its key spreads a tick's
 * groups over the whole tick, so 10,000 rules do not all start at the boundary and wait for each
 * other (running on the wall clock; ticks driven by hand evaluate at once).
 */
export function offsetInTick(key: string, tickMs: number): number {
  return hash(`spread\u0000${key}`) % tickMs;
}

/** The tick to run after `lastTick` when the clock is in tick `current`: the next one, or catching up, unless too far behind. */
export function nextTickAfter(lastTick: number | undefined, current: number): number {
  return lastTick === undefined || lastTick < current - CATCH_UP_TICKS ? current + 1 : lastTick + 1;
}

export class AlertScheduler {
  readonly instanceId: string;
  private readonly tickMs: number;
  private readonly clock: () => number;
  private sink: AlertSink;
  private timer: NodeJS.Timeout | undefined;
  private beat: NodeJS.Timeout | undefined;
  private expiryMs: number;
  private running: Promise<unknown> | undefined;
  private stopped = false;
  private lastTick: number | undefined;
  /** The live instances as of the latest heartbeat (every 2.5 s on the wall clock). */
  private live: string[] = [];
  /** Ends a wait for a group's slot early (stop). */
  private wake: (() => void) | undefined;
  private readonly stateCounts = new Map<string, Record<string, number>>();

  constructor(private readonly options: SchedulerOptions) {
    this.instanceId = options.instanceId ?? randomUUID();
    this.tickMs = options.tickMs ?? TICK_MS;
    this.clock = options.clock ?? Date.now;
    this.sink = options.sink ?? noopAlertSink;
    this.expiryMs = HEARTBEAT_EXPIRY_TICKS * this.tickMs;
  }

  /** Where alerts go from now on (the app wires the notifier here when there is one). */
  setSink(sink: AlertSink): void {
    this.sink = sink;
  }

  /** Ticks on the wall clock, at each multiple of the tick. */
  start(): void {
    this.stopped = false;
    this.expiryMs = LIVE_HEARTBEAT_EXPIRY_MS;
    this.beat = setInterval(() => {
      void this.options.store.alerting
        .heartbeat(this.instanceId, this.clock(), this.expiryMs)
        .then((live) => {
          this.live = live;
        })
        .catch((error: unknown) => this.options.log?.warn({ err: error }, 'alerting: heartbeat failed'));
    }, HEARTBEAT_EVERY_MS);
    this.beat.unref();
    const schedule = () => {
      if (this.stopped) return;
      const next = nextTickAfter(this.lastTick, Math.floor(this.clock() / this.tickMs));
      this.timer = setTimeout(
        () => {
          this.lastTick = next;
          this.running = this.tick(next * this.tickMs, (at) => this.sleepUntil(at))
            .catch((error: unknown) => this.options.log?.error({ err: error }, 'alerting tick failed'))
            .finally(schedule);
        },
        Math.max(0, next * this.tickMs - this.clock()),
      );
      this.timer.unref();
    };
    schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.wake?.();
    clearInterval(this.beat);
    await this.running;
    await this.options.store.alerting.leave(this.instanceId).catch(() => undefined);
  }

  /** Resolves at `at` on the clock (true), or at once when stopping (false). */
  private sleepUntil(at: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    const wait = at - this.clock();
    if (wait <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.wake = undefined;
        resolve(!this.stopped);
      }, wait);
      this.wake = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve(false);
      };
    });
  }

  /**
   * One tick at `now`: refreshes the heartbeat, finds the groups this instance owns that are due,
   * and evaluates them. With `waitUntil` (the wall clock), each group waits for its slot in the
   * tick (`offsetInTick`) and is evaluated at that time; a false answer stops the tick. Without, all
   * are evaluated at `now`, in order. Answers the keys of the groups evaluated (for tests).
   */
  async tick(now: number, waitUntil?: (at: number) => Promise<boolean>): Promise<string[]> {
    const { store } = this.options;
    const tick = Math.floor(now / this.tickMs);
    const started = this.clock();
    const live = await store.alerting.heartbeat(this.instanceId, now, this.expiryMs);
    this.live = live;
    const groups = await store.alerting.groups();
    const due = groups.filter((group) => {
      const key = groupKey(group);
      // On the wall clock the owner is decided at the group's slot (below), from the latest heartbeat:
      // a dead instance's groups move within a beat, not only at the next tick.
      return (waitUntil || ownerOf(key, live) === this.instanceId) && isDue(key, group.intervalSeconds * 1000, this.tickMs, tick);
    });
    if (due.length === 0) return [];
    const slot = tick * this.tickMs;
    const slotted = due.map((group) => ({ group, at: waitUntil ? slot + offsetInTick(groupKey(group), this.tickMs) : now }));
    if (waitUntil) slotted.sort((a, b) => a.at - b.at);
    const evaluated: string[] = [];
    for (const { group, at } of slotted) {
      if (waitUntil && !(await waitUntil(at))) break;
      if (waitUntil && ownerOf(groupKey(group), this.live) !== this.instanceId) continue;
      // The lag a group sees: how long after its slot its evaluation starts (the groups before it
      // in this tick count, not only a late timer).
      const late = waitUntil ? this.clock() - at : now + (this.clock() - started) - slot;
      this.options.observer?.schedulerLag(Math.max(0, late) / 1000);
      // Each group's rules as they are at its slot, by the index: reading all 10,000 rules at every
      // tick cost the tick's first groups their slots.
      const ofGroup = await store.alerting.list(group.orgId, { folderUids: [group.folderUid], group: group.name });
      await this.evaluateGroup(group, ofGroup, at);
      evaluated.push(groupKey(group));
    }
    this.reportStates();
    return evaluated;
  }

  /** Evaluates every rule of a group at `now` (paused rules are skipped). */
  async evaluateGroup(group: StoredRuleGroup, rules: StoredAlertRule[], now: number): Promise<void> {
    const folder = await this.options.store.folders.get(group.orgId, group.folderUid);
    const folderTitle = folder?.title ?? group.folderUid;
    for (const rule of rules) {
      if (rule.isPaused) continue;
      try {
        await this.evaluateRule({ rule, folderTitle, intervalMs: group.intervalSeconds * 1000, baseUrl: this.options.baseUrl }, now);
      } catch (error) {
        this.options.log?.error({ err: error, rule: rule.uid }, 'alert rule evaluation failed');
        await this.recordFailure(rule, now);
      }
    }
  }

  /**
   * An evaluation that failed in Sightline itself (not in a query or expression) still shows: the
   * rule's health becomes error, its instances stay as they were; the details are in the log.
   */
  private async recordFailure(rule: StoredAlertRule, now: number): Promise<void> {
    const { store, log } = this.options;
    try {
      const instances = await store.alerting.instances(rule.orgId, [rule.uid]);
      await store.alerting.saveEvaluation(rule.orgId, rule.uid, instances, {
        evaluated_at: now,
        duration_ms: 0,
        health: 'error',
        last_error: 'Sightline could not complete this evaluation; the server log has the details',
      });
    } catch (error) {
      log?.error({ err: error, rule: rule.uid }, 'recording a failed alert rule evaluation failed');
    }
  }

  /** Evaluates one rule and applies, stores and sends what changed. */
  async evaluateRule(context: RuleContext, now: number): Promise<StoredAlertInstance[]> {
    const { store, log, observer } = this.options;
    const { rule } = context;
    const previous = await store.alerting.instances(rule.orgId, [rule.uid]);
    const loaded = new Set(previous.filter((i) => ['Alerting', 'Pending', 'Recovering'].includes(i.state)).map((i) => i.fingerprint));
    const started = performance.now();
    const output = await evaluateCondition({ store, log }, rule.orgId, rule.data, rule.condition, now, loaded);
    const seconds = (performance.now() - started) / 1000;
    const failed = output.results.some((result) => result.state === 'Error');
    observer?.evaluation(seconds, failed);
    const update = applyResults(context, previous, output.results, now);
    const valueStrings = new Map(output.results.map((result) => [labelsKey(result.labels), result.valueString]));
    const valueStringOf = (instance: StoredAlertInstance) => valueStrings.get(instance.fingerprint) ?? '';
    const sent = update.toSend.length > 0;
    const instances = update.instances.map((instance) =>
      sent && update.toSend.includes(instance) ? { ...instance, lastSent: now } : instance,
    );
    await store.alerting.saveEvaluation(rule.orgId, rule.uid, instances, {
      evaluated_at: now,
      duration_ms: Math.round(seconds * 1000),
      health: failed ? 'error' : output.results.some((r) => r.state === 'NoData') ? 'nodata' : 'ok',
      last_error: output.results.find((result) => result.error)?.error ?? '',
    });
    const counts: Record<string, number> = {};
    for (const instance of instances) counts[instance.state] = (counts[instance.state] ?? 0) + 1;
    this.stateCounts.set(`${rule.orgId}/${rule.uid}`, counts);
    if (update.transitions.length > 0) await this.writeHistory(context, update.transitions, valueStringOf, now);
    if (sent) {
      try {
        await this.sink.send(update.toSend.map((instance) => postableAlert(context, instance, valueStringOf(instance))));
      } catch (error) {
        log?.error({ err: error, rule: rule.uid }, 'sending alerts failed');
      }
    }
    return instances;
  }

  /** Grafana's annotation historian: one annotation per state change, on the rule's panel when it links one. */
  private async writeHistory(
    context: RuleContext,
    transitions: Array<{ instance: StoredAlertInstance; previous: string; previousReason: string }>,
    valueStringOf: (instance: StoredAlertInstance) => string,
    now: number,
  ): Promise<void> {
    const { store, log } = this.options;
    const { rule } = context;
    try {
      const panel = panelOf(rule);
      const dashboard = panel.dashboardUid ? await store.dashboards.getByUid(rule.orgId, panel.dashboardUid) : undefined;
      await store.annotations.createMany(
        rule.orgId,
        0,
        transitions.map(({ instance, previous, previousReason }) => {
          const shown = Object.fromEntries(Object.entries(instance.labels).filter(([key]) => !key.startsWith('__')));
          const values = valueStringOf(instance);
          return {
            dashboardId: dashboard?.id ?? null,
            panelId: dashboard ? (panel.panelId ?? 0) : 0,
            time: now,
            timeEnd: now,
            text: `${rule.title} ${labelsText(shown)}${values ? ` - ${values}` : instance.lastError ? ` - ${instance.lastError}` : ''}`,
            tags: [],
            alert: {
              alertId: rule.id,
              newState: stateWithReason(instance.state, instance.reason),
              prevState: stateWithReason(previous, previousReason),
            },
          };
        }),
      );
    } catch (error) {
      log?.error({ err: error, rule: rule.uid }, 'writing alert state history failed');
    }
  }

  private reportStates(): void {
    const totals: Record<string, number> = {};
    for (const counts of this.stateCounts.values())
      for (const [state, n] of Object.entries(counts)) totals[state] = (totals[state] ?? 0) + n;
    this.options.observer?.ruleStates(totals);
  }
}
