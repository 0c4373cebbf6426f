import type { Panel } from '../../../../panels/layout';
import { isObject } from '../../../../panels/options/paths';
import { newPanelOfType } from '../../../../panels/registry';

const modeOf = (color: unknown) => (isObject(color) && typeof color.mode === 'string' ? color.mode : undefined);
const isByValue = (mode: string | undefined) => mode === 'thresholds' || !!mode?.startsWith('continuous-');

/**
 * The colour scheme after a type change, as Grafana's `adaptFieldColorMode`: a type that colours by
 * value (stat, gauge) turns a palette into its own default; a type that colours series (time series)
 * turns a by-value scheme into its palette; a fixed colour, and a scheme the new type also uses, stay.
 */
function adaptedColor(kept: unknown, fresh: unknown): unknown {
  const keptMode = modeOf(kept);
  const freshMode = modeOf(fresh);
  if (!freshMode || keptMode === 'fixed') return undefined;
  if (!keptMode || isByValue(freshMode) !== isByValue(keptMode)) return fresh;
  return undefined;
}

/**
 * The panel as another visualization, as Grafana's `changePanelPlugin`: the standard field options
 * (unit, min, max, decimals, color, thresholds, mappings, links…) are kept; the old type's own
 * `options` and `custom` field config are not, and the new type's defaults from the panel registry
 * (the one place a type's defaults live) take their place.
 */
export function changePanelType(panel: Panel, type: string): Panel {
  if (panel.type === type) return panel;
  const fresh = newPanelOfType(type);
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  const { custom: _custom, ...standard } = isObject(fieldConfig.defaults) ? fieldConfig.defaults : {};
  void _custom;
  const overrides = (Array.isArray(fieldConfig.overrides) ? fieldConfig.overrides : []).filter(isObject).map((o) => ({
    ...o,
    properties: (Array.isArray(o.properties) ? o.properties : []).filter(
      (p: unknown) => isObject(p) && typeof p.id === 'string' && !p.id.startsWith('custom.'),
    ),
  }));
  const freshDefaults = isObject(fresh.fieldConfig) && isObject(fresh.fieldConfig.defaults) ? fresh.fieldConfig.defaults : {};
  const defaults = { ...freshDefaults, ...standard };
  const color = adaptedColor(standard.color, freshDefaults.color);
  if (color) defaults.color = color;
  const next: Panel = {
    ...panel,
    type: fresh.type,
    options: fresh.options,
    fieldConfig: { ...fieldConfig, defaults, overrides },
  };
  // Grafana keeps `pluginVersion` per type; the old one says nothing about the new type.
  delete next.pluginVersion;
  return next;
}
