import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import {
  canonicalTimezone,
  defaultPreferences,
  isValidTimezone,
  preferenceThemes,
  updatePreferencesRequestSchema,
  weekStarts,
  type Preferences,
  type UpdatePreferencesRequest,
} from '../../contract/preferences';
import { teamIdParamsSchema } from '../../contract/teams';
import { loadFolderAccess, VIEW } from '../auth/access';
import type { Identity } from '../auth/identity';
import type { Action } from '../auth/permissions';
import { badRequest, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store, Stores } from '../store';
import type { PreferenceOwner, PreferenceValues, StoredPreferences } from '../store/preferences';
import { isForeignKeyViolation } from '../store/util';

const EMPTY: StoredPreferences = {
  theme: '',
  homeDashboardId: null,
  homeDashboardUid: null,
  homeDashboardSlug: null,
  timezone: '',
  weekStart: '',
  language: '',
  locale: '',
  queryHistoryHomeTab: '',
};

/** One level as Grafana answers it; a home dashboard deleted since reads as none. */
function toPreferences(stored: StoredPreferences = EMPTY): Preferences {
  const home = stored.homeDashboardId !== null && stored.homeDashboardUid !== null;
  return {
    theme: stored.theme,
    homeDashboardId: home ? (stored.homeDashboardId ?? 0) : 0,
    homeDashboardUID: home ? (stored.homeDashboardUid ?? '') : '',
    timezone: stored.timezone,
    weekStart: stored.weekStart,
    language: stored.language,
    locale: stored.locale,
    queryHistory: { homeTab: stored.queryHistoryHomeTab },
  };
}

/** Grafana's `GetWithDefaults`: the defaults, then each level in order, a set field winning. */
export function mergePreferences(levels: StoredPreferences[]): Preferences & { homeDashboardSlug: string } {
  const merged = { ...defaultPreferences, queryHistory: { ...defaultPreferences.queryHistory }, homeDashboardSlug: '' };
  for (const level of levels) {
    if (level.theme) merged.theme = level.theme;
    if (level.timezone) merged.timezone = level.timezone;
    if (level.weekStart) merged.weekStart = level.weekStart;
    if (level.homeDashboardId !== null && level.homeDashboardUid !== null) {
      merged.homeDashboardId = level.homeDashboardId;
      merged.homeDashboardUID = level.homeDashboardUid;
      merged.homeDashboardSlug = level.homeDashboardSlug ?? '';
    }
    if (level.language) merged.language = level.language;
    if (level.locale) merged.locale = level.locale;
    if (level.queryHistoryHomeTab) merged.queryHistory.homeTab = level.queryHistoryHomeTab;
  }
  return merged;
}

/** Effective preferences of the caller (their own over their teams' over the org's over the defaults). */
export async function effectivePreferences(store: Store, identity: Identity) {
  return mergePreferences(await withViewableHomes(store, identity, await store.preferences.levelsFor(identity.orgId, identity.accountId)));
}

/**
 * The levels with any home dashboard the caller may not view taken out: such a dashboard answers
 * as a missing one (its uid and slug would name it), so the next level's home, or the built-in
 * one, applies.
 */
async function withViewableHomes(store: Store, identity: Identity, levels: StoredPreferences[]): Promise<StoredPreferences[]> {
  if (!levels.some((level) => level.homeDashboardId !== null)) return levels;
  const access = await loadFolderAccess(store.folders, identity);
  return Promise.all(
    levels.map(async (level) => {
      if (level.homeDashboardId === null) return level;
      const found = await store.dashboards.getSummaryById(identity.orgId, level.homeDashboardId);
      if (found && access.canDashboard(found, VIEW)) return level;
      return { ...level, homeDashboardId: null, homeDashboardUid: null, homeDashboardSlug: null };
    }),
  );
}

/** Grafana's checks of a preferences body: the theme, and (Sightline's) the timezone and week start. */
function validate(body: UpdatePreferencesRequest): void {
  if (body.theme && !(preferenceThemes as readonly string[]).includes(body.theme)) {
    throw badRequest('Invalid theme', { field: 'theme' });
  }
  if (body.timezone !== undefined && !isValidTimezone(body.timezone)) {
    throw badRequest('Invalid timezone: use a zone name such as Europe/Berlin, utc, browser, or nothing for the default', {
      field: 'timezone',
    });
  }
  if (body.weekStart && !(weekStarts as readonly string[]).includes(body.weekStart)) {
    throw badRequest(`Invalid week start: use ${weekStarts.join(', ')}, or nothing for the default`, { field: 'weekStart' });
  }
}

/**
 * The home dashboard a body names: undefined when it names none (left as it is by PATCH, reset by
 * PUT), null to clear it. `homeDashboardUID` wins over the deprecated id. Unknown, a folder, or one
 * the caller cannot view: Grafana's 404 "Dashboard not found".
 */
