import type { Panel } from '../layout';
import { resolveColor } from '../colors';
import {
  displayText,
  getDisplayProcessor,
  prepareFields,
  thresholdsOf,
  type DisplayField,
  type FieldConfig,
  type PreparedFrame,
  type Scheme,
} from '../fieldDisplay';
import { asNumber, type PanelFrame } from '../frames';
import type { SchemeGradient } from './scaleGradient';
import { colorOfValue, colorRange, graphSeriesColor, isByValueMode, schemeGradientOf } from './seriesColors';

/** A time series panel's data as uPlot wants it: one shared time axis, one aligned array per series. */

export type Point = number | null | undefined;

export interface SeriesCustom {
  drawStyle: 'line' | 'bars' | 'points';
  lineWidth: number;
  fillOpacity: number;
  showPoints: 'auto' | 'always' | 'never';
  pointSize: number;
  lineInterpolation: 'linear' | 'smooth' | 'stepBefore' | 'stepAfter';
  spanNulls: boolean | number;
  stackMode: 'none' | 'normal' | 'percent';
  stackGroup: string;
  axisPlacement: 'auto' | 'left' | 'right' | 'hidden';
  axisLabel?: string;
  axisSoftMin?: number;
  axisSoftMax?: number;
  lineDash?: number[];
  gradientMode: 'none' | 'opacity' | 'hue' | 'scheme';
  barAlignment: -1 | 0 | 1;
  axisCenteredZero: boolean;
  logBase?: number;
  thresholdsStyle: 'off' | 'line' | 'dashed' | 'area' | 'line+area' | 'dashed+area';
  negativeY: boolean;
  hideFromLegend: boolean;
  hideFromTooltip: boolean;
  hideFromViz: boolean;
}

export interface GraphSeries {
  field: DisplayField;
  label: string;
  color: string;
  custom: SeriesCustom;
  /** Values as the data gave them, aligned to `times` (undefined where this series had no point). */
  values: Point[];
  /** Which y scale it is drawn against: one per unit (and per stacking percent). */
  scaleKey: string;
  format: (value: unknown) => string;
  /** `gradientMode: scheme`: the line and fill coloured along the y scale. */
  gradient?: SchemeGradient;
  /** By-value colour modes: the colour of one value (the tooltip's). */
  valueColor?: (value: number) => string;
}

export interface GraphScale {
  key: string;
  unit?: string;
  decimals?: number;
  min?: number;
  max?: number;
  softMin?: number;
  softMax?: number;
  /** `axisCenteredZero`: the range is symmetric around zero. */
  centeredZero?: boolean;
  placement: 'left' | 'right' | 'hidden';
  label?: string;
  /** Log base for `scaleDistribution: log`; linear when absent. */
  logBase?: number;
  /** An axis label; `tickDecimals` (from the tick spacing) unless the field sets its own decimals. */
  format: (value: number, tickDecimals?: number) => string;
}

/** Thresholds drawn on a graph (`custom.thresholdsStyle`): bands of colour or lines at each step. */
export interface GraphThresholds {
  scaleKey: string;
  style: SeriesCustom['thresholdsStyle'];
  mode: string;
  steps: Array<{ value: number; color: string }>;
}

