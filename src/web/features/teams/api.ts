import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../../contract/common';
import {
  createTeamResponseSchema,
  searchTeamsResponseSchema,
  teamMemberListSchema,
  teamSchema,
  type CreateTeamRequest,
  type UpdateTeamRequest,
} from '../../../contract/teams';
import { apiFetch } from '../../api/client';
import { permissionKeys } from '../../api/permissions';

export const TEAMS_PER_PAGE = 50;

export const teamKeys = {
  all: permissionKeys.teams,
  list: (query: string, page: number) => [...permissionKeys.teams, 'list', { query, page }] as const,
  one: (id: number) => [...permissionKeys.teams, 'one', id] as const,
  members: (id: number) => [...permissionKeys.teams, 'members', id] as const,
};

export function useTeams(query: string, page: number) {
  const params = new URLSearchParams({ perpage: String(TEAMS_PER_PAGE), page: String(page) });
  if (query.trim()) params.set('query', query.trim());
  return useQuery({
    queryKey: teamKeys.list(query.trim(), page),
    queryFn: ({ signal }) => apiFetch(`/api/teams/search?${params}`, { schema: searchTeamsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useTeam(id: number) {
  return useQuery({ queryKey: teamKeys.one(id), queryFn: ({ signal }) => apiFetch(`/api/teams/${id}`, { schema: teamSchema, signal }) });
}

export function useTeamMembers(id: number) {
  return useQuery({
    queryKey: teamKeys.members(id),
    queryFn: ({ signal }) => apiFetch(`/api/teams/${id}/members`, { schema: teamMemberListSchema, signal }),
  });
}

/** Every write refreshes every team query: lists show names and member counts. */
function useTeamWrite<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => client.invalidateQueries({ queryKey: teamKeys.all }) });
}

export const useCreateTeam = () =>
  useTeamWrite((body: CreateTeamRequest) => apiFetch('/api/teams', { method: 'POST', body, schema: createTeamResponseSchema }));

export const useUpdateTeam = (id: number) =>
  useTeamWrite((body: UpdateTeamRequest) => apiFetch(`/api/teams/${id}`, { method: 'PUT', body, schema: messageResponseSchema }));

export const useDeleteTeam = () =>
  useTeamWrite((id: number) => apiFetch(`/api/teams/${id}`, { method: 'DELETE', schema: messageResponseSchema }));

export const useAddTeamMember = (id: number) =>
  useTeamWrite((userId: number) =>
    apiFetch(`/api/teams/${id}/members`, { method: 'POST', body: { userId }, schema: messageResponseSchema }),
  );

export const useRemoveTeamMember = (id: number) =>
  useTeamWrite((userId: number) => apiFetch(`/api/teams/${id}/members/${userId}`, { method: 'DELETE', schema: messageResponseSchema }));
