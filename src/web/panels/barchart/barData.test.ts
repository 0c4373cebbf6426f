import { describe, expect, it } from 'vitest';
import { paletteColor } from '../colors';
import { decodeFrames } from '../frames';
import { seriesFrame, tableFrame } from '../testing';
import { niceTicks, valueDomain } from '../svgChart';
import { barChartData, barChartOptionsOf, isHorizontal, layoutBars } from './barData';

describe('bar chart data', () => {
  it('takes categories from the string field and a series per numeric field', () => {
    const frames = decodeFrames([
      tableFrame([
        { name: 'pool', values: ['rbd', 'cephfs'] },
        { name: 'read', values: [5, 7] },
        { name: 'write', values: [1, null] },
      ]),
    ]);
    const data = barChartData({ type: 'barchart', fieldConfig: { defaults: { unit: 'ops' }, overrides: [] } }, frames);
    expect(data.categories).toEqual(['rbd', 'cephfs']);
    expect(data.series.map((s) => [s.name, s.values, s.color])).toEqual([
      ['read', [5, 7], paletteColor(0)],
      ['write', [1, null], paletteColor(1)],
    ]);
    expect(data.series[0]!.format(5)).toBe('5 ops/s');
  });

  it('joins Prometheus series (one frame each) on their time steps', () => {
    const times = [1_700_000_000_000, 1_700_000_060_000];
    const frames = decodeFrames([
      seriesFrame({ times, values: [1, 2], labels: { job: 'api' } }),
      seriesFrame({ times: [times[1]!], values: [3], labels: { job: 'db' } }),
    ]);
    const data = barChartData({ type: 'barchart' }, frames, { timeZone: 'utc' });
    expect(data.categories).toEqual(['22:13:20', '22:14:20']);
    expect(data.series.map((s) => [s.name, s.values])).toEqual([
      ['api', [1, 2]],
      ['db', [null, 3]],
    ]);
  });

  it('lays bars out grouped, stacked and stacked to percent', () => {
    const data = {
      categories: ['a'],
      series: [
        { key: '1', name: 'x', color: '#000', values: [2], format: String },
        { key: '2', name: 'y', color: '#111', values: [6], format: String },
      ],
    };
    const grouped = layoutBars(data, { stacking: 'none', groupWidth: 0.8, barWidth: 1 });
    expect(grouped.map((b) => [b.offset, b.size, b.from, b.to])).toEqual([
      [expect.closeTo(0.1), 0.4, 0, 2],
      [expect.closeTo(0.5), 0.4, 0, 6],
    ]);
    expect(layoutBars(data, { stacking: 'normal', groupWidth: 0.8, barWidth: 1 }).map((b) => [b.from, b.to])).toEqual([
      [0, 2],
      [2, 8],
    ]);
    expect(layoutBars(data, { stacking: 'percent', groupWidth: 0.8, barWidth: 1 }).map((b) => [b.from, b.to])).toEqual([
      [0, 0.25],
      [0.25, 1],
    ]);
  });

  it('reads options and orientation, and picks round axis ticks', () => {
    expect(barChartOptionsOf({ stacking: 'percent', groupWidth: 2, xTickLabelRotation: -45, showValue: 'never' })).toMatchObject({
      stacking: 'percent',
      groupWidth: 1,
      barWidth: 0.97,
      xTickLabelRotation: -45,
      showValue: 'never',
      orientation: 'auto',
    });
    expect(isHorizontal('auto', 200, 400)).toBe(true);
    expect(isHorizontal('auto', 400, 200)).toBe(false);
    expect(isHorizontal('horizontal', 400, 200)).toBe(true);
    expect(niceTicks(0, 8)).toEqual([0, 2, 4, 6, 8]);
    expect(valueDomain([3, 7.3])).toEqual({ min: 0, max: 8 });
  });
});
