import { fieldName, inCategory, keyed, radio, slider, toggle } from '../options/builders';
import {
  axisOptions,
  fillOpacityOption,
  gradientModeOption,
  hideFromOptions,
  lineWidthOption,
  stackingOption,
  thresholdsStyleOption,
} from '../options/commonOptions';
import type { Json, PanelPlugin } from '../options/types';
import { migrateGraph } from './migrateGraph';
import { seriesChartFieldConfig, seriesChartOptions } from '../seriesChartOptions';

const notPoints = (c: Json) => c.drawStyle !== 'points';

/** Grafana's `getGraphFieldConfig`: how each series is drawn. */
const graphStyles = inCategory('Graph styles', [
  radio(
    'custom.drawStyle',
    'Style',
    [
      ['line', 'Lines'],
      ['bars', 'Bars'],
      ['points', 'Points'],
    ],
    'line',
  ),
  radio(
    'custom.lineInterpolation',
    'Line interpolation',
    [
      ['linear', 'Linear'],
      ['smooth', 'Smooth'],
      ['stepBefore', 'Step before'],
      ['stepAfter', 'Step after'],
    ],
    'linear',
    { showIf: (c) => (c.drawStyle ?? 'line') === 'line' },
  ),
  radio(
    'custom.barAlignment',
    'Bar alignment',
    [
      [-1, 'Before'],
      [0, 'Center'],
      [1, 'After'],
    ],
    0,
    { showIf: (c) => c.drawStyle === 'bars' },
  ),
  slider('custom.barWidthFactor', 'Bar width factor', { min: 0.1, max: 1, step: 0.1 }, 0.6, { showIf: (c) => c.drawStyle === 'bars' }),
  lineWidthOption(1, { showIf: notPoints }),
  fillOpacityOption(0, { showIf: notPoints }),
  gradientModeOption({ showIf: notPoints }),
  {
    ...keyed(
      radio('custom.lineStyle', 'Line style', [
        ['solid', 'Solid'],
        ['dash', 'Dash'],
        ['dot', 'Dots'],
      ]),
      'fill',
      {},
      { solid: { fill: 'solid' }, dash: { fill: 'dash', dash: [10, 10] }, dot: { fill: 'dot', dash: [0, 10] } },
    ),
    showIf: (c: Json) => (c.drawStyle ?? 'line') === 'line',
  },
  radio(
    'custom.spanNulls',
    'Connect null values',
    [
      [false, 'Never'],
      [true, 'Always'],
    ],
    false,
    { showIf: notPoints },
  ),
  toggle('custom.insertNulls', 'Disconnect values', false, { showIf: notPoints }),
  radio(
    'custom.showPoints',
    'Show points',
    [
      ['auto', 'Auto'],
      ['always', 'Always'],
      ['never', 'Never'],
    ],
    'auto',
    { showIf: notPoints },
  ),
  slider('custom.pointSize', 'Point size', { min: 1, max: 40, step: 1 }, 5, {
    showIf: (c) => c.showPoints !== 'never' || c.drawStyle === 'points',
  }),
  stackingOption('Graph styles'),
  {
    ...radio('custom.transform', 'Transform', [
      ['constant', 'Constant'],
      ['negative-Y', 'Negative Y'],
    ]),
    overridesOnly: true,
  },
  { ...fieldName('custom.fillBelowTo', 'Fill below to', []), overridesOnly: true },
]);

export const timeseriesPlugin: PanelPlugin = {
  type: 'timeseries',
  name: 'Time series',
  description: 'Time based line, area and bar charts',
  aliases: ['graph'],
  loadRenderer: () => import('./TimeSeriesPanel'),
  options: seriesChartOptions(),
  fieldConfig: seriesChartFieldConfig([...axisOptions(), ...graphStyles, ...hideFromOptions(), thresholdsStyleOption()], { axisLabel: '' }),
  migrate: (panel) => (panel.type === 'graph' ? migrateGraph(panel) : panel),
};
