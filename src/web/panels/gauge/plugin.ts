import { inCategory, radio, slider, toggle } from '../options/builders';
import { orientationOption, reduceOptions, textSizeOptions } from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';
import { migrateSingleStatOptions } from '../stat/migrateSinglestat';

export const gaugePlugin: PanelPlugin = {
  type: 'gauge',
  name: 'Gauge',
  description: 'Standard gauge visualization',
  // Grafana 6's `options.fieldOptions` and the implicit range of a percent unit before 8.0.
  migrate: migrateSingleStatOptions,
  loadRenderer: () => import('./GaugePanel'),
  options: [
    ...reduceOptions(),
    orientationOption('Gauge'),
    ...inCategory('Gauge', [
      toggle('options.showThresholdLabels', 'Show threshold labels', false, {
        description: 'Render the threshold values around the gauge bar',
      }),
      toggle('options.showThresholdMarkers', 'Show threshold markers', true, { description: 'Renders the thresholds as an outer bar' }),
      radio(
        'options.sizing',
        'Gauge size',
        [
          ['auto', 'Auto'],
          ['manual', 'Manual'],
        ],
        'auto',
      ),
      slider('options.minVizWidth', 'Min width', { min: 0, max: 600, step: 1 }, 75, { showIf: (o) => o.sizing === 'manual' }),
      slider('options.minVizHeight', 'Min height', { min: 0, max: 600, step: 1 }, 75, { showIf: (o) => o.sizing === 'manual' }),
    ]),
    ...textSizeOptions(),
  ],
  fieldConfig: fieldConfigWith([], { defaults: { color: { mode: 'thresholds' } } }),
};
