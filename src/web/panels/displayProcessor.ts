import { continuousColor, isContinuousMode, paletteColor, paletteIndexByName, resolveColor } from './colors';
import { asNumber } from './frames';
import {
  DEFAULT_THRESHOLDS,
  thresholdsOf,
  type DisplayField,
  type FieldConfig,
  type Threshold,
  type ThresholdsConfig,
} from './fieldConfig';
import { finiteOrUndefined } from './panelJson';
import { formatDateTime, formattedToString, formatValue, isBooleanUnit, type FormattedValue } from './valueFormats';
import { mappingFor } from './valueMappings';

/** A field's values as text and colour (units, mappings, thresholds, colour modes), and a series' own colour. */

export interface DisplayValue extends FormattedValue {
  numeric: number;
  color: string;
  /** 0–1 position between the field's min and max, for gauges and continuous colours. */
  percent?: number;
}

export type Scheme = 'light' | 'dark';

/** The threshold step a value falls in (the last one whose value it reaches). */
export function activeThreshold(value: number, thresholds: ThresholdsConfig, range?: { min: number; max: number }): Threshold {
  const steps = thresholds.steps.length ? thresholds.steps : DEFAULT_THRESHOLDS.steps;
  let compare = value;
  if (thresholds.mode === 'percentage' && range) {
    const delta = range.max - range.min;
    compare = delta === 0 ? 100 : ((value - range.min) / delta) * 100;
  }
  let active = steps[0]!;
  for (const step of steps) {
    const limit = step.value === null || step.value === undefined ? Number.NEGATIVE_INFINITY : Number(step.value);
    if (compare >= limit) active = step;
    else break;
  }
  return active;
}

export interface ProcessorOptions {
  scheme?: Scheme;
  timeZone?: string;
  /** The field's min and max, when the panel knows them (gauges, percentage thresholds). */
  range?: { min: number; max: number };
}

/** Min and max of a field: config first, then the data's, so percentage thresholds and gauges have a scale. */
export function fieldRange(config: FieldConfig, values: unknown[]): { min: number; max: number } {
  let min = finiteOrUndefined(config.min);
  let max = finiteOrUndefined(config.max);
  if (min === undefined || max === undefined) {
    let dataMin = Number.POSITIVE_INFINITY;
    let dataMax = Number.NEGATIVE_INFINITY;
    for (const v of values) {
      const n = asNumber(v);
      if (n === null || !Number.isFinite(n)) continue;
      if (n < dataMin) dataMin = n;
      if (n > dataMax) dataMax = n;
    }
    if (config.unit === 'percent') max ??= 100;
    if (config.unit === 'percentunit') max ??= 1;
    if (!Number.isFinite(dataMin)) {
      min ??= 0;
      max ??= 100;
    } else {
      min ??= Math.min(0, dataMin);
      max ??= dataMax;
    }
  }
  if (max <= min) max = min + (Math.abs(min) || 1);
  return { min, max };
}

/** Turns raw values of a field into text and colour the way Grafana's display processor does. */
export function getDisplayProcessor(
  field: Pick<DisplayField, 'type' | 'config'> & { seriesIndex?: number; displayName?: string },
  options: ProcessorOptions = {},
) {
  const { config } = field;
  const scheme = options.scheme ?? 'dark';
  const unit = config.unit;
  const colorMode = config.color?.mode ?? 'thresholds';
  return (value: unknown): DisplayValue => {
    const mapped = mappingFor(config.mappings, value);
    let numeric = asNumber(value);
    if (typeof value === 'string' && numeric !== null && field.type === 'string' && !unit) numeric = null;
    let prefix: string | undefined;
    let suffix: string | undefined;
    let text: string;
    if (mapped?.text !== undefined && mapped.text !== '') {
      text = mapped.text;
    } else if (
      numeric !== null &&
      !Number.isNaN(numeric) &&
      (field.type === 'time' || unit?.startsWith('dateTime') || unit?.startsWith('time:'))
    ) {
      text =
        unit && unit !== 'none'
          ? formatValue(numeric, unit, config.decimals, options.timeZone).text
          : formatDateTime(numeric, 'YYYY-MM-DD HH:mm:ss', options.timeZone);
    } else if (numeric !== null && (typeof value !== 'boolean' || isBooleanUnit(unit))) {
      const formatted = formatValue(numeric, unit, finiteOrUndefined(config.decimals), options.timeZone);
      ({ prefix, suffix } = formatted);
      text = formatted.text;
    } else if (value === null || value === undefined) {
      text = '';
    } else if (typeof value === 'object') {
      text = JSON.stringify(value);
    } else {
      text = String(value);
    }
    if (!text && !prefix && !suffix) text = config.noValue ?? '';

    let color: string;
    const range =
      options.range ??
      (finiteOrUndefined(config.min) !== undefined && finiteOrUndefined(config.max) !== undefined
        ? { min: Number(config.min), max: Number(config.max) }
        : undefined);
    const percent = numeric !== null && range ? (range.max === range.min ? 1 : (numeric - range.min) / (range.max - range.min)) : undefined;
    if (mapped?.color) color = resolveColor(mapped.color, scheme);
    else if (colorMode === 'fixed' || colorMode === 'shades') color = resolveColor(config.color?.fixedColor ?? 'blue', scheme);
    else if (colorMode === 'palette-classic') color = paletteColor(Math.max(0, field.seriesIndex ?? 0));
    else if (colorMode === 'palette-classic-by-name') color = paletteColor(paletteIndexByName(field.displayName ?? ''));
    else if (isContinuousMode(colorMode)) color = continuousColor(colorMode, percent ?? 0);
    else if (numeric !== null && !Number.isNaN(numeric))
      color = resolveColor(activeThreshold(numeric, thresholdsOf(config), range).color, scheme);
    else color = resolveColor(thresholdsOf(config).steps[0]?.color ?? 'text', scheme);
    return {
      text,
      prefix,
      suffix,
      numeric: numeric ?? Number.NaN,
      color,
      percent: percent === undefined ? undefined : Math.min(1, Math.max(0, percent)),
    };
  };
}

/** The text a value shows: prefix, text and suffix together. */
export const displayText: (value: DisplayValue) => string = formattedToString;

/** The colour a series draws in (line, legend swatch): fixed, palette, or its thresholds' base colour. */
export function seriesColor(field: Pick<DisplayField, 'config' | 'seriesIndex' | 'displayName'>, scheme: Scheme = 'dark'): string {
  const mode = field.config.color?.mode ?? 'palette-classic';
  if (mode === 'fixed' || mode === 'shades') return resolveColor(field.config.color?.fixedColor ?? 'blue', scheme);
  if (mode === 'palette-classic-by-name') return paletteColor(paletteIndexByName(field.displayName));
  if (mode === 'thresholds') return resolveColor(thresholdsOf(field.config).steps[0]?.color ?? 'green', scheme);
  if (isContinuousMode(mode)) return continuousColor(mode, 0.5);
  return paletteColor(Math.max(0, field.seriesIndex));
}
