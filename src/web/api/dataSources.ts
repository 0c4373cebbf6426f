import { queryOptions, useQuery } from '@tanstack/react-query';
import { dataSourceListSchema, type DataSource } from '../../contract/datasources';
import { apiFetch } from './client';
import { queryKeys } from './keys';

/** Every data source of the org (what `/api/datasources` lists), shared by the data sources pages and dashboards. */
export const dataSourcesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.dataSources,
    queryFn: ({ signal }) => apiFetch('/api/datasources', { schema: dataSourceListSchema, signal }),
  });

export function useDataSourceList(enabled = true) {
  return useQuery({ ...dataSourcesQueryOptions(), enabled });
}

export type DataSourceSummary = Pick<DataSource, 'uid' | 'name' | 'type' | 'isDefault'> & { id?: number };

/**
 * The data source a dashboard's reference means, as Grafana resolves it: `{uid}` or a uid/name
 * string; null, `default` or nothing: the org's default. `undefined` when none matches.
 */
export function resolveDataSource<T extends DataSourceSummary>(ref: unknown, list: readonly T[]): T | undefined {
  const byDefault = () => list.find((ds) => ds.isDefault) ?? (list.length === 1 ? list[0] : undefined);
  if (ref === null || ref === undefined || ref === '' || ref === 'default') return byDefault();
  if (typeof ref === 'string') return list.find((ds) => ds.uid === ref) ?? list.find((ds) => ds.name === ref);
  if (typeof ref === 'object') {
    const { uid, type } = ref as { uid?: unknown; type?: unknown };
    if (typeof uid === 'string' && uid !== '') {
      return list.find((ds) => ds.uid === uid) ?? list.find((ds) => ds.name === uid);
    }
    if (typeof type === 'string' && type !== '')
      return list.find((ds) => ds.type === type && ds.isDefault) ?? list.find((ds) => ds.type === type);
    return byDefault();
  }
  return undefined;
}
