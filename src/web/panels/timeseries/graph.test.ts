import { describe, expect, it } from 'vitest';
import type { Panel } from '../layout';
import { decodeFrames } from '../frames';
import { migratePanel } from '../migrations';
import { benchUplotData, seriesFrame, tableFrame } from '../testing';
import { alignFrames, buildGraphData, spanShortGaps } from './graphData';
import { legendOptionsOf, legendValues, sortLegend } from './Legend';
import { describeAnnotation, thresholdBandsIn, tooltipRows } from './overlays';
import { buildUplotOptions, CURSOR_SYNC_KEY, logRange, yRange } from './uplotOptions';

const times = [1000, 2000, 3000];
const build = (
  panel: Panel,
  frames = [
    seriesFrame({ times, values: [1, 2, 3], displayNameFromDS: 'a' }),
    seriesFrame({ times, values: [4, null, 6], displayNameFromDS: 'b' }),
  ],
) => buildGraphData(panel, decodeFrames(frames), { scheme: 'light' });
const options = (panel: Panel) =>
  buildUplotOptions(build(panel), { width: 400, height: 200, scheme: 'light', getTimeRange: () => ({ from: 0, to: 4000 }), pxRatio: 1 });

describe('graph data', () => {
  it('aligns series on one time axis, keeping points a series lacks apart from its nulls', () => {
    const frames = decodeFrames([
      seriesFrame({ times: [1000, 3000], values: [1, 3] }),
      seriesFrame({ times: [2000, 3000], values: [null, 6] }),
    ]);
    const { times: t, columns } = alignFrames(
      frames.map((f) => ({ ...f, fields: f.fields.map((x) => ({ ...x, displayName: x.name, frame: f, seriesIndex: 0 })) })),
    );
    expect(t).toEqual([1000, 2000, 3000]);
    expect(columns.map((c) => c.values)).toEqual([
      [1, undefined, 3],
      [undefined, null, 6],
    ]);
  });

  it('stacks series (normal and percent) and fills between them', () => {
    const normal = build({ type: 'timeseries', fieldConfig: { defaults: { custom: { stacking: { mode: 'normal' } } }, overrides: [] } });
    expect(normal.plotted.slice(1)).toEqual([
      [1, 2, 3],
      [5, null, 9],
    ]);
    expect(normal.bands).toEqual([[2, 1]]);
    const percent = build({ type: 'timeseries', fieldConfig: { defaults: { custom: { stacking: { mode: 'percent' } } }, overrides: [] } });
    expect(percent.plotted[1]).toEqual([0.2, 1, 1 / 3]);
    expect(percent.plotted[2]![0]).toBeCloseTo(1);
    expect(percent.scales[0]).toMatchObject({ unit: 'percentunit', min: 0, max: 1 });
  });

  it('names and colours series from Grafana’s classic palette unless a colour is fixed', () => {
    const graph = build({
      type: 'timeseries',
      fieldConfig: {
        defaults: {},
        overrides: [
          { matcher: { id: 'byName', options: 'b' }, properties: [{ id: 'color', value: { mode: 'fixed', fixedColor: 'purple' } }] },
        ],
      },
    });
    expect(graph.series.map((s) => [s.label, s.color])).toEqual([
      ['a', '#7EB26D'],
      ['b', '#B877D9'],
    ]);
  });

  it('puts each unit on its own axis, right-hand when asked', () => {
    const graph = build({
      type: 'timeseries',
      fieldConfig: {
        defaults: { unit: 'ms' },
        overrides: [
          {
            matcher: { id: 'byName', options: 'b' },
            properties: [
              { id: 'unit', value: 'bytes' },
              { id: 'custom.axisPlacement', value: 'right' },
            ],
          },
        ],
      },
    });
    expect(graph.scales.map((s) => [s.unit, s.placement])).toEqual([
      ['ms', 'left'],
      ['bytes', 'right'],
    ]);
    expect(graph.scales[1]!.format(2048)).toBe('2 KiB');
  });

  it('builds N series × M points for benchmarks', () => {
    const data = benchUplotData(20, 1000, 10_000_000);
    expect(data).toHaveLength(21);
    expect(data[0]).toHaveLength(1000);
    expect(data[20]!.every((v) => typeof v === 'number')).toBe(true);
  });
});

