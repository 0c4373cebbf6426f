/**
 * Issue 30 item 6: Grafana's alerting provisioning files (rules, contact points, policies, mute
 * timings, templates, and the lists that delete) under `<provisioning dir>/alerting/`, applied at
 * start with provenance `file`, read-only through the API (409 `alerting.provenanceMismatch`),
 * a bad entry named by file and line while the rest applies, and the reload endpoint.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDataDir, type TestServer } from '../testing/harness';
import { Provisioner } from '.';

let server: TestServer;
let dir: string;
let provisioner: Provisioner;
const warnings: string[] = [];
const PROV = '/api/v1/provisioning';

const rulesYaml = `
apiVersion: 1
groups:
  - orgId: 1
    name: file-group
    folder: Provisioned Alerts
    interval: 1m
    rules:
      - uid: file-rule
        title: Always firing
        condition: A
        data:
          - refId: A
            relativeTimeRange: { from: 600, to: 0 }
            datasourceUid: __expr__
            model: { type: math, expression: "1 > 0" }
        dashboardUid: file-dash
        panelId: 4
        noDataState: OK
        execErrState: Error
        for: 5m
        annotations: { summary: from a file }
        labels: { team: ops }
        isPaused: true
  - orgId: 1
    name: broken-group
    folder: Provisioned Alerts
    interval: 1m
    rules:
      - uid: bad-rule
        title: Broken
        condition: Z
        data:
          - refId: A
            datasourceUid: __expr__
            model: { type: math, expression: "1" }
  - orgId: 1
    name: self-reading-group
    folder: Provisioned Alerts
    interval: 1m
    rules:
      - uid: self-reading-rule
        title: Reads itself
        condition: B
        data:
          - refId: B
            datasourceUid: __expr__
            # $$ is a dollar: provisioning files expand $NAME from the environment, as Grafana's.
            model: { type: math, expression: "$$B + 1" }
contactPoints:
  - orgId: 1
    name: file-hook
    receivers:
      - uid: file-hook-1
        type: webhook
        settings: { url: "http://127.0.0.1:9/hook", password: file-secret, username: u }
policies:
  - orgId: 1
    receiver: file-hook
    group_by: [grafana_folder, alertname]
    routes:
      - receiver: file-hook
        object_matchers: [[team, "=", ops]]
        mute_time_intervals: [weekends]
muteTimes:
  - orgId: 1
    name: weekends
    time_intervals:
      - weekdays: [saturday, sunday]
templates:
  - orgId: 1
    name: file.tmpl
    template: '{{ define "file.tmpl" }}from a file{{ end }}'
`;

beforeAll(async () => {
  dir = tempDataDir();
  fs.mkdirSync(path.join(dir, 'alerting'));
  fs.writeFileSync(path.join(dir, 'alerting', 'rules.yaml'), rulesYaml);
  server = await startTestServer({ provisioner: (store) => (provisioner = new Provisioner(store, dir, {})) });
  await provisioner.start({ info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) });
});
afterAll(async () => {
  provisioner.stop();
  await server.cleanup();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('alerting provisioning files', () => {
  it('applies rules (in a folder made for them), contact points, policies, mute timings and templates with provenance "file"', async () => {
    const rule = (await server.call({ method: 'GET', url: `${PROV}/alert-rules/file-rule` })).json<Record<string, unknown>>();
    expect(rule).toMatchObject({
      uid: 'file-rule',
      title: 'Always firing',
      ruleGroup: 'file-group',
      for: '5m',
      noDataState: 'OK',
      isPaused: true,
      labels: { team: 'ops' },
      annotations: { summary: 'from a file', __dashboardUid__: 'file-dash', __panelId__: '4' },
      provenance: 'file',
    });
    const folder = await server.store.folders.get(1, rule.folderUID as string);
    expect(folder?.title).toBe('Provisioned Alerts');
    const group = (await server.call({ method: 'GET', url: `${PROV}/folder/${folder!.uid}/rule-groups/file-group` })).json<{
      interval: number;
    }>();
    expect(group.interval).toBe(60);

    const points = (await server.call({ method: 'GET', url: `${PROV}/contact-points?name=file-hook` })).json();
    expect(points).toEqual([
      {
        uid: 'file-hook-1',
        name: 'file-hook',
        type: 'webhook',
        settings: { url: 'http://127.0.0.1:9/hook', username: 'u', password: '[REDACTED]' },
        disableResolveMessage: false,
        provenance: 'file',
      },
    ]);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toMatchObject({
      receiver: 'file-hook',
      provenance: 'file',
      routes: [{ receiver: 'file-hook', object_matchers: [['team', '=', 'ops']], mute_time_intervals: ['weekends'] }],
    });
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/weekends` })).json()).toMatchObject({
      name: 'weekends',
      provenance: 'file',
    });
    expect((await server.call({ method: 'GET', url: `${PROV}/templates/file.tmpl` })).json()).toMatchObject({
      name: 'file.tmpl',
      provenance: 'file',
    });
  });

  it('names the bad entry by file and line, and applies the rest', async () => {
    expect(warnings.join('\n')).toMatch(/alerting\/rules\.yaml:\d+: rule group "broken-group": rule bad-rule: condition "Z"/);
    // A group with a bad rule is not written at all (half of it would not be what the file says).
    expect((await server.call({ method: 'GET', url: `${PROV}/alert-rules/bad-rule` })).statusCode).toBe(404);
    // The API's check of expressions applies to files too: a rule that is applied can be evaluated.
    expect(warnings.join('\n')).toMatch(/rule group "self-reading-group": rule self-reading-rule: expression B reads itself \(\$B\)/);
    expect((await server.call({ method: 'GET', url: `${PROV}/alert-rules/self-reading-rule` })).statusCode).toBe(404);
  });

  it('refuses every change through the API with 409, as Grafana', async () => {
    const rule = (await server.call({ method: 'GET', url: `${PROV}/alert-rules/file-rule` })).json<Record<string, unknown>>();
    const attempts = [
      { method: 'PUT' as const, url: `${PROV}/alert-rules/file-rule`, payload: { ...rule, title: 'Changed' } },
      { method: 'DELETE' as const, url: `${PROV}/alert-rules/file-rule` },
      {
        method: 'PUT' as const,
        url: `${PROV}/folder/${String(rule.folderUID)}/rule-groups/file-group`,
        payload: { interval: 60, rules: [] },
      },
      {
        method: 'PUT' as const,
        url: `${PROV}/contact-points/file-hook-1`,
        payload: { name: 'file-hook', type: 'webhook', settings: { url: 'http://127.0.0.1:9/other' } },
      },
      { method: 'DELETE' as const, url: `${PROV}/contact-points/file-hook-1` },
      { method: 'PUT' as const, url: `${PROV}/policies`, payload: { receiver: 'file-hook' } },
      { method: 'DELETE' as const, url: `${PROV}/policies` },
      { method: 'PUT' as const, url: `${PROV}/mute-timings/weekends`, payload: { name: 'weekends', time_intervals: [] } },
      { method: 'DELETE' as const, url: `${PROV}/mute-timings/weekends` },
      { method: 'PUT' as const, url: `${PROV}/templates/file.tmpl`, payload: { template: 'changed' } },
      { method: 'DELETE' as const, url: `${PROV}/templates/file.tmpl` },
    ];
    for (const attempt of attempts) {
      const answer = await server.call(attempt);
      expect(answer.statusCode, `${attempt.method} ${attempt.url}: ${answer.body}`).toBe(409);
      expect(answer.json()).toMatchObject({ messageId: 'alerting.provenanceMismatch', message: expect.stringMatching(/provision/) });
    }
  });

  it('deletes what the delete lists name on reload', async () => {
    fs.rmSync(path.join(dir, 'alerting', 'rules.yaml'));
    fs.writeFileSync(
      path.join(dir, 'alerting', 'cleanup.json'),
      JSON.stringify({
        apiVersion: 1,
        deleteRules: [{ orgId: 1, uid: 'file-rule' }],
        resetPolicies: [1],
        deleteContactPoints: [{ orgId: 1, uid: 'file-hook-1' }],
        deleteMuteTimes: [{ orgId: 1, name: 'weekends' }],
        deleteTemplates: [{ orgId: 1, name: 'file.tmpl' }],
      }),
    );
    const reload = await server.call({ method: 'POST', url: '/api/admin/provisioning/alerting/reload' });
    expect(reload.statusCode, reload.body).toBe(200);
    expect(reload.json()).toEqual({ message: 'Alerting config reloaded', problems: [] });
    expect((await server.call({ method: 'GET', url: `${PROV}/alert-rules/file-rule` })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: `${PROV}/contact-points?name=file-hook` })).json()).toEqual([]);
    expect((await server.call({ method: 'GET', url: `${PROV}/policies` })).json()).toEqual({
      receiver: 'grafana-default-email',
      group_by: ['grafana_folder', 'alertname'],
    });
    expect((await server.call({ method: 'GET', url: `${PROV}/mute-timings/weekends` })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: `${PROV}/templates/file.tmpl` })).statusCode).toBe(404);
  });
});
