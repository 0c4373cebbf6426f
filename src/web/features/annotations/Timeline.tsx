import { useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '../../lib/useElementSize';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Annotation } from '../../../contract/annotations';
import { plural } from '../../lib/format';
import { drawTimeline, type TimelinePalette } from './drawTimeline';
import { formatTime, type TimeRange } from './time';
import { TimelineTooltip } from './TimelineTooltip';
import { AXIS_HEIGHT, LABEL_WIDTH, LANE_HEIGHT, type Lane, type Mark } from './timelineModel';
import { useTimelineGestures } from './useTimelineGestures';

interface Props {
  lanes: Lane[];
  range: TimeRange;
  selectedId?: number;
  canCreate: boolean;
  dashboardTitle: (uid: string) => string;
  panelTitle: (dashboardUID: string | null | undefined, panelId: number) => string;
  onRangeChange: (range: TimeRange) => void;
  onSelect: (annotation: Annotation) => void;
  onCreate: (range: { time: number; timeEnd: number }) => void;
}

/** The plot is never shorter than this many lanes, so the axis stays a thin strip above it. */
const MIN_LANES_SHOWN = 3;

function readPalette(canvas: HTMLCanvasElement, dark: boolean): TimelinePalette {
  const css = getComputedStyle(canvas);
  const color = (name: string) => css.getPropertyValue(name).trim() || '#888';
  return {
    text: color(dark ? '--mantine-color-dark-0' : '--mantine-color-gray-9'),
    dim: color(dark ? '--mantine-color-dark-1' : '--mantine-color-gray-7'),
    grid: color(dark ? '--mantine-color-dark-4' : '--mantine-color-gray-3'),
    stripe: color(dark ? '--mantine-color-dark-6' : '--mantine-color-gray-0'),
    axis: color(dark ? '--mantine-color-dark-5' : '--mantine-color-gray-1'),
    accent: color(dark ? '--mantine-color-blue-4' : '--mantine-color-blue-8'),
    region: dark ? 'rgba(116, 192, 252, 0.35)' : 'rgba(25, 113, 194, 0.25)',
    band: dark ? 'rgba(255, 212, 59, 0.25)' : 'rgba(250, 176, 5, 0.25)',
    onAccent: dark ? '#1a1b1e' : '#ffffff',
  };
}

/**
 * The annotations of a range on a canvas: lanes, points, regions as bars, clusters with counts.
 * Gestures (useTimelineGestures) change the view at once; the range is reported when a gesture
 * ends, so the URL and the fetch follow without stutter.
 */
export function Timeline({ lanes, range, selectedId, canCreate, dashboardTitle, panelTitle, onRangeChange, onSelect, onCreate }: Props) {
  const { ref: sizeRef, width } = useElementSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme('light');
  const palette = useRef<{ scheme: string; values: TimelinePalette } | null>(null);
  const viewRef = useRef<TimeRange>(range);
  const drawnMarks = useRef<Mark[][]>([]);
  const frame = useRef(0);

  // A new range from outside (URL, quick range, refresh) replaces the view.
  const [lastRange, setLastRange] = useState(range);
  if (lastRange.from !== range.from || lastRange.to !== range.to) setLastRange(range);

  const plotWidth = Math.max(50, width - LABEL_WIDTH - 8);
  const height = AXIS_HEIGHT + Math.max(MIN_LANES_SHOWN, lanes.length) * LANE_HEIGHT;
  // Counted for the settled range, not per frame of a gesture: the label is read by screen readers.
  const painted = useMemo(() => {
    const ids = new Set<number>();
    for (const lane of lanes) for (const a of lane.items) if (a.timeEnd >= range.from && a.time <= range.to) ids.add(a.id);
    return ids.size;
  }, [lanes, range.from, range.to]);

  const bandRef = useRef<[number, number] | null>(null);
  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const view = viewRef.current;
    canvas.dataset.from = String(Math.round(view.from));
    canvas.dataset.to = String(Math.round(view.to));
    const ratio = window.devicePixelRatio || 1;
    // Resizing the backing store is costly (and clears it): only when the size changed.
    const pixelWidth = Math.round(width * ratio);
    const pixelHeight = Math.round(height * ratio);
    if (canvas.width !== pixelWidth || canvas.height !== pixelHeight) {
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    if (palette.current?.scheme !== scheme) palette.current = { scheme, values: readPalette(canvas, scheme === 'dark') };
    drawnMarks.current = drawTimeline(ctx, {
      width,
      height,
      plotWidth,
      view,
      lanes,
      selectedId,
      band: bandRef.current,
      palette: palette.current.values,
    });
  }, [width, height, plotWidth, scheme, lanes, selectedId]);

  /** One redraw per animation frame, however many pointer events arrive. */
  const requestDraw = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(draw);
  }, [draw]);

  const gestures = useTimelineGestures({
    canvasRef,
    viewRef,
    drawnMarks,
    plotWidth,
    canCreate,
    requestDraw,
    onRangeChange,
    onSelect,
    onCreate,
  });
  const { hover, band, clearHover } = gestures;

  useEffect(() => {
    viewRef.current = lastRange;
  }, [lastRange]);
  useEffect(() => {
    bandRef.current = band;
    requestDraw();
    return () => cancelAnimationFrame(frame.current);
  }, [requestDraw, lastRange, band]);
  // The lanes changed (a filter, a selection elsewhere): what the card described may be gone.
  useEffect(() => clearHover(), [lanes, selectedId]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div ref={sizeRef} style={{ position: 'relative', width: '100%' }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Timeline of ${plural(painted, 'annotation')} from ${formatTime(range.from)} to ${formatTime(range.to)}. The table below lists them.`}
        data-plot-left={LABEL_WIDTH}
        data-plot-width={plotWidth}
        data-axis-height={AXIS_HEIGHT}
        data-lanes={lanes.map((l) => l.label).join('\n')}
        data-painted-count={painted}
        style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: gestures.cursor }}
        {...gestures.handlers}
      />
      {hover && (
        <TimelineTooltip mark={hover.mark} x={hover.x} y={hover.y} width={width} dashboardTitle={dashboardTitle} panelTitle={panelTitle} />
      )}
    </div>
  );
}
