import type { Panel } from '../layout';
import { STANDARD_OPTIONS } from './standardOptions';
import type { Json, OptionItem, PanelPlugin } from './types';

/** Reading and writing options by path, immutably, and a plugin's defaults laid under a panel. */

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function getPath(target: unknown, path: string): unknown {
  let at: unknown = target;
  for (const key of path.split('.')) {
    if (!isObject(at)) return undefined;
    at = at[key];
  }
  return at;
}

/** A copy of `target` with `value` at `path` (objects on the way copied, created when missing); `undefined` removes the key. */
export function setPath<T extends Json>(target: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  const copy: Json = { ...target };
  if (rest.length === 0) {
    if (value === undefined) delete copy[head];
    else copy[head] = value;
  } else {
    copy[head] = setPath(isObject(copy[head]) ? copy[head] : {}, rest.join('.'), value);
  }
  return copy as T;
}

/** `base` with `over` laid on top: objects merge key by key, anything else in `over` wins. */
export function deepMerge(base: Json, over: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isObject(value) && isObject(base[key]) ? deepMerge(base[key], value) : value;
  }
  return out;
}

/** The value an item shows: the key of its object for keyed items. */
export function itemValue(item: OptionItem, container: unknown): unknown {
  const stored = getPath(container, item.path);
  const key = item.settings?.key;
  if (!key) return stored;
  return isObject(stored) ? stored[key] : undefined;
}

/** What to store at `item.path` when its editor answers `value`. */
export function storedValue(item: OptionItem, container: unknown, value: unknown): unknown {
  const key = item.settings?.key;
  if (!key) return value;
  const objectFor = item.settings?.objectFor;
  if (objectFor && typeof value === 'string' && objectFor[value]) return objectFor[value];
  const stored = getPath(container, item.path);
  const next: Json = { ...item.settings?.base, ...(isObject(stored) ? stored : {}) };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** A fresh panel's options and field config, as Grafana saves a new panel of this type. */
export function pluginDefaults(plugin: PanelPlugin): { options: Json; fieldConfig?: { defaults: Json; overrides: [] } } {
  let options: Json = {};
  for (const item of plugin.options) {
    if (item.defaultValue !== undefined && item.path.startsWith('options.') && !item.settings?.key)
      options = setPath(options, item.path.slice('options.'.length), item.defaultValue);
  }
  if (!plugin.fieldConfig) return { options };
  let defaults: Json = {};
  for (const id of plugin.fieldConfig.standardOptions) {
    const item = STANDARD_OPTIONS[id];
    if (item.defaultValue !== undefined) defaults = setPath(defaults, item.path, item.defaultValue);
  }
  defaults = deepMerge(defaults, plugin.fieldConfig.standardDefaults ?? {});
  let custom: Json = {};
  for (const item of plugin.fieldConfig.custom) {
    if (item.defaultValue !== undefined && !item.overridesOnly && !getPath({ custom }, item.path))
      custom = setPath({ custom }, item.path, item.defaultValue).custom as Json;
  }
  if (Object.keys(custom).length) defaults = { ...defaults, custom: deepMerge(custom, isObject(defaults.custom) ? defaults.custom : {}) };
  return { options, fieldConfig: { defaults, overrides: [] } };
}

/** The panel with its plugin's defaults under what it says: how Grafana's editor holds a panel. */
export function withDefaults(plugin: PanelPlugin, panel: Panel): Panel {
  const fresh = pluginDefaults(plugin);
  const options = deepMerge(fresh.options, isObject(panel.options) ? panel.options : {});
  if (!fresh.fieldConfig) return { ...panel, options };
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  return {
    ...panel,
    options,
    fieldConfig: {
      ...fieldConfig,
      defaults: deepMerge(fresh.fieldConfig.defaults, isObject(fieldConfig.defaults) ? fieldConfig.defaults : {}),
      overrides: Array.isArray(fieldConfig.overrides) ? fieldConfig.overrides : [],
    },
  };
}
