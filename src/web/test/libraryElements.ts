import type { LibraryElement } from '../../contract/libraryElements';

/** A library element as the server answers it (Grafana's `LibraryElementDTO`). */
export function libraryElement(
  uid: string,
  name: string,
  model: Record<string, unknown>,
  extra: Partial<LibraryElement> = {},
): LibraryElement {
  const user = { id: 1, name: 'sa-admin', avatarUrl: '/avatar/x' };
  return {
    id: 1,
    orgId: 1,
    folderId: 0,
    folderUid: '',
    uid,
    name,
    kind: 1,
    type: typeof model.type === 'string' ? model.type : '',
    description: '',
    model: { ...model, libraryPanel: { uid } },
    version: 1,
    meta: {
      folderName: 'General',
      folderUid: '',
      connectedDashboards: 0,
      created: '2026-01-01T00:00:00.000Z',
      updated: '2026-01-01T00:00:00.000Z',
      createdBy: user,
      updatedBy: user,
    },
    ...extra,
  };
}
