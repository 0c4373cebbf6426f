import { inCategory, multiselect, radio } from '../options/builders';
import { HIDE_FROM_DEFAULT, hideFromOptions, legendOptions, reduceOptions, tooltipOptions } from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';
import { migrateOldPieChart } from '../migrations';

export const piechartPlugin: PanelPlugin = {
  type: 'piechart',
  name: 'Pie chart',
  description: 'The new core pie chart visualization',
  aliases: ['grafana-piechart-panel'],
  loadRenderer: () => import('./PieChartPanel'),
  options: [
    ...reduceOptions(),
    ...inCategory('Pie chart', [
      radio(
        'options.pieType',
        'Pie chart type',
        [
          ['pie', 'Pie'],
          ['donut', 'Donut'],
        ],
        'pie',
      ),
      multiselect(
        'options.displayLabels',
        'Labels',
        [
          ['name', 'Name'],
          ['value', 'Value'],
          ['percent', 'Percent'],
        ],
        [],
        { description: 'Select the labels to be displayed in the pie chart' },
      ),
    ]),
    ...tooltipOptions(),
    ...legendOptions(false),
    ...inCategory('Legend', [
      multiselect(
        'options.legend.values',
        'Legend values',
        [
          ['percent', 'Percent'],
          ['value', 'Value'],
        ],
        [],
        { description: 'Select values to show in legend' },
      ),
    ]),
  ],
  fieldConfig: fieldConfigWith(hideFromOptions(), {
    without: ['thresholds'],
    defaults: { color: { mode: 'palette-classic' }, custom: { hideFrom: HIDE_FROM_DEFAULT } },
  }),
  migrate: (panel) => (panel.type === 'grafana-piechart-panel' ? migrateOldPieChart(panel) : panel),
};
