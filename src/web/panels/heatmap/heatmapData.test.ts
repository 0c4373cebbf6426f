import { describe, expect, it } from 'vitest';
import { decodeFrames } from '../frames';
import { seriesFrame } from '../testing';
import type { DataFrame } from '../../../contract/query';
import { calculateHeatmap, cellShown, heatmapData, niceIncrement, rowRangeText } from './heatmapData';
import { migrateAngularHeatmap } from './migrateHeatmap';
import { heatmapPalette, heatmapColorOptionsOf, paletteIndex } from './palettes';

/** The frame the server answers for `format: heatmap`: Time, then one count field per bucket. */
function rowsFrame(times: number[], buckets: Array<{ le: string; counts: number[] }>): DataFrame {
  return {
    schema: {
      refId: 'A',
      meta: { type: 'heatmap-rows', typeVersion: [0, 1] },
      fields: [
        { name: 'Time', type: 'time', config: { interval: 60_000 } },
        ...buckets.map((b) => ({ name: b.le, type: 'number', labels: { le: b.le }, config: { displayNameFromDS: b.le } })),
      ],
    },
    data: { values: [times, ...buckets.map((b) => b.counts)] },
  };
}

describe('calculateHeatmap (calculate from data)', () => {
  it('counts values into round x intervals and y ranges, as Grafana buckets them', () => {
    const samples = [
      { x: 0, y: 1 },
      { x: 10_000, y: 1.5 },
      { x: 60_000, y: 9.9 },
      { x: 61_000, y: 3 },
      { x: 119_000, y: 3.2 },
    ];
    const grid = calculateHeatmap(samples, { xBuckets: { mode: 'size', value: '1m' }, yBuckets: { mode: 'size', value: '2' } });
    expect(grid.xs).toEqual([0, 60_000]);
    expect(grid.xSize).toBe(60_000);
    expect(grid.rows.map((r) => [r.min, r.max])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(grid.counts).toEqual([
      [2, 0, 0, 0, 0],
      [0, 2, 0, 0, 1],
    ]);
  });

  it('without sizes: about 20 columns and 10 rows of round widths', () => {
    const samples = Array.from({ length: 600 }, (_, i) => ({ x: i * 6000, y: (i % 100) / 10 }));
    const grid = calculateHeatmap(samples, { xBuckets: {}, yBuckets: {} });
    // 1 h / 19 ≈ 189 s → 2 m columns (the largest round width not above it).
    expect(grid.xSize).toBe(120_000);
    // 9.9 / 9 = 1.1 → rows 1 high.
    expect(grid.rows[1]).toMatchObject({ min: 1, max: 2 });
    expect(grid.counts.flat().reduce((a, b) => a + b, 0)).toBe(600);
  });

  it('log buckets split each power of the base', () => {
    const grid = calculateHeatmap(
      [
        { x: 0, y: 1 },
        { x: 0, y: 15 },
        { x: 0, y: 150 },
        { x: 0, y: -1 },
      ],
      { xBuckets: { mode: 'size', value: '60000' }, yBuckets: { log: 10 } },
    );
    expect(grid.rows.map((r) => [r.min, r.max])).toEqual([
      [1, 10],
      [10, 100],
      [100, 1000],
    ]);
    // Values at or below zero have no place on a log scale.
    expect(grid.counts).toEqual([[1, 1, 1]]);
  });

  it('picks round increments', () => {
    expect(niceIncrement(0.7, [0.1, 0.2, 0.5, 1])).toBe(0.5);
    expect(niceIncrement(0.05, [0.1, 0.2])).toBe(0.1);
  });
});

describe('heatmapData from buckets', () => {
  it("reads the server's heatmap rows: each bucket a row between the bound below and its own", () => {
    const frame = rowsFrame(
      [60_000, 120_000],
      [
        { le: '0.1', counts: [3, 0] },
        { le: '0.5', counts: [1, 2] },
        { le: '+Inf', counts: [0, 5] },
      ],
    );
    const model = heatmapData({ type: 'heatmap', options: {} }, decodeFrames([frame]));
    expect(model.layout).toBe('le');
    expect(model.rows.map((r) => rowRangeText(model, r))).toEqual(['0 – 0.1', '0.1 – 0.5', '0.5 – +Inf']);
    // A row's time is the end of the interval it counts.
    expect(model.xs).toEqual([0, 60_000]);
    expect(model.counts).toEqual([
      [3, 1, 0],
      [0, 2, 5],
    ]);
    expect([model.minCount, model.maxCount]).toEqual([0, 5]);
  });

  it('sorts series named by their bounds (legendFormat {{le}} without the heatmap format)', () => {
    const frames = ['+Inf', '1', '0.25'].map((le) =>
      seriesFrame({ times: [1000], values: [Number(le === '+Inf' ? 9 : le)], labels: { le }, displayNameFromDS: le }),
    );
    const model = heatmapData({ type: 'heatmap', options: {} }, decodeFrames(frames));
    expect(model.rows.map((r) => r.name)).toEqual(['0.25', '1', '+Inf']);
  });

  it('calculates from raw series when asked, with the y axis in the values’ unit', () => {
    const frame = seriesFrame({ times: [0, 1000, 2000, 3000], values: [0.1, 0.2, 0.9, 0.95], unit: 'percentunit' });
    const model = heatmapData(
      {
        type: 'heatmap',
        options: { calculate: true, calculation: { xBuckets: { mode: 'size', value: '1m' }, yBuckets: { mode: 'size', value: '0.5' } } },
      },
      decodeFrames([frame]),
    );
    expect(model.calculated).toBe(true);
    expect(model.rows.map((r) => rowRangeText(model, r))).toEqual(['0% – 50%', '50% – 100%']);
    expect(model.counts.flat()).toEqual([2, 2]);
  });

  it('hides zero counts by default, as Grafana’s filterValues', () => {
    expect(cellShown(0, { le: 1e-9 })).toBe(false);
    expect(cellShown(1, { le: 1e-9 })).toBe(true);
    expect(cellShown(null, {})).toBe(false);
    expect(cellShown(0, {})).toBe(true);
  });
});

describe('colours', () => {
  it('maps counts onto the palette from the lowest to the highest', () => {
    expect(paletteIndex(0, 0, 10, 64)).toBe(0);
    expect(paletteIndex(10, 0, 10, 64)).toBe(63);
    expect(paletteIndex(5, 0, 10, 64)).toBe(32);
  });

  it('flips light-to-dark schemes in the dark theme so low counts fade into the background', () => {
    const options = heatmapColorOptionsOf({ mode: 'scheme', scheme: 'Oranges', steps: 8 });
    const light = heatmapPalette(options, 'light');
    const dark = heatmapPalette(options, 'dark');
    expect(light[0]).toBe('#fff5eb');
    expect(dark[0]).toBe('#7f2704');
    expect(dark).toEqual([...light].reverse());
  });

  it('opacity mode fades the fill colour in', () => {
    const palette = heatmapPalette(heatmapColorOptionsOf({ mode: 'opacity', fill: '#ff0000', scale: 'linear', steps: 3 }), 'dark');
    expect(palette).toEqual(['rgba(255, 0, 0, 0)', 'rgba(255, 0, 0, 0.5)', '#ff0000']);
  });
});

describe('the old heatmap', () => {
  it('migrates as Grafana does: timeseries data is calculated, spectrum colours become a scheme', () => {
    const migrated = migrateAngularHeatmap({
      type: 'heatmap',
      dataFormat: 'timeseries',
      color: { mode: 'spectrum', colorScheme: 'interpolateBlues', cardColor: '#b4ff00' },
      yAxis: { format: 'percentunit', decimals: 2, logBase: 1, show: true },
      legend: { show: true },
      tooltip: { show: true },
      cards: { cardPadding: null },
    });
    expect(migrated.options).toMatchObject({
      calculate: true,
      color: { mode: 'scheme', scheme: 'Blues', fill: '#b4ff00', steps: 128 },
      yAxis: { unit: 'percentunit', decimals: 2, axisPlacement: 'left' },
      legend: { show: true },
      cellGap: 2,
    });
  });
});
