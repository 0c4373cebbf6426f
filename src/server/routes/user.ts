import type { FastifyInstance } from 'fastify';
import type { SignedInUser, UserOrg } from '../../contract/users';
import { notFound } from '../errors';
import type { Store } from '../store';
import { avatarUrl } from '../store/util';

/** Grafana's "signed-in user" endpoints; for a token, the service account behind it. */
export function registerSignedInUserRoutes(app: FastifyInstance, store: Store): void {
  app.get('/api/user', { config: { action: 'users.self:read' } }, async (request): Promise<SignedInUser> => {
    const { identity } = request;
    const account = await store.serviceAccounts.get(identity.orgId, identity.accountId);
    if (!account) throw notFound('user not found');
    return {
      id: account.id,
      uid: account.uid,
      login: account.login,
      email: account.email,
      name: account.name,
      orgId: account.orgId,
      isGrafanaAdmin: false,
      isDisabled: account.isDisabled,
      isExternal: false,
      isServiceAccount: true,
      avatarUrl: avatarUrl(account.email),
    };
  });

  app.get('/api/user/orgs', { config: { action: 'users.self:read' } }, async (request): Promise<UserOrg[]> => {
    const org = await store.orgs.get(request.identity.orgId);
    return org ? [{ orgId: org.id, name: org.name, role: request.identity.role }] : [];
  });
}
