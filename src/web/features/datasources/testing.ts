import type { DataSource, DataSourceResponse } from '../../../contract/datasources';

/** A stored data source as the API answers it, for component tests. */
export function dataSourceFixture(overrides: Partial<DataSource> = {}): DataSource {
  return {
    id: 7,
    uid: 'prom-main',
    orgId: 1,
    name: 'Prometheus main',
    type: 'prometheus',
    typeName: 'Prometheus',
    typeLogoUrl: '',
    access: 'proxy',
    url: 'http://prometheus:9090',
    user: '',
    database: '',
    basicAuth: false,
    basicAuthUser: '',
    withCredentials: false,
    isDefault: false,
    jsonData: { httpMethod: 'POST' },
    secureJsonFields: {},
    version: 1,
    readOnly: false,
    ...overrides,
  };
}

export function saved(datasource: DataSource, message = 'Datasource updated'): DataSourceResponse {
  return { datasource, id: datasource.id, message, name: datasource.name };
}
