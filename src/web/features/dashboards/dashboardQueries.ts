import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from '../../api/dashboards';
import { dataSourcesQueryOptions } from '../../api/dataSources';

/**
 * Starts what a dashboard's page asks first, so the answers are on their way while its code still
 * loads: the dashboard (model and meta) and, for the panels (no other `editview` tab), the data
 * sources its panels and variables resolve against. The page's hooks then find these requests in
 * the cache.
 */
export function prefetchDashboard(queryClient: QueryClient, { url, params }: { url: URL; params: { uid?: string } }): void {
  if (!params.uid) return;
  void queryClient.prefetchQuery(dashboardQueryOptions(params.uid));
  const view = url.searchParams.get('editview');
  if (!view || view === 'panels') void queryClient.prefetchQuery(dataSourcesQueryOptions());
}
