/** The visualizations the picker offers: every type `PanelRenderer` draws, with Grafana's names and one line on what it is for. */
export interface PanelTypeInfo {
  type: string;
  name: string;
  description: string;
}

export const PANEL_TYPES: readonly PanelTypeInfo[] = [
  { type: 'timeseries', name: 'Time series', description: 'Time based line, area and bar charts' },
  { type: 'barchart', name: 'Bar chart', description: 'Categorical charts with group support' },
  { type: 'stat', name: 'Stat', description: 'Big stat values and sparklines' },
  { type: 'gauge', name: 'Gauge', description: 'Standard gauge visualization' },
  { type: 'bargauge', name: 'Bar gauge', description: 'Horizontal and vertical gauges' },
  { type: 'table', name: 'Table', description: 'Supports many column styles' },
  { type: 'piechart', name: 'Pie chart', description: 'The new core pie chart visualization' },
  { type: 'state-timeline', name: 'State timeline', description: 'State changes and durations' },
  { type: 'heatmap', name: 'Heatmap', description: 'Like a histogram over time' },
  { type: 'histogram', name: 'Histogram', description: 'Distribution of values presented as a bar chart' },
  { type: 'text', name: 'Text', description: 'Supports markdown and html content' },
  { type: 'logs', name: 'Logs', description: 'Log lines with their levels and labels' },
  { type: 'dashlist', name: 'Dashboard list', description: 'List of dynamic links to other dashboards' },
  { type: 'annolist', name: 'Annotations list', description: 'List annotations' },
];

export function panelTypeInfo(type: unknown): PanelTypeInfo | undefined {
  return PANEL_TYPES.find((p) => p.type === type);
}
