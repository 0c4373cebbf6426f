import { resolveColor } from '../colors';
import { thresholdsOf, type FieldDisplay, type Scheme } from '../fieldDisplay';
import { fitFontSize } from '../layoutValues';

/**
 * Grafana's gauge (its flot gauge) sweeps 216°: from 0.9π to 2.1π in canvas angles, that is from
 * -108° to +108° around 12 o'clock, the ends 18° below the centre's level.
 */
export const START = -108;
export const SWEEP = 216;
/** How far below the centre the arc's ends reach, as a share of their radius (cos 72°). */
const BELOW = -Math.cos((START * Math.PI) / 180);
/** The space flot leaves around a gauge cell. */
const CELL_MARGIN = 5;

export function point(cx: number, cy: number, r: number, degrees: number): [number, number] {
  const rad = (degrees * Math.PI) / 180;
  return [cx + r * Math.sin(rad), cy - r * Math.cos(rad)];
}

/** The angle (clockwise from 12 o'clock) of a fraction of the gauge, held to its ends. */
export const angleOf = (fraction: number) => START + SWEEP * Math.max(0, Math.min(1, fraction));

export function arcPath(cx: number, cy: number, r: number, fromFraction: number, toFraction: number): string {
  const a0 = angleOf(fromFraction);
  const a1 = angleOf(toFraction);
  if (a1 - a0 < 0.01) return '';
  const [x0, y0] = point(cx, cy, r, a0);
  const [x1, y1] = point(cx, cy, r, a1);
  return `M${x0.toFixed(2)},${y0.toFixed(2)}A${r},${r} 0 ${a1 - a0 > 180 ? 1 : 0} 1 ${x1.toFixed(2)},${y1.toFixed(2)}`;
}

/** A boundary on the gauge's scale and the colour of the band that ends there. */
export interface GaugeStop {
  value: number;
  color: string;
}

/** The gauge's scale: its ends and its threshold stops, as Grafana's `getFormattedThresholds` gives them. */
export interface GaugeScale {
  min: number;
  max: number;
  /** The first is `min`, the last `max`; between them the thresholds inside the range. */
  stops: GaugeStop[];
}

/**
 * Grafana's `getFormattedThresholds` (grafana-ui Gauge/utils.ts): percentage thresholds run the
 * scale from 0 to 100; otherwise it is the field's min–max. The ends are rounded to the field's
 * decimals (2 by default); a field not coloured by thresholds has a single band of its value's colour.
 */
export function gaugeScale(item: FieldDisplay, scheme: Scheme): GaugeScale {
  const config = item.field.config;
  const decimals = typeof config.decimals === 'number' && Number.isFinite(config.decimals) ? Math.max(0, Math.min(20, config.decimals)) : 2;
  const round = (value: number) => +value.toFixed(decimals);
  const thresholds = thresholdsOf(config);
  const percent = thresholds.mode === 'percentage';
  const min = round(percent ? 0 : item.range.min);
  const max = round(percent ? 100 : item.range.max);
  const mode = (config.color as { mode?: unknown } | undefined)?.mode;
  if (mode !== undefined && mode !== 'thresholds') {
    return {
      min,
      max,
      stops: [
        { value: min, color: item.display.color },
        { value: max, color: item.display.color },
      ],
    };
  }
  const steps = thresholds.steps.map((step) => ({
    value: step.value === null || step.value === undefined ? -Infinity : Number(step.value),
    color: resolveColor(step.color, scheme),
  }));
  // The step in force at a value: the last whose value it reaches.
  const activeAt = (value: number) => {
    let index = 0;
    steps.forEach((step, i) => {
      if (value >= step.value) index = i;
    });
    return index;
  };
  const first = activeAt(min);
  const last = activeAt(max);
  const stops: GaugeStop[] = [{ value: min, color: steps[first]?.color ?? item.display.color }];
  for (let i = first + 1; i <= last; i++) stops.push({ value: steps[i]!.value, color: steps[i - 1]!.color });
  stops.push({ value: max, color: steps[last]?.color ?? item.display.color });
  return { min, max, stops };
}

export const fractionOn = (scale: GaugeScale, value: number) => {
  const span = scale.max - scale.min;
  return span === 0 ? 0 : Math.max(0, Math.min(1, (value - scale.min) / span));
};

/** The threshold ring's bands: each from the previous stop to its own, in its colour. */
export function scaleBands(scale: GaugeScale): Array<{ from: number; to: number; color: string }> {
  return scale.stops.slice(1).map((stop, i) => ({
    from: fractionOn(scale, scale.stops[i]!.value),
    to: fractionOn(scale, stop.value),
    color: stop.color,
  }));
}

