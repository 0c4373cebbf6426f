import type uPlot from 'uplot';
import { withAlpha } from '../colors';

/**
 * Grafana's `gradientMode: scheme` (grafana-ui `gradientFills.ts`, `getScaleGradientFn` and
 * `scaleGradient`): the line and fill of a series coloured along the y scale, with hard stops at
 * the thresholds (`color.mode: thresholds`) or a smooth run through a colour scheme (continuous
 * and palette modes). The stops are computed by pure functions; the uPlot side only turns them
 * into a CanvasGradient, once per change of scale, plot box or data.
 */

export type ValueStop = [value: number, color: string];

/** A vertical gradient in canvas pixels: from `y0` (the lowest stop) to `y1`, with its stops at 0–1 offsets. */
export interface GradientSpec {
  y0: number;
  y1: number;
  stops: Array<[offset: number, color: string]>;
}

/** What a series' scheme gradient is built from. */
export interface SchemeGradient {
  kind: 'thresholds' | 'scheme';
  /** Thresholds: `absolute` values or `percentage` of the gradient range. */
  mode: 'absolute' | 'percentage';
  /** Threshold steps (the first at -Infinity), or the scheme's colours from low to high; colours resolved. */
  steps: ValueStop[];
  /** The field's `min`/`max` and the axis' soft limits: the range percentages and schemes are spread over. */
  hardMin?: number;
  hardMax?: number;
  softMin?: number;
  softMax?: number;
}

/**
 * Grafana's `scaleGradient`: the stops between the one at or below the scale's minimum and the one
 * at or above its maximum, placed where their values fall on the scale. `discrete` repeats each
 * colour at the next stop so the colours change in steps. One colour alone when only one stop shows.
 */
export function scaleGradientStops(
  valueStops: ValueStop[],
  scaleMin: number,
  scaleMax: number,
  valToPos: (value: number) => number,
  discrete: boolean,
): string | GradientSpec | undefined {
  if (!valueStops.length) return undefined;
  let minIdx = -1;
  let maxIdx = 0;
  for (let i = 0; i < valueStops.length; i++) {
    const value = valueStops[i]![0];
    if (value <= scaleMin || minIdx === -1) minIdx = i;
    maxIdx = i;
    if (value >= scaleMax) break;
  }
  if (minIdx === maxIdx) return valueStops[minIdx]![1];
  let minValue = valueStops[minIdx]![0];
  let maxValue = valueStops[maxIdx]![0];
  if (minValue === Number.NEGATIVE_INFINITY) minValue = scaleMin;
  if (maxValue === Number.POSITIVE_INFINITY) maxValue = scaleMax;
  const minPos = Math.round(valToPos(minValue));
  const maxPos = Math.round(valToPos(maxValue));
  const range = minPos - maxPos;
  if (range === 0 || !Number.isFinite(range)) return valueStops[maxIdx]![1];
  const stops: GradientSpec['stops'] = [];
  let previous = '';
  for (let i = minIdx; i <= maxIdx; i++) {
    const [value, color] = valueStops[i]!;
    const pos = i === minIdx ? minPos : i === maxIdx ? maxPos : Math.round(valToPos(value));
    const offset = Math.min(1, Math.max(0, (minPos - pos) / range));
    if (discrete && i > minIdx) stops.push([offset, previous]);
    stops.push([offset, color]);
    previous = color;
  }
  return { y0: minPos, y1: maxPos, stops };
}

/** Grafana's `getGradientRange`: the field's hard limits, else its soft ones, else the data's range. */
export function gradientRange(gradient: SchemeGradient, dataRange: () => [number, number]): [number, number] {
  let min = gradient.hardMin ?? gradient.softMin;
  let max = gradient.hardMax ?? gradient.softMax;
  if (min === undefined || max === undefined) {
    const [dataMin, dataMax] = dataRange();
    min ??= Number.isFinite(dataMin) ? dataMin : 0;
    max ??= Number.isFinite(dataMax) ? dataMax : 100;
  }
  return [min, max];
}

/** The value stops of a scheme gradient at `opacity`: thresholds as they are (or as percentages of the range), scheme colours spread evenly over it. */
export function gradientValueStops(gradient: SchemeGradient, opacity: number, dataRange: () => [number, number]): ValueStop[] {
  const alpha = (color: string) => withAlpha(color, opacity);
  if (gradient.kind === 'thresholds' && gradient.mode === 'absolute') return gradient.steps.map(([value, color]) => [value, alpha(color)]);
  const [min, max] = gradientRange(gradient, dataRange);
  const span = max - min;
  if (gradient.kind === 'thresholds') {
    return gradient.steps.map(([value, color]) => [Number.isFinite(value) ? min + span * (value / 100) : value, alpha(color)]);
  }
  const last = Math.max(1, gradient.steps.length - 1);
  return gradient.steps.map(([, color], i) => [min + span * (i / last), alpha(color)]);
}

/** Grafana's `getDataRange`: the least and greatest values of the shown series on a scale (the scale's range when they are all equal). */
export function dataRangeOn(u: Pick<uPlot, 'series' | 'data' | 'scales'>, scaleKey: string): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  u.series.forEach((series, i) => {
    if (i === 0 || series.show === false || series.scale !== scaleKey) return;
    const values = u.data[i] ?? [];
    for (let k = 0; k < values.length; k++) {
      const v = values[k];
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  });
  if (max === min) {
    const scale = u.scales[scaleKey];
    return [scale?.min ?? min, scale?.max ?? max];
  }
  return [min, max];
}

/**
 * A uPlot stroke or fill for a scheme gradient at `opacity`. uPlot asks for it on every draw; the
 * gradient is made again only when the scale's range, the plot box or the data changed.
 */
export function schemeGradientStyle(gradient: SchemeGradient, opacity: number) {
  let cache: { key: string; data: unknown; style: CanvasGradient | string } | undefined;
  const discrete = gradient.kind === 'thresholds';
  return (u: uPlot, seriesIdx: number): CanvasGradient | string => {
    const scaleKey = u.series[seriesIdx]?.scale ?? 'y';
    const scale = u.scales[scaleKey];
    const fallback = withAlpha(gradient.steps[0]?.[1] ?? '#808080', opacity);
    if (!scale || scale.min === undefined || scale.max === undefined || scale.min === null || scale.max === null) return fallback;
    const key = `${scale.min}|${scale.max}|${u.bbox.top}|${u.bbox.height}`;
    if (cache && cache.key === key && cache.data === u.data) return cache.style;
    const stops = gradientValueStops(gradient, opacity, () => dataRangeOn(u, scaleKey));
    const spec = scaleGradientStops(stops, scale.min, scale.max, (v) => u.valToPos(v, scaleKey, true), discrete);
    let style: CanvasGradient | string = fallback;
    if (typeof spec === 'string') style = spec;
    else if (spec && u.ctx && typeof u.ctx.createLinearGradient === 'function') {
      const canvasGradient = u.ctx.createLinearGradient(0, spec.y0, 0, spec.y1);
      for (const [offset, color] of spec.stops) canvasGradient.addColorStop(offset, color);
      style = canvasGradient;
    }
    cache = { key, data: u.data, style };
    return style;
  };
}
