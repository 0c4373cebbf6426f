import type { z } from 'zod';
import {
  createDataSourceRequestSchema,
  updateDataSourceRequestSchema,
  type CreateDataSourceRequest,
  type DataSource,
  type UpdateDataSourceRequest,
} from '../../../contract/datasources';
import { ApiError } from '../../api/client';
import { allFields, fieldPath, isVisible, secretPath, settingsLayout, type FieldSpec, type FieldValues, type SettingsLayout, type ValueField } from './settings';

export type AuthMethod = 'none' | 'basic' | 'bearer';

/** A write-only secret: either stored on the server ("configured") or a value typed here. */
export interface SecretState {
  configured: boolean;
  value: string;
}

/**
 * One of Grafana's custom headers (`jsonData.httpHeaderNameN` + `secureJsonData.httpHeaderValueN`).
 * Rows keep their stored order: a configured value lives at its row's index on the server.
 */
export interface HeaderRow {
  id: number;
  name: string;
  value: string;
  configured: boolean;
  /** Its stored value sat at the next index and was dropped when a row above was removed. */
  moved: boolean;
}

export interface FormState {
  name: string;
  isDefault: boolean;
  values: FieldValues;
  secrets: Record<string, SecretState>;
  auth: AuthMethod;
  basicAuthUser: string;
  /** Every header slot in order; with Bearer token auth, the first `Authorization` row carries the token. */
  headers: HeaderRow[];
}

export type FieldErrors = Record<string, string>;

const BASIC_PASSWORD = 'basicAuthPassword';
const headerNameKey = (index: number) => `httpHeaderName${index + 1}`;
const headerValueKey = (index: number) => `httpHeaderValue${index + 1}`;
export const headerNamePath = (index: number) => `jsonData.${headerNameKey(index)}`;
export const headerValuePath = (index: number) => secretPath(headerValueKey(index));

const isAuthorization = (name: string) => name.trim().toLowerCase() === 'authorization';

/** The row holding the bearer token, when that is the auth method. */
export function bearerIndex(state: Pick<FormState, 'auth' | 'headers'>): number {
  return state.auth === 'bearer' ? state.headers.findIndex((row) => isAuthorization(row.name)) : -1;
}

/** The number a custom header is shown with: its place among the rows that are not the bearer token. */
export function customHeaderNumber(state: Pick<FormState, 'auth' | 'headers'>, index: number): number {
  const bearer = bearerIndex(state);
  return bearer >= 0 && index > bearer ? index : index + 1;
}

let nextRowId = 1;
export function newHeaderRow(name = ''): HeaderRow {
  return { id: nextRowId++, name, value: '', configured: false, moved: false };
}

/** Removes a header row; rows below move up an index, so their stored values must be entered again. */
export function removeHeaderRow(headers: HeaderRow[], index: number): HeaderRow[] {
  return headers
    .filter((_, i) => i !== index)
    .map((row, i) => (i >= index && row.configured ? { ...row, configured: false, value: '', moved: true } : row));
}

/** Switches the auth method, adding or removing the bearer token's `Authorization` row. */
export function withAuthMethod(state: FormState, auth: AuthMethod): FormState {
  let headers = state.headers;
  const current = bearerIndex(state);
  if (current >= 0 && auth !== 'bearer') headers = removeHeaderRow(headers, current);
  if (auth === 'bearer' && !headers.some((row) => isAuthorization(row.name))) headers = [...headers, newHeaderRow('Authorization')];
  return { ...state, auth, headers };
}

function readValue(field: ValueField, ds: DataSource | undefined): string | boolean {
  if (!ds) {
    if (field.kind === 'switch') return false;
    return field.newValue ?? field.absentValue ?? '';
  }
  let raw: unknown;
  if (field.path.startsWith('jsonData.')) {
    raw = ds.jsonData[field.path.slice('jsonData.'.length)];
    if ((raw === undefined || raw === '') && field.mirrorsDatabase) raw = ds.database || undefined;
  } else {
    raw = (ds as Record<string, unknown>)[field.path];
  }
  if (field.kind === 'switch') return raw === true || raw === 'true';
  if (raw === undefined || raw === null || raw === '') return field.absentValue ?? '';
  return typeof raw === 'string' ? raw : String(raw);
}

