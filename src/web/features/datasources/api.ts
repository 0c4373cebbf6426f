import { useQuery } from '@tanstack/react-query';
import { dataSourceListSchema } from '../../../contract/datasources';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

export function useDataSources() {
  return useQuery({ queryKey: queryKeys.dataSources, queryFn: ({ signal }) => apiFetch('/api/datasources', { schema: dataSourceListSchema, signal }) });
}
