import { fieldName, inCategory, radio, slider, toggle } from '../options/builders';
import {
  axisOptions,
  hideFromOptions,
  orientationChoices,
  showValueOption,
  stackingChoices,
  textSizeOptions,
  thresholdsStyleOption,
} from '../options/commonOptions';
import type { PanelPlugin } from '../options/types';
import { barStyleOptions, seriesChartFieldConfig, seriesChartOptions } from '../seriesChartOptions';

export const barchartPlugin: PanelPlugin = {
  type: 'barchart',
  name: 'Bar chart',
  description: 'Categorical charts with group support',
  loadRenderer: () => import('./BarChartPanel'),
  options: [
    ...inCategory('Bar chart', [
      fieldName('options.xField', 'X Axis', [], undefined, { settings: { placeholder: 'First string or time field' } }),
      radio('options.orientation', 'Orientation', orientationChoices, 'auto'),
      slider('options.xTickLabelRotation', 'Rotate x-axis tick labels', { min: -90, max: 90, step: 15 }, 0),
      slider('options.xTickLabelSpacing', 'X-axis tick label spacing', { min: -300, max: 300, step: 10 }, 0),
      showValueOption(),
      radio('options.stacking', 'Stacking', stackingChoices, 'none'),
      slider('options.groupWidth', 'Group width', { min: 0, max: 1, step: 0.01 }, 0.7),
      slider('options.barWidth', 'Bar width', { min: 0, max: 1, step: 0.01 }, 0.97),
      slider('options.barRadius', 'Bar radius', { min: 0, max: 0.5, step: 0.05 }, 0),
      toggle('options.fullHighlight', 'Highlight full area on hover', false),
    ]),
    ...seriesChartOptions(),
    ...textSizeOptions().filter((i) => i.path === 'options.text.valueSize'),
  ],
  fieldConfig: seriesChartFieldConfig([...barStyleOptions('Bar chart'), ...axisOptions(), ...hideFromOptions(), thresholdsStyleOption()], {
    axisLabel: '',
  }),
};
