import type { FastifyInstance } from 'fastify';
import {
  annotationIdParamsSchema,
  annotationTagsQuerySchema,
  createAnnotationRequestSchema,
  findAnnotationsQuerySchema,
  massDeleteAnnotationsRequestSchema,
  MAX_ANNOTATION_LIMIT,
  patchAnnotationRequestSchema,
  updateAnnotationRequestSchema,
  type Annotation,
  type AnnotationTagsResponse,
  type CreateAnnotationResponse,
} from '../../contract/annotations';
import type { MessageResponse } from '../../contract/common';
import { loadFolderAccess, VIEW } from '../auth/access';
import type { Identity } from '../auth/identity';
import { authorize } from '../auth/permissions';
import { badRequest, forbidden, notFound } from '../errors';
import { parseInput } from '../http';
import { parseGrafanaBody, parseGrafanaInput } from '../messages';
import type { Store } from '../store';
import { annotationJson, type AnnotationView } from '../store/annotations';

function checkTimes(time: number, timeEnd: number): void {
  if (timeEnd < time) throw badRequest(`bad request data: timeEnd (${timeEnd}) must not be before time (${time})`, { field: 'timeEnd' });
}

export function registerAnnotationRoutes(app: FastifyInstance, store: Store): void {
  /**
   * Writing an annotation: on a dashboard, anyone who may view that dashboard (Grafana's default);
   * an organization annotation (no dashboard) needs an Editor.
   */
  async function authorizeWrite(
    identity: Identity,
    dashboard: { id: number; folder_id: number | null } | null,
    action: string,
  ): Promise<void> {
    if (dashboard === null) return authorize(identity, 'annotations.organization:write');
    const access = await loadFolderAccess(store.folders, identity);
    if (!access.canDashboard(dashboard, VIEW)) throw forbidden(action);
  }

  async function existing(identity: Identity, params: unknown, action: string): Promise<AnnotationView> {
    const { id } = parseGrafanaInput(annotationIdParamsSchema, params);
    const annotation = await store.annotations.get(identity.orgId, id);
    if (!annotation) throw notFound('Annotation not found');
    await authorizeWrite(
      identity,
      annotation.dashboardId === null ? null : { id: annotation.dashboardId, folder_id: annotation.folderId },
      action,
    );
    return annotation;
  }

  app.post('/api/annotations', { config: { action: 'annotations:create' } }, async (request): Promise<CreateAnnotationResponse> => {
    const body = parseGrafanaBody(createAnnotationRequestSchema, request.body, 'Failed to save annotation');
    const { identity } = request;
    const dashboardUid = body.dashboardUID || body.dashboardUid;
    let dashboard = null;
    if (dashboardUid) {
      dashboard = (await store.dashboards.getByUid(identity.orgId, dashboardUid)) ?? null;
      if (!dashboard || dashboard.is_folder)
        throw badRequest(`dashboard not found: no dashboard has uid "${dashboardUid}"`, { field: 'dashboardUID' });
    } else if (body.dashboardId) {
      dashboard = (await store.dashboards.getById(identity.orgId, body.dashboardId)) ?? null;
      if (!dashboard || dashboard.is_folder)
        throw badRequest(`dashboard not found: no dashboard has id ${body.dashboardId}`, { field: 'dashboardId' });
    }
    await authorizeWrite(identity, dashboard, 'annotations:create');
    const time = body.time ?? Date.now();
    const timeEnd = body.timeEnd ?? time;
    checkTimes(time, timeEnd);
    const id = await store.annotations.create(identity.orgId, identity.accountId, {
      dashboardId: dashboard?.id ?? null,
      panelId: body.panelId ?? 0,
      time,
      timeEnd,
      text: body.text,
      tags: body.tags ?? [],
    });
    return { message: 'Annotation added', id };
  });

  app.get('/api/annotations', { config: { action: 'annotations:read' } }, async (request, reply): Promise<Annotation[] | Buffer> => {
    const query = parseInput(findAnnotationsQuerySchema, request.query);
    const { identity } = request;
    let dashboardId = query.dashboardId;
    if (query.dashboardUID) {
      const dashboard = await store.dashboards.getByUid(identity.orgId, query.dashboardUID);
      if (!dashboard || dashboard.is_folder) return [];
      dashboardId = dashboard.id;
    }
    const limit = query.limit === undefined || query.limit <= 0 ? 100 : Math.min(query.limit, MAX_ANNOTATION_LIMIT);
    const access = await loadFolderAccess(store.folders, identity);
    const json = await store.annotations.findJson(
      identity.orgId,
      {
        from: query.from,
        to: query.to,
        tags: query.tags,
        matchAny: query.matchAny ?? false,
        dashboardId,
        panelId: query.panelId,
        userId: query.userId,
        ...(query.alertId !== undefined ? { alertId: query.alertId } : {}),
        alertsOnly: query.type === 'alert',
        limit,
      },
      access.viewFilter(),
    );
    // JSON text (`Annotation[]`, each annotation's written once by the store), sent as it is.
    void reply.type('application/json; charset=utf-8');
    return json;
  });

  app.get('/api/annotations/tags', { config: { action: 'annotations:read' } }, async (request): Promise<AnnotationTagsResponse> => {
    const query = parseInput(annotationTagsQuerySchema, request.query);
    const limit = query.limit === undefined || query.limit <= 0 ? 100 : Math.min(query.limit, 10_000);
    const access = await loadFolderAccess(store.folders, request.identity);
    return {
      result: { tags: await store.annotations.tags(request.identity.orgId, query.tag?.trim() || undefined, limit, access.viewFilter()) },
    };
  });

  app.get('/api/annotations/:id', { config: { action: 'annotations:read' } }, async (request): Promise<Annotation> => {
    const { id } = parseGrafanaInput(annotationIdParamsSchema, request.params);
    const annotation = await store.annotations.get(request.identity.orgId, id);
    if (!annotation) throw notFound('Annotation not found');
    if (annotation.dashboardId !== null) {
      const access = await loadFolderAccess(store.folders, request.identity);
      if (!access.canDashboard({ id: annotation.dashboardId, folder_id: annotation.folderId }, VIEW)) throw forbidden('annotations:read');
    }
    return annotationJson(annotation);
  });

  // PUT replaces and PATCH changes only what is given; with `null` and absent both meaning "leave as
  // it is" (issue 14), the two are one operation. `tags: []` clears the tags.
  for (const [method, schema] of [
    ['PUT', updateAnnotationRequestSchema],
    ['PATCH', patchAnnotationRequestSchema],
  ] as const) {
    app.route({
      method,
      url: '/api/annotations/:id',
      config: { action: 'annotations:write' },
      handler: async (request): Promise<MessageResponse> => {
        const body = parseGrafanaBody(schema, request.body, 'Failed to update annotation');
        const annotation = await existing(request.identity, request.params, 'annotations:write');
        const time = body.time ?? annotation.time;
        // Moving a point moves its end with it; a region keeps its end unless a new one is given.
        const timeEnd = body.timeEnd ?? (annotation.timeEnd === annotation.time ? time : annotation.timeEnd);
        checkTimes(time, timeEnd);
        await store.annotations.update(request.identity.orgId, annotation.id, {
          time,
          timeEnd,
          text: body.text ?? annotation.text,
          tags: body.tags ?? annotation.tags,
        });
        return { message: 'Annotation updated' };
      },
    });
  }

  // Grafana's mass delete: one annotation by id, or all of one dashboard panel's. Org Admins only, as in Grafana.
  app.post('/api/annotations/mass-delete', { config: { action: 'annotations.mass:delete' } }, async (request): Promise<MessageResponse> => {
    const body = parseGrafanaBody(massDeleteAnnotationsRequestSchema, request.body);
    const { orgId } = request.identity;
    let dashboardId = body.dashboardId;
    if (body.dashboardUID) {
      const dashboard = await store.dashboards.getByUid(orgId, body.dashboardUID);
      if (!dashboard || dashboard.is_folder) throw notFound('Dashboard not found');
      dashboardId = dashboard.id;
    }
    if (body.annotationId !== undefined) {
      const annotation = await store.annotations.get(orgId, body.annotationId);
      if (!annotation) throw notFound('Annotation not found');
      await store.annotations.delete(orgId, annotation.id);
      return { message: 'Annotations deleted' };
    }
    if (dashboardId === undefined || body.panelId === undefined) {
      throw badRequest('bad request data: give annotationId, or a dashboard (dashboardUID or dashboardId) and its panelId');
    }
    await store.annotations.deleteForPanel(orgId, dashboardId, body.panelId);
    return { message: 'Annotations deleted' };
  });

  app.delete('/api/annotations/:id', { config: { action: 'annotations:delete' } }, async (request): Promise<MessageResponse> => {
    const annotation = await existing(request.identity, request.params, 'annotations:delete');
    await store.annotations.delete(request.identity.orgId, annotation.id);
    return { message: 'Annotation deleted' };
  });
}
