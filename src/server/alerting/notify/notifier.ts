/**
 * The dispatcher: Alertmanager's semantics over the shared store. Alerts the rules half sends are
 * stored by fingerprint; every tick, each instance reads them, routes them through the org's
 * policy tree (silenced alerts left out), groups them per policy by `group_by`, and flushes each
 * group when due — `group_wait` after it appeared, then every `group_interval`, notifying only
 * when something changed (a new firing alert, a resolved one) or `repeat_interval` has passed.
 * A flush is claimed in the notification log with a conditional update before anything is sent,
 * so on several instances (or after a restart) a group is notified once.
 */
import type { PostableAlert, AlertSink } from '../types';
import type { GettableAlert, GettableSilence, MuteTiming, Route, TimeInterval } from '../../../contract/alertingNotify';
import type { AlertDispatchStore } from '../../store/alertingDispatch';
import type { AlertingNotifyStore } from '../../store/alertingNotify';
import type { AlertingDeliveryStore } from '../../store/alertingDelivery';
import { TemplateSet } from './goTemplate';
import { integrationKind } from './integrations';
import { fingerprintOf, labelSetText } from './matchers';
import { buildRouteTree, defaultPolicyTree, groupKeyOf, groupLabelsOf, matchRoutes, type RouteNode } from './routing';
import type { SmtpSettings } from './email';
import { inAnyInterval } from './timeIntervals';
import { alertGroups, gettableAlerts, gettableSilence, silencedBy, type AlertsQuery } from './alertmanagerViews';
import { templateData, templateSetOf, GO_ZERO_TIME } from './templates';
import type { DeliveryResult, Integration, Labels, NotificationLogEntry, Silence, StoredAlert } from './types';

export type NotificationObserver = (type: string, result: DeliveryResult) => void;
let observer: NotificationObserver | undefined;

/** Registers the one observer of deliveries (the metrics module); returns the one registered before. */
export function observeNotifications(next: NotificationObserver | undefined): NotificationObserver | undefined {
  const previous = observer;
  observer = next;
  return previous;
}

export interface NotifierOptions {
  /** The clock; tests pass a fake one. */
  now?: () => number;
  /** This server's address as people reach it (links in notifications). */
  externalUrl?: string;
  smtp?: SmtpSettings;
  telegramApiUrl?: string;
  /** Waits between attempts of a failed delivery; their count bounds the retries (default: RETRY_DELAYS_MS). */
  retryDelaysMs?: number[];
  sleep?: (ms: number) => Promise<void>;
  /** How often `start()` runs a tick. */
  tickMs?: number;
  /** Resolved alerts are forgotten this long after they ended. */
  resolvedRetentionMs?: number;
  /** Per delivery attempt. */
  deliveryTimeoutMs?: number;
  log?: { warn(fields: object, message: string): void; error(fields: object, message: string): void };
  /** Where each integration's last attempt is kept for the receivers status API. */
  deliveryLog?: Pick<AlertingDeliveryStore, 'record'>;
}

/** Exponential backoff, bounded: three attempts, the waits between them 1 s and 4 s. */
export const RETRY_DELAYS_MS = backoff({ attempts: 3, firstMs: 1000, factor: 4, maxMs: 30_000 });

export function backoff(options: { attempts: number; firstMs: number; factor: number; maxMs: number }): number[] {
  return Array.from({ length: Math.max(0, options.attempts - 1) }, (_, retry) =>
    Math.min(options.maxMs, options.firstMs * options.factor ** retry),
  );
}

/** One org's notification configuration as a flush needs it. */
interface OrgConfig {
  tree: RouteNode;
  muteTimings: Map<string, TimeInterval[]>;
  templates: TemplateSet;
  receivers: Map<string, Integration[]>;
  silences: Silence[];
}

interface Group {
  id: string;
  node: RouteNode;
  labels: Labels;
  key: string;
  alerts: StoredAlert[];
}

/** Alertmanager's order of a notification's alerts: by `job`, then `instance`, then the whole label set. */
function alertOrder(a: StoredAlert, b: StoredAlert): number {
  for (const key of ['job', 'instance']) {
    const x = a.labels[key];
    const y = b.labels[key];
    if (x !== undefined && y !== undefined && x !== y) return x < y ? -1 : 1;
    if ((x === undefined) !== (y === undefined)) return x === undefined ? 1 : -1;
  }
  const x = labelSetText(a.labels);
  const y = labelSetText(b.labels);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** What an attempt cut short by `stop()` records: not delivered (the claimed flush is not sent again). */
export const STOPPED_BEFORE_DELIVERY = 'not delivered: Sightline stopped before the receiver answered';

/** Settles as `work` does, or fails at once when `signal` aborts; the work left behind ends on its own deadline. */
function unlessAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error(STOPPED_BEFORE_DELIVERY));
    if (signal.aborted) onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

