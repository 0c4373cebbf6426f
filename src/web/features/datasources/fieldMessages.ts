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
export function placeMessages(layout: SettingsLayout, state: FormState, messages: Array<{ path: string; message: string }>) {
  const fieldErrors: FieldErrors = {};
  const formErrors: string[] = [];
  for (const { path, message } of messages) {
    const label = fieldLabel(layout, state, path);
    if (label && !fieldErrors[path]) fieldErrors[path] = `${label} ${message}`;
    else if (!label) formErrors.push(path ? `${path}: ${message}` : message);
  }
  return { fieldErrors, formErrors };
}

/**
 * Where a refused save's message belongs: on the field the server names in `field`, in its words;
 * above the buttons when the form does not show that field. Undefined when the server names no
 * field (a concurrent update, a server error), for the page to say as it sees fit.
 */
export function placeServerError(
  type: string,
  state: FormState,
  error: unknown,
): { fieldErrors: FieldErrors; formErrors: string[] } | undefined {
  if (!(error instanceof ApiError) || error.field === undefined) return undefined;
  if (fieldLabel(settingsLayout(type), state, error.field)) return { fieldErrors: { [error.field]: error.message }, formErrors: [] };
  return { fieldErrors: {}, formErrors: [error.message] };
}
