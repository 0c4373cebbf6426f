import type { Panel } from './layout';
import { continuousColor, isContinuousMode, paletteColor, paletteIndexByName, resolveColor } from './colors';
import { asNumber, formatLabels, type PanelField, type PanelFrame } from './frames';
import { reduceValues, reducerName } from './reducers';
import { formatDateTime, formatValue, isBooleanUnit } from './valueFormats';

/**
 * Field display shared by every panel type: Grafana's field config (defaults + overrides), display
 * names, value mappings, thresholds and colours. Pure functions; the renderers only draw.
 */

export interface Threshold {
  value: number | null;
  color: string;
}
export interface ThresholdsConfig {
  mode?: 'absolute' | 'percentage' | string;
  steps: Threshold[];
}
export interface ColorConfig {
  mode?: string;
  fixedColor?: string;
  seriesBy?: string;
}
export interface MappingResult {
  text?: string;
  color?: string;
  index?: number;
}
export type ValueMapping =
  | { type: 'value'; options: Record<string, MappingResult> }
  | { type: 'range'; options: { from?: number | null; to?: number | null; result: MappingResult } }
  | { type: 'regex'; options: { pattern: string; result: MappingResult } }
  | { type: 'special'; options: { match: string; result: MappingResult } };

export interface FieldConfig {
  unit?: string;
  decimals?: number | null;
  min?: number | null;
  max?: number | null;
  thresholds?: ThresholdsConfig;
  mappings?: ValueMapping[];
  color?: ColorConfig;
  displayName?: string;
  displayNameFromDS?: string;
  noValue?: string;
  custom?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface FieldOverride {
  matcher?: { id?: string; options?: unknown };
  properties?: Array<{ id?: string; value?: unknown }>;
}

export interface DisplayField extends PanelField {
  config: FieldConfig;
  /** Name shown in legends, titles and headers. */
  displayName: string;
  frame: PanelFrame;
  /** Position among the panel's value fields (colours from the palette follow it). */
  seriesIndex: number;
}

export type PreparedFrame = Omit<PanelFrame, 'fields'> & { fields: DisplayField[] };

export interface DisplayValue {
  text: string;
  prefix?: string;
  suffix?: string;
  numeric: number;
  color: string;
  /** 0–1 position between the field's min and max, for gauges and continuous colours. */
  percent?: number;
}

export type Scheme = 'light' | 'dark';

export const DEFAULT_THRESHOLDS: ThresholdsConfig = {
  mode: 'absolute',
  steps: [
    { value: null, color: 'green' },
    { value: 80, color: 'red' },
  ],
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function finiteOrUndefined(value: unknown): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

/** `fieldConfig.defaults` of a panel, with legacy `mappings` (type 1/2) turned into today's shape. */
export function panelDefaults(panel: Panel): FieldConfig {
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  const defaults = isObject(fieldConfig.defaults) ? (fieldConfig.defaults as FieldConfig) : {};
  return { ...defaults, mappings: normaliseMappings(defaults.mappings) };
}

export function panelOverrides(panel: Panel): FieldOverride[] {
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  return Array.isArray(fieldConfig.overrides) ? (fieldConfig.overrides as FieldOverride[]).filter(isObject) : [];
}

/** Accepts Grafana 8+ mappings and the older `{type: 1, value, text}` / `{type: 2, from, to, text}` ones. */
export function normaliseMappings(mappings: unknown): ValueMapping[] {
  if (!Array.isArray(mappings)) return [];
  const out: ValueMapping[] = [];
  for (const m of mappings) {
    if (!isObject(m)) continue;
    if (m.type === 'value' || m.type === 'range' || m.type === 'regex' || m.type === 'special') {
      if (isObject(m.options)) out.push(m as unknown as ValueMapping);
      continue;
    }
    const text = typeof m.text === 'string' ? m.text : undefined;
    const color = typeof m.color === 'string' ? m.color : undefined;
    if (m.type === 1 || m.type === '1') {
      const value = String(m.value ?? '');
      if (value === 'null') out.push({ type: 'special', options: { match: 'null', result: { text, color } } });
      else out.push({ type: 'value', options: { [value]: { text, color } } });
    } else if (m.type === 2 || m.type === '2') {
      out.push({
        type: 'range',
        options: { from: finiteOrUndefined(m.from) ?? null, to: finiteOrUndefined(m.to) ?? null, result: { text, color } },
      });
    }
  }
  return out;
}

/** `/pattern/flags` as a regular expression; a bare pattern must match the whole text (Grafana's `stringToJsRegex`). */
export function toRegExp(pattern: string): RegExp | undefined {
  try {
    const slashed = /^\/(.*)\/([gimsuy]*)$/s.exec(pattern);
    if (slashed) return new RegExp(slashed[1]!, slashed[2]!.replace('g', ''));
    return new RegExp(`^${pattern}$`);
  } catch {
    return undefined;
  }
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const keys = path.split('.');
  let node = target;
  for (const key of keys.slice(0, -1)) {
    node[key] = isObject(node[key]) ? { ...(node[key] as Record<string, unknown>) } : {};
    node = node[key] as Record<string, unknown>;
  }
  const last = keys.at(-1)!;
  if (value === undefined || value === null) delete node[last];
  else node[last] = last === 'mappings' && keys.length === 1 ? normaliseMappings(value) : value;
}

function withDefaults(own: Record<string, unknown>, defaults: FieldConfig): FieldConfig {
  const merged: FieldConfig = { ...own };
  for (const [key, value] of Object.entries(defaults)) {
    if (value === undefined) continue;
    if (key === 'custom' && isObject(value)) merged.custom = { ...value, ...(isObject(own.custom) ? own.custom : {}) };
    else if (merged[key] === undefined || merged[key] === null) merged[key] = value;
  }
  return merged;
}

function matches(override: FieldOverride, field: PanelField, frame: PanelFrame, names: string[]): boolean {
  const id = override.matcher?.id;
  const options = override.matcher?.options;
  switch (id) {
    case 'byName':
      return typeof options === 'string' && names.includes(options);
    case 'byNames': {
      const list = isObject(options) && Array.isArray(options.names) ? options.names : [];
      const hit = list.some((n) => typeof n === 'string' && names.includes(n));
      return isObject(options) && options.mode === 'exclude' ? !hit : hit;
    }
    case 'byRegexp': {
      const re = typeof options === 'string' ? toRegExp(options) : undefined;
      return !!re && names.some((n) => re.test(n));
    }
    case 'byFrameRefID':
      return typeof options === 'string' && frame.refId === options;
    case 'byType':
      return typeof options === 'string' && field.type === options;
    case 'byValue': {
      // "Hide series whose values are all zero" and the like: reduce the field, then compare.
      if (!isObject(options) || typeof options.reducer !== 'string' || field.type !== 'number') return false;
      const reduced = reduceValues(field.values, [options.reducer])[options.reducer];
      if (options.reducer === 'allIsZero' || options.reducer === 'allIsNull') return reduced === true;
      return compareValues(reduced, typeof options.op === 'string' ? options.op : 'gte', options.value);
    }
    default:
      return false;
  }
}

/** Grafana's comparison operations (`gt`, `gte`, `lt`, `lte`, `eq`, `ne`). */
export function compareValues(left: unknown, op: string, right: unknown): boolean {
  const l = asNumber(left);
  const r = asNumber(right);
  if (op === 'eq') return l !== null && r !== null ? l === r : left === right;
  if (op === 'ne') return l !== null && r !== null ? l !== r : left !== right;
  if (l === null || r === null) return false;
  switch (op) {
    case 'gt':
      return l > r;
    case 'gte':
      return l >= r;
    case 'lt':
      return l < r;
    case 'lte':
      return l <= r;
    default:
      return false;
  }
}

function legendFormatFor(panel: Panel, refId: string | undefined): string | undefined {
  const targets = Array.isArray(panel.targets) ? panel.targets : [];
  const target = targets.find((t) => (t.refId ?? 'A') === (refId ?? 'A')) ?? (targets.length === 1 ? targets[0] : undefined);
  const format = target?.legendFormat;
  return typeof format === 'string' && format.trim() && format !== '__auto' ? format : undefined;
}

/** The labels one name differs by when every series has exactly one label, the same one (Grafana shows just its value). */
function singleLabelName(frames: PanelFrame[]): string | undefined {
  let name: string | undefined;
  for (const frame of frames) {
    for (const field of frame.fields) {
      if (!field.labels) continue;
      const keys = Object.keys(field.labels);
      if (keys.length !== 1) return undefined;
      if (name === undefined) name = keys[0];
      else if (name !== keys[0]) return undefined;
    }
  }
  return name;
}

/** Grafana's name for a field when nothing names it: frame name, field name, labels. */
function computedName(field: PanelField, frame: PanelFrame, frames: PanelFrame[], single: string | undefined): string {
  if (field.type === 'time' && !field.labels) return field.name || 'Time';
  const parts: string[] = [];
  const frameNamesDiffer = frames.some((f, i) => i > 0 && f.name !== frames[i - 1]!.name);
  let frameNameAdded = false;
  let labelsAdded = false;
  if (frameNamesDiffer && frame.name) {
    parts.push(frame.name);
    frameNameAdded = true;
  }
  if (field.name && field.name !== 'Value') parts.push(field.name);
  if (field.labels) {
    if (single && field.labels[single] !== undefined) {
      parts.push(field.labels[single]!);
      labelsAdded = true;
    } else if (!single) {
      // Prometheus series read as `metric{label="value"}`, as Prometheus and Grafana show them.
      const { __name__: metric, ...rest } = field.labels;
      const all = metric ? `${metric}${formatLabels(rest)}` : formatLabels(field.labels);
      if (all) {
        parts.push(all);
        labelsAdded = true;
      }
    }
  }
  if (!frameNameAdded && !labelsAdded && field.name === 'Value' && frame.name) parts.push(frame.name);
  if (parts.length) return parts.join(' ');
  return field.name || 'Value';
}

export interface PrepareOptions {
  replaceVariables?: (text: string) => string;
  /** Renderer defaults that the panel's own `fieldConfig.defaults` win over (e.g. timeseries' palette colours). */
  defaults?: FieldConfig;
}

/** Interpolates `${__field.labels.x}`, `${__field.labels}`, `${__field.name}`, `${__series.name}` and then dashboard variables. */
export function interpolateFieldText(
  text: string,
  field: PanelField,
  seriesName: string,
  replaceVariables?: (t: string) => string,
): string {
  const replaced = text.replace(/\$\{__(field|series)\.([a-zA-Z]+)(?:\.([^}]+))?\}/g, (whole, scope: string, key: string, sub?: string) => {
    if (scope === 'series' && key === 'name') return seriesName;
    if (scope === 'field') {
      if (key === 'name') return field.name;
      if (key === 'displayName') return seriesName;
      if (key === 'labels') {
        if (!sub) return formatLabels(field.labels);
        if (sub === '__values') return Object.values(field.labels ?? {}).join(', ');
        return field.labels?.[sub] ?? '';
      }
    }
    return whole;
  });
  return replaceVariables ? replaceVariables(replaced) : replaced;
}

/** The name of each field before the panel's own display names: displayNameFromDS, legendFormat, or frame/field/labels. */
export function sourceNameOf(
  panel: Panel,
  field: PanelField,
  frame: PanelFrame,
  frames: PanelFrame[],
  single = singleLabelName(frames),
): string {
  const fromSource = field.config;
  const legend = legendFormatFor(panel, frame.refId);
  return (
    (typeof fromSource.displayNameFromDS === 'string' && fromSource.displayNameFromDS) ||
    (legend && field.type !== 'time' ? legend.replace(/\{\{\s*([^}\s]+)\s*\}\}/g, (_, l: string) => field.labels?.[l] ?? '') : '') ||
    computedName(field, frame, frames, single)
  );
}

