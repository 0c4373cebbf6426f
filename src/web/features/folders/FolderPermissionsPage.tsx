import { Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { Page } from '../../components/Page';
import { PermissionsEditor } from '../../components/PermissionsEditor';
import { ErrorState, LoadingRows } from '../../components/States';
import { FolderBreadcrumbs, useFolder } from './folderParts';

/** `/dashboards/f/:uid/permissions`: who may view, edit or administer a folder and its dashboards. */
export function FolderPermissionsPage() {
  const { uid = '' } = useParams();
  const folder = useFolder(uid);
  const title = folder.data?.title ?? 'folder';

  return (
    <Page title="Folder permissions">
      <FolderBreadcrumbs uid={uid} title={folder.data?.title} />
      {folder.isPending ? (
        <LoadingRows rows={3} label="Loading the folder" />
      ) : folder.isError ? (
        <ErrorState
          error={folder.error}
          title={folder.error instanceof ApiError && folder.error.status === 404 ? 'No such folder' : 'Could not load the folder'}
          onRetry={() => folder.refetch()}
        />
      ) : !folder.data.canAdmin ? (
        <ErrorState
          error={new Error(`Changing who may reach “${title}” needs Admin on the folder, or the Admin role.`)}
          title="Needs Admin on this folder"
        />
      ) : (
        <>
          <Text size="sm">
            Who may view, edit or administer “{title}” and every dashboard in it. A dashboard may grant more on its own settings page.
          </Text>
          <PermissionsEditor target={{ kind: 'folder', uid }} title={title} />
        </>
      )}
    </Page>
  );
}
