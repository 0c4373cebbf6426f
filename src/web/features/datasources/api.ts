import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  dataSourceResponseSchema,
  dataSourceSchema,
  deleteDataSourceResponseSchema,
  healthCheckResultSchema,
  type CreateDataSourceRequest,
  type DataSource,
  type HealthCheckResult,
  type UpdateDataSourceRequest,
} from '../../../contract/datasources';
import { apiFetch } from '../../api/client';
import { ApiError } from '../../api/errors';
import { dataSourcesQueryOptions } from '../../api/dataSources';
import { queryKeys } from '../../api/keys';

const uidPath = (uid: string) => `/api/datasources/uid/${encodeURIComponent(uid)}`;

export { dataSourcesQueryOptions };

export const dataSourceQueryOptions = (uid: string) =>
  queryOptions({
    queryKey: queryKeys.dataSource(uid),
    queryFn: ({ signal }) => apiFetch(uidPath(uid), { schema: dataSourceSchema, signal }),
  });

export function useDataSources() {
  return useQuery(dataSourcesQueryOptions());
}

export function useDataSource(uid: string) {
  return useQuery(dataSourceQueryOptions(uid));
}

/** After a write: the changed data source is known at once, and every list refetches. */
function useRemember() {
  const client = useQueryClient();
  return async (ds: DataSource) => {
    client.setQueryData(queryKeys.dataSource(ds.uid), ds);
    await client.invalidateQueries({ queryKey: queryKeys.dataSources, exact: true });
  };
}

export function useCreateDataSource() {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: CreateDataSourceRequest) => apiFetch('/api/datasources', { method: 'POST', body, schema: dataSourceResponseSchema }),
    onSuccess: (response) => remember(response.datasource),
  });
}

export function useUpdateDataSource(uid: string) {
  const remember = useRemember();
  return useMutation({
    mutationFn: (body: UpdateDataSourceRequest) => apiFetch(uidPath(uid), { method: 'PUT', body, schema: dataSourceResponseSchema }),
    onSuccess: (response) => remember(response.datasource),
  });
}

export function useDeleteDataSource() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => apiFetch(uidPath(uid), { method: 'DELETE', schema: deleteDataSourceResponseSchema }),
    // The deleted one's own query is left alone: its page is still open and leaves by itself.
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.dataSources, exact: true }),
  });
}

/**
 * Runs the data source's health check. An ERROR answers HTTP 400 with the result as its body:
 * that is a result to show, not a failure; anything else (404, 403, no server) is thrown.
 */
export async function checkHealth(uid: string): Promise<HealthCheckResult> {
  try {
    return await apiFetch(`${uidPath(uid)}/health`, { schema: healthCheckResultSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) {
      const result = healthCheckResultSchema.safeParse(error.body);
      if (result.success) return result.data;
    }
    throw error;
  }
}

export function useHealthCheck(uid: string) {
  return useMutation({ mutationFn: () => checkHealth(uid) });
}
