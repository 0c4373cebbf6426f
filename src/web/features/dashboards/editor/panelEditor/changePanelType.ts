import type { Panel } from '../../../../panels/layout';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const REDUCE = { values: false, calcs: ['lastNotNull'], fields: '' };
const LEGEND = { showLegend: true, displayMode: 'list', placement: 'bottom', calcs: [] };
const TOOLTIP = { mode: 'single', sort: 'none' };

/** Grafana's `options` defaults of each visualization, as a newly picked panel of that type stores them. */
const OPTION_DEFAULTS: Record<string, Json> = {
  timeseries: { legend: LEGEND, tooltip: TOOLTIP },
  barchart: {
    orientation: 'auto',
    xTickLabelRotation: 0,
    xTickLabelSpacing: 0,
    showValue: 'auto',
    stacking: 'none',
    groupWidth: 0.7,
    barWidth: 0.97,
    barRadius: 0,
    fullHighlight: false,
    legend: LEGEND,
    tooltip: TOOLTIP,
  },
  stat: {
    reduceOptions: REDUCE,
    orientation: 'auto',
    textMode: 'auto',
    wideLayout: true,
    colorMode: 'value',
    graphMode: 'area',
    justifyMode: 'auto',
    showPercentChange: false,
  },
  gauge: {
    reduceOptions: REDUCE,
    orientation: 'auto',
    showThresholdLabels: false,
    showThresholdMarkers: true,
    sizing: 'auto',
    minVizWidth: 75,
    minVizHeight: 75,
  },
  bargauge: {
    reduceOptions: REDUCE,
    orientation: 'auto',
    displayMode: 'gradient',
    valueMode: 'color',
    showUnfilled: true,
    namePlacement: 'auto',
    sizing: 'auto',
    minVizWidth: 8,
    minVizHeight: 16,
    maxVizHeight: 300,
  },
  table: { showHeader: true, cellHeight: 'sm', footer: { show: false, reducer: ['sum'], countRows: false, fields: '' } },
  piechart: {
    reduceOptions: REDUCE,
    pieType: 'pie',
    tooltip: TOOLTIP,
    legend: { showLegend: true, displayMode: 'list', placement: 'bottom' },
  },
  'state-timeline': { mergeValues: true, showValue: 'auto', alignValue: 'left', rowHeight: 0.9, legend: LEGEND, tooltip: TOOLTIP },
  histogram: { bucketCount: 10, combine: false, legend: LEGEND, tooltip: TOOLTIP },
  heatmap: {
    calculate: false,
    cellGap: 1,
    color: { mode: 'scheme', scheme: 'Oranges', fill: 'dark-orange', scale: 'exponential', exponent: 0.5, steps: 64, reverse: false },
    yAxis: { axisPlacement: 'left' },
    legend: { show: true },
    tooltip: { mode: 'single', yHistogram: false },
  },
  text: {
    mode: 'markdown',
    content: '# Title\n\nFor markdown syntax help: [commonmark.org/help](https://commonmark.org/help/)',
    code: { language: 'plaintext', showLineNumbers: false, showMiniMap: false },
  },
  logs: {
    showTime: false,
    showLabels: false,
    showCommonLabels: false,
    wrapLogMessage: false,
    prettifyLogMessage: false,
    enableLogDetails: true,
    dedupStrategy: 'none',
    sortOrder: 'Descending',
  },
  dashlist: { showStarred: true, showRecentlyViewed: false, showSearch: false, showHeadings: true, maxItems: 10, query: '', tags: [] },
  annolist: {
    onlyFromThisDashboard: false,
    onlyInTimeRange: false,
    limit: 10,
    showUser: true,
    showTime: true,
    showTags: true,
    navigateToPanel: true,
    navigateBefore: '10m',
    navigateAfter: '10m',
  },
};

/** Grafana's standard `color` default of each type: a palette for graphs, the thresholds for single values. */
const COLOR_DEFAULTS: Record<string, Json> = {
  timeseries: { mode: 'palette-classic' },
  barchart: { mode: 'palette-classic' },
  piechart: { mode: 'palette-classic' },
  histogram: { mode: 'palette-classic' },
  stat: { mode: 'thresholds' },
  gauge: { mode: 'thresholds' },
  bargauge: { mode: 'continuous-GrYlRd' },
  table: { mode: 'thresholds' },
  'state-timeline': { mode: 'continuous-GrYlRd' },
};

const THRESHOLDS = {
  mode: 'absolute',
  steps: [
    { color: 'green', value: null },
    { color: 'red', value: 80 },
  ],
};

/**
 * The panel as another visualization, as Grafana's `changePanelPlugin`: the standard field options
 * (unit, min, max, decimals, thresholds, mappings, links…) are kept; the old type's own `options`
 * and `custom` field config are not, and the new type's defaults take their place.
 */
export function changePanelType(panel: Panel, type: string): Panel {
  if (panel.type === type) return panel;
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  const { custom: _custom, ...standard } = isObject(fieldConfig.defaults) ? fieldConfig.defaults : {};
  void _custom;
  const overrides = (Array.isArray(fieldConfig.overrides) ? fieldConfig.overrides : []).filter(isObject).map((o) => ({
    ...o,
    properties: (Array.isArray(o.properties) ? o.properties : []).filter(
      (p: unknown) => isObject(p) && typeof p.id === 'string' && !p.id.startsWith('custom.'),
    ),
  }));
  const defaults: Json = { ...standard };
  if (!defaults.color && COLOR_DEFAULTS[type]) defaults.color = COLOR_DEFAULTS[type];
  if (!defaults.thresholds && type !== 'text' && type !== 'dashlist' && type !== 'annolist') defaults.thresholds = THRESHOLDS;
  const next: Panel = {
    ...panel,
    type,
    options: structuredClone(OPTION_DEFAULTS[type] ?? {}),
    fieldConfig: { ...fieldConfig, defaults, overrides },
  };
  // Grafana keeps `pluginVersion` per type; the old one says nothing about the new type.
  delete next.pluginVersion;
  return next;
}
