import type { FastifyInstance } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import {
  createFolderRequestSchema,
  folderIdParamsSchema,
  folderListQuerySchema,
  folderUidParamsSchema,
  updateFolderPermissionsRequestSchema,
  updateFolderRequestSchema,
  type DeleteFolderResponse,
  type Folder,
  type FolderListItem,
} from '../../contract/folders';
import { ADMIN, EDIT, loadFolderAccess, VIEW, type FolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import { ApiError, forbidden, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import { VersionMismatchError } from '../store/errors';
import type { DashboardRow } from '../store/schema';
import { folderUrl } from '../urls';
import { checkPermissionItems, subjectFields } from './permissions';

export function registerFolderRoutes(app: FastifyInstance, store: Store): void {
  async function toFolder(row: DashboardRow, access: FolderAccess): Promise<Folder> {
    const logins = await store.dashboards.logins([row.created_by, row.updated_by]);
    const canEdit = access.can(row.id, EDIT);
    return {
      id: row.id,
      uid: row.uid,
      title: row.title,
      url: folderUrl(row.uid, row.slug),
      hasAcl: false,
      canSave: canEdit,
      canEdit,
      canAdmin: access.can(row.id, ADMIN),
      canDelete: canEdit,
      createdBy: (row.created_by !== null && logins.get(row.created_by)) || 'unknown',
      created: new Date(row.created).toISOString(),
      updatedBy: (row.updated_by !== null && logins.get(row.updated_by)) || 'unknown',
      updated: new Date(row.updated).toISOString(),
      version: row.version,
    };
  }

  /** The folder with this uid, or 404; 403 unless the caller has `needed` on it. */
  async function folderWith(identity: Identity, params: unknown, needed: number, action: string) {
    const folder =
      params && typeof params === 'object' && 'id' in params
        ? await store.folders.getById(identity.orgId, parseInput(folderIdParamsSchema, params).id)
        : await store.folders.get(identity.orgId, parseInput(folderUidParamsSchema, params).uid);
    if (!folder) throw notFound('Folder not found');
    const access = await loadFolderAccess(store.folders, identity);
    if (!access.can(folder.id, VIEW)) throw forbidden('folders:read');
    if (!access.can(folder.id, needed as 1 | 2 | 4)) throw forbidden(action);
    return { folder, access };
  }

  app.get('/api/folders', { config: { action: 'folders:read' } }, async (request): Promise<FolderListItem[]> => {
    const query = parseInput(folderListQuerySchema, request.query);
    const access = await loadFolderAccess(store.folders, request.identity);
    const limit = query.limit === undefined || query.limit <= 0 ? 1000 : query.limit;
    const page = query.page === undefined || query.page < 1 ? 1 : query.page;
    const visible = (await store.folders.list(request.identity.orgId)).filter((f) => access.can(f.id, VIEW));
    return visible.slice((page - 1) * limit, page * limit).map((f) => ({ id: f.id, uid: f.uid, title: f.title }));
  });

  app.post('/api/folders', { config: { action: 'folders:create' } }, async (request): Promise<Folder> => {
    const body = parseGrafanaBody(createFolderRequestSchema, request.body);
    const folder = await store.folders.create({
      orgId: request.identity.orgId,
      uid: body.uid,
      title: body.title,
      userId: request.identity.accountId,
    });
    return toFolder(folder, await loadFolderAccess(store.folders, request.identity));
  });

  app.get('/api/folders/:uid', { config: { action: 'folders:read' } }, async (request): Promise<Folder> => {
    const { folder, access } = await folderWith(request.identity, request.params, VIEW, 'folders:read');
    return toFolder(folder, access);
  });

  // Grafana's older address, still served by Grafana 10–11 and called by backup tools.
  app.get('/api/folders/id/:id', { config: { action: 'folders:read' } }, async (request): Promise<Folder> => {
    const { folder, access } = await folderWith(request.identity, request.params, VIEW, 'folders:read');
    return toFolder(folder, access);
  });

  app.put('/api/folders/:uid', { config: { action: 'folders:write' } }, async (request): Promise<Folder> => {
    const body = parseGrafanaBody(updateFolderRequestSchema, request.body);
    const { folder, access } = await folderWith(request.identity, request.params, EDIT, 'folders:write');
    if (!body.overwrite && body.version !== undefined && body.version !== folder.version) {
      throw new VersionMismatchError('The folder has been changed by someone else');
    }
    const renamed = await store.folders.rename(folder, body.title, request.identity.accountId);
    if (!renamed) throw new VersionMismatchError('The folder has been changed by someone else');
    return toFolder(renamed, access);
  });

  app.delete('/api/folders/:uid', { config: { action: 'folders:delete' } }, async (request): Promise<DeleteFolderResponse> => {
    const { folder } = await folderWith(request.identity, request.params, EDIT, 'folders:delete');
    // Its dashboards go with it, and a provisioned one cannot be deleted (its file would bring it back).
    const provisioned = await store.provisioning.titlesInFolder(folder.id);
    if (provisioned.length > 0) {
      const names = provisioned.map((title) => `"${title}"`).join(', ');
      throw new ApiError(400, `folder holds provisioned dashboards (${names}); remove them from their provisioning files first`);
    }
    // Its library panels go with it, but not while a dashboard uses one (Grafana's refusal and words).
    if ((await store.libraryElements.connectedInFolders([folder.id])) > 0) {
      throw new ApiError(403, 'Folder could not be deleted because it contains library elements in use');
    }
    // Alert rules live in folders too (issue 30): as in Grafana, they go only with `forceDeleteRules=true`.
    const rules = await store.alerting.list(request.identity.orgId, { folderUids: [folder.uid] });
    if (rules.length > 0) {
      if ((request.query as { forceDeleteRules?: string } | undefined)?.forceDeleteRules !== 'true') {
        throw new ApiError(400, 'folder cannot be deleted: folder contains alert rules (delete them, or pass forceDeleteRules=true)');
      }
      for (const group of new Set(rules.map((rule) => rule.group)))
        await store.alerting.deleteGroup(request.identity.orgId, folder.uid, group);
    }
    await store.dashboards.delete(folder.id);
    return { id: folder.id, title: folder.title, message: `Folder ${folder.title} deleted` };
  });

  app.get('/api/folders/:uid/permissions', { config: { action: 'folders.permissions:read' } }, async (request) => {
    const { folder } = await folderWith(request.identity, request.params, ADMIN, 'folders.permissions:read');
    const entries = await store.folders.permissions(folder.id);
    return entries.map((entry) => ({
      id: entry.id,
      folderId: folder.id,
      folderUid: folder.uid,
      created: new Date(entry.created).toISOString(),
      updated: new Date(entry.updated).toISOString(),
      ...subjectFields(entry),
      uid: folder.uid,
      title: folder.title,
      slug: folder.slug,
      isFolder: true,
      url: folderUrl(folder.uid, folder.slug),
      inherited: false,
    }));
  });

  app.post(
    '/api/folders/:uid/permissions',
    { config: { action: 'folders.permissions:write' } },
    async (request): Promise<MessageResponse> => {
      const { items } = parseGrafanaBody(updateFolderPermissionsRequestSchema, request.body);
      const { folder } = await folderWith(request.identity, request.params, ADMIN, 'folders.permissions:write');
      await store.folders.setPermissions(folder.id, await checkPermissionItems(store, request.identity.orgId, items));
      return { message: 'Folder permissions updated' };
    },
  );
}
