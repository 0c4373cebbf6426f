import { CLASSIC_PALETTE, continuousColor, continuousStops, isContinuousMode, resolveColor } from '../colors';
import { activeThreshold, seriesColor, thresholdsOf, type DisplayField, type Scheme } from '../fieldDisplay';
import { finiteOrUndefined } from '../panelJson';
import type { SchemeGradient } from './scaleGradient';

/**
 * The colours of a time series the way Grafana picks them: a by-value colour mode (thresholds,
 * continuous schemes) colours the whole series by one of its values (`color.seriesBy`, last by
 * default: grafana-data `getFieldSeriesColor`, used for the line, the legend and the axis), the
 * tooltip colours each value by itself, and `gradientMode: scheme` colours the line along the y scale.
 */

type Point = number | null | undefined;

/** The colour modes that colour by value. */
export function isByValueMode(mode: string | undefined): boolean {
  return mode === 'thresholds' || isContinuousMode(mode);
}

/** A field's range for its colours: its `min`/`max`, else those of all the panel's values (Grafana's global range). */
export function colorRange(field: Pick<DisplayField, 'config'>, panelMin: number, panelMax: number): { min: number; max: number } {
  const min = finiteOrUndefined(field.config.min) ?? (Number.isFinite(panelMin) ? panelMin : 0);
  const max = finiteOrUndefined(field.config.max) ?? (Number.isFinite(panelMax) ? panelMax : 100);
  return { min, max };
}

function reduceFor(values: Point[], by: unknown): number {
  let last: number | undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (typeof v !== 'number' || !Number.isFinite(v)) continue;
    last = v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (last === undefined) return 0;
  return by === 'min' ? min : by === 'max' ? max : last;
}

/** The colour of `value` in a by-value mode: its threshold step, or its place on the continuous scheme. */
export function colorOfValue(
  field: Pick<DisplayField, 'config'>,
  value: number,
  range: { min: number; max: number },
  scheme: Scheme,
): string {
  const mode = field.config.color?.mode ?? 'thresholds';
  if (isContinuousMode(mode)) {
    const span = range.max - range.min;
    return continuousColor(mode, span === 0 ? 1 : (value - range.min) / span);
  }
  return resolveColor(activeThreshold(value, thresholdsOf(field.config), range).color, scheme);
}

/** Grafana's `getFieldSeriesColor`: a by-value series takes the colour of its `seriesBy` value; any other its own colour. */
export function graphSeriesColor(
  field: Pick<DisplayField, 'config' | 'seriesIndex' | 'displayName'>,
  values: Point[],
  range: { min: number; max: number },
  scheme: Scheme,
): string {
  if (!isByValueMode(field.config.color?.mode)) return seriesColor(field, scheme);
  return colorOfValue(field, reduceFor(values, field.config.color?.seriesBy), range, scheme);
}

/**
 * What `gradientMode: scheme` colours a series with (grafana-ui `UPlotSeriesBuilder`): threshold
 * steps in `thresholds` mode, else the colour scheme's colours; nothing for a fixed colour, which
 * keeps its one colour.
 */
export function schemeGradientOf(
  field: Pick<DisplayField, 'config'>,
  limits: { softMin?: number; softMax?: number },
  scheme: Scheme,
): SchemeGradient | undefined {
  const mode = field.config.color?.mode ?? 'palette-classic';
  if (mode === 'fixed' || mode === 'shades') return undefined;
  const base = {
    hardMin: finiteOrUndefined(field.config.min),
    hardMax: finiteOrUndefined(field.config.max),
    softMin: limits.softMin,
    softMax: limits.softMax,
  };
  if (mode === 'thresholds') {
    const thresholds = thresholdsOf(field.config);
    return {
      ...base,
      kind: 'thresholds',
      mode: thresholds.mode === 'percentage' ? 'percentage' : 'absolute',
      steps: thresholds.steps.map((step) => [
        step.value === null || step.value === undefined ? Number.NEGATIVE_INFINITY : Number(step.value),
        resolveColor(step.color, scheme),
      ]),
    };
  }
  const colors = isContinuousMode(mode) ? continuousStops(mode) : CLASSIC_PALETTE;
  return { ...base, kind: 'scheme', mode: 'absolute', steps: colors.map((color) => [0, color]) };
}