/**
 * Applies the panel's field config to every field: the data source's own config, then the panel's
 * defaults where the source set nothing, then each matching override; then names each field.
 */
export function prepareFields(panel: Panel, frames: PanelFrame[], options: PrepareOptions = {}): PreparedFrame[] {
  const own = panelDefaults(panel);
  const defaults: FieldConfig = { ...(options.defaults ?? {}), ...own };
  defaults.custom = { ...(options.defaults?.custom ?? {}), ...(own.custom ?? {}) };
  const overrides = panelOverrides(panel);
  const single = singleLabelName(frames);
  let seriesIndex = 0;
  return frames.map((frame) => ({
    ...frame,
    fields: frame.fields.map((field): DisplayField => {
      // The name before any display name the panel sets: what overrides match against.
      const sourceName = sourceNameOf(panel, field, frame, frames, single);
      // A name the field already carries (a transformation's rename, e.g. organize's renameByName) is
      // the name it is shown by, and Grafana's byName matchers match that displayed name.
      const ownName =
        typeof field.config.displayName === 'string' && field.config.displayName.trim()
          ? interpolateFieldText(field.config.displayName, field, sourceName, options.replaceVariables)
          : undefined;
      const matchNames = ownName ? [ownName, sourceName, field.name] : [sourceName, field.name];
      let config = withDefaults(field.config, defaults);
      for (const override of overrides) {
        if (!matches(override, field, frame, matchNames)) continue;
        const next: Record<string, unknown> = { ...config, custom: { ...(config.custom ?? {}) } };
        for (const property of override.properties ?? []) {
          if (typeof property.id === 'string' && property.id) setPath(next, property.id, property.value);
        }
        config = next as FieldConfig;
      }
      config.mappings = normaliseMappings(config.mappings);
      const displayName =
        typeof config.displayName === 'string' && config.displayName.trim()
          ? interpolateFieldText(config.displayName, field, sourceName, options.replaceVariables)
          : sourceName;
      const isValueField = field.type === 'number';
      const index = isValueField ? seriesIndex++ : -1;
      return { ...field, config, displayName, frame, seriesIndex: index };
    }),
  }));
}

