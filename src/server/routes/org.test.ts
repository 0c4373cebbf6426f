import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orgSchema } from '../../contract/org';
import { startTestServer, type TestServer } from '../testing/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.cleanup());

describe('organization', () => {
  it('reads the org in Grafana shape', async () => {
    const response = await server.call({ method: 'GET', url: '/api/org' });
    expect(orgSchema.parse(response.json())).toEqual({
      id: 1,
      name: 'Main Org.',
      address: { address1: '', address2: '', city: '', zipCode: '', state: '', country: '' },
    });
  });

  it('renames the org and updates its address', async () => {
    const renamed = await server.call({ method: 'PUT', url: '/api/org', payload: { name: '  Acme Observability  ' } });
    expect(renamed.json()).toEqual({ message: 'Organization updated' });
    const address = await server.call({ method: 'PUT', url: '/api/org/address', payload: { city: 'Porto', zipCode: '4000' } });
    expect(address.json()).toEqual({ message: 'Address updated' });
    expect((await server.call({ method: 'GET', url: '/api/org' })).json()).toMatchObject({
      name: 'Acme Observability',
      address: { city: 'Porto', zipCode: '4000', country: '' },
    });
  });

  it('refuses an empty or missing name', async () => {
    for (const payload of [{ name: '' }, { name: '   ' }, {}, { name: 42 }]) {
      const response = await server.call({ method: 'PUT', url: '/api/org', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(/^bad request data: name: /);
    }
  });
});