/** The form as a data source stands (or empty for a new one of `type`). */
export function formFromDataSource(type: string, ds?: DataSource, name = ''): FormState {
  const layout = settingsLayout(type);
  const values: FieldValues = {};
  const secrets: Record<string, SecretState> = {};
  for (const field of allFields(layout)) {
    if (field.kind === 'secret') secrets[field.key] = { configured: ds?.secureJsonFields[field.key] === true, value: '' };
    else values[field.path] = readValue(field, ds);
  }
  secrets[BASIC_PASSWORD] = { configured: ds?.secureJsonFields[BASIC_PASSWORD] === true, value: '' };

  const headers: HeaderRow[] = [];
  for (let i = 0; ds && typeof ds.jsonData[headerNameKey(i)] === 'string'; i++) {
    const row = newHeaderRow(String(ds.jsonData[headerNameKey(i)]));
    row.configured = ds.secureJsonFields[headerValueKey(i)] === true;
    headers.push(row);
  }
  const auth: AuthMethod = ds?.basicAuth ? 'basic' : headers.some((row) => isAuthorization(row.name)) ? 'bearer' : 'none';
  return { name: ds?.name ?? name, isDefault: ds?.isDefault ?? false, values, secrets, auth, basicAuthUser: ds?.basicAuthUser ?? '', headers };
}

/** Secrets to send: a configured one is left out (kept); a reset one is sent, `""` removing it. */
function secretToSend(key: string, secret: SecretState | undefined, base: DataSource | undefined): string | undefined {
  if (!secret || secret.configured) return undefined;
  if (base?.secureJsonFields[key]) return secret.value;
  return secret.value === '' ? undefined : secret.value;
}

function bearerValue(token: string): string {
  const trimmed = token.trim();
  if (!trimmed) return '';
  return /^bearer\s/i.test(trimmed) ? trimmed : `Bearer ${trimmed}`;
}

/** The request body the form stands for: the whole data source, keeping what the form does not show. */
export function toRequest(type: string, state: FormState, base?: DataSource): CreateDataSourceRequest | UpdateDataSourceRequest {
  const layout = settingsLayout(type);
  const jsonData: Record<string, unknown> = {};
  // Header names are rewritten from the rows below (HTTP types); every other key is kept as stored.
  for (const [key, value] of Object.entries(base?.jsonData ?? {})) if (!(layout.httpAuth && /^httpHeaderName\d+$/.test(key))) jsonData[key] = value;
  const top: Record<string, unknown> = {
    url: base?.url ?? '',
    access: base?.access === 'direct' ? 'direct' : 'proxy',
    user: base?.user ?? '',
    database: base?.database ?? '',
  };
  const secureJsonData: Record<string, string> = {};

  for (const field of allFields(layout)) {
    if (!isVisible(field, state.values)) continue;
    if (field.kind === 'secret') {
      const value = secretToSend(field.key, state.secrets[field.key], base);
      if (value !== undefined) secureJsonData[field.key] = value;
      continue;
    }
    const raw = state.values[field.path];
    let value: unknown;
    if (field.kind === 'switch') value = raw === true ? true : field.path.slice('jsonData.'.length) in (base?.jsonData ?? {}) ? false : undefined;
    else if (field.kind === 'number') {
      const text = String(raw ?? '').trim();
      value = text === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    } else value = String(raw ?? '').trim();
    if (field.path.startsWith('jsonData.')) {
      const key = field.path.slice('jsonData.'.length);
      if (value === undefined || value === '') delete jsonData[key];
      else jsonData[key] = value;
    } else {
      top[field.path] = value ?? '';
    }
    if (field.mirrorsDatabase) top.database = value ?? '';
  }

  if (layout.httpAuth) {
    if (state.auth === 'basic') {
      const password = secretToSend(BASIC_PASSWORD, state.secrets[BASIC_PASSWORD], base);
      if (password !== undefined) secureJsonData[BASIC_PASSWORD] = password;
    }
    const bearer = bearerIndex(state);
    state.headers.forEach((row, i) => {
      jsonData[headerNameKey(i)] = row.name.trim();
      const value = i === bearer ? bearerValue(row.value) : row.value;
      const sent = secretToSend(headerValueKey(i), { configured: row.configured, value }, base);
      if (sent !== undefined) secureJsonData[headerValueKey(i)] = sent;
    });
    // Header slots past the last row are gone: their stored values go too.
    for (const key of Object.keys(base?.secureJsonFields ?? {})) {
      const match = /^httpHeaderValue(\d+)$/.exec(key);
      if (match && Number(match[1]) > state.headers.length) secureJsonData[key] = '';
    }
  }

  return {
    name: state.name,
    type: base?.type ?? layout.info.type,
    access: top.access as 'proxy' | 'direct',
    url: String(top.url),
    user: String(top.user),
    database: String(top.database),
    basicAuth: layout.httpAuth ? state.auth === 'basic' : (base?.basicAuth ?? false),
    basicAuthUser: layout.httpAuth ? state.basicAuthUser.trim() : (base?.basicAuthUser ?? ''),
    withCredentials: base?.withCredentials ?? false,
    isDefault: state.isDefault,
    jsonData,
    ...(Object.keys(secureJsonData).length > 0 ? { secureJsonData } : {}),
    ...(base ? { version: base.version } : {}),
  };
}

