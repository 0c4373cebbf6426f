import type { Panel } from '../layout';
import { paletteColor } from '../colors';
import { displayText, getFieldDisplayValues, type Scheme } from '../fieldDisplay';
import type { PanelFrame } from '../frames';

/** Grafana's pie chart: options, and the slices (one per reduced value) with angles and percentages. */

export type PieLabel = 'name' | 'value' | 'percent';

export interface PieOptions {
  pieType: 'pie' | 'donut';
  displayLabels: PieLabel[];
  /** What the legend shows after each name. */
  legendValues: Array<'value' | 'percent'>;
}

export interface PieSlice {
  key: string;
  name: string;
  value: number;
  /** The value in the field's unit and decimals, e.g. "1.5 GiB". */
  text: string;
  /** Share of the whole, 0–1. */
  fraction: number;
  percentText: string;
  color: string;
  startAngle: number;
  endAngle: number;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function pieOptionsOf(options: unknown): PieOptions {
  const o = isObject(options) ? options : {};
  const legend = isObject(o.legend) ? o.legend : {};
  const labels = Array.isArray(o.displayLabels) ? o.displayLabels : [];
  const values = Array.isArray(legend.values) ? legend.values : [];
  return {
    pieType: o.pieType === 'donut' ? 'donut' : 'pie',
    displayLabels: labels.filter((l): l is PieLabel => l === 'name' || l === 'value' || l === 'percent'),
    legendValues: values.filter((v): v is 'value' | 'percent' => v === 'value' || v === 'percent'),
  };
}

/** Grafana's pie chart colours series from the palette unless the panel says otherwise. */
export function withPaletteDefault(panel: Panel): Panel {
  const fieldConfig = isObject(panel.fieldConfig) ? panel.fieldConfig : {};
  const defaults = isObject(fieldConfig.defaults) ? fieldConfig.defaults : {};
  if (isObject(defaults.color) && typeof defaults.color.mode === 'string') return panel;
  return { ...panel, fieldConfig: { ...fieldConfig, defaults: { ...defaults, color: { mode: 'palette-classic' } } } };
}

export function percentText(fraction: number): string {
  const percent = fraction * 100;
  return `${percent >= 10 || percent === 0 ? percent.toFixed(0) : percent.toFixed(1)}%`;
}

/**
 * The slices of a pie: one per value `reduceOptions` picks (a reducer per series, or every row
 * with `values: true`), negative and missing values left out as Grafana does, angles from 12 o'clock.
 */
export function pieSlices(
  panel: Panel,
  frames: PanelFrame[],
  options: { scheme?: Scheme; timeZone?: string; replaceVariables?: (t: string) => string } = {},
): PieSlice[] {
  const values = getFieldDisplayValues(withPaletteDefault(panel), frames, options).filter(
    (v) => Number.isFinite(v.display.numeric) && v.display.numeric >= 0,
  );
  const total = values.reduce((sum, v) => sum + v.display.numeric, 0);
  let angle = 0;
  return values.map((v, i) => {
    const fraction = total > 0 ? v.display.numeric / total : 0;
    const startAngle = angle;
    angle += fraction * Math.PI * 2;
    // With `values: true` every row comes from one field: the palette follows the slices, not the field.
    const mode = v.field.config.color?.mode;
    const color = mode === 'palette-classic' || mode === undefined ? paletteColor(i) : v.display.color;
    return {
      key: `${i}`,
      name: v.name,
      value: v.display.numeric,
      text: displayText(v.display),
      fraction,
      percentText: percentText(fraction),
      color,
      startAngle,
      endAngle: angle,
    };
  });
}

/** The SVG path of a slice (or a donut's ring segment) around (cx, cy). */
export function slicePath(cx: number, cy: number, outer: number, inner: number, start: number, end: number): string {
  const point = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;
  // A full circle cannot be one arc: draw it as two halves.
  if (end - start >= Math.PI * 2 - 1e-9) {
    const mid = start + Math.PI;
    const ring = `M ${point(outer, start)} A ${outer} ${outer} 0 1 1 ${point(outer, mid)} A ${outer} ${outer} 0 1 1 ${point(outer, start)} Z`;
    return inner > 0
      ? `${ring} M ${point(inner, start)} A ${inner} ${inner} 0 1 0 ${point(inner, mid)} A ${inner} ${inner} 0 1 0 ${point(inner, start)} Z`
      : ring;
  }
  const large = end - start > Math.PI ? 1 : 0;
  if (inner > 0) {
    return `M ${point(outer, start)} A ${outer} ${outer} 0 ${large} 1 ${point(outer, end)} L ${point(inner, end)} A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)} Z`;
  }
  return `M ${cx} ${cy} L ${point(outer, start)} A ${outer} ${outer} 0 ${large} 1 ${point(outer, end)} Z`;
}

/** A slice's label text from `displayLabels` (name, value, percent in that order). */
export function sliceLabel(slice: PieSlice, labels: PieLabel[]): string[] {
  const lines: string[] = [];
  if (labels.includes('name')) lines.push(slice.name);
  if (labels.includes('value')) lines.push(slice.text);
  if (labels.includes('percent')) lines.push(slice.percentText);
  return lines;
}
