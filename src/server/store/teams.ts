import { sql } from 'kysely';
import type { TeamSort } from '../../contract/teams';
import type { Db } from './db';
import { dialectOf, ignoringCase, likeIgnoringCase } from './dialect';
import { ConflictError, InvalidError } from './errors';
import type { TeamRow } from './schema';
import { isUniqueViolation, likePattern, newUid } from './util';

export type TeamWithCount = TeamRow & { memberCount: number };

export interface TeamMemberRow {
  team_id: number;
  user_id: number;
  login: string;
  email: string;
  name: string;
  is_service_account: number;
}

const teamNameTaken = () => new ConflictError('Team name taken', 'name');

/** Teams of an org and their members (people or service accounts): Grafana's second permission principal. */
export class TeamStore {
  constructor(private readonly db: Db) {}

  private withCounts(orgId: number) {
    return this.db
      .selectFrom('team')
      .selectAll('team')
      .select((eb) =>
        eb
          .selectFrom('team_member')
          .innerJoin('org_user', 'org_user.user_id', 'team_member.user_id')
          .select((m) => m.fn.countAll<number>().as('n'))
          .whereRef('team_member.team_id', '=', 'team.id')
          .whereRef('org_user.org_id', '=', 'team.org_id')
          .as('memberCount'),
      )
      .where('team.org_id', '=', orgId);
  }

  /** Grafana's team search: `query` matches name or email anywhere, `name` the exact name; by name. */
  async search(
    orgId: number,
    params: { query?: string; name?: string; sort?: TeamSort[]; limit: number; offset: number },
  ): Promise<{ totalCount: number; teams: TeamWithCount[] }> {
    const pattern = params.query ? likePattern(params.query) : undefined;
    const dialect = dialectOf(this.db);
    const matches = sql<boolean>`(${pattern === undefined ? sql`true` : sql`${likeIgnoringCase(dialect, 'team.name', pattern)} or ${likeIgnoringCase(dialect, 'team.email', pattern)}`})
      and (${params.name ? sql`team.name = ${params.name}` : sql`true`})`;
    const { n } = await this.db
      .selectFrom('team')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('team.org_id', '=', orgId)
      .where(matches)
      .executeTakeFirstOrThrow();
    let list = this.withCounts(orgId).where(matches);
    for (const key of params.sort ?? []) {
      const [field, direction] = key.split('-') as ['name' | 'email' | 'memberCount', 'asc' | 'desc'];
      list = list.orderBy(field === 'memberCount' ? sql.ref('memberCount') : ignoringCase(dialect, `team.${field}`), direction);
    }
    const rows = await list
      .orderBy(ignoringCase(dialect, 'team.name'))
      .orderBy('team.id')
      .limit(params.limit)
      .offset(params.offset)
      .execute();
    return { totalCount: Number(n), teams: rows.map((r) => ({ ...r, memberCount: Number(r.memberCount ?? 0) })) };
  }

  async get(orgId: number, id: number): Promise<TeamWithCount | undefined> {
    const row = await this.withCounts(orgId).where('team.id', '=', id).executeTakeFirst();
    return row && { ...row, memberCount: Number(row.memberCount ?? 0) };
  }

  /** The teams of this org among `ids` (for checking permission items). */
  async existing(orgId: number, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('team').select('id').where('org_id', '=', orgId).where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  async create(orgId: number, input: { name: string; email: string }): Promise<TeamRow> {
    const now = Date.now();
    try {
      return await this.db
        .insertInto('team')
        .values({ org_id: orgId, uid: newUid(), name: input.name, email: input.email, created: now, updated: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) throw teamNameTaken();
      throw error;
    }
  }

  /** Renames a team or changes its email; false when no such team. */
  async update(orgId: number, id: number, input: { name: string; email: string }): Promise<boolean> {
    try {
      const result = await this.db
        .updateTable('team')
        .set({ name: input.name, email: input.email, updated: Date.now() })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    } catch (error) {
      if (isUniqueViolation(error)) throw teamNameTaken();
      throw error;
    }
  }

  /** Deletes a team; its memberships and every permission naming it go with it. */
  async delete(orgId: number, id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('team').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }

  members(teamId: number): Promise<TeamMemberRow[]> {
    return (
      this.db
        .selectFrom('team_member')
        .innerJoin('team', 'team.id', 'team_member.team_id')
        .innerJoin('user', 'user.id', 'team_member.user_id')
        // Someone removed from the org keeps their user record (and so their row here) but is no member.
        .innerJoin('org_user', (join) =>
          join.onRef('org_user.user_id', '=', 'team_member.user_id').onRef('org_user.org_id', '=', 'team.org_id'),
        )
        .select(['team_member.team_id', 'team_member.user_id', 'user.login', 'user.email', 'user.name', 'user.is_service_account'])
        .where('team_member.team_id', '=', teamId)
        .orderBy(ignoringCase(dialectOf(this.db), 'user.login'))
        .execute()
    );
  }

  async addMember(teamId: number, userId: number): Promise<void> {
    try {
      await this.db.insertInto('team_member').values({ team_id: teamId, user_id: userId, created: Date.now() }).execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw new InvalidError('User is already added to this team', 'userId');
      throw error;
    }
  }

  async removeMember(teamId: number, userId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('team_member').where('team_id', '=', teamId).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  }
}