export function mappingFor(mappings: ValueMapping[] | undefined, value: unknown): MappingResult | undefined {
  if (!mappings?.length) return undefined;
  const numeric = asNumber(value);
  for (const mapping of mappings) {
    switch (mapping.type) {
      case 'value': {
        if (value === null || value === undefined) break;
        const hit = mapping.options[String(value)];
        if (hit) return hit;
        if (numeric !== null) {
          for (const [key, result] of Object.entries(mapping.options)) if (key.trim() !== '' && Number(key) === numeric) return result;
        }
        break;
      }
      case 'range': {
        if (numeric === null || Number.isNaN(numeric)) break;
        const from = finiteOrUndefined(mapping.options.from);
        const to = finiteOrUndefined(mapping.options.to);
        if (from === undefined && to === undefined) break;
        if ((from === undefined || numeric >= from) && (to === undefined || numeric <= to)) return mapping.options.result;
        break;
      }
      case 'regex': {
        if (value === null || value === undefined) break;
        const re = toRegExp(mapping.options.pattern);
        if (!re) break;
        const text = String(value);
        const m = re.exec(text);
        if (!m) break;
        const result = mapping.options.result;
        // The mapped text may use the pattern's groups ($1).
        return result.text ? { ...result, text: text.replace(re, result.text) } : result;
      }
      case 'special': {
        const match = mapping.options.match;
        const isNull = value === null || value === undefined;
        const isNaN = typeof value === 'number' && Number.isNaN(value);
        if (
          (match === 'null' && isNull) ||
          (match === 'nan' && isNaN) ||
          (match === 'null+nan' && (isNull || isNaN)) ||
          (match === 'true' && (value === true || value === 'true')) ||
          (match === 'false' && (value === false || value === 'false')) ||
          (match === 'empty' && value === '')
        ) {
          return mapping.options.result;
        }
        break;
      }
    }
  }
  return undefined;
}

