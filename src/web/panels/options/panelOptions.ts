import { inCategory, radio, select, text, textarea, toggle } from './builders';
import type { OptionItem } from './types';

/**
 * "Panel options", the same for every visualization (Grafana's `getPanelFrameOptions`): title,
 * description, transparency, panel links and repeat options, stored at the panel's top level.
 */
export function panelFrameOptions(variables: string[] | undefined): OptionItem[] {
  const repeating = (panel: Record<string, unknown>) => typeof panel.repeat === 'string' && panel.repeat !== '';
  const repeat = variables
    ? select(
        'repeat',
        'Repeat by variable',
        variables.map((v) => [v, v] as [string, string]),
        undefined,
        { description: 'Repeat this panel for each value in the selected variable.' },
      )
    : text('repeat', 'Repeat by variable', undefined, {
        description: 'Repeat this panel for each value of this variable (its name, without $).',
        settings: { placeholder: 'Variable name' },
      });
  return inCategory('Panel options', [
    text('title', 'Title'),
    textarea('description', 'Description'),
    toggle('transparent', 'Transparent background', false),
    { path: 'links', name: 'Panel links', editor: 'links' },
    repeat,
    radio(
      'repeatDirection',
      'Repeat direction',
      [
        ['h', 'Horizontal'],
        ['v', 'Vertical'],
      ],
      'h',
      { showIf: repeating },
    ),
    select(
      'maxPerRow',
      'Max per row',
      [2, 3, 4, 6, 8, 12].map((n) => [n, String(n)] as [number, string]),
      undefined,
      { showIf: (panel) => repeating(panel) && panel.repeatDirection !== 'v' },
    ),
  ]);
}
