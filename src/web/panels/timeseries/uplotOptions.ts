import uPlot from 'uplot';
import { withAlpha } from '../colors';
import { textWidth } from '../textMeasure';
import type { Scheme } from '../fieldDisplay';
import { intlTimeZone } from '../valueFormats';
import type { GraphData, GraphScale, GraphSeries } from './graphData';
import { schemeGradientStyle } from './scaleGradient';

/** uPlot options from prepared graph data: pure, so the drawing rules are testable without a canvas. */

/** Graphs that share their crosshair (the dashboard's `graphTooltip`) do so through this uPlot sync key. */
export const CURSOR_SYNC_KEY = 'sightline-dashboard';

export interface BuildOptions {
  width: number;
  height: number;
  scheme: Scheme;
  timeZone?: string;
  /** The dashboard's time range, read at draw time so a new range does not rebuild the chart. */
  getTimeRange: () => { from: number; to: number };
  hooks?: uPlot.Hooks.Arrays;
  /** The crosshair follows the other graphs that share it. */
  syncCursor?: boolean;
  /** Pixel ratio for fonts and widths (tests pass 1). */
  pxRatio?: number;
}

export function themeColors(scheme: Scheme) {
  return scheme === 'dark'
    ? { axis: '#c1c2c5', grid: 'rgba(255, 255, 255, 0.09)', tick: 'rgba(255, 255, 255, 0.15)' }
    : { axis: '#495057', grid: 'rgba(0, 0, 0, 0.08)', tick: 'rgba(0, 0, 0, 0.15)' };
}

/** Range of a y scale: the data's, widened by soft limits, replaced by hard ones, padded so lines do not touch the edges. */
export function yRange(
  dataMin: number | null,
  dataMax: number | null,
  scale: Pick<GraphScale, 'min' | 'max' | 'softMin' | 'softMax' | 'centeredZero'>,
): [number, number] {
  let min = dataMin;
  let max = dataMax;
  if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) {
    // No data on this scale: the limits the panel gives, else 0–1.
    const emptyMin = scale.min ?? scale.softMin ?? 0;
    const emptyMax = scale.max ?? scale.softMax ?? emptyMin + 1;
    return [emptyMin, emptyMax > emptyMin ? emptyMax : emptyMin + 1];
  }
  if (scale.softMin !== undefined) min = Math.min(min, scale.softMin);
  if (scale.softMax !== undefined) max = Math.max(max, scale.softMax);
  const span = max - min;
  if (span === 0) {
    const pad = Math.abs(min) * 0.1 || 1;
    min -= pad;
    max += pad;
  } else {
    // 10 % head room above and below, but never across zero when the data does not cross it.
    const pad = span * 0.1;
    const paddedMin = min - pad;
    min = scale.softMin !== undefined && min === scale.softMin ? min : min >= 0 && paddedMin < 0 ? 0 : paddedMin;
    max = scale.softMax !== undefined && max === scale.softMax ? max : max <= 0 && max + pad > 0 ? 0 : max + pad;
  }
  if (scale.centeredZero) {
    const extent = Math.max(Math.abs(min), Math.abs(max));
    min = -extent;
    max = extent;
  }
  if (scale.min !== undefined) min = scale.min;
  if (scale.max !== undefined) max = scale.max;
  if (max <= min) max = min + 1;
  return [min, max];
}

/** Range of a log scale: whole powers of the base around the data (which must be above zero). */
export function logRange(
  dataMin: number | null,
  dataMax: number | null,
  base: number,
  scale: Pick<GraphScale, 'min' | 'max'>,
): [number, number] {
  const positiveMin = dataMin !== null && dataMin > 0 ? dataMin : 1;
  const positiveMax = dataMax !== null && dataMax > 0 ? dataMax : positiveMin * base;
  const lower = scale.min !== undefined && scale.min > 0 ? scale.min : Math.pow(base, Math.floor(Math.log(positiveMin) / Math.log(base)));
  const upper =
    scale.max !== undefined && scale.max > lower ? scale.max : Math.pow(base, Math.ceil(Math.log(positiveMax) / Math.log(base)));
  return [lower, upper > lower ? upper : lower * base];
}

