import { inCategory, number, toggle } from '../options/builders';
import {
  fillOpacityOption,
  gradientModeOption,
  HIDE_FROM_DEFAULT,
  hideFromOptions,
  legendOptions,
  lineWidthOption,
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
      ...inCategory('Histogram', [stackingOption('Histogram'), lineWidthOption(1), fillOpacityOption(80), gradientModeOption()]),
      ...hideFromOptions(),
    ],
    { defaults: { color: { mode: 'palette-classic' }, custom: { hideFrom: HIDE_FROM_DEFAULT } } },
  ),
};
