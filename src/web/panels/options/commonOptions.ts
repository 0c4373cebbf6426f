import { inCategory, keyed, number, radio, reducer, reducers, select, slider, text, toggle, fieldName, type Extra } from './builders';
import type { Json, OptionItem } from './types';

/**
 * Option sets several panels share, as grafana-ui's `commonOptionsBuilder` and stat's
 * `addStandardDataReduceOptions` / `addOrientationOption` / `addTextSizeOptions`.
 */

const nested = (config: Json, key: string): Json => {
  const v = config[key];
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
};

export function tooltipOptions(): OptionItem[] {
  return inCategory('Tooltip', [
    radio(
      'options.tooltip.mode',
      'Tooltip mode',
      [
        ['single', 'Single'],
        ['multi', 'All'],
        ['none', 'Hidden'],
      ],
      'single',
    ),
    radio(
      'options.tooltip.sort',
      'Values sort order',
      [
        ['none', 'None'],
        ['asc', 'Ascending'],
        ['desc', 'Descending'],
      ],
      'none',
      { showIf: (o) => nested(o, 'tooltip').mode === 'multi' },
    ),
    toggle('options.tooltip.hideZeros', 'Hide zeros', false, { showIf: (o) => nested(o, 'tooltip').mode === 'multi' }),
  ]);
}

export function legendOptions(withCalcs = true): OptionItem[] {
  const showing = (o: Json) => nested(o, 'legend').showLegend !== false;
  return inCategory('Legend', [
    toggle('options.legend.showLegend', 'Visibility', true),
    radio(
      'options.legend.displayMode',
      'Mode',
      [
        ['list', 'List'],
        ['table', 'Table'],
      ],
      'list',
      { showIf: showing },
    ),
    radio(
      'options.legend.placement',
      'Placement',
      [
        ['bottom', 'Bottom'],
        ['right', 'Right'],
      ],
      'bottom',
      { showIf: showing },
    ),
    number('options.legend.width', 'Width', undefined, {
      showIf: (o) => showing(o) && nested(o, 'legend').placement === 'right',
      settings: { min: 0, integer: true },
    }),
    ...(withCalcs
      ? [
          reducers('options.legend.calcs', 'Values', [], {
            description: 'Select values or calculations to show in legend',
            showIf: showing,
          }),
        ]
      : []),
  ]);
}

/** Stat, gauge, bar gauge and pie chart: which values to show ("Value options"). */
export function reduceOptions(): OptionItem[] {
  const calculating = (o: Json) => nested(o, 'reduceOptions').values !== true;
  return inCategory('Value options', [
    radio(
      'options.reduceOptions.values',
      'Show',
      [
        [false, 'Calculate'],
        [true, 'All values'],
      ],
      false,
      { description: 'Calculate a single value per column or series or show each row' },
    ),
    reducer('options.reduceOptions.calcs', 'Calculation', ['lastNotNull'], {
      description: 'Choose a reducer function / calculation',
      showIf: calculating,
    }),
    number('options.reduceOptions.limit', 'Limit', undefined, {
      description: 'Max number of rows to display',
      showIf: (o) => !calculating(o),
      settings: { min: 1, integer: true, placeholder: '5000' },
    }),
    fieldName(
      'options.reduceOptions.fields',
      'Fields',
      [
        ['', 'Numeric fields'],
        ['/.*/', 'All fields'],
      ],
      '',
      { description: 'Select the fields that should be included in the panel' },
    ),
  ]);
}

export const orientationChoices: Array<[string, string]> = [
  ['auto', 'Auto'],
  ['horizontal', 'Horizontal'],
  ['vertical', 'Vertical'],
];

export function orientationOption(category: string): OptionItem {
  return inCategory(category, [
    radio('options.orientation', 'Orientation', orientationChoices, 'auto', { description: 'Layout orientation' }),
  ])[0]!;
}

export function textSizeOptions(): OptionItem[] {
  return inCategory('Text size', [
    number('options.text.titleSize', 'Title', undefined, {
      description: 'Title text size',
      settings: { min: 1, max: 200, placeholder: 'Auto' },
    }),
    number('options.text.valueSize', 'Value', undefined, {
      description: 'Value text size',
      settings: { min: 1, max: 200, placeholder: 'Auto' },
    }),
  ]);
}

