import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import { updateOrgAddressRequestSchema, updateOrgRequestSchema, type Org } from '../../contract/org';
import { notFound } from '../errors';
import { parseBody } from '../http';
import type { Store } from '../store';

export function registerOrgRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/org', { config: { action: 'orgs:read' } }, async (request): Promise<Org> => {
    const org = await store.orgs.get(request.identity.orgId);
    if (!org) throw notFound('Organization not found');
    return {
      id: org.id,
      name: org.name,
      address: {
        address1: org.address1,
        address2: org.address2,
        city: org.city,
        zipCode: org.zip_code,
        state: org.state,
        country: org.country,
      },
    };
  });

  app.put('/api/org', { config: { action: 'orgs:write' } }, async (request): Promise<MessageResponse> => {
    const { name } = parseBody(updateOrgRequestSchema, request.body);
    await store.orgs.rename(request.identity.orgId, name);
    return { message: 'Organization updated' };
  });

  app.put('/api/org/address', { config: { action: 'orgs:write' } }, async (request): Promise<MessageResponse> => {
    const address = parseBody(updateOrgAddressRequestSchema, request.body);
    await store.orgs.updateAddress(request.identity.orgId, address);
    return { message: 'Address updated' };
  });
}
