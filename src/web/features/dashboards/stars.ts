import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import { starListSchema } from '../../../contract/system';
import { apiFetch } from '../../api/client';

export const starKeys = { all: ['stars'] as const };

/** The uids of the dashboards the connected account starred. */
export function useStars() {
  return useQuery({ queryKey: starKeys.all, queryFn: ({ signal }) => apiFetch('/api/user/stars', { schema: starListSchema, signal }) });
}

/** Stars or unstars one dashboard; the star list and every search (its `isStarred`, `starred=true`) refresh. */
export function useToggleStar(uid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (starred: boolean) =>
      apiFetch(`/api/user/stars/dashboard/uid/${encodeURIComponent(uid)}`, {
        method: starred ? 'POST' : 'DELETE',
        schema: messageResponseSchema,
      }),
    onMutate: async (starred) => {
      // Show the new state at once; a failure puts the old one back.
      await client.cancelQueries({ queryKey: starKeys.all });
      const before = client.getQueryData<string[]>(starKeys.all);
      if (before) client.setQueryData(starKeys.all, starred ? [...new Set([...before, uid])] : before.filter((u) => u !== uid));
      return { before };
    },
    onError: (_error, _starred, context) => {
      if (context?.before) client.setQueryData(starKeys.all, context.before);
    },
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: starKeys.all }), client.invalidateQueries({ queryKey: ['search'] })]),
  });
}
