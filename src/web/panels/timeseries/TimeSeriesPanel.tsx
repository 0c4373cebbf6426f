import { useMemo, useRef, useState, type MouseEvent } from 'react';
import 'uplot/dist/uPlot.min.css';
import { useSameExcept } from '../../lib/useSameExcept';
import { PanelNotice, useScheme } from '../PanelStates';
import { reduceValue } from '../reducers';
import { panelFrames } from '../transformations';
import type { PanelProps } from '../types';
import { buildGraphData, type GraphData } from './graphData';
import { Legend, legendOptionsOf } from './Legend';
import { tooltipOptionsOf } from './overlays';
import { useBoxSize } from './useBoxSize';
import { usePlot } from './usePlot';

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
  const size = useBoxSize(boxRef);
  const { plotRef, layerRef, uplotRef } = usePlot({ props, graph, tooltip, hidden, size, scheme });

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
