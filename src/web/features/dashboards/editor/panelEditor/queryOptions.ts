import type { Panel } from '../../../../panels/layout';

/** Grafana's `rangeUtil.isValidTimeSpan`: `5m`, `1h`, `7d`, or a variable. */
const TIME_SPAN = /^\d+(ms|s|m|h|d|w|M|y)$/;
const VARIABLE = /^\$/;
/** A relative time may also be Grafana's `now-…` form, with rounding: `now-1d/d`. */
const RELATIVE = /^now(-\d+(ms|s|m|h|d|w|M|y))?(\/(s|m|h|d|w|M|y))?$/;

export type QueryOptionField = 'maxDataPoints' | 'interval' | 'timeFrom' | 'timeShift';

/** Why a query option's text cannot be stored, in Grafana's words; undefined when it can (empty clears it). */
export function queryOptionProblem(field: QueryOptionField, text: string): string | undefined {
  const value = text.trim();
  if (!value) return undefined;
  if (field === 'maxDataPoints') return /^\d+$/.test(value) && Number(value) > 0 ? undefined : 'Must be a whole number above 0';
  if (VARIABLE.test(value) || TIME_SPAN.test(value)) return undefined;
  if (field === 'timeFrom' && RELATIVE.test(value)) return undefined;
  return 'Not a valid timespan';
}

/** The panel with a query option set from valid text, or removed when the text is empty (Grafana stores none then). */
export function withQueryOption(panel: Panel, field: QueryOptionField, text: string): Panel {
  const value = text.trim();
  const next: Panel = { ...panel };
  if (!value) delete next[field];
  else next[field] = field === 'maxDataPoints' ? Number(value) : value;
  return next;
}

export function queryOptionText(panel: Panel, field: QueryOptionField): string {
  const value = panel[field];
  return typeof value === 'number' || typeof value === 'string' ? String(value) : '';
}