describe('uPlot options', () => {
  it('draws bars, points and filled lines with the panel’s widths', () => {
    const o = options({
      type: 'timeseries',
      fieldConfig: {
        defaults: { custom: { lineWidth: 3, fillOpacity: 25 } },
        overrides: [
          {
            matcher: { id: 'byName', options: 'b' },
            properties: [
              { id: 'custom.drawStyle', value: 'points' },
              { id: 'custom.pointSize', value: 9 },
            ],
          },
        ],
      },
    });
    const [, a, b] = o.series;
    expect(a).toMatchObject({ label: 'a', width: 3, fill: 'rgba(126, 178, 109, 0.25)', stroke: '#7EB26D' });
    expect(b).toMatchObject({ label: 'b', width: 0, points: { show: true, size: 9 } });
    // The dashboard's graphTooltip 0: this graph's crosshair is its own.
    expect(o.cursor?.sync).toBeUndefined();
    expect(o.cursor?.drag).toMatchObject({ x: true, setScale: false });
    expect(o.ms).toBe(1);
  });

  it('shares the crosshair with the other graphs when the dashboard says so (graphTooltip 1 or 2)', () => {
    const o = buildUplotOptions(build({ type: 'timeseries' }), {
      width: 400,
      height: 200,
      scheme: 'light',
      getTimeRange: () => ({ from: 0, to: 4000 }),
      pxRatio: 1,
      syncCursor: true,
    });
    expect(o.cursor?.sync?.key).toBe(CURSOR_SYNC_KEY);
  });

  it('hides an axis placed "hidden" and formats axis ticks in the unit', () => {
    const o = options({
      type: 'timeseries',
      fieldConfig: { defaults: { unit: 'percent', custom: { axisPlacement: 'hidden' } }, overrides: [] },
    });
    expect(o.axes?.[1]).toMatchObject({ show: false });
    const values = o.axes?.[1]?.values as (u: unknown, splits: number[]) => string[];
    expect(values(null, [0, 50])).toEqual(['0%', '50%']);
  });

  it('widens the y range to soft limits and replaces it with hard ones', () => {
    expect(yRange(10, 20, { softMin: 0, softMax: 100 })).toEqual([0, 100]);
    expect(yRange(10, 20, {})[0]).toBeCloseTo(9);
    expect(yRange(10, 20, { min: 5, max: 50 })).toEqual([5, 50]);
    expect(yRange(null, null, {})).toEqual([0, 1]);
    expect(yRange(5, 5, {})).toEqual([4.5, 5.5]);
  });
});

describe('tooltip, legend and annotations', () => {
  const graph = build({ type: 'timeseries', fieldConfig: { defaults: { unit: 'short' }, overrides: [] } });

  it('shows every series in multi mode (sorted when asked) and the nearest one in single mode', () => {
    expect(tooltipRows(graph, 0, 'multi', { sort: 'desc' }).map((r) => [r.label, r.value])).toEqual([
      ['b', '4'],
      ['a', '1'],
    ]);
    const nearest = tooltipRows(graph, 2, 'single', { nearestTo: 45, valToPos: (v) => 100 - v * 10 });
    expect(nearest.map((r) => r.label)).toEqual(['b']);
    expect(tooltipRows(graph, 1, 'multi').map((r) => r.label)).toEqual(['a']);
  });

  it('computes legend calcs and reads legend options', () => {
    expect(legendValues(graph.series[1]!, ['mean', 'max', 'lastNotNull'])).toEqual({ mean: '5', max: '6', lastNotNull: '6' });
    expect(legendOptionsOf({ legend: { showLegend: false } }).displayMode).toBe('hidden');
    expect(legendOptionsOf({ legend: { displayMode: 'table', placement: 'right', calcs: ['max'] } })).toEqual({
      displayMode: 'table',
      placement: 'right',
      calcs: ['max'],
    });
  });

  it('describes an annotation with its text, tags and author', () => {
    expect(
      describeAnnotation(
        { id: 1, time: Date.UTC(2024, 0, 1), timeEnd: Date.UTC(2024, 0, 1, 1), text: 'Deploy', tags: ['ci', 'prod'], author: 'admin' },
        'utc',
      ),
    ).toBe('Annotation at 2024-01-01 00:00:00 to 2024-01-01 01:00:00: Deploy, tags: ci, prod, by admin');
  });
});

