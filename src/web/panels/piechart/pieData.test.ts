import { describe, expect, it } from 'vitest';
import { paletteColor } from '../colors';
import { decodeFrames } from '../frames';
import { migratePanel, rendererFor } from '../migrations';
import { seriesFrame, tableFrame } from '../testing';
import { pieOptionsOf, pieSlices, sliceLabel, slicePath } from './pieData';

const times = [1_700_000_000_000, 1_700_000_060_000];

describe('pie chart data', () => {
  it('reduces each series to one slice, with shares, palette colours and the unit', () => {
    const frames = decodeFrames([
      seriesFrame({ times, values: [10, 30], labels: { job: 'api' }, unit: 'bytes' }),
      seriesFrame({ times, values: [5, 10], labels: { job: 'db' }, unit: 'bytes' }),
    ]);
    const slices = pieSlices({ type: 'piechart', options: { reduceOptions: { calcs: ['lastNotNull'] } } }, frames);
    expect(slices.map((s) => [s.name, s.value, s.text, s.percentText])).toEqual([
      ['api', 30, '30 B', '75%'],
      ['db', 10, '10 B', '25%'],
    ]);
    expect(slices[0]!.color).toBe(paletteColor(0));
    expect(slices[1]!.color).toBe(paletteColor(1));
    expect(slices[0]!.startAngle).toBe(0);
    expect(slices[1]!.endAngle).toBeCloseTo(Math.PI * 2);
  });

  it('takes every row with `values: true`, names from the string column, and leaves negatives out', () => {
    const frames = decodeFrames([
      tableFrame([
        { name: 'pool', values: ['rbd', 'cephfs', 'bad'] },
        { name: 'used', values: [3, 1, -2] },
      ]),
    ]);
    const slices = pieSlices({ type: 'piechart', options: { reduceOptions: { values: true } } }, frames);
    expect(slices.map((s) => s.name)).toEqual(['rbd', 'cephfs']);
    expect(slices.map((s) => s.color)).toEqual([paletteColor(0), paletteColor(1)]);
  });

  it('honours fixed colours from overrides', () => {
    const frames = decodeFrames([seriesFrame({ times, values: [1, 2], labels: { job: 'api' } })]);
    const slices = pieSlices(
      {
        type: 'piechart',
        fieldConfig: {
          defaults: {},
          overrides: [
            { matcher: { id: 'byName', options: 'api' }, properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: 'red' } }] },
          ],
        },
      },
      frames,
    );
    expect(slices[0]!.color).toBe('#F2495C');
  });

  it('reads options and labels', () => {
    expect(pieOptionsOf({ pieType: 'donut', displayLabels: ['percent', 'bogus'], legend: { values: ['value'] } })).toEqual({
      pieType: 'donut',
      displayLabels: ['percent'],
      legendValues: ['value'],
    });
    const slice = { key: '0', name: 'a', value: 1, text: '1', fraction: 1, percentText: '100%', color: '#000', startAngle: 0, endAngle: 1 };
    expect(sliceLabel(slice, ['name', 'percent'])).toEqual(['a', '100%']);
    expect(slicePath(50, 50, 40, 0, 0, Math.PI / 2)).toBe('M 50 50 L 50.00 10.00 A 40 40 0 0 1 90.00 50.00 Z');
    // A single slice is a full circle in two arcs.
    expect(slicePath(50, 50, 40, 20, 0, Math.PI * 2).match(/A /g)).toHaveLength(4);
  });

  it('migrates the legacy grafana-piechart-panel as Grafana does', () => {
    expect(rendererFor('grafana-piechart-panel')).toBe('piechart');
    const migrated = migratePanel({
      type: 'grafana-piechart-panel',
      pieType: 'donut',
      valueName: 'total',
      format: 'bytes',
      legendType: 'Under graph',
      legend: { show: true, values: true, percentage: true },
      aliasColors: { rbd: '#FF0000' },
    });
    expect(migrated.type).toBe('piechart');
    expect(migrated.options).toMatchObject({
      pieType: 'donut',
      reduceOptions: { calcs: ['sum'] },
      legend: { showLegend: true, displayMode: 'table', placement: 'bottom', values: ['value', 'percent'] },
      displayLabels: [],
    });
    expect(migrated.fieldConfig).toMatchObject({
      defaults: { unit: 'bytes', decimals: 0 },
      overrides: [
        { matcher: { id: 'byName', options: 'rbd' }, properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: '#FF0000' } }] },
      ],
    });
    const onGraph = migratePanel({ type: 'grafana-piechart-panel', legendType: 'On graph', legend: { show: true, percentage: true } });
    expect(onGraph.options).toMatchObject({
      pieType: 'pie',
      legend: { showLegend: false, placement: 'right' },
      displayLabels: ['name', 'percent'],
      reduceOptions: { calcs: ['lastNotNull'] },
    });
  });
});
