import type { Panel } from './layout';
import { finiteOrUndefined, type FieldOverride, type ValueMapping } from './fieldDisplay';
import { reducerId } from './reducers';
import { isAngularHeatmap, migrateAngularHeatmap } from './heatmap/migrateHeatmap';

/**
 * Old panel types as today's: `graph` → `timeseries`, `singlestat` → `stat` (or `gauge`),
 * `table-old` → `table`. Dashboards exported from Grafana 6 and earlier are full of them; Grafana
 * migrates them the same way when it opens them.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});

/** The renderer a panel type uses, legacy names included; undefined for types Sightline does not draw. */
export function rendererFor(
  type: string | undefined,
):
  | 'timeseries'
  | 'stat'
  | 'gauge'
  | 'bargauge'
  | 'table'
  | 'text'
  | 'piechart'
  | 'barchart'
  | 'histogram'
  | 'state-timeline'
  | 'heatmap'
  | 'logs'
  | 'dashlist'
  | 'annolist'
  | undefined {
  switch (type) {
    case 'timeseries':
    case 'graph':
      return 'timeseries';
    case 'stat':
    case 'singlestat':
    case 'grafana-singlestat-panel':
      return 'stat';
    case 'gauge':
      return 'gauge';
    case 'bargauge':
      return 'bargauge';
    case 'table':
    case 'table-old':
      return 'table';
    case 'text':
      return 'text';
    case 'piechart':
    case 'grafana-piechart-panel':
      return 'piechart';
    case 'barchart':
      return 'barchart';
    case 'histogram':
      return 'histogram';
    case 'state-timeline':
      return 'state-timeline';
    case 'heatmap':
      return 'heatmap';
    case 'logs':
      return 'logs';
    case 'dashlist':
      return 'dashlist';
    case 'annolist':
      return 'annolist';
    default:
      return undefined;
  }
}

