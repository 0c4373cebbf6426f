import { color, inCategory, keyed, number, radio, select, slider, text, toggle, unit } from '../options/builders';
import { HIDE_FROM_DEFAULT, hideFromOptions, showValueOption } from '../options/commonOptions';
import { ALL_STANDARD, fieldConfigWith } from '../options/standardOptions';
import type { Json, PanelPlugin } from '../options/types';
import { isAngularHeatmap, migrateAngularHeatmap } from './migrateHeatmap';
import { COLOR_SCHEMES } from './palettes';

const colorOf = (o: Json) => (typeof o.color === 'object' && o.color !== null ? (o.color as Json) : {});
const byOpacity = (o: Json) => colorOf(o).mode === 'opacity';
const calculating = (o: Json) => o.calculate === true;
const bucketMode: Array<[string, string]> = [
  ['size', 'Size'],
  ['count', 'Count'],
];

export const heatmapPlugin: PanelPlugin = {
  type: 'heatmap',
  name: 'Heatmap',
  description: 'Like a histogram over time',
  loadRenderer: () => import('./HeatmapPanel'),
  options: [
    ...inCategory('Heatmap', [
      radio(
        'options.calculate',
        'Calculate from data',
        [
          [true, 'Yes'],
          [false, 'No'],
        ],
        false,
      ),
      radio('options.calculation.xBuckets.mode', 'X Bucket', bucketMode, undefined, { showIf: calculating }),
      text('options.calculation.xBuckets.value', 'X Bucket value', undefined, { showIf: calculating, settings: { placeholder: 'Auto' } }),
      radio('options.calculation.yBuckets.mode', 'Y Bucket', bucketMode, undefined, { showIf: calculating }),
      text('options.calculation.yBuckets.value', 'Y Bucket value', undefined, { showIf: calculating, settings: { placeholder: 'Auto' } }),
    ]),
    ...inCategory('Y Axis', [
      radio(
        'options.yAxis.axisPlacement',
        'Placement',
        [
          ['left', 'Left'],
          ['right', 'Right'],
          ['hidden', 'Hidden'],
        ],
        'left',
      ),
      unit('options.yAxis.unit', 'Unit'),
      number('options.yAxis.decimals', 'Decimals', undefined, { settings: { min: 0, max: 15, integer: true, placeholder: 'Auto' } }),
      radio(
        'options.rowsFrame.layout',
        'Tick alignment',
        [
          ['auto', 'Auto'],
          ['ge', 'Top (LE)'],
          ['le', 'Bottom (GE)'],
          ['unknown', 'Middle'],
        ],
        'auto',
        { showIf: (o) => !calculating(o) },
      ),
      toggle('options.yAxis.reverse', 'Reverse', false),
    ]),
    ...inCategory('Colors', [
      radio(
        'options.color.mode',
        'Mode',
        [
          ['scheme', 'Scheme'],
          ['opacity', 'Opacity'],
        ],
        'scheme',
      ),
      color('options.color.fill', 'Color', 'dark-orange', { showIf: byOpacity }),
      radio(
        'options.color.scale',
        'Scale',
        [
          ['exponential', 'Exponential'],
          ['linear', 'Linear'],
        ],
        'exponential',
        { showIf: byOpacity },
      ),
      slider('options.color.exponent', 'Exponent', { min: 0.1, max: 2, step: 0.1 }, 0.5, {
        showIf: (o) => byOpacity(o) && colorOf(o).scale === 'exponential',
      }),
      select(
        'options.color.scheme',
        'Scheme',
        COLOR_SCHEMES.map((s) => [s.name, s.name] as [string, string]),
        'Oranges',
        { showIf: (o) => !byOpacity(o) },
      ),
      slider('options.color.steps', 'Steps', { min: 2, max: 128, step: 1 }, 64),
      toggle('options.color.reverse', 'Reverse', false),
      number('options.color.min', 'Start color scale from value', undefined, { settings: { placeholder: 'Auto (min)' } }),
      number('options.color.max', 'End color scale at value', undefined, { settings: { placeholder: 'Auto (max)' } }),
    ]),
    ...inCategory('Cell display', [
      unit('options.cellValues.unit', 'Unit'),
      number('options.cellValues.decimals', 'Decimals', undefined, { settings: { min: 0, max: 15, integer: true, placeholder: 'Auto' } }),
      slider('options.cellGap', 'Cell gap', { min: 0, max: 25, step: 1 }, 1),
      number('options.filterValues.le', 'Hide cells with values <=', 1e-9, { settings: { placeholder: 'None' } }),
      number('options.filterValues.ge', 'Hide cells with values >=', undefined, { settings: { placeholder: 'None' } }),
      showValueOption(),
    ]),
    ...inCategory('Tooltip', [
      radio(
        'options.tooltip.mode',
        'Tooltip mode',
        [
          ['single', 'Single'],
          ['none', 'Hidden'],
        ],
        'single',
      ),
      toggle('options.tooltip.yHistogram', 'Show histogram (Y axis)', false, {
        showIf: (o) => (o.tooltip as Json | undefined)?.mode !== 'none',
      }),
      toggle('options.tooltip.showColorScale', 'Show color scale', false, {
        showIf: (o) => (o.tooltip as Json | undefined)?.mode !== 'none',
      }),
    ]),
    ...inCategory('Legend', [toggle('options.legend.show', 'Show legend', true)]),
    ...inCategory('Exemplars', [color('options.exemplars.color', 'Color', 'rgba(255,0,255,0.7)')]),
  ],
  fieldConfig: fieldConfigWith(
    [
      ...hideFromOptions(),
      {
        ...keyed(
          radio(
            'custom.scaleDistribution',
            'Scale',
            [
              ['linear', 'Linear'],
              ['log', 'Logarithmic'],
            ],
            { type: 'linear' },
          ),
          'type',
        ),
        category: 'Axis',
        overridesOnly: true,
      },
    ],
    {
      without: ALL_STANDARD.filter((id) => id !== 'links'),
      defaults: { custom: { hideFrom: HIDE_FROM_DEFAULT, scaleDistribution: { type: 'linear' } } },
    },
  ),
  migrate: (panel) => (isAngularHeatmap(panel) ? migrateAngularHeatmap(panel) : panel),
};
