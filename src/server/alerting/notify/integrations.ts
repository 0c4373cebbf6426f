/**
 * Contact point types: which settings are secret, what a valid one needs, and how a group's
 * notification is delivered, each in the receiver's own format as Grafana sends it.
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { contactPointSecretFields, type ContactPointType } from '../../../contract/alertingNotify';
// From the contract, not version.ts: provisioning (a chunk of its own) validates integrations too, and
// version.ts reads package.json by a path that only holds from the main bundle.
import { GRAFANA_API_VERSION } from '../../../contract/system';
import type { TemplateSet } from './goTemplate';
import { deliver, DeliveryError, parseReceiverUrl } from './http';
import { sendEmail, type SmtpSettings } from './email';
import { alertJson, DEFAULT_MESSAGE, DEFAULT_TITLE, type TemplateData } from './templates';
import type { Integration } from './types';

export interface DeliveryContext {
  integration: Integration;
  data: TemplateData;
  templates: TemplateSet;
  /** Alerts left out by `maxAlerts` (the webhook says how many). */
  smtp: SmtpSettings | undefined;
  /** Telegram's Bot API address (tests point it at a local server). */
  telegramApiUrl: string;
  timeoutMs?: number;
  /** Aborted when the notifier stops: a send still going gives up. */
  signal?: AbortSignal;
}

interface IntegrationKind {
  /** Settings sealed at rest and answered `[REDACTED]` (the contract's list, which the UI shares). */
  secretFields: readonly string[];
  /** Settings that are text when given (Grafana's Go structs read them into strings). */
  textSettings: readonly string[];
  /** What is wrong with these settings, in a sentence; undefined when they can be used. */
  problem(settings: Record<string, unknown>): string | undefined;
  send(context: DeliveryContext): Promise<void>;
}

const text = (settings: Record<string, unknown>, name: string): string => {
  const value = settings[name];
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
};

/** Renders a templated setting (its default when empty); a template that fails says so in its place. */
function render(context: DeliveryContext, setting: string, fallback: string): string {
  const source = text(context.integration.settings, setting) || fallback;
  return context.templates.render(source, context.data);
}

function isFiring(data: TemplateData): boolean {
  return data.Status === 'firing';
}

/** Where the rule behind the notification can be seen (Grafana's `ruleURL`). */
function ruleUrl(data: TemplateData): string {
  return `${data.ExternalURL.replace(/\/+$/, '')}/alerting/list`;
}