const DURATION = /^\d+(ms|s|m|h|d|w|y)$/;

function validHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** Mirrors the server's reading of `host:port` (a bare host, or a URL, is accepted too). */
function validHostPort(text: string): boolean {
  try {
    const url = new URL(text.includes('://') ? text : `tcp://${text}`);
    return url.hostname !== '' && (url.pathname === '' || url.pathname === '/');
  } catch {
    return false;
  }
}

/** Checks the form adds to the contract's: what this type needs to work, said per field. */
function refinements(layout: SettingsLayout, state: FormState, base: DataSource | undefined) {
  return (request: CreateDataSourceRequest, ctx: z.RefinementCtx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split(/\.(.*)/s).filter(Boolean), message });
    const jsonData = request.jsonData ?? {};
    const secrets = request.secureJsonData ?? {};
    const valueAt = (path: string): unknown => (path.startsWith('jsonData.') ? jsonData[path.slice('jsonData.'.length)] : (request as Record<string, unknown>)[path]);
    const secretSet = (key: string) => (secrets[key] !== undefined ? secrets[key] !== '' : base?.secureJsonFields[key] === true);

    for (const field of allFields(layout)) {
      if (!isVisible(field, state.values)) continue;
      if (field.kind === 'secret') {
        if (field.required && !secretSet(field.key)) issue(secretPath(field.key), 'is required');
        continue;
      }
      const value = valueAt(field.path);
      const text = typeof value === 'string' ? value : value === undefined ? '' : String(value);
      if (field.required && text === '') {
        issue(field.path, field.kind === 'url' || field.kind === 'hostPort' ? `is required: enter e.g. ${field.placeholder}` : 'is required');
        continue;
      }
      if (text === '') continue;
      if (field.kind === 'url' && !validHttpUrl(text)) issue(field.path, `must be an http:// or https:// address, e.g. ${field.placeholder}`);
      if (field.kind === 'hostPort' && !validHostPort(text)) issue(field.path, `must be host:port, e.g. ${field.placeholder}`);
      if (field.kind === 'duration' && !DURATION.test(text)) issue(field.path, 'must be a duration such as 15s, 1m or 1h');
      if (field.kind === 'number') {
        if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) issue(field.path, 'must be a whole number above 0');
        else if (field.max !== undefined && value > field.max) issue(field.path, `must be at most ${field.max}`);
      }
    }

    if (!layout.httpAuth) return;
    if (state.auth === 'basic') {
      if (!request.basicAuthUser) issue('basicAuthUser', 'is required');
      if (!secretSet(BASIC_PASSWORD)) issue(secretPath(BASIC_PASSWORD), 'is required');
    }
    const bearer = bearerIndex(state);
    const seen = new Map<string, number>();
    state.headers.forEach((row, i) => {
      if (!secretSet(headerValueKey(i))) issue(headerValuePath(i), 'is required');
      if (i === bearer) return;
      const name = row.name.trim();
      if (!name) return issue(headerNamePath(i), 'is required');
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return issue(headerNamePath(i), 'may only hold letters, digits and - _ . ! # $ % & \' * + ^ ` | ~');
      if (isAuthorization(name) && state.auth !== 'none') return issue(headerNamePath(i), `clashes with ${state.auth === 'basic' ? 'basic authentication' : 'the bearer token'} set above`);
      const lower = name.toLowerCase();
      if (seen.has(lower)) return issue(headerNamePath(i), 'is already used by another header');
      seen.set(lower, i);
    });
  };
}

