import { Badge, Group, Paper, Stack, Text, useComputedColorScheme } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Annotation } from '../../../contract/annotations';
import { formatDuration, formatTime, type TimeRange } from './time';
import { AXIS_HEIGHT, hitTest, LABEL_WIDTH, LANE_HEIGHT, marksOf, tickLabel, ticks, timeAt, xOf, type Lane, type Mark, type Scale } from './timelineModel';

interface Props {
  lanes: Lane[];
  range: TimeRange;
  selectedId?: number;
  canCreate: boolean;
  dashboardTitle: (uid: string) => string;
  onRangeChange: (range: TimeRange) => void;
  onSelect: (annotation: Annotation) => void;
  onCreate: (range: { time: number; timeEnd: number }) => void;
}

type Drag = { kind: 'pan' | 'select' | 'create'; startX: number; startView: TimeRange; moved: boolean };
const MIN_SPAN_MS = 1000;
const MAX_SPAN_MS = 5 * 365 * 86_400_000;

function clampSpan(from: number, to: number, anchor: number): TimeRange {
  const span = Math.min(MAX_SPAN_MS, Math.max(MIN_SPAN_MS, to - from));
  const ratio = (anchor - from) / (to - from || 1);
  const start = anchor - span * ratio;
  return { from: start, to: start + span };
}

/**
 * The annotations of a range on a canvas: lanes, points, regions as bars, clusters with counts.
 * Wheel or pinch zooms, dragging pans, dragging on the axis picks a range, shift-dragging (or a
 * click) on the plot proposes a new annotation. The view changes at once; the range is reported
 * when the gesture ends, so the URL and the fetch follow without stutter.
 */
