import { annolistPlugin } from './annolist/plugin';
import { barchartPlugin } from './barchart/plugin';
import { bargaugePlugin } from './bargauge/plugin';
import { dashlistPlugin } from './dashlist/plugin';
import { gaugePlugin } from './gauge/plugin';
import { heatmapPlugin } from './heatmap/plugin';
import { histogramPlugin } from './histogram/plugin';
import type { Panel } from './layout';
import { logsPlugin } from './logs/plugin';
import { pluginDefaults } from './options/paths';
import type { PanelPlugin, PanelPluginMeta } from './options/types';
import { piechartPlugin } from './piechart/plugin';
import { statPlugin } from './stat/plugin';
import { stateTimelinePlugin } from './state-timeline/plugin';
import { tablePlugin } from './table/plugin';
import { textPlugin } from './text/plugin';
import { timeseriesPlugin } from './timeseries/plugin';

/**
 * Every panel type Sightline draws, in the order of Grafana's visualization picker. The dashboard
 * runtime and the editor know panel types only through this registry.
 */
const PLUGINS: PanelPlugin[] = [
  timeseriesPlugin,
  barchartPlugin,
  statPlugin,
  gaugePlugin,
  bargaugePlugin,
  tablePlugin,
  piechartPlugin,
  stateTimelinePlugin,
  heatmapPlugin,
  histogramPlugin,
  textPlugin,
  dashlistPlugin,
  annolistPlugin,
  logsPlugin,
];

const BY_TYPE = new Map<string, PanelPlugin>();
for (const plugin of PLUGINS) {
  BY_TYPE.set(plugin.type, plugin);
  for (const alias of plugin.aliases ?? []) BY_TYPE.set(alias, plugin);
}

/** The visualizations a person can pick: type, name and a one-line description. */
export function panelPlugins(): PanelPluginMeta[] {
  return PLUGINS.map(({ type, name, description }) => ({ type, name, description }));
}

/** The plugin that draws a panel type, old types (`graph`, `singlestat`, `table-old`) included. */
export function panelPlugin(type: string | undefined): PanelPlugin | undefined {
  return type === undefined ? undefined : BY_TYPE.get(type);
}

/** The panel as its plugin expects it: old JSON migrated (`graph` becomes `timeseries`), anything else unchanged. */
export function migrateToPlugin(panel: Panel): Panel {
  const plugin = panelPlugin(panel.type);
  return plugin?.migrate ? plugin.migrate(panel) : panel;
}

/** A new panel of this type as Grafana saves one: its options and field config filled with the defaults. */
export function newPanelOfType(type: string): Pick<Panel, 'type'> & { options: Record<string, unknown>; fieldConfig?: unknown } {
  const plugin = panelPlugin(type);
  if (!plugin) return { type, options: {} };
  return { type: plugin.type, ...pluginDefaults(plugin) };
}
