import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrgRole } from '../../../contract/common';
import { searchServiceAccountsResponseSchema, serviceAccountSchema } from '../../../contract/serviceaccounts';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export function useServiceAccounts(params: { query: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: queryKeys.serviceAccounts(params),
    queryFn: ({ signal }) =>
      apiFetch(`/api/serviceaccounts/search?${new URLSearchParams({ query: params.query, page: String(params.page), perpage: String(params.perPage) })}`, {
        schema: searchServiceAccountsResponseSchema,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useCreateServiceAccount() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; role: OrgRole; isDisabled: boolean }) =>
      apiFetch('/api/serviceaccounts', { method: 'POST', body, schema: serviceAccountSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['serviceaccounts'] }),
  });
}
