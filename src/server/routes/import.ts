import type { FastifyInstance } from 'fastify';
import { importDashboardRequestSchema, type ImportDashboardResponse, type ImportInput } from '../../contract/dashboards';
import type { Identity } from '../auth/identity';
import { badRequest } from '../errors';
import { parseGrafanaBody } from '../messages';
import type { Store } from '../store';
import { dashboardUrl } from '../urls';
import { saveDashboard } from './dashboards';
import { importLibraryPanels } from './importElements';

/**
 * `${NAME}` in a string of an export: a reference to one of its `__inputs`. Any name, as Grafana's
 * importer takes it: exports name inputs after data sources (`${DS_PROM-MAIN}`); a `${…}` that is
 * not a declared input (a template variable such as `${job:regex}`) is left alone.
 */
const INPUT_REFERENCE = /\$\{([^${}]+)\}/g;

interface DeclaredInput {
  name: string;
  type: string;
  pluginId?: string;
}

function declaredInputs(model: Record<string, unknown>): DeclaredInput[] {
  const list = model.__inputs;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry) =>
    entry && typeof entry === 'object' && typeof (entry as { name?: unknown }).name === 'string'
      ? [
          {
            name: String((entry as DeclaredInput).name),
            type: String((entry as DeclaredInput).type ?? ''),
            pluginId: (entry as DeclaredInput).pluginId,
          },
        ]
      : [],
  );
}

/** Replaces every `${NAME}` of a declared input with its value, in every string of the model. */
function substitute(value: unknown, values: Map<string, string>): unknown {
  if (typeof value === 'string') return value.replace(INPUT_REFERENCE, (whole, name: string) => values.get(name) ?? whole);
  if (Array.isArray(value)) return value.map((item) => substitute(item, values));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, values)]));
  }
  return value;
}

/**
 * Grafana's importer: an export from grafana.com declares `__inputs` (`${DS_PROMETHEUS}`); each is
 * given a value (a data source uid of the declared plugin type, or a constant), substituted through
 * the model, and the result is saved like `POST /api/dashboards/db`. The library panels in `__elements`
 * that the org does not have are created first (importElements.ts). `__inputs`, `__requires` and
 * `__elements` describe the export, not the dashboard, and are not saved with it.
 */
export async function importDashboard(store: Store, identity: Identity, rawBody: unknown): Promise<ImportDashboardResponse> {
  const body = parseGrafanaBody(importDashboardRequestSchema, rawBody);
  const model = body.dashboard as Record<string, unknown>;
  const given = new Map<string, ImportInput>((body.inputs ?? []).map((input) => [input.name, input]));
  const values = new Map<string, string>();
  for (const declared of declaredInputs(model)) {
    const input = given.get(declared.name);
    if (!input || input.value === '') {
      throw badRequest(`Dashboard input variable: ${declared.name} missing from import command`);
    }
    if (declared.type === 'datasource') {
      // Grafana's importer sends the uid; older clients the name.
      const ds =
        (await store.dataSources.find(identity.orgId, { uid: input.value })) ??
        (await store.dataSources.find(identity.orgId, { name: input.value }));
      if (!ds) throw badRequest(`bad request data: input ${declared.name}: no data source has uid or name "${input.value}"`);
      if (declared.pluginId && ds.type !== declared.pluginId) {
        throw badRequest(`bad request data: input ${declared.name} needs a ${declared.pluginId} data source; "${ds.name}" is ${ds.type}`);
      }
      values.set(declared.name, ds.uid);
    } else {
      values.set(declared.name, input.value);
    }
  }
  // `__elements` (the library panels used) is substituted too, as Grafana's importer evaluates the whole export.
  const { __inputs: _inputs, __requires: _requires, __elements: elements, ...rest } = model;
  const dashboard = substitute(rest, values) as Record<string, unknown>;
  // The export's numeric id belongs to the server it came from.
  delete dashboard.id;
  await importLibraryPanels(store, identity, dashboard, substitute(elements, values), {
    folderUid: body.folderUid,
    folderId: body.folderId,
  });
  const saved = await saveDashboard(store, identity, {
    dashboard,
    folderUid: body.folderUid,
    folderId: body.folderId,
    overwrite: body.overwrite ?? false,
    message: 'Imported',
  } as Parameters<typeof saveDashboard>[2]);
  const folder = saved.folder_id === null ? undefined : await store.folders.getById(identity.orgId, saved.folder_id);
  const url = dashboardUrl(saved.uid, saved.slug);
  return {
    uid: saved.uid,
    pluginId: '',
    title: saved.title,
    imported: true,
    importedUri: `db/${saved.slug}`,
    importedUrl: url,
    slug: saved.slug,
    dashboardId: saved.id,
    folderId: folder?.id ?? 0,
    folderUid: folder?.uid ?? '',
    importedRevision: typeof dashboard.revision === 'number' ? dashboard.revision : 0,
    revision: typeof dashboard.revision === 'number' ? dashboard.revision : 0,
    description: typeof dashboard.description === 'string' ? dashboard.description : '',
    path: '',
    removed: false,
  };
}

export function registerImportRoutes(app: FastifyInstance, store: Store): void {
  app.post('/api/dashboards/import', { config: { action: 'dashboards:create' } }, async (request) =>
    importDashboard(store, request.identity, request.body),
  );
}
