// The data source form's state: what a person edits, and how it is read from a saved data source.
import type { DataSource } from '../../../contract/datasources';
import { allFields, secretPath, settingsLayout, type FieldValues, type ValueField } from './settings';

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

export const BASIC_PASSWORD = 'basicAuthPassword';
export const headerNameKey = (index: number) => `httpHeaderName${index + 1}`;
export const headerValueKey = (index: number) => `httpHeaderValue${index + 1}`;
export const headerNamePath = (index: number) => `jsonData.${headerNameKey(index)}`;
export const headerValuePath = (index: number) => secretPath(headerValueKey(index));

export const isAuthorization = (name: string) => name.trim().toLowerCase() === 'authorization';

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
  return {
    name: ds?.name ?? name,
    isDefault: ds?.isDefault ?? false,
    values,
    secrets,
    auth,
    basicAuthUser: ds?.basicAuthUser ?? '',
    headers,
  };
}
