import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { deleteFolderResponseSchema, folderSchema, type Folder } from '../../../contract/folders';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';

const folderPath = (uid: string) => `/api/folders/${encodeURIComponent(uid)}`;

/**
 * Renames a folder against the version shown, so a rename made elsewhere meanwhile is refused
 * (412) rather than overwritten. Its dashboards show the folder's title, so they are read again.
 */
export function useRenameFolder(folder: Pick<Folder, 'uid' | 'version'>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (title: string) =>
      apiFetch(folderPath(folder.uid), { method: 'PUT', body: { title, version: folder.version }, schema: folderSchema }),
    onSuccess: (renamed) => {
      client.setQueryData(queryKeys.folder(folder.uid), renamed);
      return Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.searchAll }),
        client.invalidateQueries({ queryKey: queryKeys.folders }),
        client.invalidateQueries({ queryKey: queryKeys.dashboards.all }),
      ]);
    },
    // A 412 means the folder changed: the page shows what it is now, so a second try knows.
    onError: () => client.invalidateQueries({ queryKey: queryKeys.folder(folder.uid) }),
  });
}

/**
 * Deletes a folder and its dashboards. What it made stale is read again when next shown, not now:
 * the folder's page is still on screen until the app has moved on, and would flash "not found".
 */
export function useDeleteFolder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => apiFetch(folderPath(uid), { method: 'DELETE', schema: deleteFolderResponseSchema }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.searchAll, queryKeys.folders, queryKeys.dashboardTags].map((queryKey) =>
          client.invalidateQueries({ queryKey, refetchType: 'none' }),
        ),
      ),
  });
}

/**
 * Drops what the client holds of a deleted folder and the dashboards that went with it, once its
 * page has gone: kept, Back would show them (a dashboard's model is kept for good) until the
 * server said otherwise, and a save in that moment would create the dashboard again.
 */
export function useForgetDeletedFolder() {
  const client = useQueryClient();
  return useCallback(
    (uid: string, dashboardUids: string[]) => {
      client.removeQueries({ queryKey: queryKeys.folder(uid) });
      for (const dashboardUid of dashboardUids) {
        client.removeQueries({ queryKey: queryKeys.dashboards.detail(dashboardUid) });
        client.removeQueries({ queryKey: queryKeys.panelDataOf(dashboardUid) });
        client.removeQueries({ queryKey: queryKeys.alertRuleStatesOfDashboard(dashboardUid) });
      }
    },
    [client],
  );
}
