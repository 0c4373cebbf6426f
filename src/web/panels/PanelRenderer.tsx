import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { panelDefaults } from './fieldDisplay';
import { framesHaveNoValues } from './frames';
import { migratePanel, rendererFor } from './migrations';
import { NoData, PanelErrorBoundary, RendererLoading, UnsupportedPanel } from './PanelStates';
import type { PanelProps } from './types';

type RendererKind = NonNullable<ReturnType<typeof rendererFor>>;
type RendererModule = Promise<{ default: ComponentType<PanelProps> }>;

// Each renderer is its own chunk: uPlot and the renderers load with the first panel that needs them.
const LOADERS: Record<RendererKind, () => RendererModule> = {
  timeseries: () => import('./timeseries/TimeSeriesPanel'),
  stat: () => import('./stat/StatPanel'),
  gauge: () => import('./gauge/GaugePanel'),
  bargauge: () => import('./bargauge/BarGaugePanel'),
  table: () => import('./table/TablePanel'),
  text: () => import('./text/TextPanel'),
  piechart: () => import('./piechart/PieChartPanel'),
  barchart: () => import('./barchart/BarChartPanel'),
  histogram: () => import('./histogram/HistogramPanel'),
  'state-timeline': () => import('./state-timeline/StateTimelinePanel'),
  heatmap: () => import('./heatmap/HeatmapPanel'),
  logs: () => import('./logs/LogsPanel'),
  dashlist: () => import('./dashlist/DashListPanel'),
  annolist: () => import('./annolist/AnnoListPanel'),
};
const RENDERERS: Record<RendererKind, ComponentType<PanelProps>> = {
  timeseries: lazy(LOADERS.timeseries),
  stat: lazy(LOADERS.stat),
  gauge: lazy(LOADERS.gauge),
  bargauge: lazy(LOADERS.bargauge),
  table: lazy(LOADERS.table),
  text: lazy(LOADERS.text),
  piechart: lazy(LOADERS.piechart),
  barchart: lazy(LOADERS.barchart),
  histogram: lazy(LOADERS.histogram),
  'state-timeline': lazy(LOADERS['state-timeline']),
  heatmap: lazy(LOADERS.heatmap),
  logs: lazy(LOADERS.logs),
  dashlist: lazy(LOADERS.dashlist),
  annolist: lazy(LOADERS.annolist),
};
/** Panels that draw what they fetch themselves, not what queries answered: never "No data" up front. */
const WITHOUT_QUERIES = new Set<RendererKind>(['text', 'dashlist', 'annolist']);

/**
 * Starts loading the renderers of these panel types now (a dashboard calls it as soon as its
 * model arrives), so their chunks download while the queries run instead of after them.
 */
export function preloadRenderers(types: Iterable<string | undefined>): void {
  const kinds = new Set<RendererKind>();
  for (const type of types) {
    const kind = rendererFor(type);
    if (kind) kinds.add(kind);
  }
  // The same import() the lazy component makes: the browser fetches each chunk once.
  for (const kind of kinds) void LOADERS[kind]().catch(() => undefined);
}

/**
 * Draws one panel from its JSON and the frames its queries answered: picks the renderer by
 * `panel.type` (legacy `graph`, `singlestat` and `table-old` migrated first), says "No data" when
 * nothing came back, and keeps a renderer's failure inside its own panel.
 */
export function PanelRenderer(props: PanelProps) {
  const panel = useMemo(() => migratePanel(props.panel), [props.panel]);
  // A new identity whenever the data or the panel changes, so a failed renderer gets another try.
  const attempt = useMemo(() => ({ frames: props.frames, panel }), [props.frames, panel]);
  const kind = rendererFor(panel.type);
  if (!kind) return <UnsupportedPanel panel={props.panel} />;
  if (!WITHOUT_QUERIES.has(kind) && framesHaveNoValues(props.frames)) return <NoData text={panelDefaults(panel).noValue} />;
  const Renderer = RENDERERS[kind];
  return (
    <PanelErrorBoundary resetKey={attempt}>
      <Suspense fallback={<RendererLoading />}>
        <Renderer {...props} panel={panel} />
      </Suspense>
    </PanelErrorBoundary>
  );
}

export default PanelRenderer;
