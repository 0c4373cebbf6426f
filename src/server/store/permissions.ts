import type { CompiledQuery } from 'kysely';
import type { PermissionLevel } from '../../contract/folders';
import { inTransaction, type Db } from './db';
import { ConflictError } from './errors';
import { isUniqueViolation } from './util';

/** One grant as the access checks read it: to a role, an account or a team. */
export interface PermissionSubject {
  role: 'Viewer' | 'Editor' | null;
  user_id: number | null;
  team_id: number | null;
  permission: PermissionLevel;
}

/** A grant on a dashboard (for access checks). */
export interface DashboardAccessEntry extends PermissionSubject {
  dashboard_id: number;
}

/** A permission item to store: exactly one of role, userId and teamId. */
export interface PermissionItem {
  role?: 'Viewer' | 'Editor';
  userId?: number;
  teamId?: number;
  permission: PermissionLevel;
}

/** A stored grant with the names the API shows beside it. */
export interface PermissionView extends PermissionSubject {
  id: number;
  created: number;
  updated: number;
  userLogin: string | null;
  userEmail: string | null;
  teamName: string | null;
  teamEmail: string | null;
}

/** Grants on single dashboards, on top of their folder's (Grafana's dashboard permissions). */
export class DashboardPermissionStore {
  constructor(private readonly db: Db) {}

  list(dashboardId: number): Promise<PermissionView[]> {
    return this.db
      .selectFrom('dashboard_permission as p')
      .leftJoin('user', 'user.id', 'p.user_id')
      .leftJoin('team', 'team.id', 'p.team_id')
      .select(['p.id', 'p.role', 'p.user_id', 'p.team_id', 'p.permission', 'p.created', 'p.updated'])
      .select(['user.login as userLogin', 'user.email as userEmail', 'team.name as teamName', 'team.email as teamEmail'])
      .where('p.dashboard_id', '=', dashboardId)
      .orderBy('p.id')
      .execute();
  }

  /** Replaces a dashboard's own grants, all at once. */
  set(dashboardId: number, items: PermissionItem[]): Promise<void> {
    return replaceGrants(this.db, 'dashboard_permission', dashboardId, items);
  }
}

/** Each table of grants, and the column naming what its grants are on. */
const GRANTS_ON = { folder_permission: 'folder_id', dashboard_permission: 'dashboard_id' } as const;

/**
 * Replaces the grants on one folder or dashboard with `items`, all at once (Grafana's API posts the
 * whole list); a list naming the same subject twice changes nothing.
 */
export async function replaceGrants(db: Db, table: keyof typeof GRANTS_ON, ownerId: number, items: PermissionItem[]): Promise<void> {
  const owner = GRANTS_ON[table];
  const now = Date.now();
  try {
    await inTransaction(db, async (trx) => {
      await trx.deleteFrom(table).where(owner, '=', ownerId).execute();
      if (items.length === 0) return;
      await trx
        .insertInto(table)
        .values(
          items.map((i) => ({
            [owner]: ownerId,
            role: i.role ?? null,
            user_id: i.userId ?? null,
            team_id: i.teamId ?? null,
            permission: i.permission,
            created: now,
            updated: now,
          })),
        )
        .execute();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ConflictError('the permission list names the same role, account or team twice', 'items');
    throw error;
  }
}

/** Dashboards starred by an account. */
export class StarStore {
  constructor(private readonly db: Db) {}

  async star(userId: number, dashboardId: number): Promise<void> {
    await this.db
      .insertInto('star')
      .values({ user_id: userId, dashboard_id: dashboardId, created: Date.now() })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async unstar(userId: number, dashboardId: number): Promise<void> {
    await this.db.deleteFrom('star').where('user_id', '=', userId).where('dashboard_id', '=', dashboardId).execute();
  }

  /** `dashboardIds`' query, built and compiled once: every search runs it. */
  private starredQuery: CompiledQuery<{ dashboard_id: number }> | undefined;

  /** The ids of the dashboards of this org the account starred. */
  async dashboardIds(orgId: number, userId: number): Promise<Set<number>> {
    this.starredQuery ??= this.db
      .selectFrom('star')
      .innerJoin('dashboard', 'dashboard.id', 'star.dashboard_id')
      .select('star.dashboard_id')
      .where('star.user_id', '=', 0)
      .where('dashboard.org_id', '=', 0)
      .compile();
    const { rows } = await this.db.executeQuery<{ dashboard_id: number }>({ ...this.starredQuery, parameters: [userId, orgId] });
    return new Set(rows.map((r) => r.dashboard_id));
  }

  /** The uids of the dashboards of this org the account starred, oldest star first. */
  async dashboardUids(orgId: number, userId: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('star')
      .innerJoin('dashboard', 'dashboard.id', 'star.dashboard_id')
      .select('dashboard.uid')
      .where('star.user_id', '=', userId)
      .where('dashboard.org_id', '=', orgId)
      .orderBy('star.created')
      .orderBy('dashboard.id')
      .execute();
    return rows.map((r) => r.uid);
  }
}