/**
 * The labels flot writes around a gauge with `showThresholdLabels`: its min at the start, its max
 * at the end and every threshold strictly between them, each as the plain number it is.
 */
export function scaleLabels(scale: GaugeScale): Array<{ text: string; fraction: number }> {
  const labels = [
    { text: String(scale.min), fraction: 0 },
    { text: String(scale.max), fraction: 1 },
  ];
  for (const stop of scale.stops.slice(1, -1)) {
    if (stop.value > scale.min && stop.value < scale.max)
      labels.push({ text: String(stop.value), fraction: fractionOn(scale, stop.value) });
  }
  return labels;
}

/** Where a gauge sits in its cell, all in px. */
export interface GaugeGeometry {
  cx: number;
  cy: number;
  /** The arc's outer edge (flot's `radius`) and its width. */
  outerR: number;
  gaugeWidth: number;
  /** The centre line of the threshold ring and its width (0 without markers). */
  markerR: number;
  markerStroke: number;
  /** The centre line of the threshold labels and their font size (0 without labels). */
  labelR: number;
  labelFont: number;
  valueFont: number;
  /** How far the drawing reaches from the centre: up and to the sides, and down. */
  extent: number;
  below: number;
  /** The top of the name line below the gauge. */
  nameTop: number;
}

export interface GaugeLayoutInput {
  width: number;
  height: number;
  /** The value's text, which sets its font size, and the longest label's length in characters. */
  text: string;
  labelChars: number;
  markers: boolean;
  labels: boolean;
  /** The name line under the gauge (0 for none), and the value's own size when the panel sets one. */
  nameHeight: number;
  valueSize?: number;
}

/**
 * Grafana's gauge layout (grafana-ui Gauge.tsx and flot's gauge plugin): the arc is
 * min(size / 5.5, 40) px wide, narrowed by 1.5 when labels are shown; the threshold ring is a fifth
 * of that, 2 px outside the arc; the labels sit a ring's width further out, at 2/5 of the value's
 * size (12 px at least); the value is at most 1.7 arc widths tall. The whole is centred in the cell.
 */
export function gaugeGeometry(input: GaugeLayoutInput): GaugeGeometry {
  const { width, height, nameHeight, markers, labels } = input;
  const canvasHeight = Math.max(0, Math.min(height - nameHeight, width));
  const size = Math.max(1, Math.min(width, canvasHeight));
  const gaugeWidth0 = Math.min(size / 5.5, 40) / (labels ? 1.5 : 1);
  const ringWidth = gaugeWidth0 / 5;
  const valueWidth = Math.min(width, size * 1.3) * 0.9 - ((gaugeWidth0 + (markers ? ringWidth : 0) + (labels ? 10 : 0)) * 2 + 10);
  const valueFont = input.valueSize ?? fitFontSize(input.text, Math.max(1, valueWidth), size, 1, 8, Math.max(8, gaugeWidth0 * 1.7));
  const labelFont = labels ? Math.max(valueFont / 2.5, 12) : 0;
  const labelMargin = labels ? ringWidth + 1 : 0;
  const ring = markers ? ringWidth : 0;
  const around = ring + 2 * labelMargin + labelFont;
  // A label at an end is turned along the arc there, so half its length hangs below the end's level.
  const labelDrop = labels ? input.labelChars * 0.3 * labelFont * Math.sin(((SWEEP / 2) * Math.PI) / 180) : 0;
  const byWidth = width / 2 - CELL_MARGIN - around;
  const byHeight = (canvasHeight - 2 * CELL_MARGIN - labelDrop) / (1 + BELOW) - around;
  const outerR = Math.max(4, Math.min(byWidth, byHeight));
  const gaugeWidth = gaugeWidth0 >= outerR ? Math.max(3, outerR / 3) : gaugeWidth0;
  const extent = outerR + around;
  const below = extent * BELOW + labelDrop;
  const top = (height - canvasHeight - nameHeight) / 2;
  const cy = top + (canvasHeight - extent - below) / 2 + extent;
  return {
    cx: width / 2,
    cy,
    outerR,
    gaugeWidth,
    markerR: outerR + 2 + Math.max(1, ring - 2) / 2,
    markerStroke: markers ? Math.max(1, ring - 2) : 0,
    labelR: outerR + labelMargin + labelFont / 2,
    labelFont,
    valueFont,
    extent,
    below,
    nameTop: top + canvasHeight - 4,
  };
}
