import type { Identity } from '../auth/identity';
import { EDIT, loadFolderAccess } from '../auth/access';
import { badRequest, forbidden } from '../errors';
import type { Store } from '../store';
import { elementFolder } from './libraryElements';

interface PanelReference {
  uid: string;
  name: string;
}

/** The library panels a model's panels reference (rows' collapsed panels included), first reference first. */
function references(panels: unknown, found = new Map<string, PanelReference>()): Map<string, PanelReference> {
  if (!Array.isArray(panels)) return found;
  for (const panel of panels) {
    if (!panel || typeof panel !== 'object') continue;
    const { libraryPanel, type, panels: nested } = panel as { libraryPanel?: unknown; type?: unknown; panels?: unknown };
    if (libraryPanel && typeof libraryPanel === 'object') {
      const { uid, name } = libraryPanel as { uid?: unknown; name?: unknown };
      if (typeof uid === 'string' && uid !== '' && !found.has(uid)) found.set(uid, { uid, name: typeof name === 'string' ? name : '' });
    } else if (type === 'row') references(nested, found);
  }
  return found;
}

/**
 * Grafana's `ImportLibraryPanelsForDashboard`: each library panel the imported dashboard references
 * that the org does not have yet is created from the export's `__elements` (its model, with
 * `libraryPanel.uid` set), under the panel's name, in the folder the dashboard is imported into.
 * Those the org has are left as they are; a reference `__elements` has no model for creates nothing
 * (the dashboard then shows that panel as missing).
 */
export async function importLibraryPanels(
  store: Store,
  identity: Identity,
  model: Record<string, unknown>,
  elements: unknown,
  target: { folderUid?: string; folderId?: number },
): Promise<void> {
  const refs = references(model.panels);
  if (refs.size === 0) return;
  if (elements !== undefined && elements !== null && (typeof elements !== 'object' || Array.isArray(elements))) {
    throw badRequest('bad request data: __elements must be an object of library panels by uid', { field: 'dashboard.__elements' });
  }
  const byUid = (elements ?? {}) as Record<string, unknown>;
  let checked = false;
  for (const ref of refs.values()) {
    const exported = byUid[ref.uid];
    if (!exported || typeof exported !== 'object') continue;
    if (await store.libraryElements.getByUid(identity.orgId, ref.uid)) continue;
    const { model: elementModel, name } = exported as { model?: unknown; name?: unknown };
    if (!elementModel || typeof elementModel !== 'object' || Array.isArray(elementModel)) {
      throw badRequest(`bad request data: __elements.${ref.uid}.model must be a panel model`, {
        field: `dashboard.__elements.${ref.uid}.model`,
      });
    }
    const elementName = ref.name || (typeof name === 'string' ? name : '');
    if (!elementName) throw badRequest(`library panel name missing: the panel referencing "${ref.uid}" names none`);
    const folderId = await elementFolder(store, identity.orgId, { folderUid: target.folderUid, folderId: target.folderId });
    if (!checked) {
      if (!(await loadFolderAccess(store.folders, identity)).can(folderId, EDIT)) throw forbidden('library.panels:create');
      checked = true;
    }
    const { libraryPanel, ...rest } = elementModel as Record<string, unknown>;
    await store.libraryElements.create({
      orgId: identity.orgId,
      folderId,
      uid: ref.uid,
      name: elementName,
      kind: 1,
      model: { ...rest, libraryPanel: { ...(libraryPanel && typeof libraryPanel === 'object' ? libraryPanel : {}), uid: ref.uid } },
      userId: identity.accountId,
    });
  }
}