/** The threshold step a value falls in (the last one whose value it reaches). */
export function activeThreshold(value: number, thresholds: ThresholdsConfig, range?: { min: number; max: number }): Threshold {
  const steps = thresholds.steps.length ? thresholds.steps : DEFAULT_THRESHOLDS.steps;
  let compare = value;
  if (thresholds.mode === 'percentage' && range) {
    const delta = range.max - range.min;
    compare = delta === 0 ? 100 : ((value - range.min) / delta) * 100;
  }
  let active = steps[0]!;
  for (const step of steps) {
    const limit = step.value === null || step.value === undefined ? Number.NEGATIVE_INFINITY : Number(step.value);
    if (compare >= limit) active = step;
    else break;
  }
  return active;
}

export function thresholdsOf(config: FieldConfig): ThresholdsConfig {
  const t = config.thresholds;
  return t && Array.isArray(t.steps) && t.steps.length ? t : DEFAULT_THRESHOLDS;
}

export interface ProcessorOptions {
  scheme?: Scheme;
  timeZone?: string;
  /** The field's min and max, when the panel knows them (gauges, percentage thresholds). */
  range?: { min: number; max: number };
}

/** Min and max of a field: config first, then the data's, so percentage thresholds and gauges have a scale. */
export function fieldRange(config: FieldConfig, values: unknown[]): { min: number; max: number } {
  let min = finiteOrUndefined(config.min);
  let max = finiteOrUndefined(config.max);
  if (min === undefined || max === undefined) {
    let dataMin = Number.POSITIVE_INFINITY;
    let dataMax = Number.NEGATIVE_INFINITY;
    for (const v of values) {
      const n = asNumber(v);
      if (n === null || !Number.isFinite(n)) continue;
      if (n < dataMin) dataMin = n;
      if (n > dataMax) dataMax = n;
    }
    if (config.unit === 'percent') max ??= 100;
    if (config.unit === 'percentunit') max ??= 1;
    if (!Number.isFinite(dataMin)) {
      min ??= 0;
      max ??= 100;
    } else {
      min ??= Math.min(0, dataMin);
      max ??= dataMax;
    }
  }
  if (max <= min) max = min + (Math.abs(min) || 1);
  return { min, max };
}