/** Panel JSON with its own fieldConfig laid over what was migrated (what the panel says wins). */
function merge(panel: Panel, type: string, options: Json, defaults: Json, overrides: FieldOverride[]): Panel {
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

function nameMatcher(alias: string): FieldOverride['matcher'] {
  return /^\/.*\/[a-z]*$/.test(alias) ? { id: 'byRegexp', options: alias } : { id: 'byName', options: alias };
}

/** `{...}` without its undefined entries, so laying it over another object keeps what that one says. */
function defined(values: Json): Json {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}

/** An old graph threshold: `{value, op: 'gt' | 'lt', colorMode, fill, line, fillColor, lineColor}`. */
function oldThresholdColor(t: Json): string {
  if (t.colorMode === 'ok') return 'green';
  if (t.colorMode === 'warning') return 'orange';
  if (t.colorMode === 'custom') {
    if (typeof t.fillColor === 'string' && t.fillColor) return t.fillColor;
    if (typeof t.lineColor === 'string' && t.lineColor) return t.lineColor;
  }
  return 'red';
}

/**
 * The old graph's threshold lines and regions as threshold steps, the way Grafana's
 * `graphPanelChangedHandler` builds them: a `gt` threshold starts its colour at its value; a `lt`
 * threshold colours everything below it (from the previous step) and what lies above it is
 * transparent, or the next `lt` threshold's colour. The base step is transparent unless a `lt`
 * threshold gave it a colour.
 */
export function graphThresholdSteps(thresholds: unknown): { steps: Json[]; mode: string } | undefined {
  const list = Array.isArray(thresholds)
    ? thresholds.map(obj).filter((t) => finiteOrUndefined(t.value) !== undefined && (t.op === 'gt' || t.op === 'lt' || t.op === undefined))
    : [];
  if (!list.length) return undefined;
  const sorted = [...list].sort((a, b) => finiteOrUndefined(a.value)! - finiteOrUndefined(b.value)!);
  const steps: Array<{ value: number | null; color: string }> = [];
  let area = false;
  let line = false;
  sorted.forEach((t, index) => {
    const value = finiteOrUndefined(t.value)!;
    const next = sorted[index + 1];
    if (t.fill === true) area = true;
    if (t.line === true) line = true;
    if (t.op === 'lt') {
      if (!steps.length) steps.push({ value: null, color: oldThresholdColor(t) });
      steps.push({ value, color: next && next.op === 'lt' ? oldThresholdColor(next) : 'transparent' });
    } else {
      steps.push({ value, color: oldThresholdColor(t) });
    }
  });
  if (steps[0]!.value !== null) steps.unshift({ value: null, color: 'transparent' });
  return { steps, mode: line && area ? 'line+area' : area ? 'area' : 'line' };
}

/** The reducer ids of an old graph legend's enabled values, in the order the legend lists them. */
function legendCalcs(legend: Json): string[] {
  if (legend.values !== true) return [];
  const names = new Set(['current', 'avg', 'min', 'max', 'total']);
  return Object.keys(legend)
    .filter((key) => names.has(key) && legend[key] === true)
    .map((key) => reducerId(key));
}

/**
 * Grafana's old `graph` panel as today's panel, as Grafana migrates it when it opens the dashboard:
 * a `timeseries` (`graphPanelChangedHandler`), a `barchart` of one reduced value per series when
 * its x axis was in "series" mode, a `histogram` when it was in "histogram" mode. What the old
 * options say wins over the `options` a Grafana 7+ graph saved beside them (its legend and
 * tooltip), and the left axis' unit, decimals, min and max win over `fieldConfig.defaults`, as
 * in Grafana.
 */
export function migrateGraph(panel: Panel): Panel {
  const xaxisMode = obj(panel.xaxis).mode;
  if (xaxisMode === 'series') return graphToBarChart(panel);
  if (xaxisMode === 'histogram') return graphToHistogram(panel);
  const yaxes = Array.isArray(panel.yaxes) ? panel.yaxes.map(obj) : [];
  const left = yaxes[0] ?? {};
  const right = yaxes[1] ?? {};
  const legend = obj(panel.legend);
  const tooltip = obj(panel.tooltip);
  const lines = panel.lines !== false;
  const bars = panel.bars === true;
  const points = panel.points === true;
  const fill = finiteOrUndefined(panel.fill) ?? 1;
  const custom: Json = {
    drawStyle: bars ? 'bars' : !lines && points ? 'points' : 'line',
    lineWidth: finiteOrUndefined(panel.linewidth) ?? 1,
    fillOpacity: bars ? 100 : lines ? fill * 10 : 0,
    showPoints: points ? 'always' : 'never',
    pointSize: (finiteOrUndefined(panel.pointradius) ?? 2) * 2 + 1,
    lineInterpolation: panel.steppedLine === true ? 'stepAfter' : 'linear',
    spanNulls: panel.nullPointMode === 'connected',
    stacking: { mode: panel.stack === true ? (panel.percentage === true ? 'percent' : 'normal') : 'none', group: 'A' },
    axisLabel: typeof left.label === 'string' && left.label ? left.label : undefined,
    axisPlacement: left.show === false ? 'hidden' : 'auto',
    scaleDistribution:
      finiteOrUndefined(left.logBase) && finiteOrUndefined(left.logBase)! > 1
        ? { type: 'log', log: finiteOrUndefined(left.logBase) === 2 ? 2 : 10 }
        : { type: 'linear' },
  };
  const thresholds = graphThresholdSteps(panel.thresholds);
  if (thresholds) custom.thresholdsStyle = { mode: thresholds.mode };
  const defaults: Json = {
    unit: typeof left.format === 'string' ? left.format : undefined,
    decimals: finiteOrUndefined(left.decimals) ?? finiteOrUndefined(panel.decimals),
    min: finiteOrUndefined(left.min),
    max: finiteOrUndefined(left.max),
    color: { mode: 'palette-classic' },
    custom,
  };
  if (thresholds) defaults.thresholds = { mode: 'absolute', steps: thresholds.steps };
  const options: Json = {
    legend: {
      showLegend: legend.show !== false,
      displayMode: legend.show === false ? 'hidden' : legend.alignAsTable === true ? 'table' : 'list',
      placement: legend.rightSide === true ? 'right' : 'bottom',
      calcs: legendCalcs(legend),
    },
    tooltip: {
      mode: tooltip.shared === false ? 'single' : 'multi',
      sort: tooltip.sort === 2 ? 'desc' : tooltip.sort === 1 ? 'asc' : 'none',
    },
  };
  const overrides: FieldOverride[] = [];
  for (const [name, color] of Object.entries(obj(panel.aliasColors))) {
    if (typeof color === 'string' && color)
      overrides.push({
        matcher: { id: 'byName', options: name },
        properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: color } }],
      });
  }
  for (const so of Array.isArray(panel.seriesOverrides) ? panel.seriesOverrides.map(obj) : []) {
    if (typeof so.alias !== 'string' || !so.alias) continue;
    const properties: Array<{ id: string; value: unknown }> = [];
    if (typeof so.color === 'string') properties.push({ id: 'color', value: { mode: 'fixed', fixedColor: so.color } });
    if (so.yaxis === 2) {
      properties.push({ id: 'custom.axisPlacement', value: right.show === false ? 'hidden' : 'right' });
      if (typeof right.format === 'string' && right.format !== left.format) properties.push({ id: 'unit', value: right.format });
      for (const key of ['min', 'max', 'decimals'] as const) {
        const value = finiteOrUndefined(right[key]);
        if (value !== undefined && value !== finiteOrUndefined(left[key])) properties.push({ id: key, value });
      }
      if (typeof right.label === 'string' && right.label) properties.push({ id: 'custom.axisLabel', value: right.label });
    }
    if (so.bars === true) properties.push({ id: 'custom.drawStyle', value: 'bars' }, { id: 'custom.fillOpacity', value: 100 });
    if (so.lines === false && so.points === true) properties.push({ id: 'custom.drawStyle', value: 'points' });
    if (so.points === true) properties.push({ id: 'custom.showPoints', value: 'always' });
    if (finiteOrUndefined(so.linewidth) !== undefined) properties.push({ id: 'custom.lineWidth', value: finiteOrUndefined(so.linewidth) });
    if (finiteOrUndefined(so.fill) !== undefined) properties.push({ id: 'custom.fillOpacity', value: finiteOrUndefined(so.fill)! * 10 });
    if (so.transform === 'negative-Y') properties.push({ id: 'custom.transform', value: 'negative-Y' });
    if (so.stack === false) properties.push({ id: 'custom.stacking', value: { mode: 'none' } });
    if (so.legend === false) properties.push({ id: 'custom.hideFrom', value: { legend: true, tooltip: false, viz: false } });
    if (so.dashes === true) properties.push({ id: 'custom.lineStyle', value: { fill: 'dash', dash: [10, 10] } });
    if (properties.length) overrides.push({ matcher: nameMatcher(so.alias), properties });
  }
  return mergeGraph(panel, 'timeseries', options, defaults, overrides);
}

