import { expect } from 'vitest';
import type { TestServer } from './harness';

/** Creates a data source through the API as the admin (proxy access unless `payload` says otherwise); the test fails if it is refused. */
export async function createDataSource(server: TestServer, payload: object): Promise<{ uid: string; id: number }> {
  const created = await server.call({ method: 'POST', url: '/api/datasources', payload: { access: 'proxy', ...payload } });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().datasource;
}