export interface GraphData {
  times: number[];
  series: GraphSeries[];
  /** What is plotted: stacked, negated where asked. `[times, ...series]`. */
  plotted: Point[][];
  /** Pairs of plotted series indexes (1-based, as uPlot counts) to fill between when stacked. */
  bands: Array<[upper: number, lower: number]>;
  scales: GraphScale[];
  thresholds?: GraphThresholds;
  /** Set when the frames have numbers but nothing to put them on a time axis against. */
  problem?: string;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Grafana's time series defaults for what a panel leaves out. */
export const TIMESERIES_DEFAULTS: FieldConfig = {
  color: { mode: 'palette-classic' },
  custom: {
    drawStyle: 'line',
    lineWidth: 1,
    fillOpacity: 0,
    showPoints: 'auto',
    pointSize: 5,
    lineInterpolation: 'linear',
    spanNulls: false,
    stacking: { mode: 'none', group: 'A' },
    axisPlacement: 'auto',
  },
};

function thresholdsStyleOf(style: unknown): SeriesCustom['thresholdsStyle'] {
  const mode = isObject(style) ? style.mode : undefined;
  return mode === 'line' || mode === 'dashed' || mode === 'area' || mode === 'line+area' || mode === 'dashed+area' ? mode : 'off';
}

export function seriesCustom(config: FieldConfig): SeriesCustom {
  const c = config.custom ?? {};
  const stacking = isObject(c.stacking) ? c.stacking : {};
  const hideFrom = isObject(c.hideFrom) ? c.hideFrom : {};
  const lineStyle = isObject(c.lineStyle) ? c.lineStyle : {};
  const drawStyle = c.drawStyle === 'bars' || c.drawStyle === 'points' ? c.drawStyle : 'line';
  const stackMode = stacking.mode === 'normal' || stacking.mode === 'percent' ? stacking.mode : 'none';
  const placement = c.axisPlacement === 'left' || c.axisPlacement === 'right' || c.axisPlacement === 'hidden' ? c.axisPlacement : 'auto';
  const interpolation =
    c.lineInterpolation === 'smooth' || c.lineInterpolation === 'stepBefore' || c.lineInterpolation === 'stepAfter'
      ? c.lineInterpolation
      : 'linear';
  return {
    drawStyle,
    lineWidth: Math.max(0, Math.min(10, num(c.lineWidth) ?? 1)),
    fillOpacity: Math.max(0, Math.min(100, num(c.fillOpacity) ?? 0)),
    showPoints: c.showPoints === 'always' || c.showPoints === 'never' ? c.showPoints : 'auto',
    pointSize: Math.max(1, Math.min(40, num(c.pointSize) ?? 5)),
    lineInterpolation: interpolation,
    spanNulls: typeof c.spanNulls === 'boolean' ? c.spanNulls : (num(c.spanNulls) ?? false),
    stackMode,
    stackGroup: str(stacking.group) ?? 'A',
    axisPlacement: placement,
    axisLabel: str(c.axisLabel) || undefined,
    axisSoftMin: num(c.axisSoftMin),
    axisSoftMax: num(c.axisSoftMax),
    lineDash:
      lineStyle.fill === 'dash' || lineStyle.fill === 'dot'
        ? Array.isArray(lineStyle.dash)
          ? lineStyle.dash.filter((d): d is number => typeof d === 'number')
          : lineStyle.fill === 'dot'
            ? [0, 10]
            : [10, 10]
        : undefined,
    barAlignment: c.barAlignment === -1 || c.barAlignment === 1 ? c.barAlignment : 0,
    axisCenteredZero: c.axisCenteredZero === true,
    gradientMode: c.gradientMode === 'opacity' || c.gradientMode === 'hue' || c.gradientMode === 'scheme' ? c.gradientMode : 'none',
    logBase:
      isObject(c.scaleDistribution) && c.scaleDistribution.type === 'log' ? (num(c.scaleDistribution.log) === 2 ? 2 : 10) : undefined,
    thresholdsStyle: thresholdsStyleOf(c.thresholdsStyle),
    negativeY: c.transform === 'negative-Y',
    hideFromLegend: hideFrom.legend === true,
    hideFromTooltip: hideFrom.tooltip === true,
    hideFromViz: hideFrom.viz === true,
  };
}

function sortedTimes(time: DisplayField): { times: number[]; order?: number[] } {
  const times = time.values as Array<number | null>;
  let sorted = true;
  for (let i = 1; i < times.length; i++) {
    if ((times[i] ?? 0) < (times[i - 1] ?? 0)) {
      sorted = false;
      break;
    }
  }
  if (sorted) return { times: times.map((t) => t ?? 0) };
  const order = times.map((_, i) => i).sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  return { times: order.map((i) => times[i] ?? 0), order };
}

/** Aligns every frame's number fields on one time axis (an outer join on time). */
export function alignFrames(frames: PreparedFrame[]): {
  times: number[];
  columns: Array<{ field: DisplayField; values: Point[] }>;
  problem?: string;
} {
  const parts: Array<{ times: number[]; columns: Array<{ field: DisplayField; values: Point[] }> }> = [];
  let numbersWithoutTime = false;
  for (const frame of frames) {
    const time = frame.fields.find((f) => f.type === 'time');
    const numbers = frame.fields.filter((f) => f.type === 'number');
    if (!numbers.length) continue;
    if (!time) {
      numbersWithoutTime = true;
      continue;
    }
    const { times, order } = sortedTimes(time);
    parts.push({
      times,
      columns: numbers.map((field) => {
        const raw = order ? order.map((i) => field.values[i]) : field.values;
        return { field, values: raw.map((v) => (v === null || v === undefined ? null : asNumber(v))) };
      }),
    });
  }
  if (!parts.length) return { times: [], columns: [], problem: numbersWithoutTime ? 'Data does not have a time field' : undefined };
  const first = parts[0]!.times;
  const shared = parts.every((p) => p.times.length === first.length && p.times.every((t, i) => t === first[i]));
  if (shared) return { times: first, columns: parts.flatMap((p) => p.columns) };
  const union = [...new Set(parts.flatMap((p) => p.times))].sort((a, b) => a - b);
  const position = new Map(union.map((t, i) => [t, i]));
  const columns = parts.flatMap((p) =>
    p.columns.map(({ field, values }) => {
      // Points this series does not have stay undefined: uPlot joins across them instead of breaking the line.
      const aligned: Point[] = new Array(union.length);
      p.times.forEach((t, i) => {
        aligned[position.get(t)!] = values[i];
      });
      return { field, values: aligned };
    }),
  );
  return { times: union, columns };
}

/**
 * A "long" frame (SQL rows of time, metric name, value, the same time repeated) as one series per
 * metric, the way Grafana pivots it: text columns become labels; with one text and one number
 * column the series is simply named by the text.
 */
export function longToWide(frame: PanelFrame): PanelFrame[] {
  const time = frame.fields.find((f) => f.type === 'time');
  const text = frame.fields.filter((f) => f.type === 'string');
  const numbers = frame.fields.filter((f) => f.type === 'number');
  if (!time || !text.length || !numbers.length) return [frame];
  if (new Set(time.values).size === time.values.length) return [frame];
  const groups = new Map<string, { labels: Record<string, string>; rows: number[] }>();
  for (let row = 0; row < frame.length; row++) {
    const labels = Object.fromEntries(text.map((f) => [f.name, String(f.values[row] ?? '')]));
    const key = JSON.stringify(labels);
    const group = groups.get(key) ?? { labels, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].map(({ labels, rows }) => ({
    refId: frame.refId,
    name: frame.name,
    index: frame.index,
    length: rows.length,
    fields: [
      { ...time, values: rows.map((r) => time.values[r]) },
      ...numbers.map((n) => ({
        ...n,
        labels: { ...(n.labels ?? {}), ...labels },
        config:
          text.length === 1 && numbers.length === 1 && !n.config.displayNameFromDS
            ? { ...n.config, displayNameFromDS: Object.values(labels)[0] }
            : n.config,
        values: rows.map((r) => n.values[r]),
      })),
    ],
  }));
}

/** Builds everything a time series panel draws from the panel JSON and its frames. */
export function buildGraphData(
  panel: Panel,
  input: PanelFrame[],
  options: { scheme?: Scheme; timeZone?: string; replaceVariables?: (t: string) => string } = {},
): GraphData {
  const frames = input.flatMap(longToWide);
  const prepared = prepareFields(panel, frames, { defaults: TIMESERIES_DEFAULTS, replaceVariables: options.replaceVariables });
  const { times, columns, problem } = alignFrames(prepared);
  const scales = new Map<string, GraphScale>();
  const series: GraphSeries[] = [];
  let thresholds: GraphThresholds | undefined;
  // Grafana's global range: by-value colours of fields without min/max are placed between the panel's least and greatest values.
  let panelMin = Number.POSITIVE_INFINITY;
  let panelMax = Number.NEGATIVE_INFINITY;
  for (const { values } of columns) {
    for (const v of values) {
      if (typeof v !== 'number' || !Number.isFinite(v)) continue;
      if (v < panelMin) panelMin = v;
      if (v > panelMax) panelMax = v;
    }
  }
  for (const { field, values } of columns) {
    const custom = seriesCustom(field.config);
    const unit = custom.stackMode === 'percent' ? 'percentunit' : field.config.unit;
    const scaleKey =
      custom.stackMode === 'percent'
        ? `y:percent:${custom.stackGroup}`
        : `y:${field.config.unit ?? ''}${custom.logBase ? `:log${custom.logBase}` : ''}`;
    const format = getDisplayProcessor(field, { scheme: options.scheme, timeZone: options.timeZone });
    if (!scales.has(scaleKey)) {
      const fieldDecimals = num(field.config.decimals);
      // One processor per decimals the axis asks for: the ticks of one axis share theirs.
      const axisFormats = new Map<number | undefined, ReturnType<typeof getDisplayProcessor>>();
      const axisFormat = (v: number, tickDecimals?: number) => {
        const decimals = fieldDecimals ?? tickDecimals;
        let processor = axisFormats.get(decimals);
        if (!processor) {
          processor = getDisplayProcessor({ type: 'number', config: { unit, decimals } }, { timeZone: options.timeZone });
          axisFormats.set(decimals, processor);
        }
        return processor(v);
      };
      scales.set(scaleKey, {
        key: scaleKey,
        unit,
        decimals: num(field.config.decimals),
        min: custom.stackMode === 'percent' ? 0 : num(field.config.min),
        max: custom.stackMode === 'percent' ? 1 : num(field.config.max),
        softMin: custom.axisSoftMin,
        softMax: custom.axisSoftMax,
        centeredZero: custom.axisCenteredZero,
        placement:
          custom.axisPlacement === 'hidden'
            ? 'hidden'
            : custom.axisPlacement === 'right'
              ? 'right'
              : custom.axisPlacement === 'left'
                ? 'left'
                : scales.size % 2 === 1
                  ? 'right'
                  : 'left',
        label: custom.axisLabel,
        logBase: custom.stackMode === 'percent' ? undefined : custom.logBase,
        format: (v, tickDecimals) => displayText(axisFormat(v, tickDecimals)),
      });
    }
    if (!thresholds && custom.thresholdsStyle !== 'off') {
      const config = thresholdsOf(field.config);
      thresholds = {
        scaleKey,
        style: custom.thresholdsStyle,
        mode: config.mode ?? 'absolute',
        steps: config.steps.map((step) => ({
          value: step.value === null || step.value === undefined ? Number.NEGATIVE_INFINITY : Number(step.value),
          color: resolveColor(step.color, options.scheme),
        })),
      };
    }
    const range = colorRange(field, panelMin, panelMax);
    const scheme = options.scheme ?? 'dark';
    series.push({
      field,
      label: field.displayName,
      color: graphSeriesColor(field, values, range, scheme),
      gradient:
        custom.gradientMode === 'scheme'
          ? schemeGradientOf(field, { softMin: custom.axisSoftMin, softMax: custom.axisSoftMax }, scheme)
          : undefined,
      valueColor: isByValueMode(field.config.color?.mode) ? (v) => colorOfValue(field, v, range, scheme) : undefined,
      custom,
      values: typeof custom.spanNulls === 'number' ? spanShortGaps(times, values, custom.spanNulls) : values,
      scaleKey,
      format: (v) => displayText(format(v)),
    });
  }
  const { plotted, bands } = stack(series, times.length);
  return { times, series, plotted: [times, ...plotted], bands, scales: [...scales.values()], thresholds, problem };
}

/**
 * `spanNulls: <ms>`: gaps shorter than the threshold are joined over (their nulls become undefined,
 * which uPlot spans); longer ones stay broken.
 */
export function spanShortGaps(times: number[], values: Point[], threshold: number): Point[] {
  const out = values.slice();
  let i = 0;
  while (i < out.length) {
    if (out[i] !== null) {
      i++;
      continue;
    }
    let end = i;
    while (end < out.length && out[end] === null) end++;
    const before = i > 0 ? times[i - 1] : undefined;
    const after = end < out.length ? times[end] : undefined;
    if (before !== undefined && after !== undefined && after - before < threshold) for (let k = i; k < end; k++) out[k] = undefined;
    i = end;
  }
  return out;
}

/** Stacks series per group (normal: running sums; percent: shares of the group's total), negating `negative-Y` ones. */
export function stack(series: GraphSeries[], length: number): { plotted: Point[][]; bands: Array<[number, number]> } {
  const plotted: Point[][] = series.map((s) => (s.custom.negativeY ? s.values.map((v) => (typeof v === 'number' ? -v : v)) : s.values));
  const bands: Array<[number, number]> = [];
  const groups = new Map<string, number[]>();
  series.forEach((s, i) => {
    if (s.custom.stackMode === 'none' || s.custom.hideFromViz) return;
    const key = `${s.custom.stackMode}:${s.custom.stackGroup}:${s.scaleKey}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  for (const [key, members] of groups) {
    const percent = key.startsWith('percent:');
    const totals = percent ? new Array<number>(length).fill(0) : undefined;
    if (totals) {
      for (const i of members) {
        const values = plotted[i]!;
        for (let x = 0; x < length; x++) totals[x]! += Math.abs(typeof values[x] === 'number' ? (values[x] as number) : 0);
      }
    }
    const running = new Array<number>(length).fill(0);
    members.forEach((i, position) => {
      const values = plotted[i]!;
      const stacked: Point[] = new Array(length);
      for (let x = 0; x < length; x++) {
        const v = values[x];
        if (typeof v !== 'number') {
          stacked[x] = v;
          continue;
        }
        const share = totals ? (totals[x] ? v / totals[x]! : 0) : v;
        running[x]! += share;
        stacked[x] = running[x];
      }
      plotted[i] = stacked;
      if (position > 0) bands.push([i + 1, members[position - 1]! + 1]);
    });
  }
  return { plotted, bands };
}
