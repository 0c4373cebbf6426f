import { inCategory, radio, select, textarea, toggle } from '../options/builders';
import type { PanelPlugin } from '../options/types';

const isCode = (o: Record<string, unknown>) => o.mode === 'code';

export const textPlugin: PanelPlugin = {
  type: 'text',
  name: 'Text',
  description: 'Supports markdown and html content',
  loadRenderer: () => import('./TextPanel'),
  withoutQueries: true,
  options: inCategory('Text', [
    radio(
      'options.mode',
      'Mode',
      [
        ['markdown', 'Markdown'],
        ['html', 'HTML'],
        ['code', 'Code'],
      ],
      'markdown',
    ),
    select(
      'options.code.language',
      'Language',
      ['plaintext', 'sql', 'json', 'yaml', 'xml', 'html', 'markdown', 'go', 'javascript', 'typescript', 'python', 'bash'].map(
        (l) => [l, l] as [string, string],
      ),
      'plaintext',
      { showIf: isCode },
    ),
    toggle('options.code.showLineNumbers', 'Show line numbers', false, { showIf: isCode }),
    toggle('options.code.showMiniMap', 'Show mini map', false, { showIf: isCode }),
    textarea('options.content', 'Content', '# Title\n\nFor markdown syntax help: [commonmark.org/help](https://commonmark.org/help/)'),
  ]),
};
