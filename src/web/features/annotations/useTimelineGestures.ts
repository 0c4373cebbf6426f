import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent, type RefObject } from 'react';
import type { Annotation } from '../../../contract/annotations';
import type { TimeRange } from './time';
import { AXIS_HEIGHT, hitTest, LABEL_WIDTH, LANE_HEIGHT, timeAt, type Mark, type Scale } from './timelineModel';
import { MIN_SPAN_MS, panBy, wheelFactor, zoomAt } from './zoom';

type Drag = { kind: 'pan' | 'select' | 'create'; startX: number; startView: TimeRange; moved: boolean };

/** How long the wheel must rest before its zoom becomes the range (URL, fetch). */
export const WHEEL_COMMIT_MS = 300;

export interface GestureOptions {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  /** The live view: gestures move it and ask for a redraw, without a React render per frame. */
  viewRef: RefObject<TimeRange>;
  /** What the last frame drew, per lane. */
  drawnMarks: RefObject<Mark[][]>;
  plotWidth: number;
  canCreate: boolean;
  requestDraw: () => void;
  onRangeChange: (range: TimeRange) => void;
  onSelect: (annotation: Annotation) => void;
  onCreate: (range: { time: number; timeEnd: number }) => void;
}

/**
 * Wheel or pinch zooms, dragging the plot pans, dragging the axis picks a range, shift-drag (or a
 * click on empty plot) proposes an annotation. The range is reported when a gesture ends.
 */
export function useTimelineGestures({
  canvasRef,
  viewRef,
  drawnMarks,
  plotWidth,
  canCreate,
  requestDraw,
  onRangeChange,
  onSelect,
  onCreate,
}: GestureOptions) {
  const [hover, setHover] = useState<{ mark: Mark; x: number; y: number } | null>(null);
  const [band, setBand] = useState<[number, number] | null>(null);
  const [panning, setPanning] = useState(false);
  const [overAxis, setOverAxis] = useState(false);
  const drag = useRef<Drag | null>(null);
  const pointers = useRef(new Map<number, number>());
  const pinch = useRef<{ distance: number; view: TimeRange } | null>(null);
  const wheelCommit = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const plot = { left: LABEL_WIDTH, width: plotWidth };

  const commit = useCallback(() => onRangeChange({ ...viewRef.current }), [onRangeChange, viewRef]);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const onWheel = (event: WheelEvent) => {
      if (event.offsetX < LABEL_WIDTH) return;
      event.preventDefault();
      viewRef.current = zoomAt(viewRef.current, { left: LABEL_WIDTH, width: plotWidth }, event.offsetX, wheelFactor(event.deltaY));
      requestDraw();
      clearTimeout(wheelCommit.current);
      wheelCommit.current = setTimeout(commit, WHEEL_COMMIT_MS);
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [canvasRef, viewRef, plotWidth, requestDraw, commit]);
  useEffect(() => () => clearTimeout(wheelCommit.current), []);

  const markAt = (x: number, y: number) => {
    const lane = Math.floor((y - AXIS_HEIGHT) / LANE_HEIGHT);
    const marks = drawnMarks.current;
    return lane >= 0 && lane < marks.length ? hitTest(marks[lane]!, x) : undefined;
  };
  const clampX = (x: number) => Math.max(LABEL_WIDTH, Math.min(LABEL_WIDTH + plotWidth, x));

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
      viewRef.current = zoomAt(pinch.current.view, plot, (a! + b!) / 2, pinch.current.distance / (Math.abs(a! - b!) || 1));
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
        viewRef.current = panBy(current.startView, x - current.startX, plotWidth);
        requestDraw();
      } else {
        setBand([current.startX, clampX(x)]);
      }
      return;
    }
    const axis = y < AXIS_HEIGHT && x >= LABEL_WIDTH;
    if (axis !== overAxis) setOverAxis(axis);
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
    const scale: Scale = { ...viewRef.current, ...plot };
    if (!current.moved) {
      // A click opens something beside or over the timeline: the hover card must not stay on top of it.
      setHover(null);
      const mark = markAt(x, y);
      if (mark?.kind === 'cluster') {
        const pad = Math.max((mark.to - mark.from) * 0.2, 30_000);
        onRangeChange({ from: mark.from - pad, to: mark.to + pad });
      } else if (mark) {
        onSelect(mark.annotation);
      } else if (canCreate && y >= AXIS_HEIGHT) {
        const time = Math.round(timeAt(scale, x));
        onCreate({ time, timeEnd: time });
      }
      return;
    }
    if (current.kind === 'pan') {
      commit();
      return;
    }
    const [t1, t2] = [timeAt(scale, current.startX), timeAt(scale, clampX(x))].sort((p, q) => p - q) as [number, number];
    if (current.kind === 'select' && t2 - t1 >= MIN_SPAN_MS) onRangeChange({ from: t1, to: t2 });
    if (current.kind === 'create') onCreate({ time: Math.round(t1), timeEnd: Math.round(t2) });
  };

  const onPointerCancel = () => {
    drag.current = null;
    pinch.current = null;
    pointers.current.clear();
    setBand(null);
    setPanning(false);
  };

  // Grabbing while panning; a pointer over a mark; the axis picks a range (a resize cursor says so); the plot pans.
  const cursor = panning ? 'grabbing' : hover ? 'pointer' : overAxis || band ? 'col-resize' : 'grab';
  return {
    hover,
    band,
    cursor,
    clearHover: () => setHover(null),
    handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onPointerLeave: () => setHover(null) },
  };
}
