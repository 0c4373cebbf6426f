import { inCategory, radio, toggle } from '../options/builders';
import type { PanelPlugin } from '../options/types';

export const logsPlugin: PanelPlugin = {
  type: 'logs',
  name: 'Logs',
  description: 'List of log lines',
  loadRenderer: () => import('./LogsPanel'),
  options: inCategory('Logs', [
    toggle('options.showTime', 'Time', false),
    toggle('options.showLabels', 'Unique labels', false),
    toggle('options.showCommonLabels', 'Common labels', false),
    toggle('options.wrapLogMessage', 'Wrap lines', false),
    toggle('options.prettifyLogMessage', 'Prettify JSON', false),
    toggle('options.enableLogDetails', 'Enable log details', true),
    toggle('options.enableInfiniteScrolling', 'Enable infinite scrolling', false),
    radio(
      'options.dedupStrategy',
      'Deduplication',
      [
        ['none', 'None'],
        ['exact', 'Exact'],
        ['numbers', 'Numbers'],
        ['signature', 'Signature'],
      ],
      'none',
    ),
    radio(
      'options.sortOrder',
      'Order',
      [
        ['Descending', 'Newest first'],
        ['Ascending', 'Oldest first'],
      ],
      'Descending',
    ),
  ]),
};
