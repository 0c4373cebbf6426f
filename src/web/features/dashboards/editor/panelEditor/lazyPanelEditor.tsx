import { useEffect } from 'react';
import { LoadingRows } from '../../../../components/States';
import { lazyComponent } from '../../../../lib/lazyComponent';
import { resolveDataSource, useDataSourceList, type DataSourceSummary } from '../../../../api/dataSources';
import { queryKindOf, type QueryKind } from '../../../../queryEditors/queryKinds';
import { preloadEditor } from '../../../../queryEditors/registry';
import { allPanels } from '../dashboardEdits';
import type { DashboardModel } from '../../api';

/** The panel editor, loaded when first opened (or preloaded in edit mode, below). */
export const LazyPanelEditor = lazyComponent(() => import('./PanelEditor'), <LoadingRows label="Loading the panel editor" rows={6} />);

/** The query languages of the dashboard's panels (their data source, and each query's own). */
export function queryKindsOf(model: DashboardModel, dataSources: readonly DataSourceSummary[]): Set<QueryKind> {
  const kinds = new Set<QueryKind>();
  const add = (ref: unknown) => {
    const type = resolveDataSource(ref, dataSources)?.type ?? (ref as { type?: unknown } | null)?.type;
    const kind = queryKindOf(typeof type === 'string' ? type : undefined);
    if (kind !== 'unsupported') kinds.add(kind);
  };
  for (const panel of allPanels(model)) {
    if (panel.type === 'row') continue;
    add(panel.datasource);
    for (const target of Array.isArray(panel.targets) ? panel.targets : []) {
      if (target && typeof target === 'object' && 'datasource' in target) add(target.datasource);
    }
  }
  return kinds;
}

/**
 * In edit mode, loads the panel editor's code and the query editors of the languages the
 * dashboard's panels use while the browser is idle, so choosing "Edit" on a panel only draws the
 * editor. The code stays a lazy chunk: someone who only views a dashboard never loads it. The data
 * source list is read from the cache the dashboard filled (this asks the server for nothing).
 */
export function usePreloadPanelEditor(active: boolean, model: DashboardModel) {
  const cached = useDataSourceList(false).data;
  useEffect(() => {
    if (!active) return;
    const kinds = queryKindsOf(model, cached ?? []);
    const load = () => {
      // A failed load is retried, and reported, when the editor itself is opened.
      LazyPanelEditor.preload().catch(() => undefined);
      for (const kind of kinds) preloadEditor(kind).catch(() => undefined);
    };
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(load, 0);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
    // Once per entry into edit mode: later edits of the model do not load anything new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);
}
