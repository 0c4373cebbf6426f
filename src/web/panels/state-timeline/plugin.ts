import { inCategory, radio, slider, toggle } from '../options/builders';
import {
  fillOpacityOption,
  HIDE_FROM_DEFAULT,
  hideFromOptions,
  legendOptions,
  lineWidthOption,
  showValueOption,
  tooltipOptions,
} from '../options/commonOptions';
import { fieldConfigWith } from '../options/standardOptions';
import type { PanelPlugin } from '../options/types';

export const stateTimelinePlugin: PanelPlugin = {
  type: 'state-timeline',
  name: 'State timeline',
  description: 'State changes and durations',
  loadRenderer: () => import('./StateTimelinePanel'),
  options: [
    ...inCategory('State timeline', [
      toggle('options.mergeValues', 'Merge equal consecutive values', true),
      showValueOption(),
      radio(
        'options.alignValue',
        'Align values',
        [
          ['left', 'Left'],
          ['center', 'Center'],
          ['right', 'Right'],
        ],
        'left',
      ),
      slider('options.rowHeight', 'Row height', { min: 0, max: 1, step: 0.01 }, 0.9),
    ]),
    ...legendOptions(false),
    ...tooltipOptions(),
  ],
  fieldConfig: fieldConfigWith([...inCategory('State timeline', [lineWidthOption(0), fillOpacityOption(70)]), ...hideFromOptions()], {
    defaults: { color: { mode: 'continuous-GrYlRd' }, custom: { hideFrom: HIDE_FROM_DEFAULT } },
  }),
};
