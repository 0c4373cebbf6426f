import { beforeEach, describe, expect, it } from 'vitest';
import { readRecentRanges, rememberRange, RECENT_RANGES_KEY } from './recentRanges';

beforeEach(() => localStorage.clear());

describe('recent ranges', () => {
  it('keeps the last four absolute ranges, newest first, each once', () => {
    for (const n of [1, 2, 3, 4, 5]) rememberRange({ from: String(n * 1000), to: String(n * 1000 + 500) });
    rememberRange({ from: '3000', to: '3500' });
    expect(readRecentRanges()).toEqual([
      { from: '3000', to: '3500' },
      { from: '5000', to: '5500' },
      { from: '4000', to: '4500' },
      { from: '2000', to: '2500' },
    ]);
  });

  it('ignores relative ranges and whatever else storage holds', () => {
    rememberRange({ from: 'now-6h', to: 'now' });
    expect(readRecentRanges()).toEqual([]);
    localStorage.setItem(RECENT_RANGES_KEY, '{not json');
    expect(readRecentRanges()).toEqual([]);
  });
});