/**
 * A migrated graph: the old options over what the panel saved beside them. The `options` a
 * Grafana 7+ graph saved (`legend`, `tooltip`, `alertThreshold`) describe the old graph and are
 * replaced; its `dataLinks` become the field's links (Grafana's `graphPanelMigrationHandler`).
 */
function mergeGraph(
  panel: Panel,
  type: string,
  options: Json,
  defaults: Json,
  overrides: FieldOverride[],
  transformations?: Json[],
): Panel {
  const { legend: _legend, tooltip: _tooltip, alertThreshold: _alert, dataLinks, ...ownOptions } = obj(panel.options);
  const fieldConfig = obj(panel.fieldConfig);
  const ownDefaults = obj(fieldConfig.defaults);
  const links = Array.isArray(ownDefaults.links) ? ownDefaults.links : Array.isArray(dataLinks) ? dataLinks : undefined;
  const { custom, ...axis } = defaults;
  const next: Panel = {
    ...panel,
    type,
    options: { ...ownOptions, ...options },
    fieldConfig: {
      defaults: {
        ...ownDefaults,
        ...defined(axis),
        ...(links ? { links } : {}),
        custom: { ...obj(ownDefaults.custom), ...defined(obj(custom)) },
      },
      overrides: [...(Array.isArray(fieldConfig.overrides) ? fieldConfig.overrides : []), ...overrides],
    },
  };
  if (transformations?.length)
    next.transformations = [...(Array.isArray(panel.transformations) ? panel.transformations : []), ...transformations];
  return next;
}

/**
 * A graph whose x axis showed one value per series (`xaxis.mode: 'series'`, `xaxis.values`) as a
 * bar chart of those values: a `reduce` transformation gives one row per series, as Grafana's
 * `changeToBarChartPanelMigrationHandler` does.
 */
