import type { Panel } from '../layout';
import { displayText, getDisplayProcessor, prepareFields, seriesColor, type Scheme } from '../fieldDisplay';
import { asNumber, type PanelFrame } from '../frames';
import { niceStep } from '../svgChart';

/** Grafana's histogram: buckets computed from every value of the numeric fields, or read from `xMin`/`xMax` frames. */

export interface HistogramOptions {
  bucketCount: number;
  bucketSize?: number;
  bucketOffset: number;
  combine: boolean;
}

export interface HistogramSeries {
  key: string;
  name: string;
  color: string;
  counts: number[];
}

export interface Histogram {
  /** Bucket bounds, lower inclusive, upper exclusive. */
  buckets: Array<{ min: number; max: number }>;
  series: HistogramSeries[];
  /** Formats a bucket bound in the data's unit. */
  formatX(value: number): string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const positive = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

export function histogramOptionsOf(options: unknown): HistogramOptions {
  const o = isObject(options) ? options : {};
  return {
    bucketCount: Math.min(500, Math.round(positive(o.bucketCount) ?? 30)),
    bucketSize: positive(o.bucketSize),
    bucketOffset: typeof o.bucketOffset === 'number' && Number.isFinite(o.bucketOffset) ? o.bucketOffset : 0,
    combine: o.combine === true,
  };
}

/** The bucket width when the panel sets none: the range over `bucketCount`, rounded up to a round number. */
export function autoBucketSize(min: number, max: number, count: number): number {
  if (!(max > min)) return 1;
  return niceStep((max - min) / count);
}

const PALETTE_DEFAULT = { color: { mode: 'palette-classic' } };

/** Buckets and counts for the panel's frames. */
export function histogramData(
  panel: Panel,
  frames: PanelFrame[],
  options: { scheme?: Scheme; replaceVariables?: (t: string) => string } = {},
): Histogram {
  const scheme = options.scheme ?? 'dark';
  const o = histogramOptionsOf(panel.options);
  const prepared = prepareFields(panel, frames, { replaceVariables: options.replaceVariables, defaults: PALETTE_DEFAULT });
  const numeric = prepared.flatMap((f) => f.fields).filter((f) => f.type === 'number' && f.config.custom?.hidden !== true);
  const formatterOf = (field: (typeof numeric)[number] | undefined) => {
    if (!field) return (v: number) => String(v);
    const process = getDisplayProcessor({ ...field, config: { ...field.config, mappings: [] } }, { scheme });
    return (v: number) => displayText(process(v));
  };

  // Already bucketed (Grafana's own histogram frames, or a SQL query shaped that way).
  const bucketed = prepared.find((f) => f.fields.some((x) => x.name === 'xMin') && f.fields.some((x) => x.name === 'xMax'));
  if (bucketed) {
    const xMin = bucketed.fields.find((x) => x.name === 'xMin')!;
    const xMax = bucketed.fields.find((x) => x.name === 'xMax')!;
    const buckets = xMin.values.map((v, i) => ({ min: asNumber(v) ?? 0, max: asNumber(xMax.values[i]) ?? 0 }));
    const counts = bucketed.fields.filter((x) => x !== xMin && x !== xMax && x.type === 'number');
    return {
      buckets,
      series: counts.map((field, i) => ({
        key: `${i}`,
        name: field.displayName,
        color: seriesColor(field, scheme),
        counts: field.values.map((v) => asNumber(v) ?? 0),
      })),
      formatX: formatterOf(xMin),
    };
  }

  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  const valuesOf = numeric.map((field) =>
    field.values.map((v) => asNumber(v)).filter((n): n is number => n !== null && Number.isFinite(n)),
  );
  for (const list of valuesOf) {
    for (const n of list) {
      if (n < min) min = n;
      if (n > max) max = n;
    }
  }
  if (!Number.isFinite(min)) return { buckets: [], series: [], formatX: formatterOf(numeric[0]) };
  const size = o.bucketSize ?? autoBucketSize(min, max, o.bucketCount);
  const bucketOf = (n: number) => Math.floor((n - o.bucketOffset) / size);
  const first = bucketOf(min);
  // The maximum lands in a bucket of its own when it sits on a boundary, as in Grafana.
  const last = bucketOf(max);
  const count = Math.min(10_000, last - first + 1);
  const buckets = Array.from({ length: count }, (_, i) => {
    const lower = (first + i) * size + o.bucketOffset;
    return { min: lower, max: lower + size };
  });
  const countValues = (list: number[]) => {
    const counts = new Array<number>(count).fill(0);
    for (const n of list) {
      const i = bucketOf(n) - first;
      if (i >= 0 && i < count) counts[i]!++;
    }
    return counts;
  };
  const series: HistogramSeries[] = o.combine
    ? [{ key: 'all', name: 'Count', color: numeric[0] ? seriesColor(numeric[0], scheme) : '#7EB26D', counts: countValues(valuesOf.flat()) }]
    : numeric.map((field, i) => ({
        key: `${i}`,
        name: field.displayName,
        color: seriesColor(field, scheme),
        counts: countValues(valuesOf[i]!),
      }));
  return { buckets, series, formatX: formatterOf(numeric[0]) };
}
