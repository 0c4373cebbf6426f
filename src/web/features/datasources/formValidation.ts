// Validation of the form before a save: the contract's request schema plus what each type needs.
import type { z } from 'zod';
import {
  createDataSourceRequestSchema,
  isHttpUrl,
  parseHostPort,
  updateDataSourceRequestSchema,
  type CreateDataSourceRequest,
  type DataSource,
  type UpdateDataSourceRequest,
} from '../../../contract/datasources';
import { placeMessages, type FieldErrors } from './fieldMessages';
import { toRequest } from './formRequest';
import { BASIC_PASSWORD, bearerIndex, headerNamePath, headerValueKey, headerValuePath, isAuthorization, type FormState } from './formState';
import { allFields, isVisible, secretPath, settingsLayout, type SettingsLayout } from './settings';

const DURATION = /^\d+(ms|s|m|h|d|w|y)$/;

// URLs, host:port and the timeout are checked by the contract's functions, as the server checks them.

/** Checks the form adds to the contract's: what this type needs to work, said per field. */
function refinements(layout: SettingsLayout, state: FormState, base: DataSource | undefined) {
  return (request: CreateDataSourceRequest, ctx: z.RefinementCtx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: path.split(/\.(.*)/s).filter(Boolean), message });
    const jsonData = request.jsonData ?? {};
    const secrets = request.secureJsonData ?? {};
    const valueAt = (path: string): unknown =>
      path.startsWith('jsonData.') ? jsonData[path.slice('jsonData.'.length)] : (request as Record<string, unknown>)[path];
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
        issue(
          field.path,
          field.kind === 'url' || field.kind === 'hostPort' ? `is required: enter e.g. ${field.placeholder}` : 'is required',
        );
        continue;
      }
      if (text === '') continue;
      if (field.kind === 'url' && !isHttpUrl(text)) issue(field.path, `must be an http:// or https:// address, e.g. ${field.placeholder}`);
      if (field.kind === 'hostPort' && !parseHostPort(text)) issue(field.path, `must be host:port, e.g. ${field.placeholder}`);
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
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        return issue(headerNamePath(i), "may only hold letters, digits and - _ . ! # $ % & ' * + ^ ` | ~");
      if (isAuthorization(name) && state.auth !== 'none')
        return issue(headerNamePath(i), `clashes with ${state.auth === 'basic' ? 'basic authentication' : 'the bearer token'} set above`);
      const lower = name.toLowerCase();
      if (seen.has(lower)) return issue(headerNamePath(i), 'is already used by another header');
      seen.set(lower, i);
    });
  };
}

export type ValidationResult =
  { ok: true; request: CreateDataSourceRequest | UpdateDataSourceRequest } | { ok: false; fieldErrors: FieldErrors; formErrors: string[] };

/** Validates with the contract's request schema plus what this type needs; the request to send when valid. */
export function validateForm(type: string, state: FormState, base?: DataSource): ValidationResult {
  const layout = settingsLayout(type);
  const request = toRequest(type, state, base);
  const refine = refinements(layout, state, base);
  const result = base
    ? updateDataSourceRequestSchema.superRefine(refine).safeParse(request)
    : createDataSourceRequestSchema.superRefine(refine).safeParse(request);
  if (result.success) return { ok: true, request: result.data };
  const messages = result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  return { ok: false, ...placeMessages(layout, state, messages) };
}
