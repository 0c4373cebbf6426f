import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSameExcept } from '../../lib/useSameExcept';
import { PanelNotice, useScheme } from '../PanelStates';
import { dataLinksFor, linksOf } from '../dataLinks';
import { reduceValue } from '../reducers';
import { panelFrames } from '../transformations';
import type { PanelAnnotation, PanelProps } from '../types';
import { buildGraphData, type GraphData } from './graphData';
import { Legend, legendOptionsOf } from './Legend';
import {
  createTooltip,
  drawAnnotations,
  drawThresholds,
  fillTooltip,
  placeBeside,
  plotOffset,
  renderAnnotationMarkers,
  setTooltipPinned,
  tooltipRows,
  type TooltipLink,
  type TooltipMode,
} from './overlays';
import { buildUplotOptions } from './uplotOptions';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function tooltipOptionsOf(options: unknown): { mode: TooltipMode; sort: string } {
  const tooltip = isObject(options) && isObject(options.tooltip) ? options.tooltip : {};
  const mode = tooltip.mode === 'multi' || tooltip.mode === 'none' ? tooltip.mode : 'single';
  return { mode, sort: typeof tooltip.sort === 'string' ? tooltip.sort : 'none' };
}

/** The size of an element, kept current by a ResizeObserver (resizes are rare: a render each is fine). */
function useBoxSize(ref: React.RefObject<HTMLElement | null>) {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = (width: number, height: number) => {
      const next = { width: Math.floor(width), height: Math.floor(height) };
      setSize((current) => (current.width === next.width && current.height === next.height ? current : next));
    };
    const rect = el.getBoundingClientRect();
    update(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** A text alternative for the canvas: each series with its last value. */
export function graphDescription(graph: GraphData, title?: string): string {
  const shown = graph.series.filter((s) => !s.custom.hideFromViz);
  const parts = shown.slice(0, 20).map((s) => {
    const last = reduceValue(
      s.values.filter((v) => v !== undefined),
      'lastNotNull',
    );
    return `${s.label}: last ${last === null || last === undefined ? 'no value' : s.format(last)}`;
  });
  const more = shown.length > 20 ? `; and ${shown.length - 20} more series` : '';
  return `${title ? `${title}: ` : ''}time series graph of ${shown.length} series. ${parts.join('; ')}${more}`;
}

/** The data links of series `seriesIndex` for its value at data index `idx`, interpolated for that value. */
export function seriesLinksAt(
  graph: GraphData,
  seriesIndex: number,
  idx: number,
  props: Pick<PanelProps, 'timeRange' | 'replaceVariables'>,
): TooltipLink[] {
  const series = graph.series[seriesIndex];
  if (!series || linksOf(series.field.config).length === 0) return [];
  const raw = series.values[idx];
  const time = graph.times[idx];
  // `${__data.fields.x}` reads the value's own row of its frame: the row with the same time.
  const frame = series.field.frame;
  const timeField = frame.fields.find((f) => f.type === 'time');
  const row = timeField && time !== undefined ? timeField.values.indexOf(time) : -1;
  return dataLinksFor(series.field.config, {
    field: series.field,
    seriesName: series.label,
    frame,
    row: row >= 0 ? row : undefined,
    value: raw ?? null,
    valueText: raw === undefined ? '' : series.format(raw),
    time,
    timeRange: props.timeRange,
    replaceVariables: props.replaceVariables,
  });
}

/** The signature of everything that needs a new uPlot (series, scales, styles); data alone only calls setData. */
function signatureOf(graph: GraphData, extra: unknown[]): string {
  return JSON.stringify([
    graph.series.map((s) => [s.label, s.color, s.scaleKey, s.custom]),
    graph.scales.map((s) => [s.key, s.min, s.max, s.softMin, s.softMax, s.placement, s.label, s.unit, s.decimals]),
    graph.bands,
    extra,
  ]);
}

/** Panel keys the chart does not read (the header draws the title and description). */
const NOT_DRAWN = ['title', 'description', 'gridPos'];

export default function TimeSeriesPanel(props: PanelProps) {
  const { panel, timeZone, replaceVariables } = props;
  const scheme = useScheme();
  // The graph does not read these: typing a title does not rebuild and redraw the chart.
  const drawn = useSameExcept(panel, NOT_DRAWN);
  const frames = useMemo(() => panelFrames(drawn, props.frames), [drawn, props.frames]);
  const graph = useMemo(
    () => buildGraphData(drawn, frames, { scheme, timeZone, replaceVariables }),
    [drawn, frames, scheme, timeZone, replaceVariables],
  );
  const legend = useMemo(() => legendOptionsOf(panel.options), [panel.options]);
  const tooltip = useMemo(() => tooltipOptionsOf(panel.options), [panel.options]);
  const [hidden, setHidden] = useState<Set<number>>(() => new Set());
  const title = typeof panel.title === 'string' ? panel.title : undefined;
  const description = useMemo(() => graphDescription(graph, title), [graph, title]);

  const boxRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const signatureRef = useRef('');
  /** Lets a pinned tooltip go (its document listeners too) when the chart is rebuilt or leaves. */
  const releaseRef = useRef<(() => void) | null>(null);
  const size = useBoxSize(boxRef);

  // What the uPlot hooks read: always the latest, so new callbacks or annotations never rebuild the chart.
  const live = useRef({ props, graph, tooltip, hidden });
  useLayoutEffect(() => {
    live.current = { props, graph, tooltip, hidden };
  });

  const sharedCursor = props.sharedCursor ?? 'none';
  const signature = useMemo(() => signatureOf(graph, [scheme, timeZone, sharedCursor]), [graph, scheme, timeZone, sharedCursor]);

  useEffect(() => {
    const el = plotRef.current;
    const layer = layerRef.current;
    if (!el || !layer || size.width < 10 || size.height < 10 || graph.series.length === 0) return;
    const existing = uplotRef.current;
    // The plot element is new when the panel showed a notice in between: the old chart is gone with it.
    if (existing && signatureRef.current === signature && existing.root.parentElement === el) {
      if (existing.width !== size.width || existing.height !== size.height) existing.setSize({ width: size.width, height: size.height });
      existing.setData(graph.plotted as uPlot.AlignedData);
      return;
    }
    releaseRef.current?.();
    existing?.destroy();

    const tip = createTooltip();
    const annotationTip = createTooltip();
    // Markers are redrawn on every draw; the tooltip they open lives beside them, not among them.
    const markers = document.createElement('div');
    layer.replaceChildren(markers, annotationTip);
    let hovered = false;
    let pointerDown: { x: number; modifier: boolean } | null = null;
    // Grafana pins the tooltip on a click, so the pointer can reach its links; a second click, a
    // click elsewhere or Escape lets it go.
    let pinned = false;
    let shown: { time: number; rows: ReturnType<typeof tooltipRows>; links: TooltipLink[] } | null = null;
    const onOutside = (e: Event) => {
      if (!tip.contains(e.target as Node) && !u.over.contains(e.target as Node)) unpin(true);
    };
    const onEscape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') unpin(true);
    };
    const pin = () => {
      if (!shown || tip.style.display === 'none') return;
      pinned = true;
      setTooltipPinned(tip, true);
      fillTooltip(tip, shown.time, shown.rows, live.current.props.timeZone, shown.links, true);
      document.addEventListener('mousedown', onOutside, true);
      document.addEventListener('keydown', onEscape);
    };
    const unpin = (hide: boolean) => {
      if (!pinned) return;
      pinned = false;
      setTooltipPinned(tip, false);
      document.removeEventListener('mousedown', onOutside, true);
      document.removeEventListener('keydown', onEscape);
      if (hide || !hovered) tip.style.display = 'none';
    };
    releaseRef.current = () => unpin(true);

    const hooks: uPlot.Hooks.Arrays = {
      drawClear: [(u) => drawThresholds(u, live.current.graph.thresholds, 'under')],
      draw: [
        (u) => {
          drawThresholds(u, live.current.graph.thresholds, 'over');
          const annotations: PanelAnnotation[] = live.current.props.annotations ?? [];
          drawAnnotations(u, annotations);
          renderAnnotationMarkers(markers, annotationTip, u, annotations, live.current.props.timeZone);
        },
      ],
      setCursor: [
        (u) => {
          if (pinned) return;
          const { mode, sort } = live.current.tooltip;
          const { idx, left, top } = u.cursor;
          // A shared tooltip shows on every graph the crosshair is on, not only the one under the pointer.
          const here = hovered || live.current.props.sharedCursor === 'tooltip';
          if (!here || mode === 'none' || idx === null || idx === undefined || left === undefined || left < 0) {
            tip.style.display = 'none';
            return;
          }
          const current = live.current.graph;
          const rows = tooltipRows(current, idx, mode, {
            sort,
            nearestTo: top,
            valToPos: (v, key) => u.valToPos(v, key),
            shown: (i) => !live.current.hidden.has(i),
          });
          if (!rows.length) {
            tip.style.display = 'none';
            return;
          }
          const nearest =
            mode === 'single'
              ? rows[0]
              : tooltipRows(current, idx, 'single', {
                  nearestTo: top,
                  valToPos: (v, key) => u.valToPos(v, key),
                  shown: (i) => !live.current.hidden.has(i),
                })[0];
          const links = nearest ? seriesLinksAt(current, nearest.seriesIndex, idx, live.current.props) : [];
          shown = { time: current.times[idx] ?? 0, rows, links };
          fillTooltip(tip, shown.time, rows, live.current.props.timeZone, links);
          const offset = plotOffset(u);
          placeBeside(tip, offset.left + left, offset.top + (top ?? 0), { width: u.width, height: u.height });
        },
      ],
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          // Only the graph the drag started on acts; the others just mirror the selection.
          if (width < 3 || !pointerDown) return;
          const from = Math.round(u.posToVal(left, 'x'));
          const to = Math.round(u.posToVal(left + width, 'x'));
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
          const { onCreateAnnotation, onChangeTimeRange } = live.current.props;
          const modifier = pointerDown.modifier;
          pointerDown = null;
          if (modifier) onCreateAnnotation?.({ time: from, timeEnd: to });
          else if (to > from) onChangeTimeRange?.({ from, to });
        },
      ],
    };

    const u = new uPlot(
      buildUplotOptions(graph, {
        width: size.width,
        height: size.height,
        scheme,
        timeZone,
        getTimeRange: () => live.current.props.timeRange,
        hooks,
        syncCursor: sharedCursor !== 'none',
      }),
      graph.plotted as uPlot.AlignedData,
      el,
    );
    live.current.hidden.forEach((i) => u.setSeries(i + 1, { show: false }));
    u.root.appendChild(tip);
    const over = u.over;
    over.addEventListener('mouseenter', () => {
      hovered = true;
    });
    over.addEventListener('mouseleave', () => {
      hovered = false;
      if (!pinned) tip.style.display = 'none';
    });
    over.addEventListener('mousedown', (e) => {
      pointerDown = { x: e.clientX, modifier: e.ctrlKey || e.metaKey };
    });
    over.addEventListener('mouseup', (e) => {
      if (!pointerDown || Math.abs(e.clientX - pointerDown.x) > 3) return;
      const modifier = pointerDown.modifier;
      pointerDown = null;
      if (!modifier) {
        if (pinned) unpin(false);
        else pin();
        return;
      }
      const rect = over.getBoundingClientRect();
      live.current.props.onCreateAnnotation?.({ time: Math.round(u.posToVal(e.clientX - rect.left, 'x')) });
    });
    uplotRef.current = u;
    signatureRef.current = signature;
  }, [graph, signature, size, scheme, timeZone, sharedCursor]);

  useEffect(
    () => () => {
      releaseRef.current?.();
      uplotRef.current?.destroy();
      uplotRef.current = null;
      layerRef.current?.replaceChildren();
    },
    [],
  );

  // New annotations or a new time range: redraw what is there, without new data.
  useEffect(() => {
    const u = uplotRef.current;
    if (!u) return;
    u.setScale('x', { min: props.timeRange.from, max: props.timeRange.to });
    u.redraw(false);
  }, [props.annotations, props.timeRange.from, props.timeRange.to]);

  const toggle = (index: number, event: MouseEvent) => {
    const all = graph.series.map((_, i) => i);
    let next: Set<number>;
    if (event.ctrlKey || event.metaKey || event.shiftKey) {
      next = new Set(hidden);
      if (next.has(index)) next.delete(index);
      else next.add(index);
    } else {
      const isolated = hidden.size === all.length - 1 && !hidden.has(index);
      next = isolated ? new Set() : new Set(all.filter((i) => i !== index));
    }
    setHidden(next);
    const u = uplotRef.current;
    if (u) all.forEach((i) => u.setSeries(i + 1, { show: !next.has(i) && !graph.series[i]!.custom.hideFromViz }));
  };

  if (graph.problem) return <PanelNotice>{graph.problem}</PanelNotice>;
  if (graph.series.length === 0) return <PanelNotice>No numeric fields to draw</PanelNotice>;

  const right = legend.placement === 'right';
  return (
    <div style={{ display: 'flex', flexDirection: right ? 'row' : 'column', width: '100%', height: '100%', minHeight: 0 }}>
      <div ref={boxRef} style={{ position: 'relative', flex: '1 1 auto', minHeight: 0, minWidth: 0, overflow: 'hidden' }}>
        <div ref={plotRef} role="img" aria-label={description} data-testid="graph-canvas" style={{ position: 'absolute', inset: 0 }} />
        <div ref={layerRef} style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }} className="sightline-annotation-layer" />
      </div>
      <Legend
        series={graph.series}
        options={legend}
        panelWidth={props.width}
        panelHeight={props.height}
        hidden={hidden}
        onToggle={toggle}
      />
    </div>
  );
}