function pathsFor(series: GraphSeries): uPlot.Series.PathBuilder | undefined {
  const paths = uPlot.paths;
  if (!paths) return undefined;
  if (series.custom.drawStyle === 'points') return () => null;
  if (series.custom.drawStyle === 'bars') return paths.bars?.({ size: [0.6, 100], align: series.custom.barAlignment });
  switch (series.custom.lineInterpolation) {
    case 'smooth':
      return paths.spline?.();
    case 'stepBefore':
      return paths.stepped?.({ align: -1 });
    case 'stepAfter':
      return paths.stepped?.({ align: 1 });
    default:
      return paths.linear?.();
  }
}

/** A fill that fades from the series colour at the top of the plot to transparent (`gradientMode` opacity, hue). */
function gradientFill(color: string, opacity: number): uPlot.Series.Fill {
  return (u) => {
    const { top, height } = u.bbox;
    if (!u.ctx || typeof u.ctx.createLinearGradient !== 'function') return withAlpha(color, opacity);
    const gradient = u.ctx.createLinearGradient(0, top, 0, top + height);
    gradient.addColorStop(0, withAlpha(color, opacity));
    gradient.addColorStop(1, withAlpha(color, 0));
    return gradient;
  };
}

/** The colour uPlot worked out for a series' line on this draw: points share a gradient line's colours. */
const drawnStroke = (u: uPlot, seriesIdx: number) =>
  (u.series[seriesIdx] as uPlot.Series & { _stroke?: string | CanvasGradient })._stroke ?? '';

export function seriesOptions(series: GraphSeries, stacked: boolean): uPlot.Series {
  const c = series.custom;
  const fillOpacity = c.drawStyle === 'bars' && c.fillOpacity === 0 ? 100 : c.fillOpacity;
  // Grafana's scheme gradient: line and fill coloured by where they are on the y scale (stacked or not).
  const gradient = series.gradient;
  const fill =
    fillOpacity <= 0
      ? undefined
      : gradient
        ? schemeGradientStyle(gradient, fillOpacity / 100)
        : (c.gradientMode === 'opacity' || c.gradientMode === 'hue') && !stacked
          ? gradientFill(series.color, fillOpacity / 100)
          : withAlpha(series.color, fillOpacity / 100);
  const pointColor = gradient ? drawnStroke : series.color;
  return {
    label: series.label,
    scale: series.scaleKey,
    stroke: gradient ? schemeGradientStyle(gradient, 1) : series.color,
    width: c.drawStyle === 'points' ? 0 : c.lineWidth,
    fill,
    fillTo: stacked ? 0 : undefined,
    dash: c.lineDash,
    spanGaps: c.spanNulls === true,
    show: !c.hideFromViz,
    paths: pathsFor(series),
    points: {
      show: c.drawStyle === 'points' || c.showPoints === 'always' ? true : c.showPoints === 'never' ? false : undefined,
      size: c.pointSize,
      stroke: pointColor,
      fill: pointColor,
    },
  };
}

/** Decimals a tick step needs (0.25 → 2, 5 → 0), ignoring float noise such as 0.30000000000000004. */
export function tickDecimals(step: number | undefined): number {
  if (step === undefined || !Number.isFinite(step) || step <= 0) return 0;
  const text = String(Number(step.toFixed(6)));
  const point = text.indexOf('.');
  return point === -1 ? 0 : text.length - point - 1;
}

const X_LABEL_FONT_PX = 11;

/**
 * uPlot's right padding: the x labels are centred on their ticks, so the last one needs half its
 * width beyond the plot or the canvas cuts it ("6:40p"). uPlot reads the labels of its previous
 * layout pass, and lays out again until the padding stops changing.
 */
export const rightPadding: uPlot.PaddingSide = (self, _side, sidesWithAxes) => {
  if (sidesWithAxes[1]) return 8;
  const labels = (self.axes[0] as (uPlot.Axis & { _values?: Array<string | null> }) | undefined)?._values ?? [];
  const widest = Math.max(0, ...labels.map((label) => (label ? textWidth(String(label), X_LABEL_FONT_PX) : 0)));
  return Math.max(8, Math.ceil(widest / 2) + 2);
};

