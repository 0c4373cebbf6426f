import { sql } from 'kysely';
import type { SearchQuery } from '../../contract/search';
import type { FolderFilter, SearchParams, SearchRow } from './dashboards';
import type { Db } from './db';
import { containsText, dialectOf } from './dialect';

/** An always-false condition, so an `or` of no alternatives matches nothing. */
const NOTHING = sql<boolean>`false`;

/**
 * Grafana's search over dashboards and folders in SQL: every word of `query` in the title (any
 * order, any case), all `tag`s, type, folder and uid/id filters, alphabetical, paged. Every word
 * is checked literally in `title_lower` (`containsText`); on PostgreSQL the trigram index of
 * migration 0007 answers those checks. `/api/search` answers from memory (`DashboardSearch`,
 * store/searchCatalogue.ts); this is the reference its tests compare it with, kept apart from the
 * store's own reads.
 */
export function searchRows(db: Db, orgId: number, params: SearchParams, filter: FolderFilter): Promise<Array<SearchRow>> {
  const words = (params.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return searchQuery(db, orgId, params, filter, words)
    .limit(params.limit)
    .offset((params.page - 1) * params.limit)
    .execute();
}

/** The search with every filter, in the answer's order. */
function searchQuery(db: Db, orgId: number, params: SearchQuery & { starredIds?: number[] }, filter: FolderFilter, words: string[]) {
  let query = db
    .selectFrom('dashboard as d')
    .leftJoin('dashboard as f', 'f.id', 'd.folder_id')
    // Only what a hit shows: never the model (`data`), which runs to megabytes over many rows.
    .select(['d.id', 'd.uid', 'd.title', 'd.slug', 'd.is_folder', 'd.tags', 'd.folder_id'])
    .select(['f.uid as folderUid', 'f.title as folderTitle', 'f.slug as folderSlug'])
    .where('d.org_id', '=', orgId);
  const dialect = dialectOf(db);
  for (const word of words) {
    query = query.where(containsText(dialect, 'd.title_lower', word));
  }
  for (const tag of params.tag) {
    query = query.where((eb) =>
      eb.exists(
        eb.selectFrom('dashboard_tag as t').select('t.dashboard_id').whereRef('t.dashboard_id', '=', 'd.id').where('t.term', '=', tag),
      ),
    );
  }
  if (params.type) query = query.where('d.is_folder', '=', params.type === 'dash-folder' ? 1 : 0);
  if (params.starredIds) query = params.starredIds.length > 0 ? query.where('d.id', 'in', params.starredIds) : query.where(NOTHING);
  if (params.dashboardUIDs.length > 0) query = query.where('d.uid', 'in', params.dashboardUIDs);
  if (params.dashboardIds.length > 0) query = query.where('d.id', 'in', params.dashboardIds);
  if (params.folderIds.length > 0 || params.folderUIDs.length > 0) {
    const ids = params.folderIds.filter((id) => id !== 0);
    const uids = params.folderUIDs.filter((uid) => uid !== 'general');
    const root = params.folderIds.includes(0) || params.folderUIDs.includes('general');
    query = query.where((eb) =>
      eb.or([
        ...(root ? [eb('d.folder_id', 'is', null)] : []),
        ...(ids.length > 0 ? [eb('d.folder_id', 'in', ids)] : []),
        ...(uids.length > 0 ? [eb('f.uid', 'in', uids)] : []),
        NOTHING,
      ]),
    );
  }
  if (!filter.all) {
    const { rootVisible, folderIds, dashboardIds = [] } = filter;
    query = query.where((eb) =>
      eb.or([
        ...(dashboardIds.length > 0 ? [eb.and([eb('d.is_folder', '=', 0), eb('d.id', 'in', dashboardIds)])] : []),
        // A folder is listed when it can be viewed; a dashboard when its folder can.
        ...(folderIds.length > 0 ? [eb.and([eb('d.is_folder', '=', 1), eb('d.id', 'in', folderIds)])] : []),
        ...(rootVisible ? [eb.and([eb('d.is_folder', '=', 0), eb('d.folder_id', 'is', null)])] : []),
        ...(folderIds.length > 0 ? [eb.and([eb('d.is_folder', '=', 0), eb('d.folder_id', 'in', folderIds)])] : []),
        NOTHING,
      ]),
    );
  }
  const direction = params.sort === 'alpha-desc' ? 'desc' : 'asc';
  return query.orderBy('d.title_lower', direction).orderBy('d.id', direction);
}
