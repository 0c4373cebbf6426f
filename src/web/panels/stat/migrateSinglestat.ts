/**
 * Old single-value panels as today's: `singlestat` as `stat` or `gauge`, and stat, gauge and bar
 * gauge panels saved by Grafana 6 (`options.fieldOptions`) as Grafana's
 * `sharedSingleStatMigrationHandler` moves them.
 */
import type { Panel } from '../layout';
import { finiteOrUndefined, type ValueMapping } from '../fieldDisplay';
import { defined, jsonSame, legacyThresholds, merge, obj, type Json } from '../migrationParts';
import { REDUCER_NAMES, reducerId } from '../reducers';
import { isObject } from '../panelJson';

/**
 * Grafana's `convertOldAngularValueMapping`: `mappingType` 1 takes the value maps, 2 the range
 * maps, and nothing else; an absent (or 0) type is guessed from which list has entries.
 */
function legacyMappings(panel: Panel): ValueMapping[] {
  const out: ValueMapping[] = [];
  const valueMaps = Array.isArray(panel.valueMaps) ? panel.valueMaps.map(obj) : [];
  const rangeMaps = Array.isArray(panel.rangeMaps) ? panel.rangeMaps.map(obj) : [];
  const mappingType = panel.mappingType ? panel.mappingType : valueMaps.length ? 1 : rangeMaps.length ? 2 : undefined;
  if (mappingType === 1) {
    for (const m of valueMaps) {
      const text = typeof m.text === 'string' ? m.text : undefined;
      if (m.value === 'null') out.push({ type: 'special', options: { match: 'null', result: { text } } });
      else if (m.value !== undefined) out.push({ type: 'value', options: { [String(m.value)]: { text } } });
    }
  } else if (mappingType === 2) {
    for (const m of rangeMaps) {
      const text = typeof m.text === 'string' ? m.text : undefined;
      if (m.from === 'null' && m.to === 'null') out.push({ type: 'special', options: { match: 'null', result: { text } } });
      else
        out.push({
          type: 'range',
          options: { from: finiteOrUndefined(m.from) ?? null, to: finiteOrUndefined(m.to) ?? null, result: { text } },
        });
    }
  }
  return out;
}

/** A singlestat's `valueName` as a reducer: Grafana takes the mean for a name it has no reducer for. */
function legacyReducer(valueName: unknown): string {
  const id = reducerId(typeof valueName === 'string' ? valueName : 'avg');
  return REDUCER_NAMES[id] ? id : 'mean';
}

/**
 * The stat options of a singlestat, as Grafana's `statPanelChangedHandler` reads them: flags are
 * tested for truth, not for `true` (old JSON holds 1 and 0 as often as true and false); a
 * sparkline's line colour becomes the field's fixed colour when the value itself is not coloured;
 * `valueName: "name"` shows the series name.
 */
function legacyStatOptions(panel: Panel, defaults: Json): Json {
  const sparkline = obj(panel.sparkline);
  const graphMode = sparkline.show ? 'area' : 'none';
  const colorMode = panel.colorBackground ? 'background' : panel.colorValue ? 'value' : 'none';
  if (colorMode === 'none' && graphMode === 'area' && typeof sparkline.lineColor === 'string' && sparkline.lineColor)
    defaults.color = { mode: 'fixed', fixedColor: sparkline.lineColor };
  return {
    colorMode,
    graphMode,
    textMode: panel.valueName === 'name' ? 'name' : 'auto',
    justifyMode: 'auto',
    orientation: 'horizontal',
  };
}

export function migrateSinglestat(panel: Panel): Panel {
  const gauge = obj(panel.gauge);
  const asGauge = Boolean(gauge.show);
  const format = typeof panel.format === 'string' ? panel.format : undefined;
  let unit = format;
  if ((!unit || unit === 'none' || unit === 'short') && typeof panel.postfix === 'string' && panel.postfix.trim())
    unit = `suffix:${panel.postfix}`;
  else if ((!unit || unit === 'none') && typeof panel.prefix === 'string' && panel.prefix.trim()) unit = `prefix:${panel.prefix}`;
  const defaults: Json = {
    unit,
    decimals: finiteOrUndefined(panel.decimals),
    min: asGauge ? finiteOrUndefined(gauge.minValue) : undefined,
    max: asGauge ? finiteOrUndefined(gauge.maxValue) : undefined,
    thresholds: legacyThresholds(panel.thresholds, panel.colors),
    mappings: legacyMappings(panel),
    noValue: typeof panel.nullText === 'string' && panel.nullText ? panel.nullText : undefined,
    color: { mode: 'thresholds' },
  };
  const reduceOptions = {
    calcs: [legacyReducer(panel.valueName)],
    fields: typeof panel.tableColumn === 'string' && panel.tableColumn ? panel.tableColumn : '',
    values: false,
  };
  // Grafana's `gaugePanelChangedHandler` copies the two flags as they are; absent, the gauge's defaults hold.
  const options: Json = asGauge
    ? {
        reduceOptions,
        showThresholdMarkers: gauge.thresholdMarkers === undefined ? true : Boolean(gauge.thresholdMarkers),
        showThresholdLabels: Boolean(gauge.thresholdLabels),
      }
    : { reduceOptions, ...legacyStatOptions(panel, defaults) };
  return merge(panel, asGauge ? 'gauge' : 'stat', options, defaults, []);
}

/** A `pluginVersion` as Grafana compares it (`parseFloat`); an absent one counts as 6.1, as in Grafana. */
function pluginVersionOf(panel: Panel): number {
  const version = Number.parseFloat(typeof panel.pluginVersion === 'string' ? panel.pluginVersion : '6.1');
  return Number.isFinite(version) ? version : 6.1;
}

