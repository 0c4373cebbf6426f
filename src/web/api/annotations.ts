import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { annotationListSchema, createAnnotationResponseSchema, type CreateAnnotationRequest } from '../../contract/annotations';
import { apiFetch } from './client';
import { queryKeys } from './keys';

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

/** Adds an annotation; every list of annotations (timeline, graphs) and the tag list refresh. */
export function useCreateAnnotation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAnnotationRequest) =>
      apiFetch('/api/annotations', { method: 'POST', body, schema: createAnnotationResponseSchema }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.annotationsAll }),
        client.invalidateQueries({ queryKey: queryKeys.annotationTags }),
      ]),
  });
}
