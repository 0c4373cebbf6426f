import type { QueryClient } from '@tanstack/react-query';
import { dataSourcesQueryOptions } from '../../../api/dataSources';
import { parseExploreUrl } from './exploreUrl';

/**
 * Starts what Explore's first answer waits for while its code still loads: the data source list
 * (the queries cannot run before it) and, when the address holds queries, the graph's and table's
 * renderers (else loaded only once the answer is there). The query editors are left to load as
 * the page draws them: CodeMirror's chunk is the largest, and evaluated early it held up the query.
 */
export function prefetchExplore(queryClient: QueryClient, { url }: { url: URL }): void {
  void queryClient.prefetchQuery(dataSourcesQueryOptions());
  // Only an address with queries draws a graph at once; a bare /explore waits for a person to run one.
  if (!parseExploreUrl(url.searchParams)?.pane.queries.length) return;
  void import('../../../panels/PanelRenderer').then((m) => m.preloadRenderers(['timeseries', 'table'])).catch(() => undefined);
}
