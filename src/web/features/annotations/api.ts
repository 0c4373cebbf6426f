import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { annotationTagsResponseSchema, type PatchAnnotationRequest } from '../../../contract/annotations';
import { messageResponseSchema } from '../../../contract/common';
import type { DashboardWithMeta } from '../../../contract/dashboards';
import { apiFetch } from '../../api/client';
import { dashboardQueryOptions } from '../../api/dashboards';
import { annotationsQueryOptions, annotationsUrl, FETCH_LIMIT, useCreateAnnotation, type AnnotationQuery } from '../../api/annotations';
import { queryKeys } from '../../api/keys';
import { allDashboardsQueryOptions } from '../../api/search';

export { annotationsQueryOptions, annotationsUrl, FETCH_LIMIT, type AnnotationQuery };

export function useAnnotations(query: AnnotationQuery, refreshMs: number | false) {
  return useQuery({
    ...annotationsQueryOptions(query),
    // Zooming and panning keep the old marks on screen until the new range arrives.
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

export const annotationTagsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.annotationTags,
    queryFn: ({ signal }) => apiFetch('/api/annotations/tags?limit=500', { schema: annotationTagsResponseSchema, signal }),
    select: (data) => data.result.tags,
  });

export function useAnnotationTags() {
  return useQuery(annotationTagsQueryOptions());
}

/** Every dashboard's title by uid, for lane labels and the dashboard pickers: the same search the dashboards list caches. */
export function useDashboardIndex() {
  return useQuery({ ...allDashboardsQueryOptions(), staleTime: 60_000 });
}

/** The panels (id and title) of a dashboard model, rows' panels included, rows themselves not. */
export function panelsOf(dashboard: DashboardWithMeta['dashboard']): Array<{ id: number; title: string }> {
  const panels: Array<{ id: number; title: string }> = [];
  const visit = (list: unknown) => {
    for (const p of Array.isArray(list) ? list : []) {
      if (typeof p !== 'object' || p === null) continue;
      const panel = p as { id?: unknown; title?: unknown; type?: unknown; panels?: unknown };
      if (panel.type !== 'row' && typeof panel.id === 'number')
        panels.push({ id: panel.id, title: typeof panel.title === 'string' && panel.title ? panel.title : `Panel ${panel.id}` });
      visit(panel.panels);
    }
  };
  visit(dashboard.panels);
  return panels;
}

/** The panels of a dashboard, for choosing the panel of an annotation: read from the dashboard's own cache entry. */
export function useDashboardPanels(uid: string | undefined) {
  return useQuery({ ...dashboardQueryOptions(uid ?? ''), enabled: Boolean(uid), select: (data) => panelsOf(data.dashboard) });
}

/** At most this many dashboards are read for their panel titles; the rest say "Panel <id>". */
const PANEL_TITLE_DASHBOARDS = 20;

/**
 * The title of the panel an annotation belongs to, read from its dashboard (the same cache entry the
 * dashboard page uses), as Grafana names it; "Panel <id>" until it arrives or when it is gone.
 */
export function usePanelTitles(annotations: ReadonlyArray<{ dashboardUID?: string | null; panelId?: number | null }>) {
  const uids = [...new Set(annotations.flatMap((a) => (a.dashboardUID && a.panelId ? [a.dashboardUID] : [])))]
    .sort()
    .slice(0, PANEL_TITLE_DASHBOARDS);
  return useQueries({
    queries: uids.map((uid) => ({
      ...dashboardQueryOptions(uid),
      staleTime: 60_000,
      select: (data: DashboardWithMeta) => panelsOf(data.dashboard),
    })),
    combine: (results) => {
      const byDashboard = new Map(uids.map((uid, i) => [uid, results[i]?.data]));
      return (uid: string | null | undefined, panelId: number) =>
        (uid ? byDashboard.get(uid)?.find((p) => p.id === panelId)?.title : undefined) ?? `Panel ${panelId}`;
    },
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.annotationsAll }),
      client.invalidateQueries({ queryKey: queryKeys.annotationTags }),
    ]);
}

export { useCreateAnnotation };

export function useUpdateAnnotation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PatchAnnotationRequest }) =>
      apiFetch(`/api/annotations/${id}`, { method: 'PATCH', body: patch, schema: messageResponseSchema }),
    onSuccess: () => invalidate(),
  });
}

export function deleteAnnotation(id: number) {
  return apiFetch(`/api/annotations/${id}`, { method: 'DELETE', schema: messageResponseSchema });
}

export function useDeleteAnnotations() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await deleteAnnotation(id);
      return ids.length;
    },
    onSettled: () => invalidate(),
  });
}

export function useInvalidateAnnotations() {
  return useInvalidate();
}
