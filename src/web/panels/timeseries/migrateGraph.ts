/**
 * An old `graph` panel as today's `timeseries` (or, by its x axis mode, a `barchart` or a
 * `histogram`), as Grafana's `graphPanelChangedHandler` migrates it when it loads the panel.
 */
import type { Panel } from '../layout';
import { finiteOrUndefined, type FieldOverride } from '../fieldDisplay';
import { aliasColorOverrides, defined, nameMatcher, obj, type Json } from '../migrationParts';
import { reducerId } from '../reducers';

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

/** The field defaults an old graph's left y axis gives (its unit, decimals and range), in the classic palette. */
function leftAxisDefaults(panel: Panel, left: Json): Json {
  return {
    unit: typeof left.format === 'string' ? left.format : undefined,
    decimals: finiteOrUndefined(left.decimals) ?? finiteOrUndefined(panel.decimals),
    min: finiteOrUndefined(left.min),
    max: finiteOrUndefined(left.max),
    color: { mode: 'palette-classic' },
  };
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
  const defaults: Json = { ...leftAxisDefaults(panel, left), custom };
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
  const overrides: FieldOverride[] = aliasColorOverrides(panel);
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
    ...leftAxisDefaults(panel, left),
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
