import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { messageResponseSchema } from '../../../contract/common';
import {
  addOrgUserResponseSchema,
  createUserResponseSchema,
  orgUserListSchema,
  type AddOrgUserRequest,
  type CreateUserRequest,
  type SetPasswordRequest,
  type orgUsersQuerySchema,
  type UpdateOrgUserRequest,
} from '../../../contract/users';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export const orgUserKeys = { all: queryKeys.orgUsers, list: queryKeys.orgUsersList };

export function useOrgUsers(query: string, enabled = true) {
  const params: z.input<typeof orgUsersQuerySchema> = query.trim() ? { query: query.trim() } : {};
  const search = new URLSearchParams(params as Record<string, string>).toString();
  return useQuery({
    queryKey: orgUserKeys.list(query.trim()),
    queryFn: ({ signal }) => apiFetch(`/api/org/users${search ? `?${search}` : ''}`, { schema: orgUserListSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * What a page does after a write succeeds. It runs with the mutation itself, so it still runs
 * when the row that started it has left the list (callbacks given to `mutate` are dropped then).
 */
export type AfterSuccess<Variables> = (variables: Variables) => void;

export interface RoleChange {
  userId: number;
  body: UpdateOrgUserRequest;
}

export function useChangeOrgUserRole(afterSuccess?: AfterSuccess<RoleChange>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: RoleChange) =>
      apiFetch(`/api/org/users/${userId}`, { method: 'PATCH', body, schema: messageResponseSchema }),
    onSuccess: (_answer, variables) => {
      afterSuccess?.(variables);
      return client.invalidateQueries({ queryKey: orgUserKeys.all });
    },
  });
}

export function useRemoveOrgUser(afterSuccess?: AfterSuccess<number>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => apiFetch(`/api/org/users/${userId}`, { method: 'DELETE', schema: messageResponseSchema }),
    onSuccess: (_answer, userId) => {
      afterSuccess?.(userId);
      return client.invalidateQueries({ queryKey: orgUserKeys.all });
    },
  });
}

/** Adds a person who already exists (e.g. removed earlier, or in another org) by login or email. */
export function useAddOrgUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddOrgUserRequest) => apiFetch('/api/org/users', { method: 'POST', body, schema: addOrgUserResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: orgUserKeys.all }),
  });
}

/** Creates a person, who joins this organization with the role given. */
export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateUserRequest) => apiFetch('/api/admin/users', { method: 'POST', body, schema: createUserResponseSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: orgUserKeys.all }),
  });
}

/** Sets or resets a person's password (org Admins); the server ends every session of theirs. */
export function useSetUserPassword() {
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: SetPasswordRequest }) =>
      apiFetch(`/api/admin/users/${userId}/password`, { method: 'PUT', body, schema: messageResponseSchema }),
  });
}
