import { inCategory } from './options/builders';
import {
  fillOpacityOption,
  gradientModeOption,
  HIDE_FROM_DEFAULT,
  legendOptions,
  lineWidthOption,
  tooltipOptions,
} from './options/commonOptions';
import { fieldConfigWith } from './options/standardOptions';
import type { FieldConfigDescription, Json, OptionItem } from './options/types';

/**
 * What the series charts (time series, bar chart, histogram) share, as in Grafana: a tooltip and a
 * legend with calculations, and series coloured from the classic palette, none hidden.
 */
export const seriesChartOptions = (): OptionItem[] => [...tooltipOptions(), ...legendOptions()];

/** A series chart's field config: its own `custom` items, and the series defaults above (plus `customDefaults`). */
export function seriesChartFieldConfig(custom: OptionItem[], customDefaults: Json = {}): FieldConfigDescription {
  return fieldConfigWith(custom, {
    defaults: { color: { mode: 'palette-classic' }, custom: { ...customDefaults, hideFrom: HIDE_FROM_DEFAULT } },
  });
}

/** How bars are drawn in the bar chart and the histogram: Grafana's 1 px outline, filled at 80%. */
export const barStyleOptions = (category: string): OptionItem[] =>
  inCategory(category, [lineWidthOption(1), fillOpacityOption(80), gradientModeOption()]);
