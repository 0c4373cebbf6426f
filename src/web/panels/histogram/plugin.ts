import { inCategory, number, radio, slider, toggle } from '../options/builders';
import {
  gradientChoices,
  HIDE_FROM_DEFAULT,
  hideFromOptions,
  legendOptions,
  lineWidthSlider,
  percentSlider,
  stackingOption,
  tooltipOptions,
} from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';

export const histogramPlugin: PanelPlugin = {
  type: 'histogram',
  name: 'Histogram',
  description: 'Distribution of values presented as a bar chart',
  loadRenderer: () => import('./HistogramPanel'),
  options: [
    ...inCategory('Histogram', [
      number('options.bucketCount', 'Bucket count', undefined, { settings: { min: 1, integer: true, placeholder: 'Default: 30' } }),
      number('options.bucketSize', 'Bucket size', undefined, { settings: { placeholder: 'Auto' } }),
      number('options.bucketOffset', 'Bucket offset', 0, { settings: { placeholder: '0' } }),
      toggle('options.combine', 'Combine series', false),
    ]),
    ...tooltipOptions(),
    ...legendOptions(),
  ],
  fieldConfig: fieldConfigWith(
    [
      ...inCategory('Histogram', [
        stackingOption('Histogram'),
        slider('custom.lineWidth', 'Line width', lineWidthSlider, 1),
        slider('custom.fillOpacity', 'Fill opacity', percentSlider, 80),
        radio('custom.gradientMode', 'Gradient mode', gradientChoices, 'none'),
      ]),
      ...hideFromOptions(),
    ],
    { defaults: { color: { mode: 'palette-classic' }, custom: { hideFrom: HIDE_FROM_DEFAULT } } },
  ),
};
