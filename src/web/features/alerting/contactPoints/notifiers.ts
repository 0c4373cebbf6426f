/**
 * What each contact point type asks for, after Grafana's notifier definitions
 * (`channels_config/available_channels.go`): its settings, which are required (or required unless
 * another is set), and their help. Which settings are secrets comes from the contract, as the
 * server seals them.
 */
import { contactPointSecretFields, type ContactPointType } from '../../../../contract/alertingNotify';

export type FieldKind = 'text' | 'textarea' | 'select' | 'checkbox';

export interface NotifierField {
  /** The setting's key in `settings`. */
  name: string;
  label: string;
  kind: FieldKind;
  description?: string;
  /** The default or a sample value, shown after the field's description. */
  example?: string;
  required?: boolean;
  /** Required unless this other setting is given (Grafana's `DependsOn`: Slack's webhook or token). */
  requiredUnless?: string;
  /** The value must be an http(s) address (a comma-separated list when `list`). */
  url?: boolean | 'list';
  options?: ReadonlyArray<{ value: string; label: string }>;
}

export interface Notifier {
  type: ContactPointType;
  label: string;
  description: string;
  fields: readonly NotifierField[];
}

const TITLE_HELP = 'Templated title of the message.';
const MESSAGE_HELP = 'Custom message. You can use template variables.';
const DEFAULT_TITLE = '{{ template "default.title" . }}';
const DEFAULT_MESSAGE = '{{ template "default.message" . }}';

const title = (example = DEFAULT_TITLE): NotifierField => ({
  name: 'title',
  label: 'Title',
  kind: 'text',
  description: TITLE_HELP,
  example,
});
const message = (kind: FieldKind = 'textarea'): NotifierField => ({
  name: 'message',
  label: 'Message',
  kind,
  description: MESSAGE_HELP,
  example: DEFAULT_MESSAGE,
});

