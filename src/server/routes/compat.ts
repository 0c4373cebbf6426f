import type { FastifyInstance, HTTPMethods } from 'fastify';
import type { MessageResponse } from '../../contract/common';
import type { FrontendSettings } from '../../contract/system';
import { roleAtLeast, type Action } from '../auth/permissions';
import { ApiError, notFound } from '../errors';
import type { Store } from '../store';
import { dashboardUrl } from '../urls';
import { buildInfo } from '../version';
import { effectivePreferences } from './preferences';

const WRITES: HTTPMethods[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * A Grafana feature Sightline does not have. Its list reads answer truthfully that none exist, in
 * Grafana's shape (a backup tool that sees a modern version reads them all and must not stop at a
 * 404); reading one item is a 404; every write is a 501 naming the feature, so nothing pretends to
 * be stored.
 */
interface UnsupportedFeature {
  feature: string;
  /** Path prefix of every route of the feature. */
  prefix: string;
  /** List reads and what each answers when nothing exists. */
  lists: Record<string, unknown>;
  /** Paths outside the wildcard that write (e.g. `POST /api/snapshots`). */
  writePaths: string[];
  read: Action;
  write: Action;
}

export const unsupported: UnsupportedFeature[] = [
  {
    feature: 'Alerting provisioning',
    prefix: '/api/v1/provisioning',
    lists: {},
    writePaths: [],
    read: 'alert.provisioning:read',
    write: 'alert.provisioning:write',
  },
  {
    feature: 'Legacy alert notification channels',
    prefix: '/api/alert-notifications',
    lists: { '/api/alert-notifications': [], '/api/alert-notifications/lookup': [] },
    writePaths: ['/api/alert-notifications'],
    read: 'alert.notifications:read',
    write: 'alert.notifications:write',
  },
  {
    feature: 'Dashboard snapshots',
    prefix: '/api/snapshots',
    lists: { '/api/dashboard/snapshots': [] },
    writePaths: ['/api/snapshots'],
    read: 'snapshots:read',
    write: 'snapshots:create',
  },
  {
    feature: 'Playlists',
    prefix: '/api/playlists',
    lists: { '/api/playlists': [] },
    writePaths: ['/api/playlists'],
    read: 'playlists:read',
    write: 'playlists:write',
  },
];

/** Grafana's built-in home dashboard, for `GET /api/dashboards/home` when no preference names one. */
function homeDashboard() {
  return {
    title: 'Home',
    uid: '',
    version: 0,
    schemaVersion: 39,
    editable: false,
    time: { from: 'now-6h', to: 'now' },
    panels: [
      {
        id: 1,
        type: 'text',
        title: 'Welcome to Sightline',
        gridPos: { h: 3, w: 24, x: 0, y: 0 },
        options: { mode: 'markdown', content: 'Dashboards, data sources and annotations with a Grafana-compatible API.' },
      },
      {
        id: 2,
        type: 'dashlist',
        title: 'Starred dashboards',
        gridPos: { h: 9, w: 12, x: 0, y: 3 },
        options: { showStarred: true, showSearch: false },
      },
      {
        id: 3,
        type: 'dashlist',
        title: 'Dashboards',
        gridPos: { h: 9, w: 12, x: 12, y: 3 },
        options: { showStarred: false, showSearch: true },
      },
    ],
  };
}

/** Paths Grafana 10–11 serve that clients still call, and Grafana features Sightline answers as absent. */
export function registerCompatRoutes(app: FastifyInstance, store: Store): void {
  // Legacy API keys: Sightline has only service account tokens, so there are none.
  app.get('/api/auth/keys', { config: { action: 'apikeys:read' } }, async () => []);

  // Clients read `buildInfo.version` here to decide which API to speak.
  app.get('/api/frontend/settings', { config: { action: 'users.self:read' } }, async (request): Promise<FrontendSettings> => {
    const { identity } = request;
    const sources = roleAtLeast(identity.role, 'Viewer') ? await store.dataSources.list(identity.orgId) : [];
    const byName = Object.fromEntries(
      sources.map((ds) => [
        ds.name,
        {
          id: ds.id,
          uid: ds.uid,
          type: ds.type,
          name: ds.name,
          url: ds.url,
          isDefault: ds.isDefault,
          access: ds.access,
          jsonData: ds.jsonData,
        },
      ]),
    );
    return {
      appSubUrl: '',
      appUrl: '',
      buildInfo: buildInfo(),
      defaultDatasource: sources.find((ds) => ds.isDefault)?.name ?? '',
      datasources: byName,
      // Grafana's unified alerting is served (docs/alerting.md); the legacy dashboard alerting is not.
      unifiedAlertingEnabled: true,
      alertingEnabled: false,
      featureToggles: {},
      panels: {},
    };
  });

  // Grafana renews a session here; a token has no session, so a valid one is simply "logged in".
  app.get('/api/login/ping', { config: { action: 'users.self:read' } }, async (): Promise<MessageResponse> => ({ message: 'Logged in' }));

  app.get('/api/dashboards/home', { config: { action: 'dashboards:read' } }, async (request) => {
    // Grafana: the effective home dashboard (the caller's, their teams', the org's) answers as a
    // redirect to it; one deleted since has left the preference, so the built-in home applies.
    const preferences = await effectivePreferences(store, request.identity);
    if (preferences.homeDashboardUID) {
      return { redirectUri: dashboardUrl(preferences.homeDashboardUID, preferences.homeDashboardSlug) };
    }
    const canEdit = roleAtLeast(request.identity.role, 'Editor');
    const epoch = '0001-01-01T00:00:00Z';
    return {
      dashboard: homeDashboard(),
      meta: {
        type: 'db',
        isHome: true,
        canSave: false,
        canEdit,
        canAdmin: false,
        canStar: false,
        canDelete: false,
        slug: '',
        url: '',
        expires: epoch,
        created: epoch,
        updated: epoch,
        createdBy: '',
        updatedBy: '',
        version: 0,
        hasAcl: false,
        isFolder: false,
        folderId: 0,
        folderUid: '',
        folderTitle: 'General',
        folderUrl: '',
        provisioned: false,
        provisionedExternalId: '',
      },
    };
  });

  for (const spec of unsupported) {
    for (const [path, empty] of Object.entries(spec.lists)) {
      app.get(path, { config: { action: spec.read } }, async () => empty);
    }
    const notStored = async () => {
      throw new ApiError(501, `${spec.feature} is not supported by Sightline: nothing was stored`);
    };
    app.get(`${spec.prefix}/*`, { config: { action: spec.read } }, async () => {
      throw notFound(`Not found: ${spec.feature} is not supported by Sightline, so none exist`);
    });
    app.route({ method: WRITES, url: `${spec.prefix}/*`, config: { action: spec.write }, handler: notStored });
    for (const path of spec.writePaths) app.route({ method: WRITES, url: path, config: { action: spec.write }, handler: notStored });
  }
}