const isSubset = (items: string[], of: string[]) => {
  const set = new Set(of);
  return items.every((item) => set.has(item));
};

export class Notifier implements AlertSink {
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastCleanup = Number.NEGATIVE_INFINITY;
  /** Aborted by `stop()`: deliveries in flight give up, waits between attempts end, no further group is flushed. */
  private halt = new AbortController();
  /** The alerts received and the notification log. */
  private readonly dispatch: AlertDispatchStore;

  constructor(
    private readonly store: AlertingNotifyStore,
    private readonly options: NotifierOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.dispatch = store.dispatch;
  }

  /** Takes alerts from the rules half (AlertSink). They are flushed by the next tick. */
  async send(alerts: PostableAlert[]): Promise<void> {
    const now = this.now();
    await this.dispatch.upsertAlerts(
      alerts.map((alert) => ({
        orgId: alert.orgId,
        fingerprint: fingerprintOf(alert.labels),
        labels: alert.labels,
        annotations: alert.annotations,
        startsAt: Date.parse(alert.startsAt) || now,
        // No end means "firing until told otherwise": Alertmanager's resolve timeout.
        endsAt: alert.endsAt && alert.endsAt !== GO_ZERO_TIME ? Date.parse(alert.endsAt) : now + 5 * 60_000,
        updatedAt: now,
        generatorURL: alert.generatorURL,
        values: alert.values,
        valueString: alert.valueString,
        dashboardUid: alert.dashboardUid,
        panelId: alert.panelId,
      })),
    );
  }