export const notifiers: readonly Notifier[] = [
  {
    type: 'webhook',
    label: 'Webhook',
    description: 'Sends an HTTP POST request to a URL',
    fields: [
      { name: 'url', label: 'URL', kind: 'text', required: true, url: true },
      {
        name: 'httpMethod',
        label: 'HTTP Method',
        kind: 'select',
        options: [
          { value: 'POST', label: 'POST' },
          { value: 'PUT', label: 'PUT' },
        ],
      },
      { name: 'username', label: 'HTTP Basic Authentication - Username', kind: 'text' },
      { name: 'password', label: 'HTTP Basic Authentication - Password', kind: 'text' },
      {
        name: 'authorization_scheme',
        label: 'Authorization Header - Scheme',
        kind: 'text',
        description: 'Optionally provide a scheme for the Authorization Request Header. Default is Bearer.',
        example: 'Bearer',
      },
      {
        name: 'authorization_credentials',
        label: 'Authorization Header - Credentials',
        kind: 'text',
        description:
          'Credentials for the Authorization Request header. Only one of HTTP Basic Authentication or Authorization Request Header can be set.',
      },
      {
        name: 'maxAlerts',
        label: 'Max Alerts',
        kind: 'text',
        description: 'Max alerts to include in a notification. Remaining alerts in the same batch are left out. 0 means no limit.',
      },
      title(),
      message(),
    ],
  },
  {
    type: 'email',
    label: 'Email',
    description: 'Sends notifications through the server’s SMTP settings',
    fields: [
      {
        name: 'addresses',
        label: 'Addresses',
        kind: 'textarea',
        required: true,
        description: 'Several email addresses separated by ";", "," or a new line.',
      },
      { name: 'singleEmail', label: 'Single email', kind: 'checkbox', description: 'Send a single email to all recipients' },
      {
        name: 'message',
        label: 'Message',
        kind: 'textarea',
        description: 'Optional message. You can use templates; a custom message replaces the default one.',
      },
      {
        name: 'subject',
        label: 'Subject',
        kind: 'text',
        description: 'Optional subject. You can use templates.',
        example: DEFAULT_TITLE,
      },
    ],
  },
  {
    type: 'slack',
    label: 'Slack',
    description: 'Sends notifications to Slack',
    fields: [
      {
        name: 'recipient',
        label: 'Recipient',
        kind: 'text',
        requiredUnless: 'url',
        description: 'Channel, private group or IM channel (an encoded ID or a name): required unless you give a webhook URL',
      },
      {
        name: 'token',
        label: 'Token',
        kind: 'text',
        requiredUnless: 'url',
        description: 'A Slack API token (starts with "xoxb"): required unless you give a webhook URL',
      },
      {
        name: 'url',
        label: 'Webhook URL',
        kind: 'text',
        requiredUnless: 'token',
        url: true,
        description: 'A Slack incoming webhook URL; then the token is not needed',
      },
      { name: 'username', label: 'Username', kind: 'text', description: 'The username of the bot’s message' },
      { name: 'icon_emoji', label: 'Icon emoji', kind: 'text', description: 'An emoji as the bot’s icon. Overrides the icon URL.' },
      { name: 'icon_url', label: 'Icon URL', kind: 'text', description: 'The address of an image as the bot’s icon' },
      { name: 'mentionUsers', label: 'Mention Users', kind: 'text', description: 'Users to mention (comma-separated IDs)' },
      { name: 'mentionGroups', label: 'Mention Groups', kind: 'text', description: 'Groups to mention (comma-separated IDs)' },
      {
        name: 'mentionChannel',
        label: 'Mention Channel',
        kind: 'select',
        description: 'Mention the whole channel or just its active members',
        options: [
          { value: '', label: 'Disabled' },
          { value: 'here', label: 'Every active channel member' },
          { value: 'channel', label: 'Every channel member' },
        ],
      },
      {
        name: 'endpointUrl',
        label: 'Endpoint URL',
        kind: 'text',
        description: 'A custom Slack message API endpoint for token requests; https://slack.com/api/chat.postMessage by default',
      },
      title('{{ template "slack.default.title" . }}'),
      {
        name: 'text',
        label: 'Text Body',
        kind: 'textarea',
        description: 'Body of the Slack message',
        example: '{{ template "slack.default.text" . }}',
      },
    ],
  },
  {
    type: 'teams',
    label: 'Microsoft Teams',
    description: 'Sends notifications to a Microsoft Teams incoming webhook',
    fields: [
      { name: 'url', label: 'URL', kind: 'text', required: true, url: true, example: 'Teams incoming webhook url' },
      title(),
      {
        name: 'sectiontitle',
        label: 'Section Title',
        kind: 'text',
        description: 'Section title of the Teams message. Leave blank for none.',
      },
      message(),
    ],
  },
  {
    type: 'discord',
    label: 'Discord',
    description: 'Sends notifications to Discord',
    fields: [
      { name: 'url', label: 'Webhook URL', kind: 'text', required: true, url: true, example: 'Discord webhook URL' },
      title(),
      {
        name: 'message',
        label: 'Message Content',
        kind: 'text',
        description: 'Mention a group with @ or a user with <@ID>',
        example: DEFAULT_MESSAGE,
      },
      { name: 'avatar_url', label: 'Avatar URL', kind: 'text' },
      {
        name: 'use_discord_username',
        label: 'Use Discord’s Webhook Username',
        kind: 'checkbox',
        description: 'Use the username set in Discord’s webhook settings, else "Grafana"',
      },
    ],
  },
  {
    type: 'pagerduty',
    label: 'PagerDuty',
    description: 'Sends notifications to PagerDuty',
    fields: [
      { name: 'integrationKey', label: 'Integration Key', kind: 'text', required: true },
      {
        name: 'severity',
        label: 'Severity',
        kind: 'text',
        example: 'critical',
        description: 'critical, error, warning or info (critical when empty). You can use templates.',
      },
      {
        name: 'class',
        label: 'Class',
        kind: 'text',
        description: 'The class or type of the event, for example "ping failure" or "cpu load"',
      },
      {
        name: 'component',
        label: 'Component',
        kind: 'text',
        example: 'Grafana',
        description: 'The part of the source responsible for the event',
      },
      { name: 'group', label: 'Group', kind: 'text', description: 'Logical grouping of components, for example "app-stack"' },
      { name: 'summary', label: 'Summary', kind: 'text', example: DEFAULT_TITLE, description: 'You can use templates.' },
      {
        name: 'source',
        label: 'Source',
        kind: 'text',
        description: 'Where the affected system is, preferably a host name. You can use templates.',
      },
      {
        name: 'client',
        label: 'Client',
        kind: 'text',
        example: 'Grafana',
        description: 'The monitoring client that triggers the event',
      },
      {
        name: 'client_url',
        label: 'Client URL',
        kind: 'text',
        example: '{{ .ExternalURL }}',
        description: 'The monitoring client’s address',
      },
      { name: 'url', label: 'API URL', kind: 'text', url: true, example: 'https://events.pagerduty.com/v2/enqueue' },
    ],
  },
  {
    type: 'telegram',
    label: 'Telegram',
    description: 'Sends notifications to Telegram',
    fields: [
      { name: 'bottoken', label: 'BOT API Token', kind: 'text', required: true },
      { name: 'chatid', label: 'Chat ID', kind: 'text', required: true, description: 'Integer Telegram chat identifier' },
      { name: 'message_thread_id', label: 'Message Thread ID', kind: 'text', description: 'The topic of a forum chat to send to' },
      message(),
      {
        name: 'parse_mode',
        label: 'Parse Mode',
        kind: 'select',
        description: 'How the message text is parsed. HTML by default.',
        options: [
          { value: '', label: 'Default (HTML)' },
          { value: 'None', label: 'None' },
          { value: 'HTML', label: 'HTML' },
          { value: 'Markdown', label: 'Markdown' },
          { value: 'MarkdownV2', label: 'Markdown V2' },
        ],
      },
      {
        name: 'disable_web_page_preview',
        label: 'Disable Web Page Preview',
        kind: 'checkbox',
        description: 'No link previews in the message',
      },
      { name: 'disable_notification', label: 'Disable Notification', kind: 'checkbox', description: 'Send silently, without a sound' },
    ],
  },
  {
    type: 'prometheus-alertmanager',
    label: 'Alertmanager',
    description: 'Sends alerts to a Prometheus Alertmanager',
    fields: [
      {
        name: 'url',
        label: 'URL',
        kind: 'text',
        required: true,
        url: 'list',
        example: 'http://localhost:9093',
        description: 'Several Alertmanagers separated by commas: each is tried until one takes the alerts',
      },
      { name: 'basicAuthUser', label: 'Basic Auth User', kind: 'text' },
      { name: 'basicAuthPassword', label: 'Basic Auth Password', kind: 'text' },
    ],
  },
];

export function notifierOf(type: string): Notifier | undefined {
  return notifiers.find((notifier) => notifier.type === type);
}

/** "Webhook", "Microsoft Teams"; an unknown type as it is stored. */
export function typeLabel(type: string): string {
  return notifierOf(type)?.label ?? type;
}

export function isSecret(type: string, field: string): boolean {
  return (contactPointSecretFields as Record<string, readonly string[] | undefined>)[type]?.includes(field) ?? false;
}

/** Shown first; the rest sit under the type's collapsed optional settings. */
export function isMainField(field: NotifierField): boolean {
  return field.required === true || field.requiredUnless !== undefined;
}
