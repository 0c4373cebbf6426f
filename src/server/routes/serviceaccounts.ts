import type { FastifyInstance } from 'fastify';
import type { MessageResponse, OrgRole } from '../../contract/common';
import {
  createServiceAccountRequestSchema,
  createTokenRequestSchema,
  searchServiceAccountsQuerySchema,
  serviceAccountIdParamsSchema,
  serviceAccountTokenParamsSchema,
  updateServiceAccountRequestSchema,
  type CreateTokenResponse,
  type SearchServiceAccountsResponse,
  type ServiceAccount,
  type ServiceAccountToken,
  type UpdateServiceAccountResponse,
} from '../../contract/serviceaccounts';
import type { Identity } from '../auth/identity';
import { roleAtLeast } from '../auth/permissions';
import { generateToken, hashToken } from '../auth/tokens';
import { ApiError, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import type { ServiceAccountRow } from '../store/serviceaccounts';
import type { ApiKeyRow } from '../store/schema';
import { avatarUrl } from '../store/util';

/** Grafana: `perpage <= 0` means 1000, `page < 1` means 1; Sightline also caps perpage at 1000. */
export const MAX_PER_PAGE = 1000;

function toServiceAccount(row: ServiceAccountRow): ServiceAccount {
  return {
    id: row.id,
    uid: row.uid,
    name: row.name,
    login: row.login,
    orgId: row.orgId,
    isDisabled: row.isDisabled,
    role: row.role,
    tokens: row.tokens,
    avatarUrl: avatarUrl(row.email),
  };
}

function toToken(row: ApiKeyRow, now: number): ServiceAccountToken {
  return {
    id: row.id,
    name: row.name,
    created: new Date(row.created).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
    expiration: row.expires === null ? null : new Date(row.expires).toISOString(),
    secondsUntilExpiration: row.expires === null ? null : Math.max(0, (row.expires - now) / 1000),
    hasExpired: row.expires !== null && row.expires <= now,
    isRevoked: row.is_revoked === 1,
  };
}

/** No one hands out more power than they hold. */
function assertMayGrant(identity: Identity, role: OrgRole): void {
  if (!roleAtLeast(identity.role, role)) {
    throw new ApiError(403, `You cannot give a service account the role ${role}: it is above your own role (${identity.role})`, {
      title: 'Access denied',
    });
  }
}

export function registerServiceAccountRoutes(app: FastifyInstance, store: Store): void {
  async function accountOr404(identity: Identity, params: unknown): Promise<ServiceAccountRow> {
    const { id } = parseInput(serviceAccountIdParamsSchema, params);
    const account = await store.serviceAccounts.get(identity.orgId, id);
    if (!account) throw notFound('service account not found');
    return account;
  }

  app.get(
    '/api/serviceaccounts/search',
    { config: { action: 'serviceaccounts:read' } },
    async (request): Promise<SearchServiceAccountsResponse> => {
      const query = parseInput(searchServiceAccountsQuerySchema, request.query);
      const perPage = query.perpage === undefined || query.perpage <= 0 ? MAX_PER_PAGE : Math.min(query.perpage, MAX_PER_PAGE);
      const page = query.page === undefined || query.page < 1 ? 1 : query.page;
      const { totalCount, accounts } = await store.serviceAccounts.search(request.identity.orgId, {
        query: query.query,
        disabled: query.disabled,
        expiredTokens: query.expiredTokens,
        expiringTokens: query.expiringTokens,
        perPage,
        page,
      });
      return { totalCount, serviceAccounts: accounts.map(toServiceAccount), page, perPage };
    },
  );

  app.post('/api/serviceaccounts', { config: { action: 'serviceaccounts:create' } }, async (request, reply) => {
    const body = parseGrafanaBody(createServiceAccountRequestSchema, request.body);
    const role = body.role ?? 'Viewer';
    assertMayGrant(request.identity, role);
    const account = await store.serviceAccounts.create({
      orgId: request.identity.orgId,
      name: body.name,
      role,
      isDisabled: body.isDisabled ?? false,
    });
    const created: ServiceAccount = toServiceAccount(account);
    return reply.code(201).send(created);
  });

  app.get('/api/serviceaccounts/:id', { config: { action: 'serviceaccounts:read' } }, async (request): Promise<ServiceAccount> => {
    return toServiceAccount(await accountOr404(request.identity, request.params));
  });

  app.patch(
    '/api/serviceaccounts/:id',
    { config: { action: 'serviceaccounts:write' } },
    async (request): Promise<UpdateServiceAccountResponse> => {
      const account = await accountOr404(request.identity, request.params);
      const patch = parseGrafanaBody(updateServiceAccountRequestSchema, request.body);
      if (patch.role !== undefined) assertMayGrant(request.identity, patch.role);
      const updated = toServiceAccount(await store.serviceAccounts.update(request.identity.orgId, account.id, patch));
      return { id: updated.id, name: updated.name, message: 'Service account updated', serviceaccount: updated };
    },
  );

  app.delete('/api/serviceaccounts/:id', { config: { action: 'serviceaccounts:delete' } }, async (request): Promise<MessageResponse> => {
    const account = await accountOr404(request.identity, request.params);
    await store.serviceAccounts.delete(request.identity.orgId, account.id);
    return { message: 'Service account deleted' };
  });

  app.get(
    '/api/serviceaccounts/:id/tokens',
    { config: { action: 'serviceaccounts:read' } },
    async (request): Promise<ServiceAccountToken[]> => {
      const account = await accountOr404(request.identity, request.params);
      const now = Date.now();
      return (await store.tokens.list(account.id)).map((row) => toToken(row, now));
    },
  );

  app.post(
    '/api/serviceaccounts/:id/tokens',
    { config: { action: 'serviceaccounts:write' } },
    async (request): Promise<CreateTokenResponse> => {
      const account = await accountOr404(request.identity, request.params);
      const { name, secondsToLive } = parseGrafanaBody(createTokenRequestSchema, request.body);
      const key = generateToken();
      const id = await store.tokens.create({
        orgId: account.orgId,
        serviceAccountId: account.id,
        name,
        keyHash: hashToken(key),
        secondsToLive,
      });
      return { id, name, key };
    },
  );

  app.delete(
    '/api/serviceaccounts/:id/tokens/:tokenId',
    { config: { action: 'serviceaccounts:write' } },
    async (request): Promise<MessageResponse> => {
      const { id, tokenId } = parseInput(serviceAccountTokenParamsSchema, request.params);
      const account = await store.serviceAccounts.get(request.identity.orgId, id);
      if (!account) throw notFound('service account not found');
      if (!(await store.tokens.revoke(account.id, tokenId))) throw notFound('service account token not found');
      return { message: 'Service account token deleted' };
    },
  );
}
