/**
 * A contact point as the editor holds it (its name and integrations), how it becomes the API's
 * integrations again, what is wrong with it before it is sent, and the one-line summary of where
 * an integration sends.
 */
import { REDACTED, type ContactPoint, type ContactPointType } from '../../../../contract/alertingNotify';
import { isMainField, isSecret, notifierOf, type NotifierField } from './notifiers';

export interface IntegrationDraft {
  /** Stable across edits (React's key, and which integration a server error is about). */
  key: string;
  /** The stored integration this edits; none for a new one. */
  uid?: string;
  type: ContactPointType;
  /** Plain settings as typed (strings, and booleans for checkboxes). */
  settings: Record<string, unknown>;
  /** Secret settings stored on the server and kept: sent back as `[REDACTED]`, never shown. */
  configured: string[];
  disableResolveMessage: boolean;
}

export interface ContactPointDraft {
  name: string;
  integrations: IntegrationDraft[];
}

let nextKey = 0;
export const newKey = () => `integration-${++nextKey}`;

export function newIntegration(type: ContactPointType = 'webhook'): IntegrationDraft {
  return { key: newKey(), type, settings: {}, configured: [], disableResolveMessage: false };
}

/** The editor's copy of a stored integration: its secrets become "configured", their values stay on the server. */
export function draftOf(integration: ContactPoint): IntegrationDraft {
  const settings: Record<string, unknown> = {};
  const configured: string[] = [];
  for (const [name, value] of Object.entries(integration.settings)) {
    if (isSecret(integration.type, name)) {
      if (value !== undefined && value !== '') configured.push(name);
    } else settings[name] = value;
  }
  return {
    key: newKey(),
    uid: integration.uid,
    type: integration.type as ContactPointType,
    settings,
    configured,
    disableResolveMessage: integration.disableResolveMessage,
  };
}

/** The settings to send: typed values (empty ones left out), configured secrets as `[REDACTED]` so the server keeps them. */
export function settingsToSend(integration: IntegrationDraft): Record<string, unknown> {
  const settings: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(integration.settings)) {
    if (value === '' || value === undefined || value === false) continue;
    settings[name] = typeof value === 'string' && name === 'maxAlerts' && /^\d+$/.test(value.trim()) ? Number(value) : value;
  }
  for (const name of integration.configured) settings[name] = REDACTED;
  return settings;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));

function isGiven(integration: IntegrationDraft, name: string): boolean {
  return integration.configured.includes(name) || text(integration.settings[name]) !== '';
}

function urlProblem(value: string, list: boolean): string | undefined {
  const urls = list
    ? value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
    : [value];
  for (const url of urls) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return `“${url}” is not a valid URL`;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'Must start with http:// or https://';
  }
  return undefined;
}

function fieldProblem(integration: IntegrationDraft, field: NotifierField, fields: readonly NotifierField[]): string | undefined {
  const given = isGiven(integration, field.name);
  if (!given) {
    if (field.required) return `${field.label} is required`;
    if (field.requiredUnless && !isGiven(integration, field.requiredUnless)) {
      const other = fields.find((f) => f.name === field.requiredUnless)?.label ?? field.requiredUnless;
      return `${field.label} is required unless ${other} is set`;
    }
    return undefined;
  }
  if (field.url && !integration.configured.includes(field.name))
    return urlProblem(text(integration.settings[field.name]), field.url === 'list');
  return undefined;
}

/** What is wrong with each setting of an integration, by setting name (empty when it can be sent). */
export function integrationProblems(integration: IntegrationDraft): Record<string, string> {
  const fields = notifierOf(integration.type)?.fields ?? [];
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const problem = fieldProblem(integration, field, fields);
    if (problem) problems[field.name] = problem;
  }
  const maxAlerts = text(integration.settings.maxAlerts);
  if (integration.type === 'webhook' && maxAlerts && !/^\d+$/.test(maxAlerts)) problems.maxAlerts = 'Max Alerts must be a whole number';
  return problems;
}

/**
 * The setting a server refusal names (`invalid contact point: url is required`,
 * `settings.title: unexpected "}"`), so the form can show it next to that input.
 */
export function settingOfServerProblem(message: string, type: string): string | undefined {
  const words = message.replace(/^invalid contact point:\s*/, '');
  const match = /^(?:settings\.)?([A-Za-z_]+)\b/.exec(words);
  const name = match?.[1];
  return name && notifierOf(type)?.fields.some((field) => field.name === name) ? name : undefined;
}

/** Whether an integration has optional settings filled in (its optional section then opens by itself). */
export function hasOptionalValues(integration: IntegrationDraft): boolean {
  const fields = notifierOf(integration.type)?.fields ?? [];
  return fields.some((field) => !isMainField(field) && isGiven(integration, field.name));
}

/** Where an integration sends, in a few words: a URL's host, the email addresses, the chat. Secrets are never shown. */
export function addressOf(integration: Pick<ContactPoint, 'type' | 'settings'>): string {
  const settings = integration.settings;
  const host = (value: unknown) => {
    const raw = text(value);
    if (!raw || raw === REDACTED) return '';
    try {
      return new URL(raw).host;
    } catch {
      return raw;
    }
  };
  switch (integration.type) {
    case 'email':
      return text(settings.addresses)
        .split(/[;,\n]/)
        .map((address) => address.trim())
        .filter(Boolean)
        .join(', ');
    case 'webhook':
      return host(settings.url);
    case 'prometheus-alertmanager':
      return text(settings.url)
        .split(',')
        .map((url) => host(url))
        .filter(Boolean)
        .join(', ');
    case 'slack':
      return text(settings.recipient) || (settings.url === REDACTED ? 'incoming webhook' : host(settings.url));
    case 'telegram':
      return text(settings.chatid) ? `chat ${text(settings.chatid)}` : '';
    case 'pagerduty':
      return text(settings.url) ? host(settings.url) : 'events.pagerduty.com';
    default:
      return settings.url === REDACTED ? 'webhook' : host(settings.url);
  }
}