async function homeDashboard(
  store: Stores,
  identity: Identity,
  body: UpdatePreferencesRequest,
): Promise<{ id: number; uid: string } | null | undefined> {
  const field = body.homeDashboardUID !== undefined ? 'homeDashboardUID' : 'homeDashboardId';
  let found;
  if (body.homeDashboardUID !== undefined) {
    if (body.homeDashboardUID === '') return null;
    found = await store.dashboards.getSummaryByUid(identity.orgId, body.homeDashboardUID);
  } else if (body.homeDashboardId !== undefined) {
    if (body.homeDashboardId === 0) return null;
    found = await store.dashboards.getSummaryById(identity.orgId, body.homeDashboardId);
  } else {
    return undefined;
  }
  const missing = () => notFound('Dashboard not found', { field });
  if (!found || found.is_folder) throw missing();
  const access = await loadFolderAccess(store.folders, identity);
  if (!access.canDashboard(found, VIEW)) throw missing();
  return { id: found.id, uid: found.uid };
}

/** A body over what is stored: PUT resets what it leaves out, PATCH keeps it. */
function valuesFrom(
  body: UpdatePreferencesRequest,
  home: { id: number; uid: string } | null | undefined,
  base: StoredPreferences,
): PreferenceValues {
  const keepHome = home === undefined;
  return {
    theme: body.theme ?? base.theme,
    homeDashboardId: keepHome ? base.homeDashboardId : (home?.id ?? null),
    homeDashboardUidToStore: keepHome ? (base.homeDashboardUid ?? '') : (home?.uid ?? ''),
    timezone: body.timezone === undefined ? base.timezone : (canonicalTimezone(body.timezone) ?? body.timezone),
    weekStart: body.weekStart ?? base.weekStart,
    language: body.language ?? base.language,
    locale: body.locale ?? base.locale,
    queryHistoryHomeTab: body.queryHistory?.homeTab ?? (body.queryHistory ? '' : base.queryHistoryHomeTab),
  };
}

interface Level {
  path: string;
  read: Action;
  write: Action;
  /** Whose preferences the request addresses; throws 404 for an unknown team. */
  owner(stores: Stores, identity: Identity, params: unknown): Promise<PreferenceOwner>;
}

/** Grafana's preferences of the caller, the org and a team: GET, PUT (whole) and PATCH (given keys). */
export function registerPreferenceRoutes(app: FastifyInstance, store: Store): void {
  const levels: Level[] = [
    { path: '/api/user/preferences', read: 'users.self:read', write: 'users.self:write', owner: async (_, i) => ({ userId: i.accountId }) },
    { path: '/api/org/preferences', read: 'orgs.preferences:read', write: 'orgs.preferences:write', owner: async () => ({}) },
    {
      path: '/api/teams/:teamId/preferences',
      read: 'teams:read',
      write: 'teams:write',
      owner: async (stores, identity, params) => {
        const { teamId } = parseInput(teamIdParamsSchema, params);
        if (!(await stores.teams.get(identity.orgId, teamId))) throw notFound('Team not found');
        return { teamId };
      },
    },
  ];

  for (const level of levels) {
    app.get(level.path, { config: { action: level.read } }, async (request): Promise<Preferences> => {
      const owner = await level.owner(store, request.identity, request.params);
      const stored = await store.preferences.get(request.identity.orgId, owner);
      return toPreferences(stored && (await withViewableHomes(store, request.identity, [stored]))[0]);
    });

    for (const method of ['PUT', 'PATCH'] as const) {
      app.route({
        method,
        url: level.path,
        config: { action: level.write },
        handler: async (request): Promise<MessageResponse> => {
          const { identity } = request;
          const body = parseGrafanaBody(updatePreferencesRequestSchema, request.body);
          validate(body);
          try {
            // The owner and the home dashboard are looked up in the transaction that writes.
            await store.transaction(async (stores) => {
              const owner = await level.owner(stores, identity, request.params);
              const home = await homeDashboard(stores, identity, body);
              const base = method === 'PATCH' ? ((await stores.preferences.get(identity.orgId, owner)) ?? EMPTY) : EMPTY;
              await stores.preferences.save(identity.orgId, owner, valuesFrom(body, home, base));
            });
          } catch (error) {
            // Deleted meanwhile by someone else (PostgreSQL checks the reference at the write): what
            // the request names is gone, as if it had been gone from the start.
            if (!isForeignKeyViolation(error)) throw error;
            await level.owner(store, identity, request.params);
            throw notFound('Dashboard not found', { field: body.homeDashboardUID !== undefined ? 'homeDashboardUID' : 'homeDashboardId' });
          }
          return { message: 'Preferences updated' };
        },
      });
    }
  }

  // Sightline's: what applies to the caller after merging, as the UI needs it at sign-in (Grafana
  // puts the same in the page it serves).
  app.get('/api/user/preferences/effective', { config: { action: 'users.self:read' } }, async (request): Promise<Preferences> => {
    const { homeDashboardSlug: _slug, ...merged } = await effectivePreferences(store, request.identity);
    return merged;
  });
}
