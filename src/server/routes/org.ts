import type { FastifyInstance, FastifyReply } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import { updateOrgAddressRequestSchema, updateOrgRequestSchema, type Org } from '../../contract/org';
import { notFound } from '../errors';
import { parseBody } from '../http';
import type { Store } from '../store';
import type { OrgRow } from '../store/schema';

function orgAnswer(org: Readonly<OrgRow>): Org {
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
}

export function registerOrgRoutes(app: FastifyInstance, store: Store): void {
  /** `GET /api/org`'s JSON by the org row it was made from. */
  const orgAnswers = new WeakMap<Readonly<OrgRow>, string>();
  const answer = (reply: FastifyReply, org: Readonly<OrgRow> | undefined): FastifyReply => {
    if (!org) throw notFound('Organization not found');
    // The org cache hands out the same frozen row until anything is written, so its answer is
    // serialised once per row, not on every call (the bytes JSON.stringify makes, as before).
    let body = orgAnswers.get(org);
    if (body === undefined) {
      body = JSON.stringify(orgAnswer(org));
      orgAnswers.set(org, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
  // Answered at once when the org cache holds the org (no promise), else after reading it.
  app.get('/api/org', { config: { action: 'orgs:read' } }, (request, reply) => {
    const orgId = request.identity.orgId;
    const cached = store.orgs.cached(orgId);
    if (cached) {
      answer(reply, cached);
      return undefined;
    }
    return store.orgs.get(orgId).then((org) => answer(reply, org));
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