function graphToBarChart(panel: Panel): Panel {
  const xaxis = obj(panel.xaxis);
  const values = Array.isArray(xaxis.values) ? xaxis.values.filter((v): v is string => typeof v === 'string' && v !== '') : [];
  const reducers = (values.length ? values : ['sum']).map((v) => reducerId(v));
  const left = Array.isArray(panel.yaxes) ? obj(panel.yaxes[0]) : {};
  const legend = obj(panel.legend);
  const defaults: Json = {
    unit: typeof left.format === 'string' ? left.format : undefined,
    decimals: finiteOrUndefined(left.decimals) ?? finiteOrUndefined(panel.decimals),
    min: finiteOrUndefined(left.min),
    max: finiteOrUndefined(left.max),
    color: { mode: 'palette-classic' },
    custom: { axisLabel: typeof left.label === 'string' && left.label ? left.label : undefined },
  };
  const options: Json = {
    legend: {
      showLegend: legend.show !== false,
      displayMode: legend.show === false ? 'hidden' : 'list',
      placement: legend.rightSide === true ? 'right' : 'bottom',
      calcs: [],
    },
    tooltip: { mode: 'single', sort: 'none' },
  };
  return mergeGraph(panel, 'barchart', options, defaults, [], [{ id: 'reduce', options: { reducers } }]);
}

/** A graph whose x axis was a histogram (`xaxis.mode: 'histogram'`) as a `histogram` of all series together. */
function graphToHistogram(panel: Panel): Panel {
  const legend = obj(panel.legend);
  const options: Json = {
    combine: true,
    legend: { showLegend: legend.show !== false, displayMode: legend.show === false ? 'hidden' : 'list', placement: 'bottom', calcs: [] },
  };
  return mergeGraph(panel, 'histogram', options, { color: { mode: 'palette-classic' }, custom: {} }, []);
}

function legacyThresholds(thresholds: unknown, colors: unknown): Json | undefined {
  const limits = (typeof thresholds === 'string' ? thresholds.split(',') : Array.isArray(thresholds) ? thresholds : [])
    .map((t) => finiteOrUndefined(typeof t === 'string' ? t.trim() : t))
    .filter((t): t is number => t !== undefined);
  const palette = Array.isArray(colors) ? colors.filter((c): c is string => typeof c === 'string') : [];
  if (!limits.length) return undefined;
  const colorAt = (i: number) => palette[i] ?? ['green', 'orange', 'red'][Math.min(2, i)]!;
  return { mode: 'absolute', steps: [{ value: null, color: colorAt(0) }, ...limits.map((value, i) => ({ value, color: colorAt(i + 1) }))] };
}

function legacyMappings(panel: Panel): ValueMapping[] {
  const out: ValueMapping[] = [];
  const useRanges = panel.mappingType === 2;
  if (!useRanges) {
    for (const m of Array.isArray(panel.valueMaps) ? panel.valueMaps.map(obj) : []) {
      const text = typeof m.text === 'string' ? m.text : undefined;
      if (m.value === 'null') out.push({ type: 'special', options: { match: 'null', result: { text } } });
      else if (m.value !== undefined) out.push({ type: 'value', options: { [String(m.value)]: { text } } });
    }
  }
  for (const m of Array.isArray(panel.rangeMaps) ? panel.rangeMaps.map(obj) : []) {
    const text = typeof m.text === 'string' ? m.text : undefined;
    if (m.from === 'null' && m.to === 'null') out.push({ type: 'special', options: { match: 'null', result: { text } } });
    else
      out.push({
        type: 'range',
        options: { from: finiteOrUndefined(m.from) ?? null, to: finiteOrUndefined(m.to) ?? null, result: { text } },
      });
  }
  return out;
}

export function migrateSinglestat(panel: Panel): Panel {
  const gauge = obj(panel.gauge);
  const asGauge = gauge.show === true;
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
  const valueName = typeof panel.valueName === 'string' ? panel.valueName : 'avg';
  const reduceOptions = {
    calcs: [reducerId(valueName)],
    fields: typeof panel.tableColumn === 'string' && panel.tableColumn ? panel.tableColumn : '',
    values: false,
  };
  const options: Json = asGauge
    ? { reduceOptions, showThresholdMarkers: gauge.thresholdMarkers !== false, showThresholdLabels: gauge.thresholdLabels === true }
    : {
        reduceOptions,
        colorMode: panel.colorBackground === true ? 'background' : panel.colorValue === true ? 'value' : 'none',
        graphMode: obj(panel.sparkline).show === true ? 'area' : 'none',
        textMode: 'auto',
        justifyMode: 'auto',
        orientation: 'horizontal',
      };
  return merge(panel, asGauge ? 'gauge' : 'stat', options, defaults, []);
}

