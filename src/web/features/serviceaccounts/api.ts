import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageResponseSchema, type MessageResponse } from '../../../contract/common';
import {
  createTokenResponseSchema,
  searchServiceAccountsResponseSchema,
  serviceAccountSchema,
  serviceAccountTokenListSchema,
  updateServiceAccountResponseSchema,
  type CreateServiceAccountRequest,
  type CreateTokenRequest,
  type CreateTokenResponse,
  type searchServiceAccountsQuerySchema,
  type ServiceAccount,
  type ServiceAccountToken,
  type UpdateServiceAccountRequest,
  type UpdateServiceAccountResponse,
} from '../../../contract/serviceaccounts';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

/** The list's filter, as it appears in the URL (`?filter=`). */
export const accountFilters = ['all', 'disabled', 'expiring', 'expired'] as const;
export type AccountFilter = (typeof accountFilters)[number];

export interface AccountSearch {
  query: string;
  page: number;
  perPage: number;
  filter: AccountFilter;
}

/** Every service-account query sits under `queryKeys.serviceAccounts`, so invalidating its root refreshes them all. */
export const serviceAccountKeys = {
  all: queryKeys.serviceAccounts(),
  search: (search: AccountSearch) => queryKeys.serviceAccounts({ search }),
  /** Also the prefix of the account's token list. */
  account: queryKeys.serviceAccount,
  tokens: queryKeys.serviceAccountTokens,
};

/** The search's query string, typed by the contract so only parameters the server knows are sent. */
export function searchQueryString(search: AccountSearch): string {
  const params: z.input<typeof searchServiceAccountsQuerySchema> = {
    perpage: String(search.perPage),
    page: String(search.page),
  };
  if (search.query.trim()) params.query = search.query.trim();
  if (search.filter === 'disabled') params.disabled = 'true';
  if (search.filter === 'expiring') params.expiringTokens = 'true';
  if (search.filter === 'expired') params.expiredTokens = 'true';
  return new URLSearchParams(params as Record<string, string>).toString();
}

export function useServiceAccounts(search: AccountSearch) {
  return useQuery({
    queryKey: serviceAccountKeys.search(search),
    queryFn: ({ signal }) =>
      apiFetch(`/api/serviceaccounts/search?${searchQueryString(search)}`, { schema: searchServiceAccountsResponseSchema, signal }),
    // The table keeps the previous page while the next loads, instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function useServiceAccount(id: number) {
  return useQuery({
    queryKey: serviceAccountKeys.account(id),
    queryFn: ({ signal }) => apiFetch(`/api/serviceaccounts/${id}`, { schema: serviceAccountSchema, signal }),
  });
}

export function useServiceAccountTokens(id: number) {
  return useQuery({
    queryKey: serviceAccountKeys.tokens(id),
    queryFn: ({ signal }) => apiFetch(`/api/serviceaccounts/${id}/tokens`, { schema: serviceAccountTokenListSchema, signal }),
  });
}

/**
 * What a page does after a write succeeds (a notification, a navigation). It runs with the
 * mutation itself, so it still runs when the row that started it has left the list meanwhile
 * (callbacks given to `mutate` are dropped once their component unmounts).
 */
export type AfterSuccess<Data, Variables> = (data: Data, variables: Variables) => void;

export function useCreateServiceAccount(afterSuccess?: AfterSuccess<ServiceAccount, CreateServiceAccountRequest>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateServiceAccountRequest) =>
      apiFetch('/api/serviceaccounts', { method: 'POST', body, schema: serviceAccountSchema }),
    onSuccess: (account, body) => {
      client.setQueryData(serviceAccountKeys.account(account.id), account);
      afterSuccess?.(account, body);
      return client.invalidateQueries({ queryKey: serviceAccountKeys.all });
    },
  });
}

export interface AccountPatch {
  id: number;
  patch: UpdateServiceAccountRequest;
}

export function useUpdateServiceAccount(afterSuccess?: AfterSuccess<UpdateServiceAccountResponse, AccountPatch>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: AccountPatch) =>
      apiFetch(`/api/serviceaccounts/${id}`, { method: 'PATCH', body: patch, schema: updateServiceAccountResponseSchema }),
    onSuccess: (answer, variables) => {
      client.setQueryData(serviceAccountKeys.account(answer.id), answer.serviceaccount);
      afterSuccess?.(answer, variables);
      return client.invalidateQueries({ queryKey: serviceAccountKeys.all });
    },
  });
}

export function useDeleteServiceAccount(afterSuccess?: AfterSuccess<MessageResponse, number>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch(`/api/serviceaccounts/${id}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: (answer, id) => {
      client.removeQueries({ queryKey: serviceAccountKeys.account(id) });
      afterSuccess?.(answer, id);
      return client.invalidateQueries({ queryKey: serviceAccountKeys.all });
    },
  });
}

/** The row the server will list for a token just minted, so the page shows it before the refetch lands. */
function mintedTokenRow(id: number, body: CreateTokenRequest, now: number): ServiceAccountToken {
  const seconds = body.secondsToLive ?? 0;
  return {
    id,
    name: body.name,
    created: new Date(now).toISOString(),
    lastUsedAt: null,
    expiration: seconds > 0 ? new Date(now + seconds * 1000).toISOString() : null,
    secondsUntilExpiration: seconds > 0 ? seconds : null,
    hasExpired: false,
    isRevoked: false,
  };
}

export function useCreateToken(accountId: number, afterSuccess?: AfterSuccess<CreateTokenResponse, CreateTokenRequest>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTokenRequest) =>
      apiFetch(`/api/serviceaccounts/${accountId}/tokens`, { method: 'POST', body, schema: createTokenResponseSchema }),
    onSuccess: (minted, body) => {
      afterSuccess?.(minted, body);
      client.setQueryData<ServiceAccountToken[]>(serviceAccountKeys.tokens(accountId), (tokens) =>
        tokens ? [...tokens.filter((token) => token.id !== minted.id), mintedTokenRow(minted.id, body, Date.now())] : tokens,
      );
      // Not awaited: the key must show at once; the list and token counts catch up behind the dialog.
      void client.invalidateQueries({ queryKey: serviceAccountKeys.all });
    },
  });
}

export function useRevokeToken(accountId: number, afterSuccess?: AfterSuccess<MessageResponse, number>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: number) =>
      apiFetch(`/api/serviceaccounts/${accountId}/tokens/${tokenId}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: (answer, tokenId) => {
      afterSuccess?.(answer, tokenId);
      client.setQueryData<ServiceAccountToken[]>(serviceAccountKeys.tokens(accountId), (tokens) =>
        tokens?.filter((token) => token.id !== tokenId),
      );
      return client.invalidateQueries({ queryKey: serviceAccountKeys.all });
    },
  });
}
