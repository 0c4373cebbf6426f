import type { TimeRange } from './time';
import { AXIS_HEIGHT, LABEL_WIDTH, LANE_HEIGHT, marksOf, tickLabel, ticks, xOf, type Lane, type Mark, type Scale } from './timelineModel';

export interface TimelinePalette {
  text: string;
  dim: string;
  grid: string;
  stripe: string;
  axis: string;
  accent: string;
  region: string;
  band: string;
  onAccent: string;
}

export interface TimelineFrame {
  width: number;
  height: number;
  plotWidth: number;
  view: TimeRange;
  lanes: Lane[];
  selectedId?: number;
  /** A range being picked on the axis, or a region being drawn, in pixels. */
  band: [number, number] | null;
  palette: TimelinePalette;
}

const DAY_MS = 86_400_000;
const dayOf = (time: number) => new Date(time).toDateString();
const dateLabel = (time: number) => new Date(time).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const shortDate = (time: number) => new Date(time).toLocaleDateString(undefined, { month: 'short', day: 'numeric' });

/** `text` cut to `maxWidth` pixels with an ellipsis, so a long lane name reads as cut, not as another name. */
export function fitText(ctx: Pick<CanvasRenderingContext2D, 'measureText'>, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/**
 * Tick labels for a span: within two days, times, with the date on the first tick of each new day, so
 * any range (a custom one yesterday included) says which day it shows.
 */
export function axisLabels(times: number[], span: number): string[] {
  return times.map((time, i) => {
    const label = tickLabel(time, span);
    if (span > 2 * DAY_MS) return label;
    const newDay = i === 0 || dayOf(times[i - 1]!) !== dayOf(time);
    return newDay ? `${shortDate(time)} ${label}` : label;
  });
}

/** Paints one frame: axis, lanes, marks, the band. Returns the marks drawn per lane, for hit-testing. */
export function drawTimeline(ctx: CanvasRenderingContext2D, frame: TimelineFrame): Mark[][] {
  const { width, height, plotWidth, view, lanes, selectedId, band, palette } = frame;
  const scale: Scale = { from: view.from, to: view.to, left: LABEL_WIDTH, width: plotWidth };
  ctx.clearRect(0, 0, width, height);
  ctx.font = '12px system-ui, sans-serif';
  ctx.textBaseline = 'middle';

  // The axis row has its own shade: it is where a drag picks a range instead of panning.
  ctx.fillStyle = palette.axis;
  ctx.fillRect(0, 0, width, AXIS_HEIGHT);
  ctx.fillStyle = palette.dim;
  ctx.fillText(fitText(ctx, dateLabel(view.from), LABEL_WIDTH - 16), 8, AXIS_HEIGHT / 2);

  const span = view.to - view.from;
  const times = ticks(scale);
  const labels = axisLabels(times, span);
  ctx.strokeStyle = palette.grid;
  times.forEach((t, i) => {
    const x = Math.round(xOf(scale, t)) + 0.5;
    ctx.beginPath();
    ctx.moveTo(x, AXIS_HEIGHT - 6);
    ctx.lineTo(x, height);
    ctx.stroke();
    ctx.fillText(labels[i]!, x + 3, AXIS_HEIGHT / 2);
  });
  ctx.beginPath();
  ctx.moveTo(0, AXIS_HEIGHT - 0.5);
  ctx.lineTo(width, AXIS_HEIGHT - 0.5);
  ctx.stroke();

  const drawn = lanes.map((lane, index) => {
    const top = AXIS_HEIGHT + index * LANE_HEIGHT;
    const middle = top + LANE_HEIGHT / 2;
    if (index % 2 === 1) {
      ctx.fillStyle = palette.stripe;
      ctx.fillRect(0, top, width, LANE_HEIGHT);
    }
    ctx.fillStyle = palette.text;
    ctx.fillText(fitText(ctx, lane.label, LABEL_WIDTH - 16), 8, middle);
    ctx.save();
    ctx.beginPath();
    ctx.rect(LABEL_WIDTH, top, plotWidth + 8, LANE_HEIGHT);
    ctx.clip();
    const marks = marksOf(lane, scale);
    drawMarks(ctx, marks, top, selectedId, palette);
    ctx.restore();
    return marks;
  });
  if (lanes.length === 0) {
    ctx.fillStyle = palette.dim;
    ctx.fillText(
      fitText(ctx, 'No annotations in this range', Math.max(60, plotWidth - 16)),
      LABEL_WIDTH + 8,
      AXIS_HEIGHT + LANE_HEIGHT / 2,
    );
  }

  if (band) {
    ctx.fillStyle = palette.band;
    ctx.fillRect(Math.min(band[0], band[1]), 0, Math.abs(band[1] - band[0]), height);
  }
  return drawn;
}

function drawMarks(ctx: CanvasRenderingContext2D, marks: Mark[], top: number, selectedId: number | undefined, palette: TimelinePalette) {
  const middle = top + LANE_HEIGHT / 2;
  ctx.fillStyle = palette.region;
  for (const mark of marks) if (mark.kind === 'region') ctx.fillRect(mark.x1, top + 6, Math.max(2, mark.x2 - mark.x1), LANE_HEIGHT - 12);
  // All plain points of a lane in one path and one fill: thousands of marks stay cheap.
  ctx.fillStyle = palette.accent;
  ctx.beginPath();
  for (const mark of marks) {
    if (mark.kind === 'region') ctx.rect(mark.x1, top + 6, 2, LANE_HEIGHT - 12);
    if (mark.kind !== 'point') continue;
    ctx.moveTo(mark.x + 5, middle);
    ctx.arc(mark.x, middle, 5, 0, Math.PI * 2);
  }
  ctx.fill();
  for (const mark of marks) {
    if (mark.kind === 'cluster') {
      const label = String(mark.items.length);
      const w = Math.max(20, ctx.measureText(label).width + 10);
      ctx.fillStyle = palette.accent;
      ctx.beginPath();
      ctx.roundRect(mark.x - w / 2, middle - 9, w, 18, 9);
      ctx.fill();
      ctx.fillStyle = palette.onAccent;
      ctx.textAlign = 'center';
      ctx.fillText(label, mark.x, middle + 0.5);
      ctx.textAlign = 'start';
    }
    const selected =
      selectedId !== undefined &&
      (mark.kind === 'cluster' ? mark.items.some((a) => a.id === selectedId) : mark.annotation.id === selectedId);
    if (!selected) continue;
    ctx.strokeStyle = palette.text;
    ctx.lineWidth = 2;
    ctx.beginPath();
    if (mark.kind === 'region') ctx.rect(mark.x1, top + 5, Math.max(2, mark.x2 - mark.x1), LANE_HEIGHT - 10);
    else ctx.arc(mark.x, middle, mark.kind === 'cluster' ? 12 : 8, 0, Math.PI * 2);
    ctx.stroke();
    ctx.lineWidth = 1;
  }
}
