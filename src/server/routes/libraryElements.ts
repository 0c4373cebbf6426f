import type { FastifyInstance } from 'fastify';
import {
  createLibraryElementRequestSchema,
  libraryElementNameParamsSchema,
  libraryElementSearchQuerySchema,
  libraryElementUidParamsSchema,
  patchLibraryElementRequestSchema,
  type LibraryElement,
  type LibraryElementConnection,
  type LibraryElementSearchResponse,
} from '../../contract/libraryElements';
import { EDIT, loadFolderAccess, VIEW, type FolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import type { Action } from '../auth/permissions';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import type { LibraryElementWithMeta } from '../store/libraryElements';
import { avatarUrl } from '../store/util';

const iso = (millis: number) => new Date(millis).toISOString();
/** Grafana's words (model.ErrLibraryElementNotFound). */
const NOT_FOUND = 'library element could not be found';

function user(id: number | null, login: string | null, email: string | null) {
  return { id: id ?? 0, name: login ?? '', avatarUrl: avatarUrl(email ?? '') };
}

/** An element as Grafana's `LibraryElementDTO`; the model carries `libraryPanel.uid` as Grafana's `addUidToLibraryPanel`. */
export function toElement(row: LibraryElementWithMeta): LibraryElement {
  const stored = JSON.parse(row.model) as Record<string, unknown>;
  const ref = stored.libraryPanel && typeof stored.libraryPanel === 'object' ? stored.libraryPanel : {};
  const model = row.kind === 1 ? { ...stored, libraryPanel: { ...ref, uid: row.uid } } : stored;
  return {
    id: row.id,
    orgId: row.org_id,
    folderId: row.folder_id ?? 0,
    folderUid: row.folderUid ?? '',
    uid: row.uid,
    name: row.name,
    kind: row.kind,
    type: row.type,
    description: row.description,
    model,
    version: row.version,
    meta: {
      folderName: row.folderTitle ?? 'General',
      folderUid: row.folderUid ?? '',
      connectedDashboards: row.connectedDashboards,
      created: iso(row.created),
      updated: iso(row.updated),
      createdBy: user(row.created_by, row.createdByLogin, row.createdByEmail),
      updatedBy: user(row.updated_by, row.updatedByLogin, row.updatedByEmail),
    },
  };
}

/** The folder a request names: `folderUid` ("" or "general": General), else Grafana's older `folderId` (0: General). */
export async function elementFolder(store: Store, orgId: number, body: { folderUid?: string; folderId?: number }): Promise<number | null> {
  if (body.folderUid !== undefined) {
    if (body.folderUid === '' || body.folderUid === 'general') return null;
    const folder = await store.folders.get(orgId, body.folderUid);
    if (!folder) throw badRequest(`folder not found: no folder has uid "${body.folderUid}"`, { field: 'folderUid' });
    return folder.id;
  }
  if (body.folderId) {
    const folder = await store.folders.getById(orgId, body.folderId);
    if (!folder) throw badRequest(`folder not found: no folder has id ${body.folderId}`, { field: 'folderId' });
    return folder.id;
  }
  return null;
}

/** Grafana's "insufficient permissions" on a library panel: the 403 of this codebase, naming the action. */
function require(access: FolderAccess, folderId: number | null, level: typeof VIEW | typeof EDIT, action: Action) {
  if (!access.can(folderId, level)) throw forbidden(action);
}

export function registerLibraryElementRoutes(app: FastifyInstance, store: Store): void {
  async function element(identity: Identity, params: unknown, level: typeof VIEW | typeof EDIT, action: Action) {
    const { uid } = parseInput(libraryElementUidParamsSchema, params);
    const row = await store.libraryElements.getByUid(identity.orgId, uid);
    if (!row) throw notFound(NOT_FOUND);
    const access = await loadFolderAccess(store.folders, identity);
    require(access, row.folder_id, level, action);
    return { row, access };
  }

  app.get(
    '/api/library-elements',
    { config: { action: 'library.panels:read' } },
    async (request): Promise<LibraryElementSearchResponse> => {
      const query = parseInput(libraryElementSearchQuerySchema, request.query);
      const { orgId } = request.identity;
      const perPage = query.perPage === undefined || query.perPage <= 0 ? 100 : Math.min(query.perPage, 1000);
      const page = query.page === undefined || query.page <= 0 ? 1 : query.page;
      let folderIds: Array<number | null> | undefined;
      if (query.folderFilterUIDs.length > 0 || query.folderFilter.length > 0) {
        folderIds = [];
        for (const uid of query.folderFilterUIDs) {
          if (uid === 'general') folderIds.push(null);
          else {
            const folder = await store.folders.get(orgId, uid);
            if (folder) folderIds.push(folder.id);
          }
        }
        for (const id of query.folderFilter) {
          if (!/^\d+$/.test(id)) throw badRequest(`folderFilter must be folder ids, got "${id}"`, { field: 'folderFilter' });
          folderIds.push(id === '0' ? null : Number(id));
        }
      }
      const access = await loadFolderAccess(store.folders, request.identity);
      const { totalCount, elements } = await store.libraryElements.list(
        orgId,
        {
          searchString: query.searchString,
          kind: query.kind,
          sortDirection: query.sortDirection,
          types: query.typeFilter,
          excludeUid: query.excludeUid,
          folderIds,
          perPage,
          page,
        },
        access.viewFilter(),
      );
      return { result: { totalCount, elements: elements.map(toElement), page, perPage } };
    },
  );

  app.get('/api/library-elements/:uid', { config: { action: 'library.panels:read' } }, async (request) => {
    const { row } = await element(request.identity, request.params, VIEW, 'library.panels:read');
    return { result: toElement(row) };
  });

  app.get('/api/library-elements/name/:name', { config: { action: 'library.panels:read' } }, async (request) => {
    const { name } = parseInput(libraryElementNameParamsSchema, request.params);
    const access = await loadFolderAccess(store.folders, request.identity);
    const rows = (await store.libraryElements.getByName(request.identity.orgId, name)).filter((row) => access.can(row.folder_id, VIEW));
    if (rows.length === 0) throw notFound(NOT_FOUND);
    return { result: rows.map(toElement) };
  });

  app.get('/api/library-elements/:uid/connections', { config: { action: 'library.panels:read' } }, async (request) => {
    const { row, access } = await element(request.identity, request.params, VIEW, 'library.panels:read');
    const connections = await store.libraryElements.connections(row.id);
    const result: LibraryElementConnection[] = connections
      .filter((c) => access.canDashboard({ id: c.connection_id, folder_id: c.dashboardFolderId }, VIEW))
      .map((c) => ({
        id: c.id,
        kind: c.kind,
        elementId: c.element_id,
        connectionId: c.connection_id,
        connectionUid: c.connectionUid,
        created: iso(c.created),
        createdBy: user(c.created_by, c.createdByLogin, c.createdByEmail),
      }));
    return { result };
  });

  app.post('/api/library-elements', { config: { action: 'library.panels:create' } }, async (request) => {
    const body = parseGrafanaBody(createLibraryElementRequestSchema, request.body);
    const folderId = await elementFolder(store, request.identity.orgId, body);
    require(await loadFolderAccess(store.folders, request.identity), folderId, EDIT, 'library.panels:create');
    if (body.uid && (await store.libraryElements.getByUid(request.identity.orgId, body.uid))) {
      throw new ApiError(400, 'library element with that name or UID already exists', { field: 'uid' });
    }
    const created = await store.libraryElements.create({
      orgId: request.identity.orgId,
      folderId,
      uid: body.uid,
      name: body.name,
      kind: body.kind,
      model: body.model,
      userId: request.identity.accountId,
    });
    return { result: toElement(created) };
  });

  app.patch('/api/library-elements/:uid', { config: { action: 'library.panels:write' } }, async (request) => {
    const body = parseGrafanaBody(patchLibraryElementRequestSchema, request.body);
    const { row, access } = await element(request.identity, request.params, EDIT, 'library.panels:write');
    const folderId = body.folderUid === undefined ? row.folder_id : await elementFolder(store, request.identity.orgId, body);
    if (folderId !== row.folder_id) require(access, folderId, EDIT, 'library.panels:write');
    if (body.uid && body.uid !== row.uid && (await store.libraryElements.getByUid(request.identity.orgId, body.uid))) {
      throw new ApiError(400, 'library element with that name or UID already exists', { field: 'uid' });
    }
    const patched = await store.libraryElements.patch(row, {
      version: body.version,
      name: body.name?.trim(),
      model: body.model,
      folderId,
      uid: body.uid,
      userId: request.identity.accountId,
    });
    return { result: toElement(patched) };
  });

  app.delete('/api/library-elements/:uid', { config: { action: 'library.panels:delete' } }, async (request) => {
    const { row } = await element(request.identity, request.params, EDIT, 'library.panels:delete');
    // Grafana's refusal (model.ErrLibraryElementHasConnections), 403 as Grafana answers it, saying what to do.
    if (!(await store.libraryElements.delete(row.id))) {
      const count = row.connectedDashboards;
      throw new ApiError(
        403,
        `the library element has connections: ${count === 1 ? '1 dashboard uses' : `${count} dashboards use`} it; unlink it from them or delete them first`,
      );
    }
    return { message: 'Library element deleted', id: row.id };
  });
}