/** Turns raw values of a field into text and colour the way Grafana's display processor does. */
export function getDisplayProcessor(
  field: Pick<DisplayField, 'type' | 'config'> & { seriesIndex?: number; displayName?: string },
  options: ProcessorOptions = {},
) {
  const { config } = field;
  const scheme = options.scheme ?? 'dark';
  const unit = config.unit;
  const colorMode = config.color?.mode ?? 'thresholds';
  return (value: unknown): DisplayValue => {
    const mapped = mappingFor(config.mappings, value);
    let numeric = asNumber(value);
    if (typeof value === 'string' && numeric !== null && field.type === 'string' && !unit) numeric = null;
    let prefix: string | undefined;
    let suffix: string | undefined;
    let text: string;
    if (mapped?.text !== undefined && mapped.text !== '') {
      text = mapped.text;
    } else if (
      numeric !== null &&
      !Number.isNaN(numeric) &&
      (field.type === 'time' || unit?.startsWith('dateTime') || unit?.startsWith('time:'))
    ) {
      text =
        unit && unit !== 'none'
          ? formatValue(numeric, unit, config.decimals, options.timeZone).text
          : formatDateTime(numeric, 'YYYY-MM-DD HH:mm:ss', options.timeZone);
    } else if (numeric !== null && (typeof value !== 'boolean' || isBooleanUnit(unit))) {
      const formatted = formatValue(numeric, unit, finiteOrUndefined(config.decimals), options.timeZone);
      ({ prefix, suffix } = formatted);
      text = formatted.text;
    } else if (value === null || value === undefined) {
      text = '';
    } else if (typeof value === 'object') {
      text = JSON.stringify(value);
    } else {
      text = String(value);
    }
    if (!text && !prefix && !suffix) text = config.noValue ?? '';

    let color: string;
    const range =
      options.range ??
      (finiteOrUndefined(config.min) !== undefined && finiteOrUndefined(config.max) !== undefined
        ? { min: Number(config.min), max: Number(config.max) }
        : undefined);
    const percent = numeric !== null && range ? (range.max === range.min ? 1 : (numeric - range.min) / (range.max - range.min)) : undefined;
    if (mapped?.color) color = resolveColor(mapped.color, scheme);
    else if (colorMode === 'fixed' || colorMode === 'shades') color = resolveColor(config.color?.fixedColor ?? 'blue', scheme);
    else if (colorMode === 'palette-classic') color = paletteColor(Math.max(0, field.seriesIndex ?? 0));
    else if (colorMode === 'palette-classic-by-name') color = paletteColor(paletteIndexByName(field.displayName ?? ''));
    else if (isContinuousMode(colorMode)) color = continuousColor(colorMode, percent ?? 0);
    else if (numeric !== null && !Number.isNaN(numeric))
      color = resolveColor(activeThreshold(numeric, thresholdsOf(config), range).color, scheme);
    else color = resolveColor(thresholdsOf(config).steps[0]?.color ?? 'text', scheme);
    return {
      text,
      prefix,
      suffix,
      numeric: numeric ?? Number.NaN,
      color,
      percent: percent === undefined ? undefined : Math.min(1, Math.max(0, percent)),
    };
  };
}

export function displayText(value: DisplayValue): string {
  return `${value.prefix ?? ''}${value.text}${value.suffix ?? ''}`;
}

/** The colour a series draws in (line, legend swatch): fixed, palette, or its thresholds' base colour. */
export function seriesColor(field: Pick<DisplayField, 'config' | 'seriesIndex' | 'displayName'>, scheme: Scheme = 'dark'): string {
  const mode = field.config.color?.mode ?? 'palette-classic';
  if (mode === 'fixed' || mode === 'shades') return resolveColor(field.config.color?.fixedColor ?? 'blue', scheme);
  if (mode === 'palette-classic-by-name') return paletteColor(paletteIndexByName(field.displayName));
  if (mode === 'thresholds') return resolveColor(thresholdsOf(field.config).steps[0]?.color ?? 'green', scheme);
  if (isContinuousMode(mode)) return continuousColor(mode, 0.5);
  return paletteColor(Math.max(0, field.seriesIndex));
}

// ---------------------------------------------------------------------------------------------------
// Reduced values for stat, gauge and bar gauge

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
