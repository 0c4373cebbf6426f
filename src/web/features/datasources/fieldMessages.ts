// Messages placed on the field they concern: the form's own checks and the server's refusals.
import { ApiError } from '../../api/errors';
import { BASIC_PASSWORD, bearerIndex, customHeaderNumber, type FormState } from './formState';
import { allFields, fieldPath, isVisible, secretPath, settingsLayout, type FieldSpec, type SettingsLayout } from './settings';

export type FieldErrors = Record<string, string>;

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

/** Splits messages by field: those the form shows next to a field, and the rest for an alert. */
export function placeMessages(
  layout: SettingsLayout,
  state: FormState,
  messages: Array<{ path: string; message: string; verbatim?: boolean }>,
) {
  const fieldErrors: FieldErrors = {};
  const formErrors: string[] = [];
  for (const { path, message, verbatim } of messages) {
    const label = fieldLabel(layout, state, path);
    if (label && !fieldErrors[path]) fieldErrors[path] = verbatim ? message : `${label} ${message}`;
    else if (!label) formErrors.push(path ? `${path}: ${message}` : message);
  }
  return { fieldErrors, formErrors };
}

/** "bad request data: a: is required; b: must be a string" → each field's path and message. */
function badRequestDetails(message: string): Array<{ path: string; message: string }> | undefined {
  const detail = /^bad request data: (.*)$/s.exec(message);
  return detail?.[1]!.split('; ').map((part) => {
    const match = /^([\w.]+): (.*)$/s.exec(part);
    return match ? { path: match[1]!, message: match[2]! } : { path: '', message: part };
  });
}

/**
 * Where a refused save's message belongs. A 400 naming its `field` goes on that field; without one
 * (an older server, or a Grafana), the message is read: a duplicate name on Name, an unknown type on
 * Type, an invalid URL on the URL, a field named by the server's validation on that field; else the form.
 */
export function placeServerError(
  type: string,
  state: FormState,
  error: unknown,
): { fieldErrors: FieldErrors; formErrors: string[] } | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const layout = settingsLayout(type);
  const { message } = error;
  const details = badRequestDetails(message);
  if (error.field !== undefined) {
    if (details) return placeMessages(layout, state, details);
    if (fieldLabel(layout, state, error.field)) return { fieldErrors: { [error.field]: message }, formErrors: [] };
    return { fieldErrors: {}, formErrors: [message] };
  }
  if (error.status === 409 && /same name/i.test(message)) return { fieldErrors: { name: message }, formErrors: [] };
  if (error.status !== 400) return undefined;
  if (/unknown data source type/i.test(message)) return { fieldErrors: { type: message }, formErrors: [] };
  if (/invalid URL/i.test(message)) return { fieldErrors: { url: message }, formErrors: [] };
  return details ? placeMessages(layout, state, details) : undefined;
}
