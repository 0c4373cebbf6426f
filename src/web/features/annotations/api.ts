import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  annotationListSchema,
  annotationTagsResponseSchema,
  createAnnotationResponseSchema,
  type CreateAnnotationRequest,
  type PatchAnnotationRequest,
} from '../../../contract/annotations';
import { messageResponseSchema } from '../../../contract/common';
import type { DashboardWithMeta } from '../../../contract/dashboards';
import { apiFetch } from '../../api/client';
import { dashboardQueryOptions } from '../../api/dashboards';
import { queryKeys } from '../../api/keys';
import { allDashboardsQueryOptions } from '../../api/search';

/** Enough for a dense range; the page says when the limit is reached. */
export const FETCH_LIMIT = 20_000;

export interface AnnotationQuery {
  from: number;
  to: number;
  tags: string[];
  matchAny: boolean;
  dashboardUID?: string;
  panelId?: number;
}

export function annotationsUrl(query: AnnotationQuery): string {
  const params = new URLSearchParams({
    from: String(Math.floor(query.from)),
    to: String(Math.ceil(query.to)),
    limit: String(FETCH_LIMIT),
    type: 'annotation',
  });
  for (const tag of query.tags) params.append('tags', tag);
  if (query.matchAny) params.set('matchAny', 'true');
  if (query.dashboardUID) params.set('dashboardUID', query.dashboardUID);
  if (query.panelId !== undefined) params.set('panelId', String(query.panelId));
  return `/api/annotations?${params}`;
}

export const annotationsQueryOptions = (query: AnnotationQuery) =>
  queryOptions({
    queryKey: queryKeys.annotations({ ...query }),
    queryFn: ({ signal }) => apiFetch(annotationsUrl(query), { schema: annotationListSchema, signal }),
  });

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

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.annotationsAll }),
      client.invalidateQueries({ queryKey: queryKeys.annotationTags }),
    ]);
}

export function useCreateAnnotation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateAnnotationRequest) =>
      apiFetch('/api/annotations', { method: 'POST', body, schema: createAnnotationResponseSchema }),
    onSuccess: () => invalidate(),
  });
}

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
