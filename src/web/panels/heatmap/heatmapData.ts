import { parseDurationOrMs } from '../../../contract/durations';
import type { Panel } from '../layout';
import { prepareFields, type DisplayField, type PreparedFrame } from '../fieldDisplay';
import { asNumber, type PanelFrame } from '../frames';
import { formattedToString, formatValue } from '../valueFormats';
import { heatmapColorOptionsOf, type HeatmapColorOptions } from './palettes';

/**
 * Grafana's heatmap data: either rows of buckets the data source counted (a `heatmap-rows`
 * frame, Prometheus's `format: heatmap`, or one series per bucket), or — with `calculate` —
 * buckets counted here from raw values (`calculateHeatmapFromData`): an x interval per column,
 * a y range per row, and how many values fell into each cell.
 */

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const finite = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export type CellLayout = 'le' | 'ge' | 'unknown';

export interface HeatmapPanelOptions {
  calculate: boolean;
  xBuckets: { mode?: 'size' | 'count'; value?: string };
  yBuckets: { mode?: 'size' | 'count'; value?: string; log?: 2 | 10 };
  layout: 'auto' | CellLayout;
  cellGap: number;
  color: HeatmapColorOptions;
  /** Counts at or below `le` (or at or above `ge`) are not drawn; Grafana hides zeros so by default. */
  filterValues: { le?: number; ge?: number };
  legend: boolean;
  tooltip: boolean;
  yAxis: { hidden: boolean; reverse: boolean; unit?: string; decimals?: number; placement: 'left' | 'right' };
  cellValues: { unit?: string; decimals?: number };
  showValue: 'auto' | 'never' | 'always';
  valueName?: string;
}

export function heatmapOptionsOf(options: unknown): HeatmapPanelOptions {
  const o = obj(options);
  const calculation = obj(o.calculation);
  const xBuckets = obj(calculation.xBuckets);
  const yBuckets = obj(calculation.yBuckets);
  const scale = obj(yBuckets.scale);
  const rowsFrame = obj(o.rowsFrame);
  const filter = isObject(o.filterValues) ? o.filterValues : { le: 1e-9 };
  const yAxis = obj(o.yAxis);
  const cellValues = obj(o.cellValues);
  const mode = (v: unknown) => (v === 'size' || v === 'count' ? v : undefined);
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);
  return {
    calculate: o.calculate === true,
    xBuckets: { mode: mode(xBuckets.mode), value: text(xBuckets.value) },
    yBuckets: {
      mode: mode(yBuckets.mode),
      value: text(yBuckets.value),
      log: scale.type === 'log' ? (scale.log === 2 ? 2 : 10) : undefined,
    },
    layout: rowsFrame.layout === 'le' || rowsFrame.layout === 'ge' || rowsFrame.layout === 'unknown' ? rowsFrame.layout : 'auto',
    cellGap: Math.max(0, Math.min(25, finite(o.cellGap) ?? 1)),
    color: heatmapColorOptionsOf(o.color),
    filterValues: { le: finite(filter.le), ge: finite(filter.ge) },
    legend: obj(o.legend).show !== false,
    tooltip: obj(o.tooltip).mode !== 'none' && obj(o.tooltip).show !== false,
    yAxis: {
      hidden: yAxis.axisPlacement === 'hidden',
      reverse: yAxis.reverse === true,
      unit: typeof yAxis.unit === 'string' && yAxis.unit ? yAxis.unit : undefined,
      decimals: finite(yAxis.decimals),
      placement: yAxis.axisPlacement === 'right' ? 'right' : 'left',
    },
    cellValues: {
      unit: typeof cellValues.unit === 'string' && cellValues.unit ? cellValues.unit : undefined,
      decimals: finite(cellValues.decimals),
    },
    showValue: o.showValue === 'always' || o.showValue === 'never' ? o.showValue : 'auto',
    valueName: typeof rowsFrame.value === 'string' && rowsFrame.value ? rowsFrame.value : undefined,
  };
}

/** One y bucket, bottom to top. `min`/`max` are its bounds when known (numbers on the y axis). */
export interface HeatmapRow {
  /** The bucket's own name: its bound (`0.5`, `+Inf`), or the series' name. */
  name: string;
  min?: number;
  max?: number;
}

