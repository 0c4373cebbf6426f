import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { Scheme } from '../fieldDisplay';
import type { PanelAnnotation, PanelProps } from '../types';
import type { GraphData } from './graphData';
import {
  createTooltip,
  drawAnnotations,
  drawThresholds,
  fillTooltip,
  placeBeside,
  plotOffset,
  renderAnnotationMarkers,
  seriesLinksAt,
  setTooltipPinned,
  tooltipRows,
  type TooltipLink,
  type TooltipOptions,
} from './overlays';
import { buildUplotOptions } from './uplotOptions';

/** The signature of everything that needs a new uPlot (series, scales, styles); data alone only calls setData. */
function signatureOf(graph: GraphData, extra: unknown[]): string {
  return JSON.stringify([
    graph.series.map((s) => [s.label, s.color, s.scaleKey, s.custom, s.gradient]),
    graph.scales.map((s) => [s.key, s.min, s.max, s.softMin, s.softMax, s.placement, s.label, s.unit, s.decimals]),
    graph.bands,
    extra,
  ]);
}

interface PlotInputs {
  props: PanelProps;
  graph: GraphData;
  tooltip: TooltipOptions;
  /** Series the legend has hidden, by index. */
  hidden: Set<number>;
  size: { width: number; height: number };
  scheme: Scheme;
}

/**
 * The uPlot chart of a time series panel: built in `plotRef` when what it draws changes (new data
 * alone only calls setData), with its tooltip (pinned by a click), thresholds, annotation markers in
 * `layerRef`, and drag to zoom or annotate; destroyed when the panel leaves.
 */
export function usePlot({ props, graph, tooltip, hidden, size, scheme }: PlotInputs) {
  const { timeZone } = props;
  const plotRef = useRef<HTMLDivElement>(null);
  const layerRef = useRef<HTMLDivElement>(null);
  const uplotRef = useRef<uPlot | null>(null);
  const signatureRef = useRef('');
  /** Lets a pinned tooltip go (its document listeners too) when the chart is rebuilt or leaves. */
  const releaseRef = useRef<(() => void) | null>(null);

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

  return { plotRef, layerRef, uplotRef };
}
