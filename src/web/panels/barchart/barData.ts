import type { Panel } from '../layout';
import {
  displayText,
  getDisplayProcessor,
  prepareFields,
  seriesColor,
  type DisplayField,
  type PreparedFrame,
  type Scheme,
} from '../fieldDisplay';
import { asNumber, type PanelFrame } from '../frames';
import { timeLabelPattern } from '../svgChart';
import { formatDateTime } from '../valueFormats';

/** Grafana's bar chart: categories from a string (or time, or first) field × one bar per numeric field. */

export interface BarChartOptions {
  orientation: 'auto' | 'horizontal' | 'vertical';
  stacking: 'none' | 'normal' | 'percent';
  groupWidth: number;
  barWidth: number;
  showValue: 'auto' | 'always' | 'never';
  xTickLabelRotation: number;
  xField?: string;
}

export interface BarSeries {
  key: string;
  name: string;
  color: string;
  /** One value per category (null where the category has none). */
  values: Array<number | null>;
  format(value: number): string;
}

export interface BarData {
  categories: string[];
  series: BarSeries[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const clamp01 = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.min(1, Math.max(0, v)) : fallback);

export function barChartOptionsOf(options: unknown): BarChartOptions {
  const o = isObject(options) ? options : {};
  const stacking = o.stacking;
  return {
    orientation: o.orientation === 'horizontal' || o.orientation === 'vertical' ? o.orientation : 'auto',
    stacking: stacking === 'normal' || stacking === 'percent' ? stacking : 'none',
    groupWidth: clamp01(o.groupWidth, 0.7),
    barWidth: clamp01(o.barWidth, 0.97),
    showValue: o.showValue === 'always' || o.showValue === 'never' ? o.showValue : 'auto',
    xTickLabelRotation: typeof o.xTickLabelRotation === 'number' ? Math.max(-90, Math.min(90, o.xTickLabelRotation)) : 0,
    xField: typeof o.xField === 'string' && o.xField ? o.xField : undefined,
  };
}

/** Grafana's bar chart colours series from the palette unless the panel says otherwise. */
const PALETTE_DEFAULT = { color: { mode: 'palette-classic' } };

function xFieldOf(frame: PreparedFrame, wanted?: string): DisplayField | undefined {
  if (wanted) {
    const named = frame.fields.find((f) => f.name === wanted || f.displayName === wanted);
    if (named) return named;
  }
  return frame.fields.find((f) => f.type === 'string') ?? frame.fields.find((f) => f.type === 'time') ?? frame.fields[0];
}

/**
 * Categories and bar series from the panel's frames. Several frames (a Prometheus answer has one
 * per series) are joined on their category value, so `sum by (job)` over time reads as bars per
 * time step, one colour per job.
 */
export function barChartData(
  panel: Panel,
  frames: PanelFrame[],
  options: { scheme?: Scheme; timeZone?: string; replaceVariables?: (t: string) => string } = {},
): BarData {
  const scheme = options.scheme ?? 'dark';
  const prepared = prepareFields(panel, frames, { replaceVariables: options.replaceVariables, defaults: PALETTE_DEFAULT });
  const { xField } = barChartOptionsOf(panel.options);
  const xs = prepared.map((frame) => xFieldOf(frame, xField));
  const times = xs.flatMap((x) => (x?.type === 'time' ? (x.values as Array<number | null>) : [])).filter((t): t is number => t !== null);
  const pattern = timeLabelPattern(times.length ? Math.max(...times) - Math.min(...times) : 0);
  const categoryOf = (x: DisplayField | undefined, row: number): string => {
    const raw = x?.values[row];
    if (x?.type === 'time' && typeof raw === 'number') return formatDateTime(raw, pattern, options.timeZone);
    if (x && x.type === 'number') return displayText(getDisplayProcessor(x, { scheme, timeZone: options.timeZone })(raw));
    return raw === null || raw === undefined ? '' : String(raw);
  };
  const categories: string[] = [];
  const index = new Map<string, number>();
  const rowsPerFrame = prepared.map((frame, f) =>
    Array.from({ length: frame.length }, (_, row) => {
      const category = categoryOf(xs[f], row);
      if (!index.has(category)) {
        index.set(category, categories.length);
        categories.push(category);
      }
      return index.get(category)!;
    }),
  );
  const series: BarSeries[] = [];
  prepared.forEach((frame, f) => {
    for (const field of frame.fields) {
      if (field === xs[f] || field.type !== 'number' || field.config.custom?.hidden === true) continue;
      const hideFrom = field.config.custom?.hideFrom;
      if (isObject(hideFrom) && hideFrom.viz === true) continue;
      const values: Array<number | null> = categories.map(() => null);
      field.values.forEach((raw, row) => {
        const n = asNumber(raw);
        if (n !== null && Number.isFinite(n)) values[rowsPerFrame[f]![row]!] = n;
      });
      const process = getDisplayProcessor(field, { scheme, timeZone: options.timeZone });
      series.push({
        key: `${f}-${field.name}-${series.length}`,
        name: field.displayName,
        color: seriesColor(field, scheme),
        values,
        format: (v) => displayText(process(v)),
      });
    }
  });
  // Fill the category list's tail for series that came with more rows than categories.
  for (const s of series) while (s.values.length < categories.length) s.values.push(null);
  return { categories, series };
}

export interface BarRect {
  series: number;
  category: number;
  /** Position along the category axis and along the value axis, in value units for the latter. */
  offset: number;
  size: number;
  from: number;
  to: number;
  value: number;
}

/**
 * Where each bar goes, in fractions of one category's slot (offset, size) and in values along the
 * value axis (from → to): grouped side by side, or stacked (`normal`, or `percent` of the category's total).
 */
export function layoutBars(data: BarData, options: Pick<BarChartOptions, 'stacking' | 'groupWidth' | 'barWidth'>): BarRect[] {
  const out: BarRect[] = [];
  const n = data.series.length;
  const group = options.groupWidth;
  const start = (1 - group) / 2;
  data.categories.forEach((_, c) => {
    if (options.stacking === 'none') {
      const slot = group / Math.max(1, n);
      data.series.forEach((s, i) => {
        const v = s.values[c];
        if (v === null || v === undefined) return;
        const size = slot * options.barWidth;
        out.push({ series: i, category: c, offset: start + slot * i + (slot - size) / 2, size, from: 0, to: v, value: v });
      });
      return;
    }
    const total = data.series.reduce((sum, s) => sum + Math.abs(s.values[c] ?? 0), 0);
    let positive = 0;
    let negative = 0;
    data.series.forEach((s, i) => {
      const raw = s.values[c];
      if (raw === null || raw === undefined) return;
      const v = options.stacking === 'percent' ? (total ? raw / total : 0) : raw;
      const base = v >= 0 ? positive : negative;
      if (v >= 0) positive += v;
      else negative += v;
      out.push({ series: i, category: c, offset: start, size: group, from: base, to: base + v, value: raw });
    });
  });
  return out;
}

export function isHorizontal(orientation: BarChartOptions['orientation'], width: number, height: number): boolean {
  return orientation === 'horizontal' || (orientation === 'auto' && height > width);
}
