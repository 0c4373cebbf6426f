import type { Panel } from '../layout';
import { paletteColor, paletteIndexByName } from '../colors';
import { displayText, getDisplayProcessor, mappingFor, prepareFields, type Scheme } from '../fieldDisplay';
import { asNumber, type PanelFrame } from '../frames';

/** Grafana's state timeline: one lane per series, each a run of coloured spans (value → colour by mappings and thresholds). */

export interface TimelineOptions {
  mergeValues: boolean;
  showValue: 'auto' | 'always' | 'never';
  /** Share of a lane's height its spans fill, 0–1. */
  rowHeight: number;
}

export interface TimelineSpan {
  start: number;
  end: number;
  text: string;
  color: string;
}

export interface TimelineLane {
  key: string;
  name: string;
  spans: TimelineSpan[];
}

export interface TimelineState {
  text: string;
  color: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function timelineOptionsOf(options: unknown): TimelineOptions {
  const o = isObject(options) ? options : {};
  return {
    mergeValues: o.mergeValues !== false,
    showValue: o.showValue === 'always' || o.showValue === 'never' ? o.showValue : 'auto',
    rowHeight: typeof o.rowHeight === 'number' && Number.isFinite(o.rowHeight) ? Math.min(1, Math.max(0.1, o.rowHeight)) : 0.9,
  };
}

/**
 * The lanes of a state timeline: every non-time field beside a time field. A value lasts until
 * the next one (the last until the end of the range); a null ends it (a gap); with `mergeValues`
 * equal neighbours read as one span.
 */
export function timelineLanes(
  panel: Panel,
  frames: PanelFrame[],
  options: { scheme?: Scheme; timeZone?: string; rangeEnd: number; replaceVariables?: (t: string) => string },
): TimelineLane[] {
  const scheme = options.scheme ?? 'dark';
  const { mergeValues } = timelineOptionsOf(panel.options);
  const lanes: TimelineLane[] = [];
  for (const frame of prepareFields(panel, frames, { replaceVariables: options.replaceVariables })) {
    const time = frame.fields.find((f) => f.type === 'time');
    if (!time) continue;
    for (const field of frame.fields) {
      if (field === time || field.config.custom?.hidden === true) continue;
      const process = getDisplayProcessor(field, { scheme, timeZone: options.timeZone });
      const spans: TimelineSpan[] = [];
      const rows = time.values
        .map((t, i) => ({ t: asNumber(t), v: field.values[i] }))
        .filter((r): r is { t: number; v: unknown } => r.t !== null)
        .sort((a, b) => a.t - b.t);
      rows.forEach((row, i) => {
        const end = rows[i + 1]?.t ?? Math.max(row.t, options.rangeEnd);
        if (row.v === null || row.v === undefined) return;
        const display = process(row.v);
        const text = displayText(display);
        const numeric = asNumber(row.v);
        // Text states no mapping colours take a colour of their own, stable by name, as Grafana does.
        const color =
          numeric === null && !mappingFor(field.config.mappings, row.v)?.color ? paletteColor(paletteIndexByName(text)) : display.color;
        const previous = spans.at(-1);
        if (mergeValues && previous && previous.end === row.t && previous.text === text && previous.color === color) previous.end = end;
        else spans.push({ start: row.t, end, text, color });
      });
      lanes.push({ key: `${lanes.length}`, name: field.displayName, spans });
    }
  }
  return lanes;
}

/** The distinct states drawn (text and colour), for the legend: at most `limit`. */
export function timelineStates(lanes: TimelineLane[], limit = 30): TimelineState[] {
  const seen = new Map<string, TimelineState>();
  for (const lane of lanes)
    for (const span of lane.spans) {
      const key = `${span.text}\u0000${span.color}`;
      if (!seen.has(key) && seen.size < limit) seen.set(key, { text: span.text, color: span.color });
    }
  return [...seen.values()];
}

const INTERVALS = [
  1_000, 5_000, 10_000, 15_000, 30_000, 60_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000, 10_800_000, 21_600_000, 43_200_000,
  86_400_000, 604_800_000, 2_592_000_000,
];

/** Round time ticks across [from, to], about `count` of them. */
export function timeTicks(from: number, to: number, count: number): number[] {
  if (!(to > from)) return [];
  const step = INTERVALS.find((i) => i >= (to - from) / Math.max(1, count)) ?? INTERVALS.at(-1)!;
  const ticks: number[] = [];
  for (let t = Math.ceil(from / step) * step; t <= to; t += step) ticks.push(t);
  return ticks;
}
