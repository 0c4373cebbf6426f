import { inCategory, radio, select, toggle } from '../options/builders';
import { orientationOption, reduceOptions, textSizeOptions } from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';
import { migrateSinglestat, migrateSingleStatOptions } from './migrateSinglestat';

export const statPlugin: PanelPlugin = {
  type: 'stat',
  name: 'Stat',
  description: 'Big stat values & sparklines',
  aliases: ['singlestat', 'grafana-singlestat-panel'],
  loadRenderer: () => import('./StatPanel'),
  options: [
    ...reduceOptions(),
    orientationOption('Stat styles'),
    ...inCategory('Stat styles', [
      select(
        'options.textMode',
        'Text mode',
        [
          ['auto', 'Auto'],
          ['value', 'Value'],
          ['value_and_name', 'Value and name'],
          ['name', 'Name'],
          ['none', 'None'],
        ],
        'auto',
        { description: 'Control if name and value is displayed or just name' },
      ),
      toggle('options.wideLayout', 'Wide layout', true, { showIf: (o) => o.textMode === 'value_and_name' }),
      select(
        'options.colorMode',
        'Color mode',
        [
          ['none', 'None'],
          ['value', 'Value'],
          ['background', 'Background Gradient'],
          ['background_solid', 'Background Solid'],
        ],
        'value',
      ),
      radio(
        'options.graphMode',
        'Graph mode',
        [
          ['none', 'None'],
          ['area', 'Area'],
        ],
        'area',
        { description: 'Stat panel graph / sparkline mode' },
      ),
      radio(
        'options.justifyMode',
        'Text alignment',
        [
          ['auto', 'Auto'],
          ['center', 'Center'],
        ],
        'auto',
      ),
      toggle('options.showPercentChange', 'Show percent change', false),
      select(
        'options.percentChangeColorMode',
        'Percent change color mode',
        [
          ['standard', 'Standard'],
          ['inverted', 'Inverted'],
          ['same_as_value', 'Same as Value'],
        ],
        'standard',
        { showIf: (o) => o.showPercentChange === true },
      ),
    ]),
    ...textSizeOptions(),
  ],
  fieldConfig: fieldConfigWith([], { defaults: { color: { mode: 'thresholds' } } }),
  migrate: (panel) =>
    panel.type === 'singlestat' || panel.type === 'grafana-singlestat-panel' ? migrateSinglestat(panel) : migrateSingleStatOptions(panel),
};