export interface HeatmapModel {
  /** Start of each column's interval (epoch ms), ascending. */
  xs: number[];
  /** Width of a column, ms. */
  xSize: number;
  rows: HeatmapRow[];
  /** counts[x][y]; null where nothing was reported. */
  counts: Array<Array<number | null>>;
  /** How the row names relate to the rows: upper bounds (`le`), lower bounds (`ge`), or neither. */
  layout: CellLayout;
  calculated: boolean;
  valueName: string;
  /** The smallest and largest count, for the colour scale. */
  minCount: number;
  maxCount: number;
  /** A y bound as text, in the axis' unit. */
  formatY(value: number): string;
  /** A count as text, in the cells' unit. */
  formatCount(value: number): string;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Round x bucket widths for counted time buckets (Grafana's `niceTimeIncrs`). */
const NICE_TIME = [
  1,
  2,
  5,
  10,
  20,
  50,
  100,
  200,
  500,
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  4 * HOUR,
  6 * HOUR,
  8 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  3 * DAY,
  4 * DAY,
  5 * DAY,
  6 * DAY,
  7 * DAY,
  14 * DAY,
  30 * DAY,
  60 * DAY,
  90 * DAY,
  180 * DAY,
  365 * DAY,
];
/** Round y bucket heights (1, 2 and 5 times a power of ten, Grafana's `niceLinearIncrs`). */
const NICE_LINEAR = Array.from({ length: 33 }, (_, i) => i - 16).flatMap((exp) => [1, 2, 5].map((m) => Number(`${m}e${exp}`)));

/** The largest round increment not above `approx`, as Grafana's bucket sizing picks it. */
export function niceIncrement(approx: number, increments: number[]): number {
  const above = increments.findIndex((size) => size > approx);
  return increments[Math.max(0, (above === -1 ? increments.length : above) - 1)]!;
}

const roundDown = (v: number, incr: number) => Math.floor(v / incr + 1e-9) * incr;
/** Removes float noise from bucket bounds (0.30000000000000004 → 0.3). */
const clean = (v: number) => Number(v.toPrecision(12));

/** A bucket bound from its name: `0.5` → 0.5, `+Inf` → Infinity; undefined when not a number. */
export function boundOf(name: string): number | undefined {
  if (/^\+?inf(inity)?$/i.test(name.trim())) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(name.trim())) return Number.NEGATIVE_INFINITY;
  const n = Number(name);
  return name.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

interface Sample {
  x: number;
  y: number;
}

/**
 * Counts raw values into a grid: x buckets of a round width (20 columns unless the panel sets a
 * size or count), y buckets of a round height (10 rows unless set), or log-2/log-10 rows.
 */
export function calculateHeatmap(
  samples: Sample[],
  options: Pick<HeatmapPanelOptions, 'xBuckets' | 'yBuckets'>,
): { xs: number[]; xSize: number; rows: HeatmapRow[]; counts: number[][] } {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  const usable = samples.filter((s) => Number.isFinite(s.x) && Number.isFinite(s.y) && (!options.yBuckets.log || s.y > 0));
  for (const { x, y } of usable) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  if (!usable.length) return { xs: [], xSize: 1, rows: [], counts: [] };

  let xSize = options.xBuckets.mode !== 'count' ? (parseDurationOrMs(options.xBuckets.value) ?? 0) : 0;
  if (!(xSize > 0)) {
    const count = options.xBuckets.mode === 'count' ? Number(options.xBuckets.value) || 20 : 20;
    xSize = niceIncrement((maxX - minX) / Math.max(count - 1, 1), NICE_TIME);
  }

  const log = options.yBuckets.log;
  let ySize: number;
  let binY: (v: number) => number;
  if (log) {
    // Each power of the base split into `value` rows (1 unless the panel says).
    const split = Number(options.yBuckets.value) > 0 ? Number(options.yBuckets.value) : 1;
    ySize = 1 / split;
    const logOf = log === 2 ? Math.log2 : Math.log10;
    binY = (v) => roundDown(logOf(v), ySize);
  } else {
    ySize = options.yBuckets.mode !== 'count' ? Number(options.yBuckets.value) || 0 : 0;
    if (!(ySize > 0)) {
      const count = options.yBuckets.mode === 'count' ? Number(options.yBuckets.value) || 10 : 10;
      ySize = niceIncrement((maxY - minY) / Math.max(count - 1, 1), NICE_LINEAR);
    }
    binY = (v) => roundDown(v, ySize);
  }

  const firstX = roundDown(minX, xSize);
  const firstY = binY(minY);
  const columns = Math.min(5000, Math.round((roundDown(maxX, xSize) - firstX) / xSize) + 1);
  const rowCount = Math.min(1000, Math.round((binY(maxY) - firstY) / ySize) + 1);
  const counts = Array.from({ length: columns }, () => new Array<number>(rowCount).fill(0));
  for (const { x, y } of usable) {
    const xi = Math.round((roundDown(x, xSize) - firstX) / xSize);
    const yi = Math.round((binY(y) - firstY) / ySize);
    if (xi >= 0 && xi < columns && yi >= 0 && yi < rowCount) counts[xi]![yi]!++;
  }
  const rows: HeatmapRow[] = Array.from({ length: rowCount }, (_, i) => {
    const low = firstY + i * ySize;
    const min = clean(log ? Math.pow(log, low) : low);
    const max = clean(log ? Math.pow(log, low + ySize) : low + ySize);
    return { name: String(min), min, max };
  });
  return { xs: Array.from({ length: columns }, (_, i) => firstX + i * xSize), xSize, rows, counts };
}

/** The usual distance between consecutive times: the field's `interval`, else the smallest gap. */
function columnWidth(times: number[], interval: unknown): number {
  const given = finite(interval);
  if (given && given > 0) return given;
  let smallest = Infinity;
  for (let i = 1; i < times.length; i++) {
    const gap = times[i]! - times[i - 1]!;
    if (gap > 0 && gap < smallest) smallest = gap;
  }
  return Number.isFinite(smallest) ? smallest : 1000;
}

/** Bucket rows from frames the data source counted: each number field one row, bottom to top. */
function rowsFromFrames(frames: PreparedFrame[], layoutOption: HeatmapPanelOptions['layout']) {
  let source = frames.filter((f) => f.fields.some((x) => x.type === 'time') && f.fields.some((x) => x.type === 'number'));
  // Series named by bucket bounds (`legendFormat: {{le}}` without the heatmap format) go in bound order.
  if (source.length > 1 && source.every((f) => f.fields.filter((x) => x.type === 'number').length === 1)) {
    const bound = (f: PreparedFrame) => {
      const field = f.fields.find((x) => x.type === 'number')!;
      return boundOf(field.labels?.le ?? field.displayName);
    };
    if (source.every((f) => bound(f) !== undefined)) source = [...source].sort((a, b) => bound(a)! - bound(b)!);
  }
  const timeSet = new Set<number>();
  const columns: Array<{ field: DisplayField; byTime: Map<number, number | null> }> = [];
  let interval: unknown;
  for (const frame of source) {
    const time = frame.fields.find((x) => x.type === 'time')!;
    interval ??= time.config.interval;
    const times = time.values.map((v) => asNumber(v));
    for (const t of times) if (t !== null) timeSet.add(t);
    for (const field of frame.fields.filter((x) => x.type === 'number' && x.config.custom?.hidden !== true)) {
      const byTime = new Map<number, number | null>();
      times.forEach((t, i) => t !== null && byTime.set(t, asNumber(field.values[i])));
      columns.push({ field, byTime });
    }
  }
  const times = [...timeSet].sort((a, b) => a - b);
  const hasLe = columns.some((c) => c.field.labels?.le !== undefined);
  const layout: CellLayout = layoutOption === 'auto' ? (hasLe ? 'le' : 'unknown') : layoutOption;
  const bounds = columns.map((c) => boundOf(c.field.labels?.le ?? c.field.displayName));
  const rows: HeatmapRow[] = columns.map((c, i) => {
    const name = c.field.labels?.le ?? c.field.displayName;
    const own = bounds[i];
    if (layout === 'le') return { name, min: i === 0 ? (own !== undefined && own > 0 ? 0 : undefined) : bounds[i - 1], max: own };
    if (layout === 'ge') return { name, min: own, max: bounds[i + 1] ?? Number.POSITIVE_INFINITY };
    return { name };
  });
  const counts = times.map((t) => columns.map((c) => c.byTime.get(t) ?? null));
  const xSize = columnWidth(times, interval);
  // A row's time is the end of the interval it counts (Grafana's `xMax`).
  return { xs: times.map((t) => t - xSize), xSize, rows, counts, layout, unitField: columns[0]?.field };
}

/** The heatmap of the panel's frames. */
export function heatmapData(panel: Panel, frames: PanelFrame[], replaceVariables?: (t: string) => string): HeatmapModel {
  const options = heatmapOptionsOf(panel.options);
  const prepared = prepareFields(panel, frames, { replaceVariables });
  const numbers = prepared.flatMap((f) => f.fields).filter((x) => x.type === 'number' && x.config.custom?.hidden !== true);
  const fieldUnit = numbers.find((x) => x.config.unit)?.config;
  let model: Omit<HeatmapModel, 'minCount' | 'maxCount' | 'formatY' | 'formatCount'>;
  let yUnit = options.yAxis.unit;
  let yDecimals = options.yAxis.decimals;
  if (options.calculate) {
    const samples: Sample[] = [];
    for (const frame of prepared) {
      const time = frame.fields.find((x) => x.type === 'time');
      if (!time) continue;
      for (const field of frame.fields) {
        if (field.type !== 'number' || field.config.custom?.hidden === true) continue;
        field.values.forEach((v, i) => {
          const x = asNumber(time.values[i]);
          const y = asNumber(v);
          if (x !== null && y !== null) samples.push({ x, y });
        });
      }
    }
    const grid = calculateHeatmap(samples, options);
    model = { ...grid, layout: 'ge', calculated: true, valueName: 'Count' };
    // The values keep their unit on the y axis.
    yUnit ??= fieldUnit?.unit;
    yDecimals ??= finite(fieldUnit?.decimals);
  } else {
    const rows = rowsFromFrames(prepared, options.layout);
    model = {
      xs: rows.xs,
      xSize: rows.xSize,
      rows: rows.rows,
      counts: rows.counts,
      layout: rows.layout,
      calculated: false,
      valueName: options.valueName ?? 'Value',
    };
  }
  let minCount = Infinity;
  let maxCount = -Infinity;
  for (const column of model.counts) {
    for (const v of column) {
      if (v === null || !Number.isFinite(v)) continue;
      if (v < minCount) minCount = v;
      if (v > maxCount) maxCount = v;
    }
  }
  if (!Number.isFinite(minCount)) [minCount, maxCount] = [0, 0];
  const countUnit = options.cellValues.unit ?? (options.calculate ? 'short' : (fieldUnit?.unit ?? 'short'));
  const countDecimals = options.cellValues.decimals ?? (options.calculate ? 0 : finite(fieldUnit?.decimals));
  return {
    ...model,
    minCount: options.color.min ?? minCount,
    maxCount: options.color.max ?? maxCount,
    formatY: (v) => {
      if (v === Number.POSITIVE_INFINITY) return '+Inf';
      if (v === Number.NEGATIVE_INFINITY) return '-Inf';
      // Buckets counted by the source keep their own names unless the axis sets a unit (Grafana's yOrdinalDisplay).
      if (!options.calculate && yUnit === undefined && yDecimals === undefined) return String(v);
      return formattedToString(formatValue(v, yUnit ?? 'short', yDecimals));
    },
    formatCount: (v) => formattedToString(formatValue(v, countUnit, countDecimals)),
  };
}

/** Whether a count is drawn: Grafana leaves cells at or below `filterValues.le` (zero, by default) empty. */
export function cellShown(value: number | null, filter: HeatmapPanelOptions['filterValues']): value is number {
  if (value === null || !Number.isFinite(value)) return false;
  if (filter.le !== undefined && value <= filter.le) return false;
  if (filter.ge !== undefined && value >= filter.ge) return false;
  return true;
}

/** A row's range as text: "0.1 – 0.25" (bounds known) or its name. */
export function rowRangeText(model: Pick<HeatmapModel, 'formatY'>, row: HeatmapRow): string {
  if (row.min === undefined && row.max === undefined) return row.name;
  const low = row.min === undefined ? '' : model.formatY(row.min);
  const high = row.max === undefined ? '' : model.formatY(row.max);
  return `${low} – ${high}`;
}