/** The label a field has on screen, to put in front of a short message ("URL is required"). */
export function fieldLabel(layout: SettingsLayout, state: FormState, path: string): string | undefined {
  if (path === 'name') return 'Name';
  if (path === 'type') return 'Type';
  if (path === 'basicAuthUser' && layout.httpAuth) return 'User';
  if (path === secretPath(BASIC_PASSWORD) && layout.httpAuth) return 'Password';
  const header = /^(?:jsonData\.httpHeaderName|secureJsonData\.httpHeaderValue)(\d+)$/.exec(path);
  if (header && layout.httpAuth) {
    const index = Number(header[1]) - 1;
    if (index >= state.headers.length) return undefined;
    if (index === bearerIndex(state)) return path.startsWith('secureJsonData') ? 'Token' : undefined;
    const n = customHeaderNumber(state, index);
    return path.startsWith('jsonData') ? `Header ${n} name` : `Header ${n} value`;
  }
  const field: FieldSpec | undefined = allFields(layout).find((f) => fieldPath(f) === path && isVisible(f, state.values));
  return field?.label;
}

export type ValidationResult =
  | { ok: true; request: CreateDataSourceRequest | UpdateDataSourceRequest }
  | { ok: false; fieldErrors: FieldErrors; formErrors: string[] };

/** Splits messages by field: those the form shows next to a field, and the rest for an alert. */
function placeMessages(layout: SettingsLayout, state: FormState, messages: Array<{ path: string; message: string; verbatim?: boolean }>) {
  const fieldErrors: FieldErrors = {};
  const formErrors: string[] = [];
  for (const { path, message, verbatim } of messages) {
    const label = fieldLabel(layout, state, path);
    if (label && !fieldErrors[path]) fieldErrors[path] = verbatim ? message : `${label} ${message}`;
    else if (!label) formErrors.push(path ? `${path}: ${message}` : message);
  }
  return { fieldErrors, formErrors };
}

/** Validates with the contract's request schema plus what this type needs; the request to send when valid. */
export function validateForm(type: string, state: FormState, base?: DataSource): ValidationResult {
  const layout = settingsLayout(type);
  const request = toRequest(type, state, base);
  const refine = refinements(layout, state, base);
  const result = base ? updateDataSourceRequestSchema.superRefine(refine).safeParse(request) : createDataSourceRequestSchema.superRefine(refine).safeParse(request);
  if (result.success) return { ok: true, request: result.data };
  const messages = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, ...placeMessages(layout, state, messages) };
}

/**
 * Where a refused save's message belongs: a duplicate name on Name, an unknown type on Type, an
 * invalid URL on the URL, a field named by the server's validation on that field; else the form.
 */
export function placeServerError(type: string, state: FormState, error: unknown): { fieldErrors: FieldErrors; formErrors: string[] } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const layout = settingsLayout(type);
  const { message } = error;
  if (error.status === 409 && /same name/i.test(message)) return { fieldErrors: { name: message }, formErrors: [] };
  if (error.status !== 400) return undefined;
  if (/unknown data source type/i.test(message)) return { fieldErrors: { type: message }, formErrors: [] };
  if (/invalid URL/i.test(message)) return { fieldErrors: { url: message }, formErrors: [] };
  const detail = /^bad request data: (.*)$/s.exec(message);
  if (detail) {
    const messages = detail[1]!.split('; ').map((part) => {
      const match = /^([\w.]+): (.*)$/s.exec(part);
      return match ? { path: match[1]!, message: match[2]! } : { path: '', message: part };
    });
    return placeMessages(layout, state, messages);
  }
  return undefined;
}
