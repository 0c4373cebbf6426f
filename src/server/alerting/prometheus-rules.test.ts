/**
 * Alert rules evaluated against a real Prometheus (Debian's, scraping itself): `vector(1)`, `up`,
 * several series, a bad query (Error) and an empty result (NoData); what the sink receives; and a
 * restart that keeps firing alerts. The scheduler is ticked by hand with a fake clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPrometheus, startPrometheus, waitForSamples, type Backend } from '../testing/backends';
import { createDataSource } from '../testing/datasources';
import { startTestServer, type TestServer } from '../testing/harness';
import type { PostableAlert } from './types';

let server: TestServer;
let prometheus: Backend;
let promUid: string;
let folderUid: string;
const sent: PostableAlert[][] = [];
const sink = { send: async (alerts: PostableAlert[]) => void sent.push(alerts) };

/** A rule: instant PromQL query A, `last` of it as B, threshold C. */
function promRule(
  uid: string,
  title: string,
  expr: string,
  evaluator: { type: string; params: number[] },
  extra: Record<string, unknown> = {},
) {
  return {
    uid,
    title,
    condition: 'C',
    data: [
      { refId: 'A', datasourceUid: promUid, relativeTimeRange: { from: 60, to: 0 }, model: { expr, instant: true, refId: 'A' } },
      { refId: 'B', datasourceUid: '__expr__', model: { type: 'reduce', reducer: 'last', expression: 'A' } },
      { refId: 'C', datasourceUid: '__expr__', model: { type: 'threshold', expression: 'B', conditions: [{ evaluator }] } },
    ],
    noDataState: 'NoData',
    execErrState: 'Error',
    for: '0s',
    labels: { severity: 'page' },
    annotations: { summary: '{{ $labels.host }} is {{ $values.B }}', __dashboardUid__: 'none', __panelId__: '2' },
    ...extra,
  };
}

let clock = 0;
/** Ticks the scheduler through one whole minute (each 60 s group runs once). */
async function evaluateMinute(): Promise<void> {
  for (let i = 0; i < 6; i++) {
    await server.app.alertScheduler.tick(clock);
    clock += 10_000;
  }
}

async function states() {
  const answer = await server.call({ method: 'GET', url: `/api/prometheus/grafana/api/v1/rules?folder_uid=${folderUid}` });
  expect(answer.statusCode).toBe(200);
  const rules = answer.json().data.groups.flatMap((g: { rules: unknown[] }) => g.rules) as Array<{
    uid: string;
    state: string;
    health: string;
    lastError: string;
    alerts: Array<{ labels: Record<string, string>; annotations: Record<string, string>; state: string; activeAt: string }>;
  }>;
  return new Map(rules.map((rule) => [rule.uid, rule]));
}

async function setUp(dataDir?: string) {
  server = await startTestServer({ ...(dataDir ? { dataDir } : {}), app: { alerting: { sink } } });
}

