import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import {
  dashboardIdParamsSchema,
  dashboardUidParamsSchema,
  dashboardVersionParamsSchema,
  dashboardVersionsQuerySchema,
  restoreDashboardRequestSchema,
  saveDashboardRequestSchema,
  type DashboardMeta,
  type DashboardVersion,
  type DeleteDashboardResponse,
  type SaveDashboardRequest,
  type SaveDashboardResponse,
} from '../../contract/dashboards';
import { ADMIN, EDIT, loadFolderAccess, VIEW, type FolderAccess } from '../auth/access';
import type { Identity } from '../auth/identity';
import { ApiError, badRequest, forbidden, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import type { DashboardVersionRow } from '../store/dashboards';
import type { DashboardRow } from '../store/schema';
import { dashboardUrl, folderUrl } from '../urls';

const iso = (millis: number) => new Date(millis).toISOString();
const CLOSING_BRACE = Buffer.from('}');

function toVersion(row: DashboardVersionRow, dashboardUid: string): DashboardVersion {
  return {
    id: row.id,
    dashboardId: row.dashboard_id,
    dashboardUid,
    parentVersion: row.parent_version,
    restoredFrom: row.restored_from,
    version: row.version,
    created: iso(row.created),
    createdBy: row.createdByLogin ?? 'unknown',
    message: row.message,
  };
}

/** The target folder of a save: `folderUid`/`folderUID`, else Grafana's older `folderId`; none is General. */
async function targetFolder(
  store: Store,
  orgId: number,
  body: { folderUid?: string; folderUID?: string; folderId?: number | null },
): Promise<number | null> {
  const uid = body.folderUid || body.folderUID;
  if (uid && uid !== 'general') {
    const folder = await store.folders.get(orgId, uid);
    if (!folder) throw badRequest(`folder not found: no folder has uid "${uid}"`, { field: 'folderUid' });
    return folder.id;
  }
  if (!uid && body.folderId) {
    const folder = await store.folders.getById(orgId, body.folderId);
    if (!folder) throw badRequest(`folder not found: no folder has id ${body.folderId}`, { field: 'folderId' });
    return folder.id;
  }
  return null;
}

/**
 * Saves a dashboard model as `POST /api/dashboards/db` does (and the importer): title required,
 * uid or Grafana's older id names the one to update, Edit needed where it lands and where it is.
 */
export async function saveDashboard(store: Store, identity: Identity, body: SaveDashboardRequest): Promise<DashboardRow> {
  const model: Record<string, unknown> = body.dashboard;
  const title = typeof model.title === 'string' ? model.title.trim() : '';
  if (!title) throw new ApiError(400, 'Dashboard title cannot be empty', { status: 'empty-name', field: 'dashboard.title' });

  let uid = typeof model.uid === 'string' && model.uid !== '' ? model.uid : undefined;
  const modelId = typeof model.id === 'number' && model.id > 0 ? model.id : undefined;
  let existing = uid === undefined ? undefined : await store.dashboards.getSummaryByUid(identity.orgId, uid);
  // Grafana refuses a model whose id no dashboard has (uid or not), so saving a dashboard deleted
  // meanwhile answers 404 instead of creating it again. Older clients update by id alone.
  if (modelId !== undefined && existing?.id !== modelId) {
    const byId = await store.dashboards.getSummaryById(identity.orgId, modelId);
    if (!byId || byId.is_folder) throw notFound('Dashboard not found');
    if (uid === undefined) {
      uid = byId.uid;
      existing = byId;
    }
  }
  const folderId = await targetFolder(store, identity.orgId, body);
  const access = await loadFolderAccess(store.folders, identity);
  const action = existing ? 'dashboards:write' : 'dashboards:create';
  // Edit where it lands; an existing dashboard also needs Edit where it is (its own grants count there).
  const staysPut = existing !== undefined && !existing.is_folder && existing.folder_id === folderId;
  if (!staysPut && !access.can(folderId, EDIT)) throw forbidden(action);
  if (existing && !existing.is_folder && !access.canDashboard(existing, EDIT)) throw forbidden(action);
  if (existing && !existing.is_folder) await refuseProvisioned(store, existing.id);

  return store.dashboards.save({
    orgId: identity.orgId,
    userId: identity.accountId,
    model,
    title,
    tags: Array.isArray(model.tags) ? (model.tags as string[]) : [],
    uid,
    folderId,
    overwrite: body.overwrite ?? false,
    message: body.message ?? '',
  });
}

/** Grafana's refusal to save a dashboard a provisioning file holds, unless its provider allows UI updates. */
async function refuseProvisioned(store: Store, dashboardId: number): Promise<void> {
  const provisioning = await store.provisioning.forDashboard(dashboardId);
  if (provisioning && !provisioning.allow_ui_updates) throw new ApiError(400, 'Cannot save provisioned dashboard');
}

export function registerDashboardRoutes(app: FastifyInstance, store: Store): void {
  /** The dashboard (not a folder) with this uid, or 404; 403 when its folder may not be viewed. */
  function viewableDashboard(identity: Identity, params: unknown, action: 'dashboards:read' | 'dashboards:write' | 'dashboards:delete') {
    return viewable(identity, params, action, (orgId, uid) => store.dashboards.getByUid(orgId, uid));
  }

  /** `viewableDashboard`, reading the row with `load`. Grafana's older paths name the dashboard by id (`:dashboardId`). */
  async function viewable<T extends Pick<DashboardRow, 'id' | 'is_folder' | 'folder_id'>>(
    identity: Identity,
    params: unknown,
    action: 'dashboards:read' | 'dashboards:write' | 'dashboards:delete',
    load: (orgId: number, uid: string) => Promise<T | undefined>,
  ) {
    let dashboard: T | DashboardRow | undefined;
    if (params && typeof params === 'object' && 'dashboardId' in params) {
      const { dashboardId } = parseInput(dashboardIdParamsSchema, params);
      dashboard = await store.dashboards.getById(identity.orgId, dashboardId);
    } else {
      const { uid } = parseInput(dashboardUidParamsSchema, params);
      dashboard = await load(identity.orgId, uid);
    }
    if (!dashboard || dashboard.is_folder) throw notFound('Dashboard not found');
    const access = await loadFolderAccess(store.folders, identity);
    if (!access.canDashboard(dashboard, VIEW)) throw forbidden('dashboards:read');
    if (action !== 'dashboards:read' && !access.canDashboard(dashboard, EDIT)) throw forbidden(action);
    return { dashboard: dashboard as T, access };
  }

  async function saveResponse(row: DashboardRow): Promise<SaveDashboardResponse> {
    const folder = row.folder_id === null ? undefined : await store.folders.getById(row.org_id, row.folder_id);
    return {
      id: row.id,
      uid: row.uid,
      url: dashboardUrl(row.uid, row.slug),
      status: 'success',
      version: row.version,
      slug: row.slug,
      folderUid: folder?.uid ?? '',
    };
  }

  app.post('/api/dashboards/db', { config: { action: 'dashboards:write' } }, async (request): Promise<SaveDashboardResponse> => {
    const body = parseGrafanaBody(saveDashboardRequestSchema, request.body);
    return saveResponse(await saveDashboard(store, request.identity, body));
  });

  app.get('/api/dashboards/uid/:uid', { config: { action: 'dashboards:read' } }, async (request, reply) => {
    const { dashboard, access } = await viewable(request.identity, request.params, 'dashboards:read', (orgId, uid) =>
      store.dashboards.getForView(orgId, uid, request.identity.accountId),
    );
    const { folder, provisioning } = dashboard;
    const canEdit = access.canDashboard(dashboard, EDIT);
    // Grafana's marks: `provisioned` when a file holds it and its provider does not allow UI
    // updates (the UI then offers no Save); the file is named either way.
    const locked = provisioning !== undefined && !provisioning.allowUiUpdates;
    const meta: DashboardMeta = {
      type: 'db',
      canSave: canEdit && !locked,
      canEdit,
      canAdmin: access.canDashboard(dashboard, ADMIN),
      canDelete: canEdit && provisioning === undefined,
      canStar: true,
      isStarred: dashboard.starred,
      slug: dashboard.slug,
      url: dashboardUrl(dashboard.uid, dashboard.slug),
      expires: '0001-01-01T00:00:00Z',
      created: iso(dashboard.created),
      updated: iso(dashboard.updated),
      createdBy: dashboard.createdByLogin || 'unknown',
      updatedBy: dashboard.updatedByLogin || 'unknown',
      version: dashboard.version,
      hasAcl: false,
      isFolder: false,
      folderId: folder?.id ?? 0,
      folderUid: folder?.uid ?? '',
      folderTitle: folder?.title ?? 'General',
      folderUrl: folder ? folderUrl(folder.uid, folder.slug) : '',
      provisioned: locked,
      provisionedExternalId: provisioning?.externalId ?? '',
    };
    // The stored model is already JSON: splice it in rather than parse and re-serialise it.
    return reply
      .type('application/json; charset=utf-8')
      .send(Buffer.concat([Buffer.from(`{"meta":${JSON.stringify(meta)},"dashboard":`), dashboard.data, CLOSING_BRACE]));
  });

  app.delete('/api/dashboards/uid/:uid', { config: { action: 'dashboards:delete' } }, async (request): Promise<DeleteDashboardResponse> => {
    const { dashboard } = await viewableDashboard(request.identity, request.params, 'dashboards:delete');
    // Grafana refuses whatever the provider allows: the file would bring it back.
    if (await store.provisioning.forDashboard(dashboard.id)) throw new ApiError(400, 'provisioned dashboard cannot be deleted');
    await store.dashboards.delete(dashboard.id);
    return { id: dashboard.id, uid: dashboard.uid, title: dashboard.title, message: `Dashboard ${dashboard.title} deleted` };
  });

  /** Registers a route under the uid path and Grafana's older id path, which Grafana 10–11 still serve and backup tools call. */
  const byUidOrId = (
    method: 'GET' | 'POST',
    suffix: string,
    action: 'dashboards:read' | 'dashboards:write',
    handler: RouteHandlerMethod,
  ) => {
    for (const base of ['/api/dashboards/uid/:uid', '/api/dashboards/id/:dashboardId'])
      app.route({ method, url: `${base}${suffix}`, config: { action }, handler });
  };

  byUidOrId('GET', '/versions', 'dashboards:read', async (request): Promise<DashboardVersion[]> => {
    const { dashboard } = await viewableDashboard(request.identity, request.params, 'dashboards:read');
    const query = parseInput(dashboardVersionsQuerySchema, request.query);
    const limit = query.limit === undefined || query.limit <= 0 ? 1000 : Math.min(query.limit, 1000);
    const rows = await store.dashboards.versions(dashboard.id, { limit, start: Math.max(0, query.start ?? 0) });
    return rows.map((row) => toVersion(row, dashboard.uid));
  });

  byUidOrId('GET', '/versions/:version', 'dashboards:read', async (request, reply) => {
    const { version } = parseInput(dashboardVersionParamsSchema, request.params);
    const { dashboard } = await viewableDashboard(request.identity, request.params, 'dashboards:read');
    const row = await store.dashboards.version(dashboard.id, version);
    if (!row) throw notFound(`Dashboard version not found: "${dashboard.title}" has no version ${version}`);
    const head = JSON.stringify(toVersion(row, dashboard.uid));
    return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"data":${row.data}}`);
  });

  byUidOrId('POST', '/restore', 'dashboards:write', async (request): Promise<SaveDashboardResponse> => {
    const { version } = parseGrafanaBody(restoreDashboardRequestSchema, request.body);
    // The current model is not needed: the restored one replaces it.
    const { dashboard } = await viewable(request.identity, request.params, 'dashboards:write', (orgId, uid) =>
      store.dashboards.getSummaryByUid(orgId, uid),
    );
    await refuseProvisioned(store, dashboard.id);
    const old = await store.dashboards.version(dashboard.id, version);
    if (!old) throw notFound(`Dashboard version not found: "${dashboard.title}" has no version ${version}`);
    const model = JSON.parse(old.data) as Record<string, unknown>;
    model.version = dashboard.version;
    const title = typeof model.title === 'string' && model.title.trim() ? model.title.trim() : dashboard.title;
    const saved = await store.dashboards.save({
      orgId: dashboard.org_id,
      userId: request.identity.accountId,
      model,
      title,
      tags: Array.isArray(model.tags) ? (model.tags as string[]) : [],
      uid: dashboard.uid,
      folderId: dashboard.folder_id,
      overwrite: false,
      message: `Restored from version ${version}`,
      restoredFrom: version,
    });
    return saveResponse(saved);
  });

  app.get('/api/dashboards/tags', { config: { action: 'dashboards:read' } }, async (request) => {
    const access: FolderAccess = await loadFolderAccess(store.folders, request.identity);
    return store.dashboards.tags(request.identity.orgId, access.viewFilter());
  });
}
