import type { QueryClient } from '@tanstack/react-query';
import { dataSourcesQueryOptions, resolveDataSource } from '../../../api/dataSources';
import { queryKindOf } from '../../../queryEditors/queryKinds';
import { MIXED_DATASOURCE, parseExploreUrl } from './exploreUrl';

/**
 * Starts what Explore needs before its first answer, while its code still loads: the data source
 * list (the queries cannot run before it), then the query editors of the languages the address
 * names, and the graph's and table's renderers. Each would otherwise wait for the step before it.
 */
export function prefetchExplore(queryClient: QueryClient, { url }: { url: URL }): void {
  const pane = parseExploreUrl(url.searchParams)?.pane;
  const dataSources = queryClient.fetchQuery(dataSourcesQueryOptions());
  // Only an address with queries draws a graph at once; a bare /explore waits for a person to run one.
  if (!pane || pane.queries.length === 0) return;
  void import('../../../panels/PanelRenderer').then((m) => m.preloadRenderers(['timeseries', 'table'])).catch(() => undefined);
  void Promise.all([dataSources, import('../../../queryEditors/registry')])
    .then(([list, { preloadEditor }]) => {
      // Each query's own data source, else the pane's (none named: the org's default).
      const paneRef = pane.datasource === MIXED_DATASOURCE ? null : pane.datasource;
      const kinds = new Set(
        pane.queries.map((q) => queryKindOf(resolveDataSource(q.datasource?.uid ? q.datasource : paneRef, list)?.type)),
      );
      for (const kind of kinds) void preloadEditor(kind).catch(() => undefined);
    })
    // The page asks again, and says what failed.
    .catch(() => undefined);
}
