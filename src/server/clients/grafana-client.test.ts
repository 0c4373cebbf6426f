/**
 * The alerting calls of grafana-client (Python, vendored under testing/clients/grafana-client at
 * its commit 4bd145a, MIT) against the real server listening on loopback: what a script using the
 * library gets back, call by call. Needs python3 with requests (Debian's python3-requests, which
 * `npm test` installs as root).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN } from '../testing/harness';
import { startListeningServer, type ListeningServer } from '../testing/listening';
import { callResult, hasPythonRequests, runClientScript, type CallResult } from '../testing/pythonClient';

let server: ListeningServer;
let folderUid: string;
let calls: Map<string, CallResult>;

describe.skipIf(!hasPythonRequests)('grafana-client (Python) alerting calls', () => {
  beforeAll(async () => {
    server = await startListeningServer();
    const folder = await server.api('/api/folders', {
      method: 'POST',
      body: JSON.stringify({ title: 'Python alerts' }),
      headers: { 'content-type': 'application/json' },
    });
    folderUid = ((await folder.json()) as { uid: string }).uid;
    calls = await runClientScript('alerting_calls.py', [server.url, ADMIN_TOKEN, folderUid]);
  });
  afterAll(async () => server?.close());

  const result = <T = Record<string, unknown>>(call: string): T => callResult<T>(calls, call);

  it('creates, reads, renames and deletes a rule by uid, with provenance "api"', () => {
    expect(result('create_alertrule')).toMatchObject({
      uid: 'py-client-rule',
      title: 'Python client rule',
      folderUID: folderUid,
      provenance: 'api',
    });
    expect(result('get_alertrule')).toMatchObject({ uid: 'py-client-rule', ruleGroup: 'python', for: '1m', labels: { team: 'python' } });
    expect(result('update_alertrule')).toMatchObject({ uid: 'py-client-rule', title: 'Python client rule, renamed' });
    expect(result<Array<{ uid: string }>>('get_alertrules_all').map((r) => r.uid)).toContain('py-client-rule');
    // The library returns nothing for a 204.
    expect(calls.get('delete_alertrule')?.error).toBeUndefined();
    expect(calls.get('get_deleted_alertrule')).toMatchObject({ error: 404 });
  });

  it('reads a rule group and changes its interval, as update_rule_group_interval sends it', () => {
    expect(result('get_rule_group')).toMatchObject({ title: 'python', folderUid, interval: 60 });
    expect(result('update_rule_group_interval')).toMatchObject({ title: 'python', folderUid, interval: 120 });
  });

  it('creates a contact point without provenance and answers its secret redacted', () => {
    expect(result('create_contactpoint')).toMatchObject({ uid: 'py-client-webhook', name: 'Python webhook', type: 'webhook' });
    const listed = result<Array<{ uid: string; provenance?: string; settings: Record<string, unknown> }>>('get_contactpoints');
    const webhook = listed.find((point) => point.uid === 'py-client-webhook');
    expect(webhook?.settings.password).toBe('[REDACTED]');
    expect(webhook?.provenance ?? '').toBe('');
  });

  it('sets the policy tree with a mute timing, and refuses to delete the timing while it is used', () => {
    expect(result('create_mute_timing')).toMatchObject({ name: 'py-weekends' });
    expect(result('get_mute_timing')).toMatchObject({ name: 'py-weekends', time_intervals: [{ weekdays: ['saturday', 'sunday'] }] });
    expect(calls.get('set_notification_policy_tree')?.error).toBeUndefined();
    expect(result('get_notification_policy_tree')).toMatchObject({
      routes: [{ receiver: 'Python webhook', object_matchers: [['team', '=', 'python']], mute_time_intervals: ['py-weekends'] }],
    });
    expect(calls.get('delete_mute_timing_in_use')).toMatchObject({ error: 409 });
  });

  it('writes, reads and deletes a notification template', () => {
    expect(result('create_or_update_template')).toMatchObject({
      name: 'py-title',
      template: '{{ define "py-title" }}{{ .Status }}{{ end }}',
    });
    expect(result('get_template')).toMatchObject({ name: 'py-title' });
    expect(calls.get('delete_template')?.error).toBeUndefined();
  });
});
