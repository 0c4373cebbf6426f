/**
 * Issue 30, contact point types: each receiver's format as Grafana sends it, checked by in-test
 * servers (HTTP receivers, an SMTP server from `smtp-server`), and the Alertmanager type
 * forwarding to a real Prometheus Alertmanager (Debian's `prometheus-alertmanager`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startFakeHttp, type Backend } from '../../testing/backends';
import { INTEGRATIONS } from './integrations';
import { templateData, templateSetOf } from './templates';
import type { Integration, StoredAlert } from './types';

const NOW = Date.parse('2024-05-01T12:00:00Z');
const alerts: StoredAlert[] = [
  {
    orgId: 1,
    fingerprint: 'aaaaaaaaaaaaaaaa',
    labels: { alertname: 'HighLatency', grafana_folder: 'Services', host: 'a', __alert_rule_uid__: 'rule-1' },
    annotations: { summary: 'latency is high' },
    startsAt: NOW - 60_000,
    endsAt: NOW + 600_000,
    updatedAt: NOW,
    generatorURL: 'http://sightline.example/alerting/grafana/rule-1/view',
    values: { B: 12 },
  },
];
const data = (list = alerts) =>
  templateData({
    receiver: 'team',
    groupLabels: { alertname: 'HighLatency' },
    groupKey: '{}:{alertname="HighLatency"}',
    alerts: list,
    now: NOW,
    externalUrl: 'http://sightline.example',
  });
const templates = templateSetOf([{ name: 'custom', template: 'Custom: {{ .CommonLabels.host }}' }]);

function integration(type: string, settings: Record<string, unknown>): Integration {
  return { uid: 'u1', name: 'team', type, settings, disableResolveMessage: false, provenance: '' };
}

let http: Backend & { requests: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> };
beforeAll(async () => {
  http = await startFakeHttp((request) =>
    request.url?.includes('chat.postMessage')
      ? { body: { ok: false, error: 'channel_not_found' } }
      : { status: request.url?.includes('pagerduty') ? 202 : 200, body: { ok: true } },
  );
});
afterAll(() => http.stop());

async function sendAs(type: string, settings: Record<string, unknown>, list = alerts) {
  const before = http.requests.length;
  await INTEGRATIONS[type as keyof typeof INTEGRATIONS].send({
    integration: integration(type, settings),
    data: data(list),
    templates,
    smtp: undefined,
    telegramApiUrl: `${http.url}/telegram`,
  });
  return http.requests.slice(before);
}

describe('HTTP receivers, in their formats', () => {
  it('slack: an attachment with Grafana’s title, text, colour and footer; mentions in pretext', async () => {
    const [request] = await sendAs('slack', {
      url: `${http.url}/slack/hook`,
      recipient: '#ops',
      mentionUsers: 'U1',
      text: '{{ template "custom" . }}',
    });
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      channel: '#ops',
      username: 'Grafana',
      attachments: [
        {
          color: '#D63232',
          title: '[FIRING:1] HighLatency (Services a)',
          title_link: 'http://sightline.example/alerting/list',
          text: 'Custom: a',
          fallback: '[FIRING:1] HighLatency (Services a)',
          footer: 'Grafana v11.6.0',
          pretext: '<@U1>',
        },
      ],
    });
  });

  it('slack with a token: the Web API’s own refusal is the error', async () => {
    await expect(
      sendAs('slack', { token: 'xoxb-secret', recipient: 'C1', endpointUrl: `${http.url}/api/chat.postMessage` }),
    ).rejects.toThrow('Slack refused the message: channel_not_found');
    expect(http.requests.at(-1)!.headers.authorization).toBe('Bearer xoxb-secret');
  });

  it('teams: an Adaptive Card', async () => {
    const [request] = await sendAs('teams', { url: `${http.url}/teams` });
    const body = JSON.parse(request!.body);
    expect(body.type).toBe('message');
    expect(body.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(body.attachments[0].content).toMatchObject({
      type: 'AdaptiveCard',
      version: '1.4',
      body: [
        { type: 'TextBlock', text: '[FIRING:1] HighLatency (Services a)', weight: 'Bolder', color: 'Attention' },
        { type: 'TextBlock', wrap: true },
      ],
      actions: [{ type: 'Action.OpenUrl', title: 'View URL', url: 'http://sightline.example/alerting/list' }],
    });
    expect(body.attachments[0].content.body[1].text).toContain('Source: [http://sightline.example/alerting/grafana/rule-1/view]');
  });

  it('discord: content and a rich embed', async () => {
    const [request] = await sendAs('discord', { url: `${http.url}/discord` });
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      username: 'Grafana',
      embeds: [
        { title: '[FIRING:1] HighLatency (Services a)', color: 0xd63232, type: 'rich', url: 'http://sightline.example/alerting/list' },
      ],
    });
    expect(body.content).toContain('**Firing**');
  });

  it('pagerduty: an Events API v2 trigger, and resolve when resolved', async () => {
    const [trigger] = await sendAs('pagerduty', { integrationKey: 'pd-key', url: `${http.url}/pagerduty`, severity: 'warning' });
    const body = JSON.parse(trigger!.body);
    expect(body).toMatchObject({
      routing_key: 'pd-key',
      dedup_key: expect.stringMatching(/^[0-9a-f]{64}$/),
      event_action: 'trigger',
      payload: {
        summary: '[FIRING:1] HighLatency (Services a)',
        severity: 'warning',
        class: 'default',
        component: 'Grafana',
        group: 'default',
        custom_details: { num_firing: '1', num_resolved: '0' },
      },
      client: 'Grafana',
      client_url: 'http://sightline.example',
    });
    const [resolve] = await sendAs('pagerduty', { integrationKey: 'pd-key', url: `${http.url}/pagerduty` }, [
      { ...alerts[0]!, endsAt: NOW - 1 },
    ]);
    expect(JSON.parse(resolve!.body)).toMatchObject({ event_action: 'resolve', dedup_key: body.dedup_key });
  });

  it('telegram: sendMessage with the bot token in the path, the chat id and HTML parse mode', async () => {
    const [request] = await sendAs('telegram', { bottoken: '123:abc', chatid: '-100200' });
    expect(request!.url).toBe('/telegram/bot123:abc/sendMessage');
    expect(JSON.parse(request!.body)).toMatchObject({
      chat_id: '-100200',
      parse_mode: 'HTML',
      text: expect.stringContaining('**Firing**'),
    });
  });

  it('never puts a secret in an error: a Telegram failure names the host only', async () => {
    const down = await startFakeHttp(() => ({ status: 401, body: 'bad token 123:abc' }));
    try {
      await expect(
        INTEGRATIONS.telegram.send({
          integration: integration('telegram', { bottoken: '123:abc', chatid: '1' }),
          data: data(),
          templates,
          smtp: undefined,
          telegramApiUrl: down.url,
        }),
      ).rejects.toThrow(`${down.url} answered 401: bad token [REDACTED]`);
    } finally {
      await down.stop();
    }
  });

  it('webhook: maxAlerts cuts the list and says how many were left out', async () => {
    const two = [alerts[0]!, { ...alerts[0]!, fingerprint: 'b', labels: { ...alerts[0]!.labels, host: 'b' } }];
    const [request] = await sendAs(
      'webhook',
      { url: `${http.url}/hook`, maxAlerts: 1, httpMethod: 'PUT', title: '{{ template "custom" . }}' },
      two,
    );
    expect(request!.method).toBe('PUT');
    const body = JSON.parse(request!.body);
    expect(body.alerts).toHaveLength(1);
    expect(body.truncatedAlerts).toBe(1);
    expect(body.title).toBe('Custom: ');
    expect(body.alerts[0].labels).toEqual({ alertname: 'HighLatency', grafana_folder: 'Services', host: 'a' });
  });
});

describe('email', () => {
  it('sends the subject and message through the configured SMTP server', async () => {
    const received: Array<{ from: string; to: string[]; raw: string }> = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    const port = await freePort();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      await INTEGRATIONS.email.send({
        integration: integration('email', { addresses: 'a@example.com; b@example.com', singleEmail: true }),
        data: data(),
        templates,
        smtp: { host: '127.0.0.1', port, fromAddress: 'alerts@sightline.example', startTlsPolicy: 'NoStartTLS' },
        telegramApiUrl: '',
      });
      expect(received).toHaveLength(1);
      expect(received[0]!.from).toBe('alerts@sightline.example');
      expect(received[0]!.to).toEqual(['a@example.com', 'b@example.com']);
      expect(received[0]!.raw).toMatch(/Subject: \[FIRING:1\] HighLatency \(Services a\)/);
      expect(received[0]!.raw).toContain('latency is high');
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('says so when SMTP is not configured', async () => {
    await expect(
      INTEGRATIONS.email.send({
        integration: integration('email', { addresses: 'a@example.com' }),
        data: data(),
        templates,
        smtp: undefined,
        telegramApiUrl: '',
      }),
    ).rejects.toThrow('SMTP is not configured: set SIGHTLINE_SMTP_HOST (and SIGHTLINE_SMTP_FROM_ADDRESS)');
  });
});

const ALERTMANAGER_BIN = '/usr/bin/prometheus-alertmanager';

describe.skipIf(!fs.existsSync(ALERTMANAGER_BIN))('Alertmanager contact point', () => {
  let child: ChildProcess;
  let dir: string;
  let url: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-alertmanager-'));
    fs.writeFileSync(path.join(dir, 'alertmanager.yml'), 'route:\n  receiver: blackhole\nreceivers:\n  - name: blackhole\n');
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(
      ALERTMANAGER_BIN,
      [
        `--config.file=${path.join(dir, 'alertmanager.yml')}`,
        `--storage.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
        '--log.level=error',
      ],
      { stdio: 'ignore' },
    );
    // Ready when its API answers (a state, not a time).
    for (;;) {
      if (child.exitCode !== null) throw new Error(`alertmanager exited with ${child.exitCode}`);
      const ready = await fetch(`${url}/-/ready`).then(
        (r) => r.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('forwards the alerts to a real Prometheus Alertmanager’s /api/v2/alerts', async () => {
    const live = [{ ...alerts[0]!, startsAt: Date.now() - 60_000, endsAt: Date.now() + 600_000 }];
    await INTEGRATIONS['prometheus-alertmanager'].send({
      integration: integration('prometheus-alertmanager', { url: `http://127.0.0.1:1,${url}` }),
      data: templateData({
        receiver: 'team',
        groupLabels: {},
        groupKey: 'k',
        alerts: live,
        now: Date.now(),
        externalUrl: 'http://sightline.example',
      }),
      templates,
      smtp: undefined,
      telegramApiUrl: '',
    });
    const stored = (await (await fetch(`${url}/api/v2/alerts`)).json()) as Array<{
      labels: Record<string, string>;
      annotations: Record<string, string>;
      status: { state: string };
    }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]!.labels).toEqual({ alertname: 'HighLatency', grafana_folder: 'Services', host: 'a' });
    expect(stored[0]!.annotations).toEqual({ summary: 'latency is high' });
    expect(stored[0]!.status.state).toBe('active');
  });
});
