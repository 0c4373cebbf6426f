import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import { changePasswordRequestSchema, type SignedInUser, type UserOrg } from '../../contract/users';
import type { SignIn } from '../auth/signin';
import { ApiError, badRequest, notFound } from '../errors';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import { avatarUrl } from '../store/util';
import { requestFacts } from './login';

/** `/api/user`'s answer, for a person and for a token's service account alike. */
function signedInUser(
  account: { id: number; uid: string; login: string; email: string; name: string },
  facts: { orgId: number; isDisabled: boolean; isServiceAccount: boolean },
): SignedInUser {
  return {
    id: account.id,
    uid: account.uid,
    login: account.login,
    email: account.email,
    name: account.name,
    orgId: facts.orgId,
    isGrafanaAdmin: false,
    isDisabled: facts.isDisabled,
    isExternal: false,
    isServiceAccount: facts.isServiceAccount,
    avatarUrl: avatarUrl(account.email),
  };
}

/** Grafana's "signed-in user" endpoints: the person signed in, or the service account behind a token. */
export function registerSignedInUserRoutes(app: FastifyInstance, store: Store, signIn: SignIn): void {
  app.get('/api/user', { config: { action: 'users.self:read' } }, async (request): Promise<SignedInUser> => {
    const { identity } = request;
    if (identity.kind !== 'token') {
      const person = await store.users.getPerson(identity.accountId);
      if (!person) throw notFound('user not found');
      return signedInUser(person, { orgId: identity.orgId, isDisabled: person.isDisabled === 1, isServiceAccount: false });
    }
    const account = await store.serviceAccounts.get(identity.orgId, identity.accountId);
    if (!account) throw notFound('user not found');
    return signedInUser(account, { orgId: account.orgId, isDisabled: account.isDisabled, isServiceAccount: true });
  });

  app.get('/api/user/orgs', { config: { action: 'users.self:read' } }, async (request): Promise<UserOrg[]> => {
    const org = await store.orgs.get(request.identity.orgId);
    return org ? [{ orgId: org.id, name: org.name, role: request.identity.role }] : [];
  });

  app.put('/api/user/password', { config: { action: 'users.self:write' } }, async (request): Promise<MessageResponse> => {
    const { identity } = request;
    if (identity.kind === 'token') throw badRequest('Service accounts have no password; this call needs a signed-in user');
    const body = parseGrafanaBody(changePasswordRequestSchema, request.body);
    if (!(await signIn.confirmPassword(identity.accountId, body.oldPassword, requestFacts(request)))) {
      throw new ApiError(401, 'Invalid old password', { field: 'oldPassword' });
    }
    // The browser that changed it stays signed in; every other session of the person ends.
    await signIn.setPassword(identity.accountId, body.newPassword, identity.sessionId);
    return { message: 'User password changed' };
  });
}