export function Timeline({ lanes, range, selectedId, canCreate, dashboardTitle, onRangeChange, onSelect, onCreate }: Props) {
  const { ref: sizeRef, width } = useElementSize();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const scheme = useComputedColorScheme('light');
  const [hover, setHover] = useState<{ mark: Mark; x: number; y: number } | null>(null);
  const [band, setBand] = useState<[number, number] | null>(null);
  const [panning, setPanning] = useState(false);
  const drag = useRef<Drag | null>(null);
  const pointers = useRef(new Map<number, number>());
  const pinch = useRef<{ distance: number; view: TimeRange } | null>(null);
  const wheelCommit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const colors = useRef<{ scheme: string; values: Map<string, string> }>({ scheme: '', values: new Map() });
  /** The live view: gestures move it and redraw at once, without a React render per frame. */
  const viewRef = useRef<TimeRange>(range);
  /** What the last frame drew, per lane, for hit-testing. */
  const drawnMarks = useRef<Mark[][]>([]);
  const frame = useRef(0);

  // A new range from outside (URL, quick range, refresh) replaces the view.
  const [lastRange, setLastRange] = useState(range);
  if (lastRange.from !== range.from || lastRange.to !== range.to) setLastRange(range);

  const plotWidth = Math.max(50, width - LABEL_WIDTH - 8);
  const height = AXIS_HEIGHT + Math.max(1, lanes.length) * LANE_HEIGHT;
  // Counted for the settled range, not per frame of a gesture: the label is read by screen readers.
  const painted = useMemo(() => {
    const ids = new Set<number>();
    for (const lane of lanes) for (const a of lane.items) if (a.timeEnd >= range.from && a.time <= range.to) ids.add(a.id);
    return ids.size;
  }, [lanes, range.from, range.to]);

  const draw = useCallback(() => {
    const canvas = canvasRef.current;
    if (!canvas || width === 0) return;
    const view = viewRef.current;
    const scale: Scale = { from: view.from, to: view.to, left: LABEL_WIDTH, width: plotWidth };
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
    const palette = (colors.current.scheme === scheme ? colors.current : (colors.current = { scheme, values: new Map() })).values;
    const color = (name: string) => {
      let value = palette.get(name);
      if (value === undefined) palette.set(name, (value = getComputedStyle(canvas).getPropertyValue(name).trim() || '#888'));
      return value;
    };
    const dark = scheme === 'dark';
    const text = color(dark ? '--mantine-color-dark-0' : '--mantine-color-gray-9');
    const dim = color(dark ? '--mantine-color-dark-1' : '--mantine-color-gray-7');
    const grid = color(dark ? '--mantine-color-dark-4' : '--mantine-color-gray-3');
    const stripe = color(dark ? '--mantine-color-dark-6' : '--mantine-color-gray-0');
    const accent = color(dark ? '--mantine-color-blue-4' : '--mantine-color-blue-8');
    const region = dark ? 'rgba(116, 192, 252, 0.35)' : 'rgba(25, 113, 194, 0.25)';
    ctx.clearRect(0, 0, width, height);
    ctx.font = '12px system-ui, sans-serif';
    ctx.textBaseline = 'middle';

    // Axis and vertical grid.
    const span = view.to - view.from;
    ctx.strokeStyle = grid;
    ctx.fillStyle = dim;
    for (const t of ticks(scale)) {
      const x = Math.round(xOf(scale, t)) + 0.5;
      ctx.beginPath();
      ctx.moveTo(x, AXIS_HEIGHT - 6);
      ctx.lineTo(x, height);
      ctx.stroke();
      ctx.fillText(tickLabel(t, span), x + 3, AXIS_HEIGHT / 2);
    }
    ctx.beginPath();
    ctx.moveTo(LABEL_WIDTH, AXIS_HEIGHT - 0.5);
    ctx.lineTo(width, AXIS_HEIGHT - 0.5);
    ctx.stroke();

    // Lanes.
    drawnMarks.current = lanes.map((lane, index) => {
      const top = AXIS_HEIGHT + index * LANE_HEIGHT;
      const middle = top + LANE_HEIGHT / 2;
      if (index % 2 === 1) {
        ctx.fillStyle = stripe;
        ctx.fillRect(0, top, width, LANE_HEIGHT);
      }
      ctx.fillStyle = text;
      ctx.save();
      ctx.beginPath();
      ctx.rect(0, top, LABEL_WIDTH - 8, LANE_HEIGHT);
      ctx.clip();
      ctx.fillText(lane.label, 8, middle);
      ctx.restore();
      ctx.save();
      ctx.beginPath();
      ctx.rect(LABEL_WIDTH, top, plotWidth + 8, LANE_HEIGHT);
      ctx.clip();
      const marks = marksOf(lane, scale);
      ctx.fillStyle = region;
      for (const mark of marks) if (mark.kind === 'region') ctx.fillRect(mark.x1, top + 6, Math.max(2, mark.x2 - mark.x1), LANE_HEIGHT - 12);
      // All plain points of a lane in one path and one fill: thousands of marks stay cheap.
      ctx.fillStyle = accent;
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
          ctx.fillStyle = accent;
          ctx.beginPath();
          ctx.roundRect(mark.x - w / 2, middle - 9, w, 18, 9);
          ctx.fill();
          ctx.fillStyle = dark ? '#1a1b1e' : '#ffffff';
          ctx.textAlign = 'center';
          ctx.fillText(label, mark.x, middle + 0.5);
          ctx.textAlign = 'start';
        }
        const selected = selectedId !== undefined && (mark.kind === 'cluster' ? mark.items.some((a) => a.id === selectedId) : mark.annotation.id === selectedId);
        if (!selected) continue;
        ctx.strokeStyle = text;
        ctx.lineWidth = 2;
        ctx.beginPath();
        if (mark.kind === 'region') ctx.rect(mark.x1, top + 5, Math.max(2, mark.x2 - mark.x1), LANE_HEIGHT - 10);
        else ctx.arc(mark.x, middle, mark.kind === 'cluster' ? 12 : 8, 0, Math.PI * 2);
        ctx.stroke();
        ctx.lineWidth = 1;
      }
      ctx.restore();
      return marks;
    });
    if (lanes.length === 0) {
      ctx.fillStyle = dim;
      ctx.fillText('No annotations in this range', LABEL_WIDTH + 8, AXIS_HEIGHT + LANE_HEIGHT / 2);
    }

    // A range being picked on the axis, or a region being drawn.
    if (band) {
      ctx.fillStyle = dark ? 'rgba(255, 212, 59, 0.25)' : 'rgba(250, 176, 5, 0.25)';
      ctx.fillRect(Math.min(band[0], band[1]), 0, Math.abs(band[1] - band[0]), height);
    }
  }, [width, height, plotWidth, scheme, lanes, band, selectedId]);

  /** One redraw per animation frame, however many pointer events arrive. */
  const requestDraw = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => {
    viewRef.current = lastRange;
  }, [lastRange]);
  useEffect(() => {
    requestDraw();
    return () => cancelAnimationFrame(frame.current);
  }, [requestDraw, lastRange]);

  /** Ends a gesture: the view becomes the range (URL, fetch). */
  const commit = useCallback(() => onRangeChange({ ...viewRef.current }), [onRangeChange]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      const x = event.offsetX;
      if (x < LABEL_WIDTH) return;
      event.preventDefault();
      const current = viewRef.current;
      const anchor = timeAt({ ...current, left: LABEL_WIDTH, width: plotWidth }, x);
      const factor = Math.exp(event.deltaY * 0.0015);
      viewRef.current = clampSpan(anchor - (anchor - current.from) * factor, anchor + (current.to - anchor) * factor, anchor);
      requestDraw();
      clearTimeout(wheelCommit.current);
      wheelCommit.current = setTimeout(commit, 300);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [plotWidth, requestDraw, commit]);
  useEffect(() => () => clearTimeout(wheelCommit.current), []);

  const laneAt = (y: number) => Math.floor((y - AXIS_HEIGHT) / LANE_HEIGHT);
  const markAt = (x: number, y: number) => {
    const lane = laneAt(y);
    const marks = drawnMarks.current;
    return lane >= 0 && lane < marks.length ? hitTest(marks[lane]!, x) : undefined;
  };
  const liveScale = (): Scale => ({ ...viewRef.current, left: LABEL_WIDTH, width: plotWidth });

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const { offsetX: x, offsetY: y } = event.nativeEvent;
    pointers.current.set(event.pointerId, x);
    event.currentTarget.setPointerCapture(event.pointerId);
    if (pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      pinch.current = { distance: Math.abs(a! - b!) || 1, view: { ...viewRef.current } };
      drag.current = null;
      return;
    }
    if (x < LABEL_WIDTH) return;
    const kind = y < AXIS_HEIGHT ? 'select' : event.shiftKey && canCreate ? 'create' : 'pan';
    drag.current = { kind, startX: x, startView: { ...viewRef.current }, moved: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const { offsetX: x, offsetY: y } = event.nativeEvent;
    if (pointers.current.has(event.pointerId)) pointers.current.set(event.pointerId, x);
    if (pinch.current && pointers.current.size === 2) {
      const [a, b] = [...pointers.current.values()];
      const factor = pinch.current.distance / (Math.abs(a! - b!) || 1);
      const start = pinch.current.view;
      const anchor = timeAt({ ...start, left: LABEL_WIDTH, width: plotWidth }, (a! + b!) / 2);
      viewRef.current = clampSpan(anchor - (anchor - start.from) * factor, anchor + (start.to - anchor) * factor, anchor);
      requestDraw();
      return;
    }
    const current = drag.current;
    if (current) {
      if (!current.moved && Math.abs(x - current.startX) > 3) {
        current.moved = true;
        setHover(null);
        if (current.kind === 'pan') setPanning(true);
      }
      if (!current.moved) return;
      if (current.kind === 'pan') {
        const shift = ((x - current.startX) / plotWidth) * (current.startView.to - current.startView.from);
        viewRef.current = { from: current.startView.from - shift, to: current.startView.to - shift };
        requestDraw();
      } else {
        setBand([current.startX, Math.max(LABEL_WIDTH, Math.min(LABEL_WIDTH + plotWidth, x))]);
      }
      return;
    }
    const mark = markAt(x, y);
    if (mark || hover) setHover(mark ? { mark, x, y } : null);
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const { offsetX: x, offsetY: y } = event.nativeEvent;
    pointers.current.delete(event.pointerId);
    if (pinch.current) {
      if (pointers.current.size < 2) {
        pinch.current = null;
        commit();
      }
      return;
    }
    const current = drag.current;
    drag.current = null;
    setBand(null);
    setPanning(false);
    if (!current) return;
    const scale = liveScale();
    if (!current.moved) {
      const mark = markAt(x, y);
      if (mark?.kind === 'cluster') {
        const pad = Math.max((mark.to - mark.from) * 0.2, 30_000);
        onRangeChange({ from: mark.from - pad, to: mark.to + pad });
      } else if (mark) {
        onSelect(mark.annotation);
      } else if (canCreate && y >= AXIS_HEIGHT) {
        onCreate({ time: Math.round(timeAt(scale, x)), timeEnd: Math.round(timeAt(scale, x)) });
      }
      return;
    }
    if (current.kind === 'pan') {
      commit();
      return;
    }
    const [t1, t2] = [timeAt(scale, current.startX), timeAt(scale, Math.max(LABEL_WIDTH, Math.min(LABEL_WIDTH + plotWidth, x)))].sort((p, q) => p - q) as [number, number];
    if (current.kind === 'select' && t2 - t1 >= MIN_SPAN_MS) onRangeChange({ from: t1, to: t2 });
    if (current.kind === 'create') onCreate({ time: Math.round(t1), timeEnd: Math.round(t2) });
  };

  const hovered = hover?.mark;
  return (
    <div ref={sizeRef} style={{ position: 'relative', width: '100%' }}>
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={`Timeline of ${painted} annotation${painted === 1 ? '' : 's'} from ${formatTime(range.from)} to ${formatTime(range.to)}. The table below lists them.`}
        data-plot-left={LABEL_WIDTH}
        data-plot-width={plotWidth}
        data-lanes={lanes.map((l) => l.label).join('\n')}
        data-painted-count={painted}
        style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: panning ? 'grabbing' : hovered ? 'pointer' : 'crosshair' }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          drag.current = null;
          pinch.current = null;
          pointers.current.clear();
          setBand(null);
        }}
        onPointerLeave={() => setHover(null)}
      />
      {hover && hovered && (
        <Paper
          withBorder
          shadow="md"
          p="xs"
          radius="sm"
          role="tooltip"
          style={{ position: 'absolute', left: Math.min(hover.x + 12, Math.max(0, width - 300)), top: hover.y + 12, width: 288, pointerEvents: 'none', zIndex: 10 }}
        >
          {hovered.kind === 'cluster' ? (
            <Text size="sm">
              {hovered.items.length} annotations from {formatTime(hovered.from)} to {formatTime(hovered.to)}. Click to zoom in.
            </Text>
          ) : (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">
                {formatTime(hovered.annotation.time)}
                {hovered.annotation.timeEnd > hovered.annotation.time && ` · for ${formatDuration(hovered.annotation.timeEnd - hovered.annotation.time)}`}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
                {hovered.annotation.text}
              </Text>
              {hovered.annotation.tags.length > 0 && (
                <Group gap={4}>
                  {hovered.annotation.tags.map((tag) => (
                    <Badge key={tag} size="xs" variant="outline">
                      {tag}
                    </Badge>
                  ))}
                </Group>
              )}
              <Text size="xs" c="dimmed">
                {hovered.annotation.dashboardUID ? `${dashboardTitle(hovered.annotation.dashboardUID)}${hovered.annotation.panelId ? `, panel ${hovered.annotation.panelId}` : ''}` : 'Organization'} · by {hovered.annotation.login || 'unknown'}
              </Text>
            </Stack>
          )}
        </Paper>
      )}
    </div>
  );
}
