/**
 * A 30-panel dashboard over a real Prometheus (data backfilled with promtool, as in the query
 * bench): time from navigation to the frame where every panel on screen has drawn its answer.
 * Then Explore opened on a query of the same Prometheus: time to its first graph.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { startPrometheus } from '../../src/server/testing/backends';
import { AUTH } from './api';
import type { ServerProcess } from './processes';
import { openMetrics } from './queries';
import { timePage, type PageTiming, type Session } from './ui';

const PROMTOOL = '/usr/bin/promtool';
const HOUR_MS = 3_600_000;
export const LIVE_PANELS = 30;

async function api<T>(server: ServerProcess, method: string, url: string, body: unknown): Promise<T> {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...AUTH, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** 30 panels in Grafana's usual mix: 18 graphs, 6 stats, 3 gauges, 3 bar gauges; 4 panels per row of 6 grid units. */
function dashboardModel(uid: string, start: number, end: number) {
  const ds = { type: 'prometheus', uid };
  const kinds = [
    ...Array(18).fill('timeseries'),
    ...Array(6).fill('stat'),
    ...Array(3).fill('gauge'),
    ...Array(3).fill('bargauge'),
  ] as string[];
  const panels = kinds.map((type, index) => ({
    id: index + 1,
    type,
    title: `${type} ${index + 1}`,
    datasource: ds,
    gridPos: { x: (index % 4) * 6, y: Math.floor(index / 4) * 7, w: 6, h: 7 },
    targets: [
      { refId: 'A', expr: type === 'timeseries' ? `bench_value{series=~"${index % 10}|${(index + 1) % 10}"}` : `avg(bench_value)` },
    ],
  }));
  return { title: `Bench live ${Date.now()}`, time: { from: String(start), to: String(end) }, panels };
}

/** The live bench's Prometheus and dashboard, while they run: other UI rows reuse them. */
export interface LiveSetup {
  datasourceUid: string;
  start: number;
  end: number;
  /** The saved dashboard's path, `/d/<uid>/<slug>`. */
  dashboardUrl: string;
}

/**
 * Backfills a Prometheus with promtool, starts it, adds it as a data source and saves the 30-panel
 * dashboard over it; runs `use` while it runs. Undefined (and logged) where promtool is missing.
 */
export async function withLiveDashboard<T>(
  server: ServerProcess,
  workDir: string,
  log: (line: string) => void,
  use: (live: LiveSetup) => Promise<T>,
): Promise<T | undefined> {
  if (!fs.existsSync(PROMTOOL)) {
    log(`  live dashboard, Explore and the panel editor: skipped (needs ${PROMTOOL})`);
    return undefined;
  }
  const end = Math.floor((Date.now() - 3 * HOUR_MS) / HOUR_MS) * HOUR_MS;
  const start = end - HOUR_MS;
  const dir = path.join(workDir, 'prometheus-live');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'data.om'), openMetrics(end));
  execFileSync(PROMTOOL, ['tsdb', 'create-blocks-from', 'openmetrics', path.join(dir, 'data.om'), path.join(dir, 'tsdb')], {
    stdio: 'pipe',
  });
  const prometheus = await startPrometheus({ tsdbPath: path.join(dir, 'tsdb') });
  try {
    const created = await api<{ datasource: { uid: string } }>(server, 'POST', '/api/datasources', {
      name: `bench live prometheus ${Date.now()}`,
      type: 'prometheus',
      access: 'proxy',
      url: prometheus.url,
    });
    const saved = await api<{ url: string }>(server, 'POST', '/api/dashboards/db', {
      dashboard: dashboardModel(created.datasource.uid, start, end),
    });
    return await use({ datasourceUid: created.datasource.uid, start, end, dashboardUrl: saved.url });
  } finally {
    await prometheus.stop();
  }
}

export async function measureLiveDashboard(
  browser: Browser,
  session: Session,
  runs: number,
  server: ServerProcess,
  live: LiveSetup,
  log: (line: string) => void,
): Promise<PageTiming[]> {
  const { datasourceUid, start, end } = live;
  const timing = await timePage(browser, server.url, session, live.dashboardUrl, 'live-dashboard', runs, 1);
  log(`  live dashboard (${LIVE_PANELS} panels, ${timing.count} on screen): ${timing.median.toFixed(0)} ms`);
  const pane = {
    datasource: datasourceUid,
    queries: [{ refId: 'A', datasource: { type: 'prometheus', uid: datasourceUid }, expr: 'bench_value', range: true }],
    range: { from: String(start), to: String(end) },
  };
  const explorePath = `/explore?${new URLSearchParams({ schemaVersion: '1', panes: JSON.stringify({ bench: pane }) })}`;
  const explore = await timePage(browser, server.url, session, explorePath, 'explore', runs);
  log(`  Explore, first graph (10 series): ${explore.median.toFixed(0)} ms`);
  return [timing, explore];
}
