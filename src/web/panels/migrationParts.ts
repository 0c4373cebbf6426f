/** What the old-panel migrations share: JSON helpers and the way a migrated panel is put together. */
import type { Panel } from './layout';
import { finiteOrUndefined, type FieldOverride } from './fieldDisplay';
import { isObject } from './panelJson';

export type Json = Record<string, unknown>;
export const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** Panel JSON with its own fieldConfig laid over what was migrated (what the panel says wins). */
export function merge(panel: Panel, type: string, options: Json, defaults: Json, overrides: FieldOverride[]): Panel {
  const fieldConfig = obj(panel.fieldConfig);
  const ownDefaults = obj(fieldConfig.defaults);
  return {
    ...panel,
    type,
    options: { ...options, ...obj(panel.options) },
    fieldConfig: {
      defaults: { ...defaults, ...ownDefaults, custom: { ...obj(defaults.custom), ...obj(ownDefaults.custom) } },
      overrides: [...overrides, ...(Array.isArray(fieldConfig.overrides) ? fieldConfig.overrides : [])],
    },
  };
}

export function nameMatcher(alias: string): FieldOverride['matcher'] {
  return /^\/.*\/[a-z]*$/.test(alias) ? { id: 'byRegexp', options: alias } : { id: 'byName', options: alias };
}

/** `{...}` without its undefined entries, so laying it over another object keeps what that one says. */
export function defined(values: Json): Json {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

export function legacyThresholds(thresholds: unknown, colors: unknown): Json | undefined {
  const limits = (typeof thresholds === 'string' ? thresholds.split(',') : Array.isArray(thresholds) ? thresholds : [])
    .map((t) => finiteOrUndefined(typeof t === 'string' ? t.trim() : t))
    .filter((t): t is number => t !== undefined);
  const palette = Array.isArray(colors) ? colors.filter((c): c is string => typeof c === 'string') : [];
  if (!limits.length) return undefined;
  const colorAt = (i: number) => palette[i] ?? ['green', 'orange', 'red'][Math.min(2, i)]!;
  return { mode: 'absolute', steps: [{ value: null, color: colorAt(0) }, ...limits.map((value, i) => ({ value, color: colorAt(i + 1) }))] };
}

export function jsonSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** An old panel's `aliasColors` (series name → colour) as overrides fixing each series' colour. */
export function aliasColorOverrides(panel: Panel): FieldOverride[] {
  const overrides: FieldOverride[] = [];
  for (const [name, color] of Object.entries(obj(panel.aliasColors))) {
    if (typeof color === 'string' && color)
      overrides.push({
        matcher: { id: 'byName', options: name },
        properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: color } }],
      });
  }
  return overrides;
}
