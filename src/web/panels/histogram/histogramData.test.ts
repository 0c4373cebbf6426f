import { describe, expect, it } from 'vitest';
import { decodeFrames } from '../frames';
import { seriesFrame, tableFrame } from '../testing';
import { autoBucketSize, histogramData, histogramOptionsOf } from './histogramData';

const times = [1, 2, 3, 4, 5];

describe('histogram data', () => {
  it('buckets every value of each series by bucketSize and bucketOffset', () => {
    const frames = decodeFrames([
      seriesFrame({ times, values: [1, 2, 2.5, 7, null], labels: { job: 'api' } }),
      seriesFrame({ times, values: [4, 5, 5, 5, 9], labels: { job: 'db' } }),
    ]);
    const h = histogramData({ type: 'histogram', options: { bucketSize: 2, bucketOffset: 1 } }, frames);
    expect(h.buckets).toEqual([
      { min: 1, max: 3 },
      { min: 3, max: 5 },
      { min: 5, max: 7 },
      { min: 7, max: 9 },
      { min: 9, max: 11 },
    ]);
    expect(h.series.map((s) => [s.name, s.counts])).toEqual([
      ['api', [3, 0, 0, 1, 0]],
      ['db', [0, 1, 3, 0, 1]],
    ]);
  });

  it('combines all series into one count and picks a round bucket size from bucketCount', () => {
    const frames = decodeFrames([seriesFrame({ times, values: [0, 10, 20, 30, 100], unit: 'ms' })]);
    expect(autoBucketSize(0, 100, 30)).toBe(5);
    const h = histogramData({ type: 'histogram', options: { combine: true, bucketCount: 10 } }, frames);
    expect(h.buckets).toHaveLength(11);
    expect(h.buckets[0]).toEqual({ min: 0, max: 10 });
    expect(h.series).toHaveLength(1);
    expect(h.series[0]!.name).toBe('Count');
    expect(h.series[0]!.counts.reduce((a, b) => a + b)).toBe(5);
    expect(h.formatX(10)).toBe('10 ms');
  });

  it('reads pre-bucketed frames (xMin, xMax, counts) as they are', () => {
    const frames = decodeFrames([
      tableFrame([
        { name: 'xMin', values: [0, 5] },
        { name: 'xMax', values: [5, 10] },
        { name: 'count', values: [3, 4] },
      ]),
    ]);
    const h = histogramData({ type: 'histogram' }, frames);
    expect(h.buckets).toEqual([
      { min: 0, max: 5 },
      { min: 5, max: 10 },
    ]);
    expect(h.series.map((s) => [s.name, s.counts])).toEqual([['count', [3, 4]]]);
  });

  it('reads options with Grafana’s defaults', () => {
    expect(histogramOptionsOf({})).toEqual({ bucketCount: 30, bucketSize: undefined, bucketOffset: 0, combine: false });
    expect(histogramOptionsOf({ bucketSize: -1, bucketCount: 5, combine: true })).toMatchObject({
      bucketCount: 5,
      bucketSize: undefined,
      combine: true,
    });
  });
});