describe('graph styles real dashboards use', () => {
  it('sorts the legend by a calc, as legend.sortBy saves it', () => {
    const graph = build({ type: 'timeseries' });
    const items = graph.series.map((s, index) => ({ s, index }));
    expect(
      sortLegend(items, { displayMode: 'table', placement: 'bottom', calcs: ['max'], sortBy: 'Max', sortDesc: true }).map((i) => i.s.label),
    ).toEqual(['b', 'a']);
    expect(
      sortLegend(items, { displayMode: 'list', placement: 'bottom', calcs: [], sortBy: 'Name', sortDesc: true }).map((i) => i.s.label),
    ).toEqual(['b', 'a']);
  });

  it('fills with a fading gradient when gradientMode is opacity', () => {
    const o = options({
      type: 'timeseries',
      fieldConfig: { defaults: { custom: { fillOpacity: 20, gradientMode: 'opacity' } }, overrides: [] },
    });
    expect(typeof o.series[1]!.fill).toBe('function');
  });

  it('keeps the thresholds a graph draws, as bands in the scale', () => {
    const graph = build({
      type: 'timeseries',
      fieldConfig: {
        defaults: {
          custom: { thresholdsStyle: { mode: 'line+area' } },
          thresholds: {
            mode: 'percentage',
            steps: [
              { value: null, color: 'green' },
              { value: 80, color: 'red' },
            ],
          },
        },
        overrides: [],
      },
    });
    expect(graph.thresholds).toMatchObject({ style: 'line+area', mode: 'percentage' });
    expect(thresholdBandsIn(graph.thresholds!, 0, 10)).toEqual([
      { from: 0, to: 8, color: '#73BF69' },
      { from: 8, to: 10, color: '#F2495C' },
    ]);
  });

  it('uses log scales in whole powers of the base', () => {
    const o = options({
      type: 'timeseries',
      fieldConfig: { defaults: { custom: { scaleDistribution: { type: 'log', log: 2 } } }, overrides: [] },
    });
    expect(Object.values(o.scales!).some((s) => s.distr === 3 && s.log === 2)).toBe(true);
    expect(logRange(3, 900, 10, {})).toEqual([1, 1000]);
    expect(logRange(null, null, 2, {})).toEqual([1, 2]);
  });
});

describe('gaps, centred axes and old graphs', () => {
  it('joins gaps shorter than a numeric spanNulls and keeps longer ones', () => {
    expect(spanShortGaps([0, 10, 20, 30, 100, 200], [1, null, 2, 3, null, 4], 50)).toEqual([1, undefined, 2, 3, null, 4]);
  });
  it('centres an axis on zero when asked', () => {
    expect(yRange(-2, 10, { centeredZero: true })).toEqual([-11.2, 11.2]);
  });
  it('turns an old graph’s threshold lines and log axis into today’s settings', () => {
    const graph = build(
      migratePanel({
        type: 'graph',
        thresholds: [{ value: 80, op: 'gt', colorMode: 'critical', fill: true, line: true }],
        yaxes: [{ logBase: 2 }, {}],
      }),
    );
    expect(graph.thresholds).toMatchObject({ style: 'line+area', steps: [{ color: 'rgba(0,0,0,0)' }, { value: 80, color: '#F2495C' }] });
    expect(graph.scales[0]!.logBase).toBe(2);
  });
});

describe('SQL long frames', () => {
  it('pivots rows of time, metric, value into one series per metric', () => {
    const long = tableFrame([
      { name: 'time', type: 'time', values: [1000, 1000, 2000, 2000] },
      { name: 'metric', values: ['cpu', 'mem', 'cpu', 'mem'] },
      { name: 'value', values: [1, 10, 2, 20] },
    ]);
    const graph = buildGraphData({ type: 'timeseries' }, decodeFrames([long]));
    expect(graph.times).toEqual([1000, 2000]);
    expect(graph.series.map((s) => [s.label, s.values])).toEqual([
      ['cpu', [1, 2]],
      ['mem', [10, 20]],
    ]);
  });
});
