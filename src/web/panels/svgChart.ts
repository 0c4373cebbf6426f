import type { MouseEvent } from 'react';

/** Axis helpers for the SVG charts (bar chart, histogram, state timeline). */
import { formatReadableDuration } from '../../contract/durations';

/** The round number (1, 2, 2.5 or 5 × a power of ten) at or above `rough`. */
export function niceStep(rough: number): number {
  if (!(rough > 0) || !Number.isFinite(rough)) return 1;
  const power = Math.pow(10, Math.floor(Math.log10(rough)));
  return ([1, 2, 2.5, 5, 10].find((m) => m * power >= rough * (1 - 1e-9)) ?? 10) * power;
}

/** About `count` round tick values covering [min, max] (1, 2, 2.5 or 5 × a power of ten apart). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max === min) return [min];
  const step = niceStep((max - min) / Math.max(1, count));
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step - 1e-9) * step; v <= max + step * 1e-9; v += step) ticks.push(Math.round(v / step) * step + 0);
  return ticks;
}

/** The value range an axis shows: from 0 (or the data's negative minimum) up to a round number above the maximum. */
export function valueDomain(values: number[], softMin?: number, softMax?: number): { min: number; max: number } {
  let min = softMin ?? 0;
  let max = softMax ?? 0;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (softMin === undefined && v < min) min = v;
    if (softMax === undefined && v > max) max = v;
  }
  if (max === min) max = min + 1;
  if (softMax === undefined) {
    // Up to the next round tick, so the top bar has a labelled line above it.
    const ticks = niceTicks(min, max);
    const step = ticks.length >= 2 ? ticks[1]! - ticks[0]! : 0;
    if (step > 0) max = Math.ceil(max / step - 1e-9) * step;
  }
  return { min, max };
}

/** Label pattern for time values on an axis, by how long the range is. */
export function timeLabelPattern(spanMs: number): string {
  if (spanMs <= 60_000) return 'HH:mm:ss';
  if (spanMs <= 86_400_000) return 'HH:mm';
  if (spanMs <= 30 * 86_400_000) return 'MM/DD HH:mm';
  return 'YYYY-MM-DD';
}

/** A short readable duration, for tooltips ("1h 5m", "30s"). */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)}ms`;
  return formatReadableDuration(ms, { labels: { d: 'd', h: 'h', m: 'm', s: 's' }, adjacentUnits: false });
}

/** Styles that hide content on screen but keep it for screen readers (the data tables behind the charts). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Where the pointer is in the chart's SVG, in its pixels (where a tooltip goes). */
export function pointerIn(e: MouseEvent<SVGElement>): { x: number; y: number } {
  const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect();
  return { x: e.clientX - box.left, y: e.clientY - box.top };
}
