import { inCategory, radio, slider, toggle } from '../options/builders';
import { orientationOption, reduceOptions, textSizeOptions } from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';
import { migrateSingleStatOptions } from '../stat/migrateSinglestat';

const manual = (o: Record<string, unknown>) => o.sizing === 'manual';

export const bargaugePlugin: PanelPlugin = {
  type: 'bargauge',
  name: 'Bar gauge',
  description: 'Horizontal and vertical gauges',
  // Grafana 6's `options.fieldOptions` and the implicit range of a percent unit before 8.0.
  migrate: migrateSingleStatOptions,
  loadRenderer: () => import('./BarGaugePanel'),
  options: [
    ...reduceOptions(),
    orientationOption('Bar gauge'),
    ...inCategory('Bar gauge', [
      radio(
        'options.displayMode',
        'Display mode',
        [
          ['gradient', 'Gradient'],
          ['lcd', 'Retro LCD'],
          ['basic', 'Basic'],
        ],
        'gradient',
      ),
      radio(
        'options.valueMode',
        'Value display',
        [
          ['color', 'Value color'],
          ['text', 'Text color'],
          ['hidden', 'Hidden'],
        ],
        'color',
      ),
      radio(
        'options.namePlacement',
        'Name placement',
        [
          ['auto', 'Auto'],
          ['top', 'Top'],
          ['left', 'Left'],
          ['hidden', 'Hidden'],
        ],
        'auto',
      ),
      toggle('options.showUnfilled', 'Show unfilled area', true, {
        description: 'When enabled renders the unfilled region as gray',
        showIf: (o) => o.displayMode !== 'lcd',
      }),
      radio(
        'options.sizing',
        'Bar size',
        [
          ['auto', 'Auto'],
          ['manual', 'Manual'],
        ],
        'auto',
      ),
      slider('options.minVizWidth', 'Min width', { min: 0, max: 300, step: 1 }, 8, { showIf: manual }),
      slider('options.minVizHeight', 'Min height', { min: 0, max: 300, step: 1 }, 16, { showIf: manual }),
      slider('options.maxVizHeight', 'Max height', { min: 0, max: 300, step: 1 }, 300, { showIf: manual }),
    ]),
    ...textSizeOptions(),
  ],
  fieldConfig: fieldConfigWith([], { defaults: { color: { mode: 'thresholds' } } }),
};
