// The request body a form state stands for.
import type { CreateDataSourceRequest, DataSource, UpdateDataSourceRequest } from '../../../contract/datasources';
import { BASIC_PASSWORD, bearerIndex, headerNameKey, headerValueKey, type FormState, type SecretState } from './formState';
import { allFields, isVisible, settingsLayout } from './settings';

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
  for (const [key, value] of Object.entries(base?.jsonData ?? {}))
    if (!(layout.httpAuth && /^httpHeaderName\d+$/.test(key))) jsonData[key] = value;
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
    if (field.kind === 'switch')
      value = raw === true ? true : field.path.slice('jsonData.'.length) in (base?.jsonData ?? {}) ? false : undefined;
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