  /** Ticks every `tickMs` until `stop()`. */
  start(): void {
    if (this.timer) return;
    if (this.halt.signal.aborted) this.halt = new AbortController();
    this.timer = setInterval(() => {
      if (this.running) return;
      this.running = this.tick()
        .catch((error: unknown) => this.options.log?.error({ err: error }, 'alerting: notification tick failed'))
        .finally(() => {
          this.running = undefined;
        });
    }, this.options.tickMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Stops ticking and ends the tick running now promptly: a delivery in flight is recorded as not
   * delivered, a retry waiting is dropped, and groups not yet claimed stay due in the log for the
   * next instance or start.
   */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.halt.abort();
    await this.running;
  }

  /** One pass over every org: flushes the groups that are due. */
  async tick(): Promise<void> {
    const now = this.now();
    for (const orgId of await this.dispatch.orgsWithAlerts()) {
      if (this.halt.signal.aborted) return;
      try {
        await this.flushOrg(orgId, now);
      } catch (error) {
        this.options.log?.error({ err: error, orgId }, `alerting: notifications of org ${orgId} failed`);
      }
    }
    // At most once a minute, and a write only when there is something to forget: every write
    // statement makes the store's read caches (tokens, orgs) start over.
    if (now - this.lastCleanup >= 60_000) {
      this.lastCleanup = now;
      const before = now - (this.options.resolvedRetentionMs ?? 3_600_000);
      if (await this.dispatch.hasAlertsResolvedBefore(before)) await this.dispatch.deleteResolvedAlerts(before);
    }
  }

  async orgConfig(orgId: number, now = this.now()): Promise<OrgConfig> {
    const [stored, timings, templates, integrations, silences] = await Promise.all([
      this.store.policyTree(orgId),
      this.store.muteTimings(orgId),
      this.store.templates(orgId),
      this.store.listIntegrations(orgId, { open: true }),
      this.store.unexpiredSilences(orgId, now),
    ]);
    const receivers = new Map<string, Integration[]>();
    for (const integration of integrations) receivers.set(integration.name, [...(receivers.get(integration.name) ?? []), integration]);
    return {
      tree: buildRouteTree(stored?.tree ?? defaultPolicyTree(), { stored: true }),
      muteTimings: new Map(timings.map((timing: MuteTiming) => [timing.name, timing.time_intervals])),
      templates: templateSetOf(templates),
      receivers,
      silences,
    };
  }

  private groupsOf(config: OrgConfig, alerts: StoredAlert[], now: number): Map<string, Group> {
    const groups = new Map<string, Group>();
    for (const alert of alerts) {
      if (silencedBy(config.silences, alert.labels, now).length > 0) continue;
      for (const node of matchRoutes(config.tree, alert.labels)) {
        const labels = groupLabelsOf(node, alert.labels);
        const id = `${node.id}|${labelSetText(labels)}`;
        let group = groups.get(id);
        if (!group) groups.set(id, (group = { id, node, labels, key: groupKeyOf(node, labels), alerts: [] }));
        group.alerts.push(alert);
      }
    }
    for (const group of groups.values()) group.alerts.sort(alertOrder);
    return groups;
  }

  private muted(config: OrgConfig, node: RouteNode, now: number): boolean {
    const intervals = (names: string[]) => names.flatMap((name) => config.muteTimings.get(name) ?? []);
    if (node.muteTimeIntervals.length > 0 && inAnyInterval(intervals(node.muteTimeIntervals), now)) return true;
    return node.activeTimeIntervals.length > 0 && !inAnyInterval(intervals(node.activeTimeIntervals), now);
  }

  private async flushOrg(orgId: number, now: number): Promise<void> {
    const config = await this.orgConfig(orgId, now);
    const groups = this.groupsOf(config, await this.dispatch.alerts(orgId), now);
    const log = new Map((await this.dispatch.notificationLog(orgId)).map((entry) => [entry.groupKey, entry]));
    for (const group of groups.values()) {
      const firing = group.alerts.filter((alert) => alert.endsAt > now);
      if (log.has(group.id) || firing.length === 0) continue;
      // group_wait counts from the group's first alert, as Alertmanager creates a group on receipt.
      const firstSeen = Math.min(now, ...firing.map((alert) => alert.receivedAt ?? now));
      await this.dispatch.startGroup({
        orgId,
        groupKey: group.id,
        receiver: group.node.receiver,
        firstSeen,
        nextFlush: firstSeen + group.node.groupWaitMs,
      });
    }
    for (const entry of await this.dispatch.notificationLog(orgId)) {
      // Stopping: what is not claimed yet is left due, for whoever flushes next.
      if (this.halt.signal.aborted) return;
      if (entry.nextFlush > now) continue;
      const group = groups.get(entry.groupKey);
      if (!group) {
        // Every alert of the group is gone (silenced, or forgotten after resolving).
        await this.dispatch.deleteGroup(orgId, entry.groupKey, entry.version);
        continue;
      }
      await this.flushGroup(config, group, entry, now);
    }
  }

  private async flushGroup(config: OrgConfig, group: Group, entry: NotificationLogEntry, now: number): Promise<void> {
    const nextFlush = now + group.node.groupIntervalMs;
    if (this.muted(config, group.node, now)) {
      await this.dispatch.claimFlush(entry, { nextFlush, lastSent: entry.lastSent, firing: entry.firing, resolved: entry.resolved });
      return;
    }
    const firing = group.alerts.filter((alert) => alert.endsAt > now).map((alert) => alert.fingerprint);
    const resolved = group.alerts.filter((alert) => alert.endsAt <= now).map((alert) => alert.fingerprint);
    const repeatDue = entry.lastSent === null || now - entry.lastSent >= group.node.repeatIntervalMs;
    // Alertmanager's DedupStage: new firing alerts, newly resolved ones, or the repeat interval.
    const firingChanged = entry.lastSent === null ? firing.length > 0 : !isSubset(firing, entry.firing);
    const allResolved = firing.length === 0 && entry.firing.length > 0;
    const resolvedChanged = firing.length > 0 && !isSubset(resolved, entry.resolved);
    const repeat = firing.length > 0 && repeatDue;
    const notify = firingChanged || allResolved || resolvedChanged || repeat;
    const next = notify
      ? { nextFlush, lastSent: now, firing, resolved }
      : { nextFlush, lastSent: entry.lastSent, firing: entry.firing, resolved: entry.resolved };
    // Claimed before sending: another instance that read the same version now loses.
    if (!(await this.dispatch.claimFlush(entry, next))) return;
    if (firing.length === 0) await this.dispatch.deleteGroup(entry.orgId, entry.groupKey, entry.version + 1);
    if (!notify) return;
    const integrations = config.receivers.get(group.node.receiver) ?? [];
    if (integrations.length === 0) {
      this.options.log?.warn(
        { receiver: group.node.receiver },
        `alerting: no contact point named "${group.node.receiver}"; group ${group.key} was not sent`,
      );
      return;
    }
    await Promise.all(
      integrations.map(async (integration) => {
        // A contact point without resolve messages sees only firing alerts, and nothing when a change was only a resolve.
        const alerts = integration.disableResolveMessage ? group.alerts.filter((alert) => alert.endsAt > now) : group.alerts;
        if (alerts.length === 0 || (integration.disableResolveMessage && !firingChanged && !repeat)) return;
        await this.deliverWithRetries(config, integration, group, alerts, now);
      }),
    );
  }

  private async deliverWithRetries(
    config: OrgConfig,
    integration: Integration,
    group: Group,
    alerts: StoredAlert[],
    now: number,
  ): Promise<void> {
    const delays = this.options.retryDelaysMs ?? RETRY_DELAYS_MS;
    const sleep = this.options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref()));
    const { signal } = this.halt;
    for (let attempt = 0; ; attempt++) {
      const attemptedAt = this.now();
      const started = performance.now();
      const error = await this.deliverOnce(config, integration, group.node.receiver, group.labels, group.key, alerts, now);
      await this.recordAttempt(group, integration, { attemptedAt, durationMs: performance.now() - started, error: error ?? null });
      if (!error) return;
      const stopped = signal.aborted;
      if (attempt >= delays.length || stopped) {
        this.options.log?.warn(
          { receiver: group.node.receiver, integration: integration.uid, type: integration.type, attempts: attempt + 1 },
          `alerting: delivery to ${integration.type} contact point "${integration.name}" failed: ${error}${stopped ? ' (no retry: stopping)' : ''}`,
        );
        return;
      }
      await unlessAborted(sleep(delays[attempt]!), signal).catch(() => undefined);
    }
  }

  private async recordAttempt(
    group: Group,
    integration: Integration,
    attempt: { attemptedAt: number; durationMs: number; error: string | null },
  ) {
    if (!this.options.deliveryLog || !integration.uid) return;
    const orgId = group.alerts[0]?.orgId;
    if (orgId === undefined) return;
    try {
      await this.options.deliveryLog.record(orgId, integration.uid, attempt);
    } catch (error) {
      // The status is for people to read; losing one never stops a delivery.
      this.options.log?.warn({ err: error, integration: integration.uid }, 'alerting: could not record a delivery attempt');
    }
  }

  /** One attempt; the error's words, or undefined when delivered. Counted either way. */
  async deliverOnce(
    config: Pick<OrgConfig, 'templates'>,
    integration: Integration,
    receiver: string,
    groupLabels: Labels,
    groupKey: string,
    alerts: StoredAlert[],
    now: number,
  ): Promise<string | undefined> {
    const kind = integrationKind(integration.type);
    try {
      if (!kind) throw new Error(`unknown contact point type "${integration.type}"`);
      const data = templateData({
        receiver,
        groupLabels,
        groupKey,
        alerts,
        now,
        externalUrl: this.options.externalUrl ?? 'http://localhost:3000',
      });
      const { signal } = this.halt;
      const sending = kind.send({
        integration,
        data,
        templates: config.templates,
        smtp: this.options.smtp,
        telegramApiUrl: this.options.telegramApiUrl ?? 'https://api.telegram.org',
        timeoutMs: this.options.deliveryTimeoutMs,
        signal,
      });
      await unlessAborted(sending, signal);
      observer?.(integration.type, 'success');
      return undefined;
    } catch (error) {
      observer?.(integration.type, 'failure');
      return (error as Error).message;
    }
  }

  // ---- what the Alertmanager v2 API shows ---------------------------------------------------------

  /** `GET .../api/v2/alerts`: alerts not yet resolved, with their receivers and silences. */
  async listAlerts(orgId: number, query: AlertsQuery): Promise<GettableAlert[]> {
    const now = this.now();
    const config = await this.orgConfig(orgId, now);
    return gettableAlerts(config.tree, config.silences, await this.dispatch.alerts(orgId), query, now);
  }

  /** `GET .../api/v2/alerts/groups`: the listed alerts grouped as the policies group them. */
  async listGroups(orgId: number, query: AlertsQuery) {
    const now = this.now();
    const config = await this.orgConfig(orgId, now);
    const alerts = gettableAlerts(config.tree, config.silences, await this.dispatch.alerts(orgId), query, now);
    return alertGroups(config.tree, alerts, query);
  }

  silenceJson(silence: Silence): GettableSilence {
    return gettableSilence(silence, this.now());
  }

  currentTime(): number {
    return this.now();
  }

  /** `receivers/test`: one notification per integration, now, with a test alert. */
  async testIntegrations(orgId: number, receiver: string, integrations: Integration[], alert: { labels: Labels; annotations: Labels }) {
    const now = this.now();
    const templates = (await this.orgConfig(orgId, now)).templates;
    const stored: StoredAlert = {
      orgId,
      fingerprint: fingerprintOf(alert.labels),
      labels: alert.labels,
      annotations: alert.annotations,
      startsAt: now,
      endsAt: now + 5 * 60_000,
      updatedAt: now,
      generatorURL: `${(this.options.externalUrl ?? 'http://localhost:3000').replace(/\/+$/, '')}/alerting/list`,
    };
    return Promise.all(
      integrations.map(async (integration) => ({
        integration,
        error: await this.deliverOnce({ templates }, integration, receiver, {}, `{}/{}:{}`, [stored], now),
      })),
    );
  }
}

/** Route objects a policy tree names (for checks before it is stored). */
export type { Route };
