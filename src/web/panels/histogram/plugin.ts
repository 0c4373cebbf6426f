import { inCategory, number, toggle } from '../options/builders';
import { hideFromOptions, stackingOption } from '../options/commonOptions';
import type { PanelPlugin } from '../options/types';
import { barStyleOptions, seriesChartFieldConfig, seriesChartOptions } from '../seriesChartOptions';

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
    ...seriesChartOptions(),
  ],
  fieldConfig: seriesChartFieldConfig([stackingOption('Histogram'), ...barStyleOptions('Histogram'), ...hideFromOptions()]),
};