/** Grafana's `addAxisConfig`: the field options of an axis (timeseries, bar chart, histogram). */
export function axisOptions(): OptionItem[] {
  const linear = (c: Json) => (nested(c, 'scaleDistribution').type ?? 'linear') === 'linear';
  return inCategory('Axis', [
    radio(
      'custom.axisPlacement',
      'Placement',
      [
        ['auto', 'Auto'],
        ['left', 'Left'],
        ['right', 'Right'],
        ['hidden', 'Hidden'],
      ],
      'auto',
    ),
    text('custom.axisLabel', 'Label', '', { showIf: (c) => c.axisPlacement !== 'hidden', settings: { placeholder: 'Optional text' } }),
    number('custom.axisWidth', 'Width', undefined, {
      showIf: (c) => c.axisPlacement !== 'hidden',
      settings: { placeholder: 'Auto', min: 0 },
    }),
    number('custom.axisSoftMin', 'Soft min', undefined, {
      showIf: (c) => c.axisPlacement !== 'hidden',
      settings: { placeholder: 'See: Standard options > Min' },
    }),
    number('custom.axisSoftMax', 'Soft max', undefined, {
      showIf: (c) => c.axisPlacement !== 'hidden',
      settings: { placeholder: 'See: Standard options > Max' },
    }),
    radio(
      'custom.axisGridShow',
      'Show grid lines',
      [
        [null, 'Auto'],
        [true, 'On'],
        [false, 'Off'],
      ],
      undefined,
      { showIf: (c) => c.axisPlacement !== 'hidden' },
    ),
    radio(
      'custom.axisColorMode',
      'Color',
      [
        ['text', 'Text'],
        ['series', 'Series'],
      ],
      'text',
      { showIf: (c) => c.axisPlacement !== 'hidden' },
    ),
    toggle('custom.axisBorderShow', 'Show border', false, { showIf: (c) => c.axisPlacement !== 'hidden' }),
    keyed(
      radio(
        'custom.scaleDistribution',
        'Scale',
        [
          ['linear', 'Linear'],
          ['log', 'Logarithmic'],
          ['symlog', 'Symlog'],
        ],
        { type: 'linear' },
      ),
      'type',
    ),
    keyed(
      select(
        'custom.scaleDistribution',
        'Log base',
        [
          [2, '2'],
          [10, '10'],
        ],
        undefined,
        { showIf: (c) => !linear(c) },
      ),
      'log',
      { type: 'log' },
    ),
    toggle('custom.axisCenteredZero', 'Centered zero', false, { showIf: linear }),
  ]);
}

export const stackingChoices: Array<[string, string]> = [
  ['none', 'Off'],
  ['normal', 'Normal'],
  ['percent', '100%'],
];

export function stackingOption(category: string): OptionItem {
  return inCategory(category, [
    keyed(radio('custom.stacking', 'Stack series', stackingChoices, { mode: 'none', group: 'A' }), 'mode', { group: 'A' }),
  ])[0]!;
}

/** "Hide in area": an override property only, as Grafana's `hideFromDefaults`. */
export function hideFromOptions(): OptionItem[] {
  const base = { legend: false, tooltip: false, viz: false };
  return inCategory('Series', [
    { ...keyed(toggle('custom.hideFrom', 'Hide in tooltip'), 'tooltip', base), overridesOnly: true, propertyName: 'Hide in area' },
    { ...keyed(toggle('custom.hideFrom', 'Hide in legend'), 'legend', base), overridesOnly: true, propertyName: 'Hide in area' },
    { ...keyed(toggle('custom.hideFrom', 'Hide in graph'), 'viz', base), overridesOnly: true, propertyName: 'Hide in area' },
  ]);
}

export const HIDE_FROM_DEFAULT = { tooltip: false, viz: false, legend: false };

export function thresholdsStyleOption(): OptionItem {
  return inCategory('Thresholds', [
    keyed(
      select(
        'custom.thresholdsStyle',
        'Show thresholds',
        [
          ['off', 'Off'],
          ['line', 'As lines'],
          ['line+area', 'As lines and filled regions'],
          ['dashed', 'As lines (dashed)'],
          ['dashed+area', 'As filled regions and lines (dashed)'],
          ['area', 'As filled regions'],
        ],
        { mode: 'off' },
      ),
      'mode',
    ),
  ])[0]!;
}

/** How a series is drawn (Grafana's graph field config), shared by the time series, bar chart, histogram and state timeline. */
export const lineWidthOption = (defaultValue: number, extra?: Extra) =>
  slider('custom.lineWidth', 'Line width', { min: 0, max: 10, step: 1 }, defaultValue, extra);

export const fillOpacityOption = (defaultValue: number, extra?: Extra) =>
  slider('custom.fillOpacity', 'Fill opacity', { min: 0, max: 100, step: 1 }, defaultValue, extra);

export const gradientModeOption = (extra?: Extra) =>
  radio(
    'custom.gradientMode',
    'Gradient mode',
    [
      ['none', 'None'],
      ['opacity', 'Opacity'],
      ['hue', 'Hue'],
      ['scheme', 'Scheme'],
    ],
    'none',
    extra,
  );

/** Values written on the bars, spans or cells (bar chart, state timeline, heatmap). */
export const showValueOption = () =>
  radio(
    'options.showValue',
    'Show values',
    [
      ['auto', 'Auto'],
      ['always', 'Always'],
      ['never', 'Never'],
    ],
    'auto',
  );
