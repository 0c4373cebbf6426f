import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { folderSchema } from '../../../contract/folders';
import { apiFetch } from '../../api/client';
import { ApiError } from '../../api/errors';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { PermissionsEditor } from '../../components/PermissionsEditor';
import { ErrorState, LoadingRows } from '../../components/States';

/** `/dashboards/f/:uid/permissions`: who may view, edit or administer a folder and its dashboards. */
export function FolderPermissionsPage() {
  const { uid = '' } = useParams();
  const folder = useQuery({
    queryKey: ['folder', uid],
    queryFn: ({ signal }) => apiFetch(`/api/folders/${encodeURIComponent(uid)}`, { schema: folderSchema, signal }),
  });
  const title = folder.data?.title ?? 'folder';

  return (
    <Page title="Folder permissions">
      <Breadcrumbs>
        <Anchor component={Link} to={paths.dashboards()} size="sm">
          Dashboards
        </Anchor>
        <Text size="sm">{folder.data?.title ?? uid}</Text>
      </Breadcrumbs>
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