/** Threshold steps sorted with the base (null, Grafana's -Infinity) first, as Grafana's `validateFieldConfig` leaves them. */
function baseFirstSteps(steps: unknown[]): Json[] {
  // Grafana 6.2's steps also carried an `index`, which today's do not.
  const list = steps.filter(isObject).map(({ index: _index, ...t }) => ({ ...t, value: finiteOrUndefined(t.value) ?? null }));
  list.sort((a, b) => (a.value ?? -Infinity) - (b.value ?? -Infinity));
  if (list.length) list[0]!.value = null;
  return list;
}

/**
 * Stat, gauge and bar gauge panels saved by Grafana 6 (`pluginVersion` below 7.0) kept their field
 * settings in `options.fieldOptions` (6.2+: `defaults`, `thresholds`, `mappings`, `calcs`,
 * `values`, `limit`) or `options.valueOptions` (6.0/6.1). Grafana's
 * `sharedSingleStatMigrationHandler` moves them to `fieldConfig` and `options.reduceOptions` when
 * it loads the panel; this does the same, with its later steps: a field `title` becomes
 * `displayName` (7.1), and a `percent` / `percentunit` unit gets the 0–100 / 0–1 range it had
 * implicitly before 8.0 (when a `pluginVersion` or the old options say the panel is that old).
 * A panel of a later version comes back unchanged.
 */
export function migrateSingleStatOptions(panel: Panel): Panel {
  const version = pluginVersionOf(panel);
  if (version >= 8) return panel;
  let options: Json = { ...obj(panel.options) };
  let fieldConfig: Json = isObject(panel.fieldConfig) ? { ...panel.fieldConfig } : { defaults: {}, overrides: [] };
  let defaults: Json = { ...obj(fieldConfig.defaults) };
  let overrides: unknown[] = Array.isArray(fieldConfig.overrides) ? [...fieldConfig.overrides] : [];

  if (version < 6.2 && isObject(options.valueOptions)) {
    const { valueOptions, valueMappings, thresholds, minValue, maxValue, ...rest } = options;
    const value = obj(valueOptions);
    const calcs = typeof value.stat === 'string' && value.stat ? [reducerId(value.stat)] : undefined;
    options = {
      ...rest,
      fieldOptions: {
        ...(calcs ? { calcs } : {}),
        mappings: valueMappings,
        thresholds,
        defaults: { unit: value.unit, decimals: value.decimals, min: minValue, max: maxValue },
      },
    };
  }
  if (version < 6.3 && isObject(options.fieldOptions)) {
    const { mappings, ...rest } = options.fieldOptions;
    const thresholds = Array.isArray(options.thresholds) ? options.thresholds : undefined;
    const { thresholds: _thresholds, ...withoutThresholds } = options;
    options = {
      ...withoutThresholds,
      fieldOptions: { ...rest, defaults: { ...obj(rest.defaults), mappings, ...(thresholds ? { thresholds } : {}) } },
    };
  }
  if (version < 7 && isObject(options.fieldOptions)) {
    const fieldOptions = options.fieldOptions;
    const fieldDefaults: Json = { ...obj(fieldOptions.defaults) };
    // Before 6.6 thresholds were a list of steps (in `defaults` or beside them).
    const oldSteps = Array.isArray(fieldDefaults.thresholds)
      ? fieldDefaults.thresholds
      : Array.isArray(fieldOptions.thresholds)
        ? fieldOptions.thresholds
        : undefined;
    if (oldSteps) fieldDefaults.thresholds = { mode: 'absolute', steps: baseFirstSteps(oldSteps) };
    if (typeof fieldDefaults.color === 'string') fieldDefaults.color = { mode: 'fixed', fixedColor: fieldDefaults.color };
    for (const key of Object.keys(fieldDefaults))
      if (fieldDefaults[key] === undefined || fieldDefaults[key] === null) delete fieldDefaults[key];
    defaults = { ...defaults, ...fieldDefaults };
    // Grafana 6.5's `override` object was dropped; 6.6+ `overrides` are today's.
    if (Array.isArray(fieldOptions.overrides)) overrides = [...overrides, ...fieldOptions.overrides];
    const { fieldOptions: _fieldOptions, ...rest } = options;
    options = {
      ...rest,
      reduceOptions: defined({
        values: typeof fieldOptions.values === 'boolean' ? fieldOptions.values : undefined,
        limit: finiteOrUndefined(fieldOptions.limit),
        calcs: Array.isArray(fieldOptions.calcs)
          ? fieldOptions.calcs.filter((c) => typeof c === 'string').map((c) => reducerId(c))
          : undefined,
        fields: typeof fieldOptions.fields === 'string' ? fieldOptions.fields : undefined,
      }),
    };
  }
  if (version < 7.1 && defaults.title !== undefined && defaults.title !== null) {
    const { title, ...rest } = defaults;
    defaults = { ...rest, displayName: title };
  }
  // Only where the JSON says it is that old: Sightline saves its own panels without a
  // `pluginVersion`, and a range its editor never showed would surprise their authors.
  const fromBefore8 =
    typeof panel.pluginVersion === 'string' || isObject(obj(panel.options).fieldOptions) || isObject(obj(panel.options).valueOptions);
  if (fromBefore8 && (defaults.unit === 'percent' || defaults.unit === 'percentunit')) {
    const top = defaults.unit === 'percent' ? 100 : 1;
    if (typeof defaults.min !== 'number') defaults = { ...defaults, min: 0 };
    if (typeof defaults.max !== 'number') defaults = { ...defaults, max: top };
  }
  fieldConfig = { ...fieldConfig, defaults, overrides };
  const next: Panel = { ...panel, options, fieldConfig };
  return jsonSame(next, panel) ? panel : next;
}
