import { lazy, Suspense, useMemo, type ComponentType } from 'react';
import { panelDefaults } from './fieldDisplay';
import { framesHaveNoValues } from './frames';
import { migratePanel, rendererFor } from './migrations';
import { NoData, PanelErrorBoundary, RendererLoading, UnsupportedPanel } from './PanelStates';
import type { PanelProps } from './types';

// Each renderer is its own chunk: uPlot and the renderers load with the first panel that needs them.
const RENDERERS: Record<NonNullable<ReturnType<typeof rendererFor>>, ComponentType<PanelProps>> = {
  timeseries: lazy(() => import('./timeseries/TimeSeriesPanel')),
  stat: lazy(() => import('./stat/StatPanel')),
  gauge: lazy(() => import('./gauge/GaugePanel')),
  bargauge: lazy(() => import('./bargauge/BarGaugePanel')),
  table: lazy(() => import('./table/TablePanel')),
  text: lazy(() => import('./text/TextPanel')),
};

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
  if (kind !== 'text' && framesHaveNoValues(props.frames)) return <NoData text={panelDefaults(panel).noValue} />;
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