export function migrateOldTable(panel: Panel): Panel {
  const overrides: FieldOverride[] = [];
  let defaults: Json = {};
  for (const style of Array.isArray(panel.styles) ? panel.styles.map(obj) : []) {
    const properties: Array<{ id: string; value: unknown }> = [];
    if (typeof style.unit === 'string') properties.push({ id: 'unit', value: style.unit });
    if (finiteOrUndefined(style.decimals) !== undefined) properties.push({ id: 'decimals', value: finiteOrUndefined(style.decimals) });
    if (typeof style.alias === 'string' && style.alias) properties.push({ id: 'displayName', value: style.alias });
    if (style.type === 'hidden') properties.push({ id: 'custom.hidden', value: true });
    if (style.type === 'date') properties.push({ id: 'unit', value: 'dateTimeAsIso' });
    const thresholds = legacyThresholds(style.thresholds, style.colors);
    if (thresholds) properties.push({ id: 'thresholds', value: thresholds });
    if (style.colorMode === 'cell' || style.colorMode === 'row')
      properties.push({ id: 'custom.cellOptions', value: { type: 'color-background' } });
    if (style.colorMode === 'value') properties.push({ id: 'custom.cellOptions', value: { type: 'color-text' } });
    if (typeof style.pattern !== 'string' || !properties.length) continue;
    if (style.pattern === '/.*/')
      defaults = { ...defaults, ...Object.fromEntries(properties.filter((p) => !p.id.includes('.')).map((p) => [p.id, p.value])) };
    else overrides.push({ matcher: nameMatcher(style.pattern), properties });
  }
  return merge(panel, 'table', { showHeader: true }, defaults, overrides);
}

/**
 * The old pie chart plugin (`grafana-piechart-panel`, options at the top level) as today's
 * `piechart`, the way Grafana's `PieChartPanelChangedHandler` migrates it.
 */
export function migrateOldPieChart(panel: Panel): Panel {
  const legend = obj(panel.legend);
  const legendType = typeof panel.legendType === 'string' ? panel.legendType : 'Right side';
  const legendValues: string[] = [];
  if (legend.values === true) legendValues.push('value');
  if (legend.percentage === true) legendValues.push('percent');
  const onGraph = legendType === 'On graph';
  const options: Json = {
    pieType: panel.pieType === 'donut' ? 'donut' : 'pie',
    legend: {
      showLegend: !onGraph && legend.show !== false,
      displayMode: 'table',
      placement: legendType === 'Under graph' ? 'bottom' : 'right',
      values: legendValues,
      calcs: [],
    },
    // "On graph" legends became labels on the slices.
    displayLabels: onGraph ? ['name', ...legendValues] : [],
    reduceOptions: {
      calcs: [reducerId(typeof panel.valueName === 'string' ? panel.valueName : 'current')],
      fields: '',
      values: false,
    },
  };
  const defaults: Json = {
    unit: typeof panel.format === 'string' && panel.format ? panel.format : undefined,
    // The old plugin showed no decimals unless asked.
    decimals: finiteOrUndefined(panel.decimals) || 0,
    color: { mode: 'palette-classic' },
  };
  const overrides: FieldOverride[] = [];
  for (const [name, color] of Object.entries(obj(panel.aliasColors))) {
    if (typeof color === 'string' && color)
      overrides.push({
        matcher: { id: 'byName', options: name },
        properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: color } }],
      });
  }
  return merge(panel, 'piechart', options, defaults, overrides);
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

function jsonSame(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The panel as its renderer expects it: legacy types migrated, everything else unchanged. */
export function migratePanel(panel: Panel): Panel {
  switch (panel.type) {
    case 'graph':
      return migrateGraph(panel);
    case 'singlestat':
    case 'grafana-singlestat-panel':
      return migrateSinglestat(panel);
    case 'stat':
    case 'gauge':
    case 'bargauge':
      return migrateSingleStatOptions(panel);
    case 'table-old':
      return migrateOldTable(panel);
    case 'grafana-piechart-panel':
      return migrateOldPieChart(panel);
    case 'heatmap':
      return isAngularHeatmap(panel) ? migrateAngularHeatmap(panel) : panel;
    case 'table':
      // Grafana 6 tables were `table` with `styles`; Grafana 7 moved them to `table-old`.
      return Array.isArray(panel.styles) && !isObject(panel.fieldConfig) ? migrateOldTable(panel) : panel;
    default:
      return panel;
  }
}
