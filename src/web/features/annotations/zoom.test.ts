import { describe, expect, it } from 'vitest';
import { clampSpan, MAX_SPAN_MS, MIN_SPAN_MS, panBy, zoomAt } from './zoom';

const view = { from: 0, to: 100_000 };
const plot = { left: 100, width: 1000 };

describe('timeline zoom maths', () => {
  it('zooms around the time under the pointer', () => {
    const zoomed = zoomAt(view, plot, 600, 0.5); // x=600 is t=50,000
    expect(zoomed).toEqual({ from: 25_000, to: 75_000 });
  });

  it('keeps the span between its limits, the anchor in place', () => {
    expect(clampSpan(0, 10, 5)).toEqual({ from: 5 - MIN_SPAN_MS / 2, to: 5 + MIN_SPAN_MS / 2 });
    expect(clampSpan(0, MAX_SPAN_MS * 2, 0)).toEqual({ from: 0, to: MAX_SPAN_MS });
  });

  it('pans by the dragged share of the plot', () => {
    expect(panBy(view, 100, 1000)).toEqual({ from: -10_000, to: 90_000 });
  });
});
