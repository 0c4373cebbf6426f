import { fieldName, inCategory, keyed, number, radio, reducer, select, toggle } from '../options/builders';
import { fieldConfigWith } from '../options/standardOptions';
import type { Json, PanelPlugin } from '../options/types';
import { migrateOldTable } from '../migrations';

const footer = (o: Json) => (typeof o.footer === 'object' && o.footer !== null ? (o.footer as Json) : {});

export const tablePlugin: PanelPlugin = {
  type: 'table',
  name: 'Table',
  description: 'Supports many column styles',
  aliases: ['table-old'],
  loadRenderer: () => import('./TablePanel'),
  options: [
    ...inCategory('Table', [
      toggle('options.showHeader', 'Show table header', true),
      radio(
        'options.cellHeight',
        'Cell height',
        [
          ['sm', 'Small'],
          ['md', 'Medium'],
          ['lg', 'Large'],
        ],
        'sm',
      ),
    ]),
    ...inCategory('Table footer', [
      toggle('options.footer.show', 'Show table footer', false),
      reducer('options.footer.reducer', 'Calculation', ['sum'], { showIf: (o) => footer(o).show === true }),
      fieldName(
        'options.footer.fields',
        'Fields',
        [
          ['', 'Numeric fields'],
          ['/.*/', 'All fields'],
        ],
        '',
        { showIf: (o) => footer(o).show === true },
      ),
      toggle('options.footer.countRows', 'Count rows', false, { showIf: (o) => footer(o).show === true }),
    ]),
  ],
  fieldConfig: fieldConfigWith(
    inCategory('Table', [
      number('custom.minWidth', 'Minimum column width', undefined, { settings: { min: 50, max: 500, placeholder: '150' } }),
      number('custom.width', 'Column width', undefined, { settings: { min: 20, placeholder: 'auto' } }),
      radio(
        'custom.align',
        'Column alignment',
        [
          ['auto', 'Auto'],
          ['left', 'Left'],
          ['center', 'Center'],
          ['right', 'Right'],
        ],
        'auto',
      ),
      keyed(
        select(
          'custom.cellOptions',
          'Cell type',
          [
            ['auto', 'Auto'],
            ['sparkline', 'Sparkline'],
            ['color-text', 'Colored text'],
            ['color-background', 'Colored background'],
            ['gauge', 'Gauge'],
            ['data-links', 'Data links'],
            ['json-view', 'JSON View'],
            ['image', 'Image'],
          ],
          { type: 'auto' },
        ),
        'type',
      ),
      toggle('custom.inspect', 'Cell value inspect', false, { description: 'Enable cell value inspection in a modal window' }),
      toggle('custom.filterable', 'Column filter', undefined, { description: 'Enables/disables field filters in table' }),
      { ...toggle('custom.hidden', 'Hide in table'), overridesOnly: true },
    ]),
    { defaults: { color: { mode: 'thresholds' } } },
  ),
  migrate: (panel) =>
    panel.type === 'table-old' || (panel.type === 'table' && Array.isArray(panel.styles) && !panel.fieldConfig)
      ? migrateOldTable(panel)
      : panel,
};
