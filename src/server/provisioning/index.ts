/**
 * Provisioning from files in Grafana's layout (`SIGHTLINE_PROVISIONING_DIR`): data sources from
 * `datasources/*.yaml`, dashboards from the providers of `dashboards/*.yaml`, alerting from
 * `alerting/*.yaml|yml|json`. Applied at start,
 * on `POST /api/admin/provisioning/{dashboards,datasources,alerting}/reload`, and for dashboards every
 * provider's `updateIntervalSeconds`. A broken file is logged (warn) with its name, line and
 * reason and the rest still applies; the server starts either way, and the reload endpoints answer
 * 400 naming every such file.
 */
import path from 'node:path';
import type { Store } from '../store';
import { applyDataSources, readDataSourceFiles } from './datasources';
import { applyProvider, readDashboardFiles, readProviders, type DashboardProvider } from './dashboards';
import { describeProblem, type ApplySummary, type Problem } from './files';
import { applyAlerting, readAlertingFiles, type AlertingSummary } from './alerting';

export interface ProvisioningLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const quiet: ProvisioningLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface ReloadSummary {
  problems: Problem[];
}

/** The providers as read now, what was wrong in their files, and the first provider whose apply failed (the database). */
type DashboardsReload = DashboardProvider[] & ReloadSummary & { failure?: unknown };

export class Provisioner {
  private log: ProvisioningLog = quiet;
  private timers: NodeJS.Timeout[] = [];
  /** Per provider, the files as last applied: a poll that finds them the same writes nothing. */
  private applied = new Map<string, string>();
  /** Runs one at a time: a reload and a poll never interleave. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly store: Store,
    readonly dir: string,
    private readonly env: NodeJS.ProcessEnv = process.env,
  ) {}

  /**
   * Applies everything, then re-reads each provider's files every `updateIntervalSeconds`. Never
   * throws: data sources failing (the database, say) still leaves dashboards to apply.
   */
  async start(log: ProvisioningLog): Promise<void> {
    this.log = log;
    await this.reloadDataSources().catch((error: unknown) => this.log.error(`provisioning data sources failed: ${messageOf(error)}`));
    const providers = await this.reloadDashboards().catch((error: unknown) => {
      this.log.error(`provisioning dashboards failed: ${messageOf(error)}`);
      return [];
    });
    // A provider whose apply failed is tried again on its interval.
    this.schedule(providers);
    // After data sources and dashboards: rules name data sources and link to dashboards.
    await this.reloadAlerting().catch((error: unknown) => this.log.error(`provisioning alerting failed: ${messageOf(error)}`));
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  /** Resolves when the work queued so far (a reload, a poll) is done. */
  idle(): Promise<void> {
    return this.queue.then(() => undefined);
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private report(what: string, summary: { problems: Problem[] } & Record<string, unknown>): void {
    for (const problem of summary.problems) this.log.warn(`provisioning: ${describeProblem(problem)}`);
    const counts = Object.entries(summary)
      .filter(([key, value]) => key !== 'problems' && typeof value === 'number' && value > 0)
      .map(([key, value]) => `${String(value)} ${key}`);
    if (counts.length > 0) this.log.info(`provisioning ${what}: ${counts.join(', ')}`);
  }

  reloadDataSources(): Promise<ApplySummary> {
    return this.serial(async () => {
      const files = readDataSourceFiles(path.join(this.dir, 'datasources'), this.dir, this.env);
      const summary = await applyDataSources(this.store, files);
      this.report('data sources', { ...summary });
      return summary;
    });
  }

  reloadAlerting(): Promise<AlertingSummary> {
    return this.serial(async () => {
      const files = readAlertingFiles(path.join(this.dir, 'alerting'), this.dir, this.env);
      const summary = await applyAlerting(this.store, files);
      summary.problems.unshift(...files.problems);
      this.report('alerting', { ...summary });
      return summary;
    });
  }

  /**
   * Applies every provider (whether or not its files changed); returns them. A provider whose
   * apply fails (the database) does not stop the others; it is logged and returned as `failure`.
   */
  async reloadDashboards(): Promise<DashboardsReload> {
    return this.serial(async () => {
      const { providers, problems } = readProviders(path.join(this.dir, 'dashboards'), this.dir, this.env);
      for (const problem of problems) this.log.warn(`provisioning: ${describeProblem(problem)}`);
      const all = [...problems];
      this.applied.clear();
      let failure: unknown;
      for (const provider of providers) {
        try {
          all.push(...(await this.applyProvider(provider, true)).problems);
        } catch (error) {
          this.log.error(`provisioning: provider ${provider.name}: ${messageOf(error)}`);
          failure ??= error;
        }
      }
      return Object.assign(providers, { problems: all, failure });
    });
  }

  /** One provider's files read again, applied when they differ from the last time. */
  poll(provider: DashboardProvider): Promise<ApplySummary | undefined> {
    return this.serial(() => this.applyProvider(provider, false));
  }

  private async applyProvider(provider: DashboardProvider, always: true): Promise<ApplySummary>;
  private async applyProvider(provider: DashboardProvider, always: boolean): Promise<ApplySummary | undefined>;
  private async applyProvider(provider: DashboardProvider, always: boolean): Promise<ApplySummary | undefined> {
    const files = readDashboardFiles(provider, this.dir);
    // Problems are part of it: a link that turns bad is reported on the next poll, not only on a reload.
    const fingerprint = [
      ...files.files.map((file) => `${file.externalId}:${file.checksum}:${file.problem ? describeProblem(file.problem) : ''}`),
      ...files.problems.map(describeProblem),
    ].join('\n');
    if (!always && this.applied.get(provider.name) === fingerprint) return undefined;
    const summary = await applyProvider(this.store, provider, files);
    this.applied.set(provider.name, fingerprint);
    this.report(`dashboards (provider ${provider.name})`, { ...summary });
    return summary;
  }

  private schedule(providers: readonly DashboardProvider[]): void {
    this.stop();
    for (const provider of providers) {
      if (provider.updateIntervalSeconds <= 0) continue;
      const timer = setInterval(() => {
        this.poll(provider).catch((error: unknown) =>
          this.log.error(`provisioning: provider ${provider.name}: ${(error as Error).message}`),
        );
      }, provider.updateIntervalSeconds * 1000);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** The reload endpoint: applies again and re-arms the timers for the providers as they are now. */
  async reloadDashboardsAndSchedule(): Promise<ReloadSummary> {
    const providers = await this.reloadDashboards();
    this.schedule(providers);
    // Not a file's fault: the endpoint answers 500 for it (after the other providers applied).
    if (providers.failure !== undefined) throw providers.failure;
    return providers;
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
