import { queryOptions } from '@tanstack/react-query';
import { dashboardWithMetaSchema } from '../../contract/dashboards';
import { apiFetch } from './client';
import { queryKeys } from './keys';

export const dashboardPath = (uid: string) => `/api/dashboards/uid/${encodeURIComponent(uid)}`;

/** A dashboard with its meta, as loaded into the editor (and read by other pages, e.g. its panels). */
export function dashboardQueryOptions(uid: string) {
  return queryOptions({
    queryKey: queryKeys.dashboards.detail(uid),
    queryFn: ({ signal }) => apiFetch(dashboardPath(uid), { schema: dashboardWithMetaSchema, signal }),
    // A dashboard being edited must not change under the editor's hands.
    refetchOnWindowFocus: false,
    staleTime: Infinity,
  });
}
