import type { DataSource, DataSourceResponse } from '../../../contract/datasources';
import { fixtures } from '../../test/server';

/** A stored data source as the API answers it, for component tests: Prometheus main, not the default. */
export function dataSourceFixture(overrides: Partial<DataSource> = {}): DataSource {
  return fixtures.dataSource({
    id: 7,
    uid: 'prom-main',
    name: 'Prometheus main',
    url: 'http://prometheus:9090',
    isDefault: false,
    jsonData: { httpMethod: 'POST' },
    ...overrides,
  });
}

export function saved(datasource: DataSource, message = 'Datasource updated'): DataSourceResponse {
  return { datasource, id: datasource.id, message, name: datasource.name };
}
