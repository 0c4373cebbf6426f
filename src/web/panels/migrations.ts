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

export function migrateGraph(panel: Panel): Panel {
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
    axisLabel: typeof left.label === 'string' ? left.label : undefined,
    axisPlacement: left.show === false ? 'hidden' : 'auto',
    scaleDistribution:
      finiteOrUndefined(left.logBase) && finiteOrUndefined(left.logBase)! > 1
        ? { type: 'log', log: finiteOrUndefined(left.logBase) === 2 ? 2 : 10 }
        : { type: 'linear' },
  };
  // The old graph's threshold lines: `thresholds: [{value, op: 'gt', colorMode: 'critical', fill, line}]`.
  const oldThresholds = Array.isArray(panel.thresholds)
    ? panel.thresholds.map(obj).filter((t) => finiteOrUndefined(t.value) !== undefined && t.op !== 'lt')
    : [];
  const thresholdColor = (t: Json) =>
    t.colorMode === 'ok'
      ? 'green'
      : t.colorMode === 'warning'
        ? 'orange'
        : t.colorMode === 'custom' && typeof t.lineColor === 'string'
          ? t.lineColor
          : 'red';
  if (oldThresholds.length) {
    const sorted = [...oldThresholds].sort((a, b) => finiteOrUndefined(a.value)! - finiteOrUndefined(b.value)!);
    const fill = sorted.some((t) => t.fill !== false);
    const line = sorted.some((t) => t.line !== false);
    custom.thresholdsStyle = { mode: fill && line ? 'line+area' : fill ? 'area' : 'line' };
  }
  const defaults: Json = {
    unit: typeof left.format === 'string' ? left.format : undefined,
    decimals: finiteOrUndefined(left.decimals) ?? finiteOrUndefined(panel.decimals),
    min: finiteOrUndefined(left.min),
    max: finiteOrUndefined(left.max),
    color: { mode: 'palette-classic' },
    custom,
  };
  if (oldThresholds.length) {
    const sorted = [...oldThresholds].sort((a, b) => finiteOrUndefined(a.value)! - finiteOrUndefined(b.value)!);
    defaults.thresholds = {
      mode: 'absolute',
      steps: [
        { value: null, color: 'transparent' },
        ...sorted.map((t) => ({ value: finiteOrUndefined(t.value), color: thresholdColor(t) })),
      ],
    };
  }
  const calcs = (['current', 'avg', 'min', 'max', 'total'] as const).filter((k) => legend[k] === true).map((k) => reducerId(k));
  const options: Json = {
    legend: {
      showLegend: legend.show !== false,
      displayMode: legend.show === false ? 'hidden' : legend.alignAsTable === true ? 'table' : 'list',
      placement: legend.rightSide === true ? 'right' : 'bottom',
      calcs: legend.values === true || calcs.length ? calcs : [],
    },
    tooltip: {
      mode: tooltip.shared === false ? 'single' : 'multi',
      sort: tooltip.sort === 2 ? 'desc' : tooltip.sort === 1 ? 'asc' : 'none',
    },
  };
  const overrides: FieldOverride[] = [];
  for (const [name, color] of Object.entries(obj(panel.aliasColors))) {
    if (typeof color === 'string')
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
      properties.push({ id: 'custom.axisPlacement', value: 'right' });
      if (typeof right.format === 'string') properties.push({ id: 'unit', value: right.format });
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
  return merge(panel, 'timeseries', options, defaults, overrides);
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

/** The panel as its renderer expects it: legacy types migrated, everything else unchanged. */
export function migratePanel(panel: Panel): Panel {
  switch (panel.type) {
    case 'graph':
      return migrateGraph(panel);
    case 'singlestat':
    case 'grafana-singlestat-panel':
      return migrateSinglestat(panel);
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
