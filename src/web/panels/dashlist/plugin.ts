import { inCategory, number, stringArray, text, toggle } from '../options/builders';
import type { PanelPlugin } from '../options/types';

const searching = (o: Record<string, unknown>) => o.showSearch === true;

export const dashlistPlugin: PanelPlugin = {
  type: 'dashlist',
  name: 'Dashboard list',
  description: 'List of dynamic links to other dashboards',
  loadRenderer: () => import('./DashListPanel'),
  withoutQueries: true,
  options: [
    ...inCategory('Options', [
      toggle('options.keepTime', 'Include current time range', false),
      toggle('options.includeVars', 'Include current template variable values', false),
      toggle('options.showStarred', 'Starred', true),
      toggle('options.showRecentlyViewed', 'Recently viewed', false),
      toggle('options.showSearch', 'Search', false),
      toggle('options.showHeadings', 'Show headings', true),
      number('options.maxItems', 'Max items', 10, { settings: { min: 0, integer: true } }),
    ]),
    ...inCategory('Search', [
      text('options.query', 'Query', '', { showIf: searching }),
      text('options.folderUID', 'Folder UID', undefined, { showIf: searching }),
      stringArray('options.tags', 'Tags', [], { showIf: searching }),
    ]),
  ],
};
