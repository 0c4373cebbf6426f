import type { DataFrame } from '../../contract/query';
import { decodeFrames } from './frames';
import { buildGraphData, type Point } from './timeseries/graphData';

/**
 * Frames in the wire shape `/api/ds/query` answers with, for component tests and benchmarks.
 * Built from the contract's types, so a change in the contract shows up here first.
 */

/** One Prometheus-style series: a Time field and a Value field with labels. */
export function seriesFrame(options: {
  refId?: string;
  times: number[];
  values: Array<number | null>;
  labels?: Record<string, string>;
  displayNameFromDS?: string;
  name?: string;
  unit?: string;
}): DataFrame {
  return {
    schema: {
      refId: options.refId ?? 'A',
      name: options.name,
      meta: { type: 'timeseries-multi', typeVersion: [0, 1] },
      fields: [
        { name: 'Time', type: 'time', typeInfo: { frame: 'time.Time' } },
        {
          name: 'Value',
          type: 'number',
          typeInfo: { frame: 'float64', nullable: true },
          labels: options.labels,
          config: {
            ...(options.displayNameFromDS ? { displayNameFromDS: options.displayNameFromDS } : {}),
            ...(options.unit ? { unit: options.unit } : {}),
          },
        },
      ],
    },
    data: { values: [options.times, options.values] },
  };
}

/** A table: named columns of values (types guessed from the first value unless given). */
export function tableFrame(
  columns: Array<{ name: string; values: unknown[]; type?: string; labels?: Record<string, string> }>,
  refId = 'A',
  name?: string,
): DataFrame {
  return {
    schema: {
      refId,
      name,
      fields: columns.map((c) => ({
        name: c.name,
        type:
          c.type ??
          (typeof c.values.find((v) => v !== null) === 'number'
            ? 'number'
            : typeof c.values.find((v) => v !== null) === 'boolean'
              ? 'boolean'
              : 'string'),
        labels: c.labels,
      })),
    },
    data: { values: columns.map((c) => c.values) },
  };
}

/**
 * `series` frames of `points` points each over the hour before `end`, deterministic: what a
 * benchmark feeds `<PanelRenderer>` to measure drawing and panning (20 × 1,000 is the budget case).
 */
export function benchFrames(series: number, points: number, end = Date.now()): DataFrame[] {
  const step = Math.max(1, Math.floor(3_600_000 / Math.max(1, points)));
  const times = Array.from({ length: points }, (_, i) => end - (points - 1 - i) * step);
  return Array.from({ length: series }, (_, s) =>
    seriesFrame({
      times,
      values: times.map((_, i) => Math.round((Math.sin(i / 25 + s) * 10 + s * 3 + ((i * 7919 + s * 104729) % 100) / 100) * 1000) / 1000),
      labels: { __name__: 'bench_metric', series: String(s) },
    }),
  );
}

/** The same as uPlot's aligned data (`[times, ...series]`), built the way the time series panel builds it. */
export function benchUplotData(series: number, points: number, end = Date.now()): Point[][] {
  return buildGraphData({ type: 'timeseries' }, decodeFrames(benchFrames(series, points, end))).plotted;
}
