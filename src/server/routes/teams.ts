import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import {
  addTeamMemberRequestSchema,
  createTeamRequestSchema,
  searchTeamsQuerySchema,
  teamIdParamsSchema,
  teamMemberParamsSchema,
  updateTeamRequestSchema,
  type CreateTeamResponse,
  type SearchTeamsResponse,
  type Team,
  type TeamMember,
} from '../../contract/teams';
import type { Identity } from '../auth/identity';
import { badRequest, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import type { TeamWithCount } from '../store/teams';
import { avatarUrl } from '../store/util';

function toTeam(row: TeamWithCount): Team {
  return {
    id: row.id,
    uid: row.uid,
    orgId: row.org_id,
    name: row.name,
    email: row.email,
    avatarUrl: avatarUrl(row.email || row.name),
    memberCount: row.memberCount,
    // Grafana's team permission of the caller: 0 member, 4 admin. Sightline's teams have no team admins.
    permission: 0,
  };
}

/** Grafana's teams API: `/api/teams`, `/api/teams/search`, `/api/teams/{id}` and its members. */
export function registerTeamRoutes(app: FastifyInstance, store: Store): void {
  async function team(identity: Identity, params: unknown): Promise<TeamWithCount> {
    const { teamId } = parseInput(teamIdParamsSchema, params);
    const found = await store.teams.get(identity.orgId, teamId);
    if (!found) throw notFound('Team not found');
    return found;
  }

  app.get('/api/teams/search', { config: { action: 'teams:read' } }, async (request): Promise<SearchTeamsResponse> => {
    const query = parseInput(searchTeamsQuerySchema, request.query);
    // Grafana's paging: perpage <= 0 is 1000, page < 1 is 1.
    const perPage = query.perpage === undefined || query.perpage <= 0 ? 1000 : Math.min(query.perpage, 1000);
    const page = query.page === undefined || query.page < 1 ? 1 : query.page;
    const { totalCount, teams } = await store.teams.search(request.identity.orgId, {
      query: query.query?.trim() || undefined,
      name: query.name?.trim() || undefined,
      sort: query.sort,
      limit: perPage,
      offset: (page - 1) * perPage,
    });
    return { totalCount, teams: teams.map(toTeam), page, perPage };
  });

  app.post('/api/teams', { config: { action: 'teams:create' } }, async (request): Promise<CreateTeamResponse> => {
    const body = parseGrafanaBody(createTeamRequestSchema, request.body);
    const created = await store.teams.create(request.identity.orgId, { name: body.name, email: body.email ?? '' });
    return { message: 'Team created', teamId: created.id, uid: created.uid };
  });

  app.get('/api/teams/:teamId', { config: { action: 'teams:read' } }, async (request): Promise<Team> =>
    toTeam(await team(request.identity, request.params)),
  );

  app.put('/api/teams/:teamId', { config: { action: 'teams:write' } }, async (request): Promise<MessageResponse> => {
    const body = parseGrafanaBody(updateTeamRequestSchema, request.body);
    const existing = await team(request.identity, request.params);
    await store.teams.update(request.identity.orgId, existing.id, {
      name: body.name ?? existing.name,
      email: body.email ?? existing.email,
    });
    return { message: 'Team updated' };
  });

  app.delete('/api/teams/:teamId', { config: { action: 'teams:delete' } }, async (request): Promise<MessageResponse> => {
    const existing = await team(request.identity, request.params);
    await store.teams.delete(request.identity.orgId, existing.id);
    return { message: 'Team deleted' };
  });

  app.get('/api/teams/:teamId/members', { config: { action: 'teams.permissions:read' } }, async (request): Promise<TeamMember[]> => {
    const existing = await team(request.identity, request.params);
    const members = await store.teams.members(existing.id);
    return members.map((m) => ({
      orgId: existing.org_id,
      teamId: existing.id,
      teamUID: existing.uid,
      userId: m.user_id,
      auth_module: '',
      email: m.email,
      name: m.name,
      login: m.login,
      avatarUrl: avatarUrl(m.email),
      labels: [],
      permission: 0,
      isServiceAccount: m.is_service_account === 1,
    }));
  });

  app.post('/api/teams/:teamId/members', { config: { action: 'teams.permissions:write' } }, async (request): Promise<MessageResponse> => {
    const body = parseGrafanaBody(addTeamMemberRequestSchema, request.body);
    const existing = await team(request.identity, request.params);
    const { orgId } = request.identity;
    const isMember = (await store.users.getOrgUser(orgId, body.userId)) ?? (await store.serviceAccounts.get(orgId, body.userId));
    if (!isMember) {
      throw badRequest(`bad request data: userId ${body.userId} is not a user or service account of this organization`, {
        field: 'userId',
      });
    }
    await store.teams.addMember(existing.id, body.userId);
    return { message: 'Member added to Team' };
  });

  app.delete(
    '/api/teams/:teamId/members/:userId',
    { config: { action: 'teams.permissions:write' } },
    async (request): Promise<MessageResponse> => {
      const { userId } = parseInput(teamMemberParamsSchema, request.params);
      const existing = await team(request.identity, request.params);
      if (!(await store.teams.removeMember(existing.id, userId))) throw notFound('Team member not found');
      return { message: 'Team Member removed' };
    },
  );
}
