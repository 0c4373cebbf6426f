import { describe, expect, it } from 'vitest';
import type uPlot from 'uplot';
import type { Panel } from '../layout';
import { decodeFrames } from '../frames';
import { seriesFrame } from '../testing';
import { buildGraphData } from './graphData';
import { tooltipRows } from './overlays';
import { dataRangeOn, gradientValueStops, scaleGradientStops, type SchemeGradient, type ValueStop } from './scaleGradient';
import { buildUplotOptions } from './uplotOptions';

// A 0–100 scale drawn over 200 px: 0 at the bottom (y 200), 100 at the top (y 0).
const valToPos = (v: number) => 200 - v * 2;
const GREEN = '#73BF69';
const YELLOW = '#FADE2A';
const RED = '#F2495C';
const steps: ValueStop[] = [
  [Number.NEGATIVE_INFINITY, GREEN],
  [50, YELLOW],
  [80, RED],
];

describe('scheme gradient stops (Grafana scaleGradient)', () => {
  it('changes colour in hard steps at each threshold on the scale', () => {
    expect(scaleGradientStops(steps, 0, 100, valToPos, true)).toEqual({
      y0: 200,
      y1: 40,
      stops: [
        [0, GREEN],
        [0.625, GREEN],
        [0.625, YELLOW],
        [1, YELLOW],
        [1, RED],
      ],
    });
  });

  it('runs smoothly between the colours of a scheme', () => {
    const scheme: ValueStop[] = [
      [0, GREEN],
      [50, YELLOW],
      [100, RED],
    ];
    expect(scaleGradientStops(scheme, 0, 100, valToPos, false)).toEqual({
      y0: 200,
      y1: 0,
      stops: [
        [0, GREEN],
        [0.5, YELLOW],
        [1, RED],
      ],
    });
  });

  it('leaves out the steps beyond the scale, and is one colour when only one step shows (the last, above every value)', () => {
    // Scale 60–70: only yellow (at or below the minimum) shows up to red (the first step at or above the maximum).
    const narrow = (v: number) => 200 - (v - 60) * 20;
    expect(scaleGradientStops(steps, 60, 70, narrow, true)).toMatchObject({ y0: 400, y1: -200 });
    // Scale 0–40: green up to the next step at 50, above the plot.
    expect(scaleGradientStops(steps, 0, 40, valToPos, true)).toEqual({
      y0: 200,
      y1: 100,
      stops: [
        [0, GREEN],
        [1, GREEN],
        [1, YELLOW],
      ],
    });
    expect(scaleGradientStops(steps, 85, 95, valToPos, true)).toBe(RED);
  });

  it('places percentage thresholds and scheme colours on the field’s range, at the fill’s opacity', () => {
    const percentage: SchemeGradient = { kind: 'thresholds', mode: 'percentage', steps, hardMin: 0, hardMax: 200 };
    expect(gradientValueStops(percentage, 1, () => [0, 1]).map(([v]) => v)).toEqual([Number.NEGATIVE_INFINITY, 100, 160]);
    // Without min/max, the range is the data's.
    const fromData: SchemeGradient = { kind: 'thresholds', mode: 'percentage', steps };
    expect(gradientValueStops(fromData, 1, () => [10, 20]).map(([v]) => v)).toEqual([Number.NEGATIVE_INFINITY, 15, 18]);
    const scheme: SchemeGradient = {
      kind: 'scheme',
      mode: 'absolute',
      steps: [
        [0, GREEN],
        [0, YELLOW],
        [0, RED],
      ],
      softMax: 10,
    };
    expect(gradientValueStops(scheme, 0.5, () => [2, 4])).toEqual([
      [2, 'rgba(115, 191, 105, 0.5)'],
      [6, 'rgba(250, 222, 42, 0.5)'],
      [10, 'rgba(242, 73, 92, 0.5)'],
    ]);
  });

  it('reads the data range from the shown series of the scale', () => {
    const u = {
      series: [{}, { scale: 'y', show: true }, { scale: 'y', show: false }, { scale: 'z', show: true }],
      data: [
        [1, 2],
        [3, 9],
        [100, -100],
        [50, 60],
      ],
      scales: { y: { min: 0, max: 10 } },
    } as unknown as uPlot;
    expect(dataRangeOn(u, 'y')).toEqual([3, 9]);
  });
});

const panel = (color: Record<string, unknown>, custom: Record<string, unknown> = {}): Panel => ({
  type: 'timeseries',
  fieldConfig: {
    defaults: {
      color,
      custom,
      thresholds: {
        mode: 'absolute',
        steps: [
          { value: null, color: 'green' },
          { value: 50, color: 'yellow' },
        ],
      },
    },
    overrides: [],
  },
});
const graphOf = (p: Panel) =>
  buildGraphData(p, decodeFrames([seriesFrame({ times: [1000, 2000, 3000], values: [10, 70, 60], displayNameFromDS: 'a' })]), {
    scheme: 'dark',
  });

describe('time series colours by value', () => {
  it('colours a thresholds series by its last value (legend and line), and each tooltip value by its own step', () => {
    const graph = graphOf(panel({ mode: 'thresholds' }));
    expect(graph.series[0]!.color).toBe(YELLOW);
    expect(graph.series[0]!.gradient).toBeUndefined();
    expect(tooltipRows(graph, 0, 'multi')[0]!.color).toBe(GREEN);
    expect(tooltipRows(graph, 1, 'multi')[0]!.color).toBe(YELLOW);
    expect(graphOf(panel({ mode: 'thresholds', seriesBy: 'min' })).series[0]!.color).toBe(GREEN);
  });

  it('draws the line and fill of a scheme gradient along the scale, and keeps fixed colours whole', () => {
    const graph = graphOf(panel({ mode: 'thresholds' }, { gradientMode: 'scheme', fillOpacity: 20 }));
    expect(graph.series[0]!.gradient).toEqual({
      kind: 'thresholds',
      mode: 'absolute',
      steps: [
        [Number.NEGATIVE_INFINITY, GREEN],
        [50, YELLOW],
      ],
      hardMin: undefined,
      hardMax: undefined,
      softMin: undefined,
      softMax: undefined,
    });
    const opts = buildUplotOptions(graph, { width: 400, height: 200, scheme: 'dark', getTimeRange: () => ({ from: 0, to: 4000 }) });
    expect(typeof opts.series[1]!.stroke).toBe('function');
    expect(typeof opts.series[1]!.fill).toBe('function');
    expect(graphOf(panel({ mode: 'continuous-GrYlRd' }, { gradientMode: 'scheme' })).series[0]!.gradient?.kind).toBe('scheme');
    const fixed = graphOf(panel({ mode: 'fixed', fixedColor: 'red' }, { gradientMode: 'scheme', fillOpacity: 20 }));
    expect(fixed.series[0]!.gradient).toBeUndefined();
    const fixedOpts = buildUplotOptions(fixed, { width: 400, height: 200, scheme: 'dark', getTimeRange: () => ({ from: 0, to: 4000 }) });
    expect(fixedOpts.series[1]!.stroke).toBe(RED);
    expect(fixedOpts.series[1]!.fill).toBe('rgba(242, 73, 92, 0.2)');
  });
});