describe.skipIf(!hasPrometheus)('alert rules against a real Prometheus', () => {
  beforeAll(async () => {
    [prometheus] = await Promise.all([startPrometheus({ scrapeSelf: true }), setUp()]);
    await waitForSamples(prometheus.url, 'up', 2);
    const ds = await createDataSource(server, { name: 'prom', type: 'prometheus', url: prometheus.url, jsonData: { timeInterval: '1s' } });
    promUid = ds.uid;
    folderUid = (await server.call({ method: 'POST', url: '/api/folders', payload: { title: 'Prometheus alerts' } })).json().uid as string;
    const severalSeries = 'label_replace(vector(1), "host", "a", "", "") or label_replace(vector(7), "host", "b", "", "")';
    const group = await server.call({
      method: 'PUT',
      url: `/api/v1/provisioning/folder/${folderUid}/rule-groups/prom`,
      payload: {
        interval: 60,
        rules: [
          promRule('vector-one', 'Vector one', 'vector(1)', { type: 'gt', params: [0] }),
          promRule('up', 'Up', 'up', { type: 'lt', params: [1] }),
          promRule('several', 'Several series', severalSeries, { type: 'gt', params: [5] }),
          promRule('bad-query', 'Bad query', 'sum(', { type: 'gt', params: [0] }),
          promRule('empty', 'Empty result', 'up{job="no-such-job"}', { type: 'gt', params: [0] }),
          promRule('paused', 'Paused', 'vector(1)', { type: 'gt', params: [0] }, { isPaused: true }),
        ],
      },
    });
    expect(group.statusCode, group.body).toBe(200);
    clock = Math.ceil(Date.now() / 60_000) * 60_000;
  }, 120_000);
  afterAll(async () => {
    await Promise.all([server?.cleanup(), prometheus?.stop()]);
  });

  it('fires on vector(1), stays Normal on up, and gives each series its own instance', async () => {
    await evaluateMinute();
    const byUid = await states();
    expect(byUid.get('vector-one')).toMatchObject({ state: 'firing', health: 'ok' });
    expect(byUid.get('vector-one')!.alerts[0]).toMatchObject({ state: 'Alerting', labels: { alertname: 'Vector one', severity: 'page' } });

    const up = byUid.get('up')!;
    expect(up).toMatchObject({ state: 'inactive', health: 'ok' });
    expect(up.alerts[0]!.labels).toMatchObject({ job: 'prometheus', instance: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });

    const several = byUid.get('several')!;
    expect(several.state).toBe('firing');
    const byHost = Object.fromEntries(several.alerts.map((alert) => [alert.labels.host, alert]));
    expect(byHost.a!.state).toBe('Normal');
    expect(byHost.b).toMatchObject({ state: 'Alerting', annotations: { summary: 'b is 7' } });
    expect(byUid.has('paused') && byUid.get('paused')!.alerts).toEqual([]);
  });

  it('answers Error for a bad query and NoData for an empty result', async () => {
    const byUid = await states();
    const bad = byUid.get('bad-query')!;
    expect(bad).toMatchObject({ health: 'error', state: 'firing' });
    expect(bad.lastError).toMatch(/parse error|unclosed|unexpected/i);
    expect(bad.alerts[0]!.labels).toMatchObject({ alertname: 'DatasourceError', datasource_uid: promUid });
    const empty = byUid.get('empty')!;
    expect(empty).toMatchObject({ health: 'nodata' });
    expect(empty.alerts[0]).toMatchObject({ state: 'NoData', labels: { alertname: 'DatasourceNoData' } });
  });

  it('sends firing alerts with endsAt four intervals ahead and Grafana’s extras', () => {
    const alerts = sent.flat();
    const vector = alerts.find((alert) => alert.labels.alertname === 'Vector one')!;
    expect(vector).toMatchObject({
      orgId: 1,
      generatorURL: '/alerting/grafana/vector-one/view',
      // Instant queries count as values too, as in Grafana.
      values: { A: 1, B: 1, C: 1 },
      valueString: "[ var='A' labels={} value=1 ], [ var='B' labels={} value=1 ], [ var='C' labels={} value=1 ]",
      panelId: 2,
      dashboardUid: 'none',
      labels: { alertname: 'Vector one', grafana_folder: 'Prometheus alerts', __alert_rule_uid__: 'vector-one' },
    });
    expect(Date.parse(vector.endsAt) - Date.parse(vector.startsAt)).toBe(4 * 60_000);
    // The Normal series of a rule is not sent; the firing one is.
    const hosts = alerts.filter((alert) => alert.labels.alertname === 'Several series').map((alert) => alert.labels.host);
    expect(hosts).toEqual(['b']);
  });

  it('keeps firing alerts across a restart, and resolves them when the condition clears', async () => {
    const before = (await states()).get('vector-one')!.alerts[0]!.activeAt;
    const dataDir = server.dataDir;
    await server.close();
    await setUp(dataDir);
    await evaluateMinute();
    const after = await states();
    expect(after.get('vector-one')!.alerts[0]).toMatchObject({ state: 'Alerting', activeAt: before });

    // The condition clears: the next evaluation resolves the alert and sends it as resolved.
    const rule = (await server.call({ method: 'GET', url: '/api/v1/provisioning/alert-rules/vector-one' })).json();
    rule.data[2].model.conditions[0].evaluator = { type: 'gt', params: [5] };
    expect((await server.call({ method: 'PUT', url: '/api/v1/provisioning/alert-rules/vector-one', payload: rule })).statusCode).toBe(200);
    sent.length = 0;
    await evaluateMinute();
    const resolved = sent.flat().find((alert) => alert.labels.alertname === 'Vector one')!;
    expect(Date.parse(resolved.endsAt)).toBeLessThanOrEqual(clock);
    expect((await states()).get('vector-one')!.state).toBe('inactive');
  });
});