const footer = () => `Grafana v${GRAFANA_API_VERSION}`;
const requireUrl = (settings: Record<string, unknown>, name = 'url') => {
  const url = text(settings, name);
  if (!url) return `${name} is required`;
  try {
    parseReceiverUrl(url, name);
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
};

const secretsOf = (context: DeliveryContext, fields: string[]) =>
  fields.map((field) => text(context.integration.settings, field)).filter(Boolean);

const jsonHeaders = { 'content-type': 'application/json' };

/** Sends `body` as JSON (by POST unless `method` says otherwise); `secrets` are blanked out of what a failure says. */
function sendJson(
  context: DeliveryContext,
  url: URL,
  body: unknown,
  secrets: string[],
  init: { method?: string; headers?: Record<string, string> } = {},
) {
  return deliver(url, {
    method: init.method,
    headers: init.headers ?? jsonHeaders,
    body: JSON.stringify(body),
    timeoutMs: context.timeoutMs,
    secrets,
    // A stop ends the request and closes its connection, not only the wait for it.
    signal: context.signal,
  });
}

const webhook: IntegrationKind = {
  secretFields: contactPointSecretFields.webhook,
  textSettings: ['url', 'httpMethod', 'username', 'password', 'authorization_scheme', 'authorization_credentials', 'title', 'message'],
  problem(settings) {
    if (text(settings, 'username') && text(settings, 'authorization_credentials')) {
      return 'both HTTP Basic Authentication and Authorization Header are set, only 1 is permitted';
    }
    const method = text(settings, 'httpMethod');
    if (method && method !== 'POST' && method !== 'PUT') return 'httpMethod must be POST or PUT';
    const maxAlerts = settings.maxAlerts;
    if (maxAlerts !== undefined && maxAlerts !== '' && !(Number(maxAlerts) >= 0)) return 'maxAlerts must be a number';
    return requireUrl(settings);
  },
  async send(context) {
    const { settings } = context.integration;
    const { data } = context;
    const maxAlerts = Number(settings.maxAlerts ?? 0) || 0;
    const alerts = maxAlerts > 0 ? data.Alerts.slice(0, maxAlerts) : [...data.Alerts];
    const truncated = data.Alerts.length - alerts.length;
    const body = {
      receiver: data.Receiver,
      status: data.Status,
      orgId: data.Alerts[0]?.OrgID ?? 0,
      alerts: alerts.map(alertJson),
      groupLabels: data.GroupLabels.pairs,
      commonLabels: data.CommonLabels.pairs,
      commonAnnotations: data.CommonAnnotations.pairs,
      externalURL: data.ExternalURL,
      version: '1',
      groupKey: data.GroupKey,
      truncatedAlerts: truncated,
      title: render(context, 'title', DEFAULT_TITLE),
      state: isFiring(data) ? 'alerting' : 'ok',
      message: render(context, 'message', DEFAULT_MESSAGE),
    };
    const headers: Record<string, string> = { ...jsonHeaders };
    const username = text(settings, 'username');
    if (username) headers.authorization = `Basic ${Buffer.from(`${username}:${text(settings, 'password')}`).toString('base64')}`;
    const credentials = text(settings, 'authorization_credentials');
    if (credentials) headers.authorization = `${text(settings, 'authorization_scheme') || 'Bearer'} ${credentials}`;
    await sendJson(context, parseReceiverUrl(text(settings, 'url')), body, secretsOf(context, ['password', 'authorization_credentials']), {
      method: text(settings, 'httpMethod') || 'POST',
      headers,
    });
  },
};

const email: IntegrationKind = {
  secretFields: contactPointSecretFields.email,
  textSettings: ['addresses', 'subject', 'message'],
  problem(settings) {
    const addresses = addressesOf(settings);
    if (addresses.length === 0) return 'addresses is required: give at least one email address';
    const wrong = addresses.find((address) => !isEmailAddress(address));
    return wrong === undefined ? undefined : `addresses: "${wrong.slice(0, 100)}" is not an email address`;
  },
  async send(context) {
    if (!context.smtp) throw new DeliveryError('SMTP is not configured: set SIGHTLINE_SMTP_HOST (and SIGHTLINE_SMTP_FROM_ADDRESS)');
    const { settings } = context.integration;
    const subject = render(context, 'subject', DEFAULT_TITLE);
    const message = render(context, 'message', DEFAULT_MESSAGE);
    const addresses = addressesOf(settings);
    const recipients = settings.singleEmail === true ? [addresses] : addresses.map((address) => [address]);
    for (const to of recipients) {
      if (context.signal?.aborted) throw new DeliveryError('not delivered: Sightline stopped before sending');
      await sendEmail(context.smtp, { to, subject, text: message, html: emailHtml(context.data, subject, message) }, context.signal);
    }
  },
};

/** `someone@example.com` or `Someone <someone@example.com>`: the forms Go's `mail.ParseAddress` takes in the main. */
const EMAIL_ADDRESS = /^(?:[^\s<>@()",;:\\]+@[^\s<>@()",;:\\]+|[^<>]*<\s*[^\s<>@()",;:\\]+@[^\s<>@()",;:\\]+\s*>)$/;
const isEmailAddress = (text: string) => EMAIL_ADDRESS.test(text);

function addressesOf(settings: Record<string, unknown>): string[] {
  return text(settings, 'addresses')
    .split(/[;,\n]/)
    .map((address) => address.trim())
    .filter(Boolean);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A plain HTML version of the message (Grafana's own HTML email template is not reproduced). */
function emailHtml(data: TemplateData, subject: string, message: string): string {
  const color = isFiring(data) ? '#D63232' : '#36a64f';
  return [
    '<!doctype html><html><body style="font-family: sans-serif">',
    `<h2 style="color: ${color}">${escapeHtml(subject)}</h2>`,
    `<pre style="white-space: pre-wrap; font-family: inherit">${escapeHtml(message)}</pre>`,
    `<p><a href="${escapeHtml(ruleUrl(data))}">View in Sightline</a></p>`,
    '</body></html>',
  ].join('\n');
}

const slack: IntegrationKind = {
  secretFields: contactPointSecretFields.slack,
  textSettings: [
    'url',
    'token',
    'endpointUrl',
    'recipient',
    'username',
    'icon_emoji',
    'icon_url',
    'mentionUsers',
    'mentionGroups',
    'mentionChannel',
    'title',
    'text',
  ],
  problem(settings) {
    if (text(settings, 'token'))
      return text(settings, 'recipient') ? undefined : 'recipient is required with a token: a channel or user id';
    return text(settings, 'url') ? requireUrl(settings) : 'either url (a Slack webhook) or token and recipient are required';
  },
  async send(context) {
    const { settings } = context.integration;
    const title = render(context, 'title', DEFAULT_TITLE);
    const mentions = [
      ...String(settings.mentionUsers ?? '')
        .split(',')
        .map((user) => user.trim())
        .filter(Boolean)
        .map((user) => `<@${user}>`),
      ...String(settings.mentionGroups ?? '')
        .split(',')
        .map((group) => group.trim())
        .filter(Boolean)
        .map((group) => `<!subteam^${group}>`),
      ...(text(settings, 'mentionChannel') ? [`<!${text(settings, 'mentionChannel')}|${text(settings, 'mentionChannel')}>`] : []),
    ];
    const body: Record<string, unknown> = {
      channel: text(settings, 'recipient') || undefined,
      username: text(settings, 'username') || 'Grafana',
      icon_emoji: text(settings, 'icon_emoji') || undefined,
      icon_url: text(settings, 'icon_url') || undefined,
      attachments: [
        {
          color: isFiring(context.data) ? '#D63232' : '#36a64f',
          title,
          title_link: ruleUrl(context.data),
          text: render(context, 'text', DEFAULT_MESSAGE),
          fallback: title,
          footer: footer(),
          footer_icon: 'https://grafana.com/static/assets/img/fav32.png',
          ts: Math.floor(Date.now() / 1000),
          ...(mentions.length ? { pretext: mentions.join(' '), mrkdwn_in: ['pretext'] } : {}),
        },
      ],
    };
    const token = text(settings, 'token');
    const url = token ? text(settings, 'endpointUrl') || 'https://slack.com/api/chat.postMessage' : text(settings, 'url');
    const answer = await sendJson(
      context,
      parseReceiverUrl(url, token ? 'endpointUrl' : 'url'),
      body,
      secretsOf(context, ['url', 'token']),
      {
        headers: { ...jsonHeaders, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
    );
    // The Web API answers 200 with `ok: false` and its reason.
    if (token && answer.body.trim().startsWith('{')) {
      const parsed = JSON.parse(answer.body) as { ok?: boolean; error?: string };
      if (parsed.ok === false) throw new DeliveryError(`Slack refused the message: ${parsed.error ?? 'no reason given'}`);
    }
  },
};

const teams: IntegrationKind = {
  secretFields: contactPointSecretFields.teams,
  textSettings: ['url', 'title', 'sectiontitle', 'message'],
  problem: (settings) => requireUrl(settings),
  async send(context) {
    const title = render(context, 'title', DEFAULT_TITLE);
    const sectionTitle = render(context, 'sectiontitle', '');
    const message = render(context, 'message', '{{ template "teams.default.message" . }}');
    const firing = isFiring(context.data);
    const body = {
      type: 'message',
      attachments: [
        {
          contentType: 'application/vnd.microsoft.card.adaptive',
          content: {
            $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
            type: 'AdaptiveCard',
            version: '1.4',
            msTeams: { width: 'Full' },
            body: [
              {
                type: 'TextBlock',
                text: title,
                weight: 'Bolder',
                size: 'Medium',
                wrap: true,
                style: 'heading',
                color: firing ? 'Attention' : 'Good',
              },
              ...(sectionTitle ? [{ type: 'TextBlock', text: sectionTitle, weight: 'Bolder', wrap: true }] : []),
              { type: 'TextBlock', text: message, wrap: true },
            ],
            actions: [{ type: 'Action.OpenUrl', title: 'View URL', url: ruleUrl(context.data) }],
          },
        },
      ],
      summary: title,
    };
    await sendJson(context, parseReceiverUrl(text(context.integration.settings, 'url')), body, secretsOf(context, ['url']));
  },
};

const discord: IntegrationKind = {
  secretFields: contactPointSecretFields.discord,
  textSettings: ['url', 'title', 'message', 'avatar_url'],
  problem: (settings) => requireUrl(settings),
  async send(context) {
    const { settings } = context.integration;
    const firing = isFiring(context.data);
    const body: Record<string, unknown> = {
      content: render(context, 'message', DEFAULT_MESSAGE).slice(0, 2000),
      embeds: [
        {
          title: render(context, 'title', DEFAULT_TITLE).slice(0, 256),
          url: ruleUrl(context.data),
          color: firing ? 0xd63232 : 0x36a64f,
          footer: { text: footer(), icon_url: 'https://grafana.com/static/assets/img/fav32.png' },
          type: 'rich',
        },
      ],
      ...(settings.use_discord_username === true ? {} : { username: 'Grafana' }),
      ...(text(settings, 'avatar_url') ? { avatar_url: text(settings, 'avatar_url') } : {}),
    };
    await sendJson(context, parseReceiverUrl(text(settings, 'url')), body, secretsOf(context, ['url']));
  },
};

const PAGERDUTY_SEVERITIES = ['critical', 'error', 'warning', 'info'];

const pagerduty: IntegrationKind = {
  secretFields: contactPointSecretFields.pagerduty,
  textSettings: ['integrationKey', 'url', 'severity', 'class', 'component', 'group', 'summary', 'source', 'client', 'client_url'],
  problem(settings) {
    if (!text(settings, 'integrationKey')) return 'integrationKey is required';
    const severity = text(settings, 'severity');
    if (severity && !PAGERDUTY_SEVERITIES.includes(severity) && !severity.includes('{{'))
      return `severity must be one of ${PAGERDUTY_SEVERITIES.join(', ')}`;
    return text(settings, 'url') ? requireUrl(settings) : undefined;
  },
  async send(context) {
    const { settings } = context.integration;
    const { data } = context;
    const body = {
      routing_key: text(settings, 'integrationKey'),
      dedup_key: createHash('sha256').update(data.GroupKey).digest('hex'),
      event_action: isFiring(data) ? 'trigger' : 'resolve',
      payload: {
        summary: render(context, 'summary', DEFAULT_TITLE).slice(0, 1024),
        source: render(context, 'source', '') || os.hostname(),
        severity: render(context, 'severity', 'critical'),
        timestamp: new Date().toISOString(),
        class: render(context, 'class', 'default'),
        component: render(context, 'component', 'Grafana'),
        group: render(context, 'group', 'default'),
        custom_details: {
          firing: context.templates.render('{{ template "__text_alert_list" .Alerts.Firing }}', data),
          num_firing: String(data.Alerts.Firing().length),
          num_resolved: String(data.Alerts.Resolved().length),
          resolved: context.templates.render('{{ template "__text_alert_list" .Alerts.Resolved }}', data),
        },
      },
      client: render(context, 'client', 'Grafana'),
      client_url: render(context, 'client_url', '{{ .ExternalURL }}'),
      links: [{ href: ruleUrl(data), text: 'External URL' }],
    };
    const url = parseReceiverUrl(text(settings, 'url') || 'https://events.pagerduty.com/v2/enqueue');
    await sendJson(context, url, body, secretsOf(context, ['integrationKey']));
  },
};

const telegram: IntegrationKind = {
  secretFields: contactPointSecretFields.telegram,
  textSettings: ['bottoken', 'message', 'parse_mode'],
  problem(settings) {
    if (!text(settings, 'bottoken')) return 'bottoken is required';
    if (!text(settings, 'chatid')) return 'chatid is required';
    const parseMode = text(settings, 'parse_mode');
    if (parseMode && !['None', 'Markdown', 'MarkdownV2', 'HTML'].includes(parseMode))
      return 'parse_mode must be None, Markdown, MarkdownV2 or HTML';
    return undefined;
  },
  async send(context) {
    const { settings } = context.integration;
    const parseMode = text(settings, 'parse_mode') || 'HTML';
    const body: Record<string, unknown> = {
      chat_id: text(settings, 'chatid'),
      text: render(context, 'message', DEFAULT_MESSAGE).slice(0, 4096),
      ...(parseMode === 'None' ? {} : { parse_mode: parseMode }),
      ...(text(settings, 'message_thread_id') ? { message_thread_id: Number(text(settings, 'message_thread_id')) } : {}),
      ...(settings.disable_web_page_preview === true ? { disable_web_page_preview: true } : {}),
      ...(settings.disable_notification === true ? { disable_notification: true } : {}),
    };
    const token = text(settings, 'bottoken');
    const base = context.telegramApiUrl.replace(/\/+$/, '');
    await sendJson(context, parseReceiverUrl(`${base}/bot${token}/sendMessage`, 'the Telegram API address'), body, [token]);
  },
};

const alertmanager: IntegrationKind = {
  secretFields: contactPointSecretFields['prometheus-alertmanager'],
  textSettings: ['url', 'basicAuthUser', 'basicAuthPassword'],
  problem(settings) {
    const urls = text(settings, 'url')
      .split(',')
      .filter((url) => url.trim());
    if (urls.length === 0) return 'url is required: the address of a Prometheus Alertmanager';
    for (const url of urls) {
      try {
        parseReceiverUrl(url);
      } catch (error) {
        return (error as Error).message;
      }
    }
    return undefined;
  },
  async send(context) {
    const { settings } = context.integration;
    const body = context.data.Alerts.map((alert) => ({
      labels: alert.Labels.pairs,
      annotations: alert.Annotations.pairs,
      startsAt: alert.StartsAt,
      ...(alert.Status === 'resolved' ? { endsAt: alert.EndsAt } : {}),
      generatorURL: alert.GeneratorURL,
    }));
    const headers: Record<string, string> = { ...jsonHeaders };
    const user = text(settings, 'basicAuthUser');
    if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${text(settings, 'basicAuthPassword')}`).toString('base64')}`;
    const failures: string[] = [];
    // Grafana sends to each Alertmanager of the list until one takes the alerts.
    for (const url of text(settings, 'url')
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean)) {
      const target = parseReceiverUrl(url);
      target.pathname = `${target.pathname.replace(/\/+$/, '')}/api/v2/alerts`;
      try {
        await sendJson(context, target, body, secretsOf(context, ['basicAuthPassword']), { headers });
        return;
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
    throw new DeliveryError(failures.join('; '));
  },
};

export const INTEGRATIONS: Record<ContactPointType, IntegrationKind> = {
  webhook,
  email,
  slack,
  teams,
  discord,
  pagerduty,
  telegram,
  'prometheus-alertmanager': alertmanager,
};

export function integrationKind(type: string): IntegrationKind | undefined {
  return Object.hasOwn(INTEGRATIONS, type) ? INTEGRATIONS[type as ContactPointType] : undefined;
}

/** Why a contact point cannot be stored as given (unknown type, missing or mistyped settings, a template that cannot render), else undefined. */
export function integrationProblem(type: string, settings: Record<string, unknown>, templates: TemplateSet): string | undefined {
  const kind = integrationKind(type);
  if (!kind) return `unknown contact point type "${type}": use one of ${Object.keys(INTEGRATIONS).join(', ')}`;
  // Grafana reads these settings into Go strings: a list or an object there is refused, not printed.
  const mistyped = kind.textSettings.find(
    (name) => settings[name] !== undefined && settings[name] !== null && typeof settings[name] !== 'string',
  );
  if (mistyped) return `${mistyped} must be a string`;
  return kind.problem(settings) ?? templatedSettingProblem(type, settings, templates);
}

/**
 * The first templated setting that cannot render with `templates`: bad syntax, or a template or
 * function it reaches that is not defined (the data is not needed to know).
 */
export function templatedSettingProblem(type: string, settings: Record<string, unknown>, templates: TemplateSet): string | undefined {
  const secretFields = integrationKind(type)?.secretFields ?? [];
  for (const [name, value] of Object.entries(settings)) {
    if (typeof value !== 'string' || !value.includes('{{') || secretFields.includes(name)) continue;
    const problem = templates.problem(value);
    if (problem) return `settings.${name}: ${problem}`;
  }
  return undefined;
}