function axisSize(self: uPlot, values: string[] | null): number {
  if (!values?.length) return 40;
  const longest = values.reduce((m, v) => Math.max(m, (v ?? '').length), 0);
  return Math.min(120, Math.ceil(longest * 6.5) + 18);
}

/** A usable IANA zone for uPlot's `tzDate`, or undefined for the browser's own. */
export function uplotZone(timeZone?: string): string | undefined {
  const zone = intlTimeZone(timeZone);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone === 'UTC' ? 'Etc/UTC' : zone;
  } catch {
    return undefined;
  }
}

export function buildUplotOptions(graph: GraphData, options: BuildOptions): uPlot.Options {
  const colors = themeColors(options.scheme);
  const font = '11px system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
  const stackedIndexes = new Set(graph.bands.flatMap(([a, b]) => [a, b]));
  const zone = uplotZone(options.timeZone);
  const scales: uPlot.Scales = {
    x: { time: true, range: () => [options.getTimeRange().from, options.getTimeRange().to] },
  };
  for (const scale of graph.scales) {
    scales[scale.key] = scale.logBase
      ? { distr: 3, log: scale.logBase === 2 ? 2 : 10, range: (_u, min, max) => logRange(min, max, scale.logBase!, scale) }
      : { range: (_u, min, max) => yRange(min, max, scale) };
  }
  let gridShown = false;
  const yAxes: uPlot.Axis[] = graph.scales.map((scale) => {
    const showGrid = !gridShown && scale.placement !== 'hidden';
    if (showGrid) gridShown = true;
    return {
      scale: scale.key,
      side: scale.placement === 'right' ? 1 : 3,
      show: scale.placement !== 'hidden',
      stroke: colors.axis,
      font,
      label: scale.label,
      labelFont: font,
      labelSize: scale.label ? 18 : 0,
      grid: { show: showGrid, stroke: colors.grid, width: 1 },
      ticks: { show: false },
      size: axisSize,
      values: (_u, splits, _axisIdx, _space, incr) => {
        // Grafana's axis: every label of one axis gets the decimals of the tick step (0.5, 1.0, 1.5).
        const decimals = scale.logBase ? 0 : tickDecimals(incr);
        return splits.map((v) => (v === null || v === undefined ? '' : scale.format(v, decimals > 0 ? decimals : undefined)));
      },
    };
  });
  return {
    width: Math.max(1, Math.floor(options.width)),
    height: Math.max(1, Math.floor(options.height)),
    ms: 1,
    pxAlign: 1,
    tzDate: zone ? (ts) => uPlot.tzDate(new Date(ts), zone) : undefined,
    legend: { show: false },
    // Right: room for half of the widest time label (they are centred on their ticks), unless a right axis gives it.
    padding: [8, rightPadding, 0, 0],
    cursor: {
      // The crosshair follows across graphs; a drag selection stays on the graph it was made on.
      ...(options.syncCursor
        ? {
            sync: {
              key: CURSOR_SYNC_KEY,
              setSeries: false,
              filters: { pub: (type: string) => type !== 'mousedown' && type !== 'mouseup' },
            },
          }
        : {}),
      drag: { x: true, y: false, setScale: false },
      points: { size: 7 },
      focus: { prox: 30 },
    },
    focus: { alpha: 1 },
    select: { show: true, left: 0, top: 0, width: 0, height: 0 },
    scales,
    axes: [
      {
        stroke: colors.axis,
        font,
        grid: { stroke: colors.grid, width: 1 },
        ticks: { show: true, stroke: colors.tick, width: 1, size: 4 },
        space: 60,
      },
      ...yAxes,
    ],
    series: [{}, ...graph.series.map((s, i) => seriesOptions(s, stackedIndexes.has(i + 1)))],
    bands: graph.bands.map(([upper, lower]) => ({ series: [upper, lower] as [number, number] })),
    hooks: options.hooks ?? {},
  };
}
