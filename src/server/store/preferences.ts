import { sql } from 'kysely';
import type { Db } from './db';

/** Whose preferences: the org's (neither), a team's, or a person's in the org. */
export type PreferenceOwner = { userId: number } | { teamId: number } | Record<string, never>;

/** One level's stored preferences; empty strings and a null home dashboard mean "unset". */
export interface StoredPreferences {
  theme: string;
  /** Null when unset, or when the dashboard was deleted. */
  homeDashboardId: number | null;
  /** The home dashboard's uid and slug as they are now (null with the id). */
  homeDashboardUid: string | null;
  homeDashboardSlug: string | null;
  timezone: string;
  weekStart: string;
  language: string;
  locale: string;
  queryHistoryHomeTab: string;
}

/** What a save writes: every field, as PUT gives it (PATCH merges over the stored ones first). */
export type PreferenceValues = Omit<StoredPreferences, 'homeDashboardUid' | 'homeDashboardSlug'> & { homeDashboardUidToStore: string };

interface JsonData {
  language?: string;
  locale?: string;
  queryHistory?: { homeTab?: string };
}

function parseJsonData(text: string): JsonData {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as JsonData) : {};
  } catch {
    return {};
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** Grafana's preference service over the `preferences` table (migration 0019). */
export class PreferenceStore {
  constructor(private readonly db: Db) {}

  private rows(orgId: number) {
    return this.db
      .selectFrom('preferences as p')
      .leftJoin('dashboard as d', (join) => join.onRef('d.id', '=', 'p.home_dashboard_id').on('d.is_folder', '=', 0))
      .select([
        'p.id',
        'p.user_id',
        'p.team_id',
        'p.theme',
        'p.timezone',
        'p.week_start',
        'p.json_data',
        'd.id as dashboard_id',
        'd.uid as dashboard_uid',
        'd.slug as dashboard_slug',
      ])
      .where('p.org_id', '=', orgId);
  }

  private static toStored(row: {
    theme: string;
    timezone: string;
    week_start: string;
    json_data: string;
    dashboard_id: number | null;
    dashboard_uid: string | null;
    dashboard_slug: string | null;
  }): StoredPreferences {
    const json = parseJsonData(row.json_data);
    return {
      theme: row.theme,
      homeDashboardId: row.dashboard_id,
      homeDashboardUid: row.dashboard_uid,
      homeDashboardSlug: row.dashboard_slug,
      timezone: row.timezone,
      weekStart: row.week_start,
      language: str(json.language),
      locale: str(json.locale),
      queryHistoryHomeTab: str(json.queryHistory?.homeTab),
    };
  }

  /** One level's preferences; undefined when none were ever saved. */
  async get(orgId: number, owner: PreferenceOwner): Promise<StoredPreferences | undefined> {
    const userId = 'userId' in owner ? owner.userId : null;
    const teamId = 'teamId' in owner ? owner.teamId : null;
    const row = await this.rows(orgId)
      .where(sql<boolean>`coalesce(p.user_id, 0) = ${userId ?? 0} and coalesce(p.team_id, 0) = ${teamId ?? 0}`)
      .executeTakeFirst();
    return row && PreferenceStore.toStored(row);
  }

  /**
   * The levels that apply to a person, in Grafana's order (`GetWithDefaults`): the org's first,
   * then their teams' by team id, then their own; a later level's set field wins.
   */
  async levelsFor(orgId: number, userId: number): Promise<StoredPreferences[]> {
    const teams = this.db
      .selectFrom('team_member')
      .innerJoin('team', 'team.id', 'team_member.team_id')
      .select('team.id')
      .where('team.org_id', '=', orgId)
      .where('team_member.user_id', '=', userId);
    const rows = await this.rows(orgId)
      .where((eb) =>
        eb.or([
          eb.and([eb('p.user_id', 'is', null), eb('p.team_id', 'is', null)]),
          eb('p.team_id', 'in', teams),
          eb('p.user_id', '=', userId),
        ]),
      )
      .orderBy(sql`coalesce(p.user_id, 0)`)
      .orderBy(sql`coalesce(p.team_id, 0)`)
      .execute();
    return rows.map((row) => PreferenceStore.toStored(row));
  }

  /** Writes one level's preferences whole (a new row, or the next version of the row). */
  async save(orgId: number, owner: PreferenceOwner, values: PreferenceValues): Promise<void> {
    const userId = 'userId' in owner ? owner.userId : null;
    const teamId = 'teamId' in owner ? owner.teamId : null;
    const now = Date.now();
    const jsonData = JSON.stringify({
      language: values.language,
      locale: values.locale,
      queryHistory: { homeTab: values.queryHistoryHomeTab },
    });
    const fields = {
      home_dashboard_id: values.homeDashboardId,
      home_dashboard_uid: values.homeDashboardUidToStore,
      timezone: values.timezone,
      week_start: values.weekStart,
      theme: values.theme,
      json_data: jsonData,
      updated: now,
    };
    const existing = await this.db
      .selectFrom('preferences')
      .select(['id', 'version'])
      .where('org_id', '=', orgId)
      .where(sql<boolean>`coalesce(user_id, 0) = ${userId ?? 0} and coalesce(team_id, 0) = ${teamId ?? 0}`)
      .executeTakeFirst();
    if (existing) {
      await this.db
        .updateTable('preferences')
        .set({ ...fields, version: existing.version + 1 })
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    await this.db
      .insertInto('preferences')
      .values({ ...fields, org_id: orgId, user_id: userId, team_id: teamId, version: 0, created: now })
      .execute();
  }
}
