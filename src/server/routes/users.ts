import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import {
  addOrgUserRequestSchema,
  createUserRequestSchema,
  orgUserLookupQuerySchema,
  orgUsersQuerySchema,
  setPasswordRequestSchema,
  updateOrgUserRequestSchema,
  userIdParamsSchema,
  type AddOrgUserResponse,
  type CreateUserResponse,
  type OrgUser,
  type OrgUserLookup,
} from '../../contract/users';
import type { Identity } from '../auth/identity';
import { hashPassword } from '../auth/passwords';
import type { SignIn } from '../auth/signin';
import { ApiError, badRequest, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import type { OrgUserRow } from '../store/users';
import { avatarUrl } from '../store/util';

/** Grafana's age string: "3y", "2M", "5d", "4h", "12m" or "< 1 minute". */
export function ageString(since: number, now = Date.now()): string {
  const minutes = (now - since) / 60_000;
  const units: Array<[number, string]> = [
    [525_600, 'y'],
    [43_800, 'M'],
    [1_440, 'd'],
    [60, 'h'],
    [1, 'm'],
  ];
  for (const [size, suffix] of units) {
    const count = Math.floor(minutes / size);
    if (count > 0) return `${count}${suffix}`;
  }
  return '< 1 minute';
}

function toOrgUser(row: OrgUserRow): OrgUser {
  return {
    orgId: row.orgId,
    userId: row.userId,
    email: row.email,
    name: row.name,
    avatarUrl: avatarUrl(row.email),
    login: row.login,
    role: row.role,
    lastSeenAt: new Date(row.lastSeenAt).toISOString(),
    lastSeenAtAge: ageString(row.lastSeenAt),
  };
}

export function registerUserRoutes(app: FastifyInstance, store: Store, signIn: SignIn): void {
  /**
   * The person an org Admin may manage through `/api/admin/users/{id}/…`: one of their org's
   * people and of no other org (Grafana keeps these calls for server admins; an org's Admin must
   * not reach, through a shared person, into an org they do not run).
   */
  const managedPerson = async (identity: Identity, userId: number) => {
    const member = await store.users.getOrgUser(identity.orgId, userId);
    if (!member) throw notFound('User not found');
    const orgIds = await store.users.orgIdsOf(userId);
    if (orgIds.some((orgId) => orgId !== identity.orgId)) {
      throw new ApiError(403, 'This user belongs to other organizations too; only an Admin of each of them could change it this way', {
        title: 'Access denied',
      });
    }
    return member;
  };

  app.get('/api/org/users', { config: { action: 'org.users:read' } }, async (request): Promise<OrgUser[]> => {
    const query = parseInput(orgUsersQuerySchema, request.query);
    const rows = await store.users.listOrgUsers(request.identity.orgId, query);
    return rows.map(toOrgUser);
  });

  app.get('/api/org/users/lookup', { config: { action: 'org.users:read' } }, async (request): Promise<OrgUserLookup[]> => {
    const query = parseInput(orgUserLookupQuerySchema, request.query);
    const rows = await store.users.listOrgUsers(request.identity.orgId, query);
    return rows.map((row) => ({ userId: row.userId, login: row.login, name: row.name, avatarUrl: avatarUrl(row.email) }));
  });

  app.post('/api/admin/users', { config: { action: 'users:create' } }, async (request): Promise<CreateUserResponse> => {
    const body = parseGrafanaBody(createUserRequestSchema, request.body);
    // Grafana fills a missing login from the email and a missing email from the login.
    const login = body.login ?? body.email!;
    const id = await store.users.createPerson({
      orgId: request.identity.orgId,
      login,
      email: body.email ?? login,
      name: body.name ?? '',
      passwordHash: await hashPassword(body.password),
      role: body.role ?? 'Viewer',
    });
    return { id, message: 'User created' };
  });

  app.put(
    '/api/admin/users/:userId/password',
    { config: { action: 'users.password:write' } },
    async (request): Promise<MessageResponse> => {
      const { userId } = parseInput(userIdParamsSchema, request.params);
      const { password } = parseGrafanaBody(setPasswordRequestSchema, request.body);
      await managedPerson(request.identity, userId);
      // Whoever knew the old password is signed out everywhere.
      await signIn.setPassword(userId, password);
      return { message: 'User password updated' };
    },
  );

  for (const [verb, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    app.post(`/api/admin/users/:userId/${verb}`, { config: { action: 'users:disable' } }, async (request): Promise<MessageResponse> => {
      const { userId } = parseInput(userIdParamsSchema, request.params);
      await managedPerson(request.identity, userId);
      if (disabled && userId === request.identity.accountId) throw badRequest('You cannot disable yourself');
      await store.users.setDisabled(userId, disabled);
      return { message: disabled ? 'User disabled' : 'User enabled' };
    });
  }

  app.delete('/api/admin/users/:userId', { config: { action: 'users:delete' } }, async (request): Promise<MessageResponse> => {
    const { userId } = parseInput(userIdParamsSchema, request.params);
    await managedPerson(request.identity, userId);
    if (userId === request.identity.accountId) throw badRequest('You cannot delete yourself');
    await store.users.deletePerson(userId);
    return { message: 'User deleted' };
  });

  app.post('/api/org/users', { config: { action: 'org.users:add' } }, async (request): Promise<AddOrgUserResponse> => {
    const { loginOrEmail, role } = parseGrafanaBody(addOrgUserRequestSchema, request.body);
    const person = await store.users.findPerson(loginOrEmail);
    if (!person) throw notFound(`User not found: no user has the login or email "${loginOrEmail}"`, { field: 'loginOrEmail' });
    await store.users.addToOrg(request.identity.orgId, person.id, role);
    return { message: 'User added to organization', userId: person.id };
  });

  app.patch('/api/org/users/:userId', { config: { action: 'org.users:write' } }, async (request): Promise<MessageResponse> => {
    const { userId } = parseInput(userIdParamsSchema, request.params);
    const { role } = parseGrafanaBody(updateOrgUserRequestSchema, request.body);
    if (!(await store.users.getOrgUser(request.identity.orgId, userId))) throw notFound('User not found');
    await store.users.setRole(request.identity.orgId, userId, role);
    return { message: 'Organization user updated' };
  });

  app.delete('/api/org/users/:userId', { config: { action: 'org.users:remove' } }, async (request): Promise<MessageResponse> => {
    const { userId } = parseInput(userIdParamsSchema, request.params);
    if (!(await store.users.getOrgUser(request.identity.orgId, userId))) throw notFound('User not found');
    await store.users.removeFromOrg(request.identity.orgId, userId);
    return { message: 'User removed from organization' };
  });
}
