import type { Panel } from './layout';
import { asNumber, type PanelFrame } from './frames';
import { prepareFields, type DisplayField } from './fieldConfig';
import { fieldRange, getDisplayProcessor, type DisplayValue, type Scheme } from './displayProcessor';
import { finiteOrUndefined, isObject, toRegExp } from './panelJson';
import { reduceValues, reducerName } from './reducers';

/**
 * Field display shared by every panel type: Grafana's field config (defaults + overrides), display
 * names, value mappings, thresholds and colours. Pure functions; the renderers only draw.
 * Panels import it all from here; the parts live in fieldConfig, fieldNames, valueMappings,
 * displayProcessor and panelJson, and this module adds the reduced values of stat, gauge and bar gauge.
 */

export * from './displayProcessor';
export * from './fieldConfig';
export * from './fieldNames';
export { finiteOrUndefined, toRegExp } from './panelJson';
export * from './valueMappings';

/** Reduced values for stat, gauge and bar gauge: `options.reduceOptions`. */
export interface ReduceOptions {
  calcs: string[];
  values: boolean;
  fields: string;
  limit?: number;
}

export function reduceOptionsOf(panel: Panel): ReduceOptions {
  const options = isObject(panel.options) ? panel.options : {};
  const reduce = isObject(options.reduceOptions) ? options.reduceOptions : {};
  const calcs = Array.isArray(reduce.calcs) ? reduce.calcs.filter((c): c is string => typeof c === 'string') : [];
  return {
    calcs: calcs.length ? calcs : ['lastNotNull'],
    values: reduce.values === true,
    fields: typeof reduce.fields === 'string' ? reduce.fields : '',
    limit: finiteOrUndefined(reduce.limit),
  };
}

export interface FieldDisplay {
  /** Series name (and the reducer's, when several are asked). */
  name: string;
  display: DisplayValue;
  field: DisplayField;
  /** Time and value points for a sparkline, when the field has a time field beside it. */
  sparkline?: { times: number[]; values: Array<number | null> };
  range: { min: number; max: number };
}

const DEFAULT_VALUES_LIMIT = 25;

/** The values a stat, gauge or bar gauge shows: one per field and reducer, or one per row (`values: true`). */
export function getFieldDisplayValues(
  panel: Panel,
  frames: PanelFrame[],
  options: { scheme?: Scheme; timeZone?: string; replaceVariables?: (text: string) => string } = {},
): FieldDisplay[] {
  const reduce = reduceOptionsOf(panel);
  const prepared = prepareFields(panel, frames, { replaceVariables: options.replaceVariables });
  const fieldRe = reduce.fields ? toRegExp(reduce.fields) : undefined;
  const picked = (field: DisplayField) => {
    if (field.type === 'time') return false;
    if (field.config.custom?.hidden === true) return false;
    if (reduce.fields)
      return (
        (!!fieldRe && (fieldRe.test(field.name) || fieldRe.test(field.displayName))) ||
        reduce.fields === field.name ||
        reduce.fields === field.displayName
      );
    return field.type === 'number';
  };
  let chosen = prepared.flatMap((frame) => frame.fields.filter(picked).map((field) => ({ frame, field })));
  // Text-only answers (a SQL query returning names) still show rather than "No data".
  if (chosen.length === 0 && !reduce.fields)
    chosen = prepared.flatMap((frame) =>
      frame.fields.filter((f) => f.type === 'string' || f.type === 'boolean').map((field) => ({ frame, field })),
    );
  const allValues = chosen.flatMap(({ field }) => field.values);
  const out: FieldDisplay[] = [];
  const limit = reduce.limit ?? DEFAULT_VALUES_LIMIT;
  for (const { frame, field } of chosen) {
    const range = fieldRange(field.config, allValues);
    const process = getDisplayProcessor(field, { scheme: options.scheme, timeZone: options.timeZone, range });
    if (reduce.values) {
      const rowName = frame.fields.find((f) => f.type === 'string' && f !== field);
      for (let row = 0; row < field.values.length && out.length < limit; row++) {
        const name = rowName ? String(rowName.values[row] ?? '') : field.displayName;
        out.push({ name, display: process(field.values[row]), field, range });
      }
      continue;
    }
    const time = frame.fields.find((f) => f.type === 'time');
    const reduced = reduceValues(field.values, reduce.calcs);
    for (const calc of reduce.calcs) {
      const value = reduced[calc];
      out.push({
        name: reduce.calcs.length > 1 ? `${field.displayName} ${reducerName(calc)}` : field.displayName,
        display: process(Array.isArray(value) ? value.join(', ') : value),
        field,
        range,
        sparkline:
          time && field.type === 'number' ? { times: time.values as number[], values: field.values.map((v) => asNumber(v)) } : undefined,
      });
    }
  }
  return out;
}
