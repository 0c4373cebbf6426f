import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  annotationListSchema,
  annotationTagsResponseSchema,
  createAnnotationResponseSchema,
  type CreateAnnotationRequest,
  type PatchAnnotationRequest,
} from '../../../contract/annotations';
import { messageResponseSchema } from '../../../contract/common';
import { dashboardWithMetaSchema } from '../../../contract/dashboards';
import { searchResultSchema } from '../../../contract/search';
import { apiFetch } from '../../api/client';

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

export function useAnnotations(query: AnnotationQuery, refreshMs: number | false) {
  return useQuery({
    queryKey: ['annotations', query],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ from: String(Math.floor(query.from)), to: String(Math.ceil(query.to)), limit: String(FETCH_LIMIT), type: 'annotation' });
      for (const tag of query.tags) params.append('tags', tag);
      if (query.matchAny) params.set('matchAny', 'true');
      if (query.dashboardUID) params.set('dashboardUID', query.dashboardUID);
      if (query.panelId !== undefined) params.set('panelId', String(query.panelId));
      return apiFetch(`/api/annotations?${params}`, { schema: annotationListSchema, signal });
    },
    // Zooming and panning keep the old marks on screen until the new range arrives.
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
}

export function useAnnotationTags() {
  return useQuery({
    queryKey: ['annotationTags'],
    queryFn: ({ signal }) => apiFetch('/api/annotations/tags?limit=500', { schema: annotationTagsResponseSchema, signal }),
    select: (data) => data.result.tags,
  });
}

/** Every dashboard's title by uid, for lane labels and the dashboard pickers. */
export function useDashboardIndex() {
  return useQuery({
    queryKey: ['search', { type: 'dash-db', all: true }],
    queryFn: ({ signal }) => apiFetch('/api/search?type=dash-db&limit=5000', { schema: searchResultSchema, signal }),
    staleTime: 60_000,
  });
}

/** The panels of a dashboard (id and title), for choosing the panel of an annotation. */
export function useDashboardPanels(uid: string | undefined) {
  return useQuery({
    queryKey: ['dashboard', uid, 'panels'],
    enabled: Boolean(uid),
    queryFn: async ({ signal }) => {
      const { dashboard } = await apiFetch(`/api/dashboards/uid/${encodeURIComponent(uid!)}`, { schema: dashboardWithMetaSchema, signal });
      const panels: Array<{ id: number; title: string }> = [];
      const visit = (list: unknown) => {
        for (const p of Array.isArray(list) ? list : []) {
          if (typeof p !== 'object' || p === null) continue;
          const panel = p as { id?: unknown; title?: unknown; type?: unknown; panels?: unknown };
          if (panel.type !== 'row' && typeof panel.id === 'number') panels.push({ id: panel.id, title: typeof panel.title === 'string' && panel.title ? panel.title : `Panel ${panel.id}` });
          visit(panel.panels);
        }
      };
      visit(dashboard.panels);
      return panels;
    },
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: ['annotations'] }), client.invalidateQueries({ queryKey: ['annotationTags'] })]);
}

export function useCreateAnnotation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateAnnotationRequest) => apiFetch('/api/annotations', { method: 'POST', body, schema: createAnnotationResponseSchema }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAnnotation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: PatchAnnotationRequest }) => apiFetch(`/api/annotations/${id}`, { method: 'PATCH', body: patch, schema: messageResponseSchema }),
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
