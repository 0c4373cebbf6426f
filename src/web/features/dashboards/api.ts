import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { saveDashboardResponseSchema } from '../../../contract/dashboards';
import { folderListSchema, folderSchema } from '../../../contract/folders';
import { searchResultSchema } from '../../../contract/search';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export function useDashboardSearch(query: string) {
  return useQuery({
    queryKey: queryKeys.search({ query }),
    queryFn: ({ signal }) =>
      apiFetch(`/api/search?${new URLSearchParams({ query, limit: '1000' })}`, { schema: searchResultSchema, signal }),
    placeholderData: (previous) => previous,
  });
}

export function useFolders(enabled = true) {
  return useQuery({ queryKey: queryKeys.folders, queryFn: ({ signal }) => apiFetch('/api/folders', { schema: folderListSchema, signal }), enabled });
}

export function useCreateFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => apiFetch('/api/folders', { method: 'POST', body: { title }, schema: folderSchema }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: ['search'] }), client.invalidateQueries({ queryKey: queryKeys.folders })]),
  });
}

export function useCreateDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ title, folderUid }: { title: string; folderUid: string }) =>
      apiFetch('/api/dashboards/db', {
        method: 'POST',
        body: { dashboard: { title, panels: [], schemaVersion: 39, time: { from: 'now-6h', to: 'now' } }, folderUid },
        schema: saveDashboardResponseSchema,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['search'] }),
  });
}
