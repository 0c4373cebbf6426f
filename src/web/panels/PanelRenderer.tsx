import { useMemo } from 'react';
import { lazyComponent, type LazyComponent } from '../lib/lazyComponent';
import { panelDefaults } from './fieldDisplay';
import { framesHaveNoValues } from './frames';
import { NoData, PanelErrorBoundary, RendererLoading, UnsupportedPanel } from './PanelStates';
import { migrateToPlugin, panelPlugin, panelPlugins } from './registry';
import type { PanelPlugin } from './options/types';
import type { PanelProps } from './types';

// Each renderer is its own chunk: uPlot and the renderers load with the first panel that needs them.
const RENDERERS: Record<string, LazyComponent<PanelProps>> = Object.fromEntries(
  panelPlugins().map(({ type }) => [type, lazyComponent(panelPlugin(type)!.loadRenderer, <RendererLoading />)]),
);

/**
 * Starts loading the renderers of these panel types now (a dashboard calls it as soon as its
 * model arrives), so their chunks download while the queries run instead of after them.
 */
export function preloadRenderers(types: Iterable<string | undefined>): void {
  const plugins = new Set<PanelPlugin>();
  for (const type of types) {
    const plugin = panelPlugin(type);
    if (plugin) plugins.add(plugin);
  }
  // A failed load is retried, and shown in its panel, when the panel draws.
  for (const plugin of plugins) RENDERERS[plugin.type]!.preload().catch(() => undefined);
}

/**
 * Draws one panel from its JSON and the frames its queries answered: picks the renderer by
 * `panel.type` through the plugin registry (legacy `graph`, `singlestat` and `table-old` migrated
 * first), says "No data" when nothing came back, and keeps a renderer's failure inside its own panel.
 */
export function PanelRenderer(props: PanelProps) {
  const panel = useMemo(() => migrateToPlugin(props.panel), [props.panel]);
  // A new identity whenever the data or the panel changes, so a failed renderer gets another try.
  const attempt = useMemo(() => ({ frames: props.frames, panel }), [props.frames, panel]);
  const plugin = panelPlugin(panel.type);
  if (!plugin) return <UnsupportedPanel panel={props.panel} />;
  if (!plugin.withoutQueries && framesHaveNoValues(props.frames)) return <NoData text={panelDefaults(panel).noValue} />;
  const Renderer = RENDERERS[plugin.type]!;
  return (
    <PanelErrorBoundary resetKey={attempt}>
      <Renderer {...props} panel={panel} />
    </PanelErrorBoundary>
  );
}

export default PanelRenderer;
