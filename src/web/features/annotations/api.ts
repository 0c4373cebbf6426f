import { useQuery } from '@tanstack/react-query';
import { annotationListSchema } from '../../../contract/annotations';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export function useAnnotations(range: { from: number; to: number }) {
  return useQuery({
    queryKey: queryKeys.annotations(range),
    queryFn: ({ signal }) =>
      apiFetch(`/api/annotations?${new URLSearchParams({ from: String(range.from), to: String(range.to), limit: '1000' })}`, { schema: annotationListSchema, signal }),
  });
}
