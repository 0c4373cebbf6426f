import { describe, expect, it } from 'vitest';
import { axisLabels, fitText } from './drawTimeline';

const HOUR = 3_600_000;
/** A canvas that measures every character as 7 px wide. */
const ctx = { measureText: (text: string) => ({ width: text.length * 7 }) as TextMetrics };

describe('timeline drawing helpers', () => {
  it('dates the first tick and each tick that starts a new day, so any range says which day it shows', () => {
    const start = new Date(2026, 2, 11, 20, 0).getTime();
    const times = [0, 2, 4, 6].map((h) => start + h * HOUR); // 20:00, 22:00, 00:00, 02:00
    const labels = axisLabels(times, 8 * HOUR);
    const day = (t: number) => new Date(t).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
    expect(labels[0]).toContain(day(times[0]!));
    expect(labels[1]).not.toContain(day(times[1]!));
    expect(labels[2]).toContain(day(times[2]!));
    expect(labels[3]).not.toContain(day(times[3]!));
  });

  it('cuts a long lane name with an ellipsis within the width', () => {
    expect(fitText(ctx, 'short', 100)).toBe('short');
    const cut = fitText(ctx, 'A dashboard with a very long title indeed', 100);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length * 7).toBeLessThanOrEqual(100);
  });
});
