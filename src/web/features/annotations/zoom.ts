import type { TimeRange } from './time';
import { timeAt, type Scale } from './timelineModel';

/** The narrowest and widest view a zoom may reach. */
export const MIN_SPAN_MS = 1000;
export const MAX_SPAN_MS = 5 * 365 * 86_400_000;

/** `from`–`to` with its span held between the limits, keeping `anchor` where it was on screen. */
export function clampSpan(from: number, to: number, anchor: number): TimeRange {
  const span = Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, to - from));
  const ratio = (anchor - from) / (to - from || 1);
  const start = anchor - span * ratio;
  return { from: start, to: start + span };
}

/** Zooms `view` by `factor` (above 1 widens) around the time under `x`: the wheel and the pinch share this. */
export function zoomAt(view: TimeRange, scale: Pick<Scale, 'left' | 'width'>, x: number, factor: number): TimeRange {
  const anchor = timeAt({ ...view, ...scale }, x);
  return clampSpan(anchor - (anchor - view.from) * factor, anchor + (view.to - anchor) * factor, anchor);
}

/** The wheel's zoom factor: smooth for touchpads, a notch for mice. */
export const wheelFactor = (deltaY: number) => Math.exp(deltaY * 0.0015);

/** `start` moved by a drag of `dx` pixels over a plot `width` pixels wide. */
export function panBy(start: TimeRange, dx: number, width: number): TimeRange {
  const shift = (dx / width) * (start.to - start.from);
  return { from: start.from - shift, to: start.to - shift };
}
