import type { Panel } from './layout';
import { asNumber, type PanelField, type PanelFrame } from './frames';
import { interpolateFieldText, singleLabelName, sourceNameOf } from './fieldNames';
import { isObject, toRegExp } from './panelJson';
import { reduceValues } from './reducers';
import { normaliseMappings, type ValueMapping } from './valueMappings';

/**
 * Grafana's field config: its shape, the panel's defaults and overrides, and each field with them
 * applied (`prepareFields`), named as it is shown.
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

export const DEFAULT_THRESHOLDS: ThresholdsConfig = {
  mode: 'absolute',
  steps: [
    { value: null, color: 'green' },
    { value: 80, color: 'red' },
  ],
};

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

export function thresholdsOf(config: FieldConfig): ThresholdsConfig {
  const t = config.thresholds;
  return t && Array.isArray(t.steps) && t.steps.length ? t : DEFAULT_THRESHOLDS;
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

export interface PrepareOptions {
  replaceVariables?: (text: string) => string;
  /** Renderer defaults that the panel's own `fieldConfig.defaults` win over (e.g. timeseries' palette colours). */
  defaults?: FieldConfig;
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
