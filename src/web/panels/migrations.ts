import type { Panel } from './layout';
import { finiteOrUndefined, type FieldOverride } from './fieldDisplay';
import { aliasColorOverrides, legacyThresholds, merge, nameMatcher, obj, type Json } from './migrationParts';
import { reducerId } from './reducers';
import { migrateSingleStatOptions, migrateSinglestat } from './stat/migrateSinglestat';
import { migrateGraph } from './timeseries/migrateGraph';
import { isAngularHeatmap, migrateAngularHeatmap } from './heatmap/migrateHeatmap';
import { isObject } from './panelJson';

/**
 * Old panel types as today's: `graph` → `timeseries`, `singlestat` → `stat` (or `gauge`),
 * `table-old` → `table`. Dashboards exported from Grafana 6 and earlier are full of them; Grafana
 * migrates them the same way when it opens them.
 */

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
  const overrides: FieldOverride[] = aliasColorOverrides(panel);
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
