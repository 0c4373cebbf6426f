import { inCategory, number, radio, stringArray, text, toggle } from '../options/builders';
import type { PanelPlugin } from '../options/types';

export const annolistPlugin: PanelPlugin = {
  type: 'annolist',
  name: 'Annotations list',
  description: 'List annotations',
  loadRenderer: () => import('./AnnoListPanel'),
  withoutQueries: true,
  options: [
    ...inCategory('Annotation query', [
      radio(
        'options.onlyFromThisDashboard',
        'Query filter',
        [
          [false, 'All dashboards'],
          [true, 'This dashboard'],
        ],
        false,
      ),
      radio(
        'options.onlyInTimeRange',
        'Time range',
        [
          [false, 'None'],
          [true, 'This dashboard'],
        ],
        false,
      ),
      stringArray('options.tags', 'Tags', []),
      number('options.limit', 'Limit', 10, { settings: { min: 1, integer: true } }),
    ]),
    ...inCategory('Display', [
      toggle('options.showUser', 'Show user', true),
      toggle('options.showTime', 'Show time', true),
      toggle('options.showTags', 'Show tags', true),
    ]),
    ...inCategory('Link behavior', [
      radio(
        'options.navigateToPanel',
        'Link target',
        [
          [true, 'Panel'],
          [false, 'Dashboard'],
        ],
        true,
      ),
      text('options.navigateBefore', 'Time before', '10m'),
      text('options.navigateAfter', 'Time after', '10m'),
    ]),
  ],
};
