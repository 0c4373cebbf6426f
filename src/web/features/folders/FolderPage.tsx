import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolder, IconLayoutDashboard, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Folder } from '../../../contract/folders';
import { ApiError, errorMessage } from '../../api/errors';
import { searchQueryOptions } from '../../api/search';
import { paths } from '../../app/paths';
import { confirmDeleteFolder } from '../../components/confirmDeleteFolder';
import { FormRefusal } from '../../components/FormRefusal';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { plural } from '../../lib/format';
import { useDeleteFolder, useForgetDeletedFolder } from './api';
import { FolderBreadcrumbs, useFolder } from './folderParts';
import { RenameFolderModal } from './RenameFolderModal';

/**
 * `/dashboards/f/:uid/:slug`: a folder as Grafana's folder view shows it — its subfolders and
 * dashboards, and, for whoever may, a new dashboard in it, renaming, deleting and its permissions.
 */
export function FolderPage() {
  const { uid = '' } = useParams();
  const folder = useFolder(uid);
  const contents = useQuery({ ...searchQueryOptions({ words: [], tags: [], folderUid: uid }), enabled: uid !== '' });
  const notFound = folder.error instanceof ApiError && folder.error.status === 404;
  const [renaming, setRenaming] = useState(false);
  const remove = useDeleteFolder();
  const navigate = useNavigate();
  const forget = useForgetDeletedFolder();
  // Forgotten as the page goes, not before: until then it is still drawn, and would ask again.
  const deleted = useRef<{ uid: string; dashboardUids: string[] }>(undefined);
  useEffect(() => () => deleted.current && forget(deleted.current.uid, deleted.current.dashboardUids), [forget]);

  const deleteFolder = (shown: Folder) =>
    void confirmDeleteFolder(shown, () =>
      remove.mutate(shown.uid, {
        onSuccess: () => {
          const dashboardUids = (contents.data ?? []).filter((hit) => hit.type === 'dash-db').map((hit) => hit.uid);
          deleted.current = { uid: shown.uid, dashboardUids };
          notifications.show({ color: 'green', title: 'Folder deleted', message: shown.title });
          navigate(paths.dashboards());
        },
      }),
    );

  return (
    <Page
      title={folder.data?.title ?? (notFound ? 'No such folder' : 'Folder')}
      actions={
        folder.data && (
          <FolderActions folder={folder.data} deleting={remove.isPending} onRename={() => setRenaming(true)} onDelete={deleteFolder} />
        )
      }
    >
      <FolderBreadcrumbs uid={uid} title={folder.data?.title} />
      {remove.error && <FormRefusal title="Could not delete the folder">{errorMessage(remove.error)}</FormRefusal>}
      {renaming && folder.data && <RenameFolderModal folder={folder.data} onClose={() => setRenaming(false)} />}
      {folder.isPending || contents.isPending ? (
        <LoadingRows rows={4} label="Loading the folder" />
      ) : folder.isError ? (
        <ErrorState
          error={folder.error}
          title={notFound ? 'No such folder' : 'Could not load the folder'}
          onRetry={notFound ? undefined : () => folder.refetch()}
        />
      ) : contents.isError ? (
        <ErrorState error={contents.error} title="Could not list the folder's dashboards" onRetry={() => contents.refetch()} />
      ) : contents.data.length === 0 ? (
        <EmptyState title="This folder is empty">Dashboards saved or moved into “{folder.data.title}” are listed here.</EmptyState>
      ) : (
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {plural(contents.data.filter((hit) => hit.type === 'dash-db').length, 'dashboard')}
          </Text>
          <Paper withBorder radius="sm">
            <Stack component="ul" aria-label={`Contents of ${folder.data.title}`} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {contents.data.map((hit) => (
                <Group
                  key={hit.uid}
                  component="li"
                  gap="sm"
                  wrap="nowrap"
                  px="md"
                  py={8}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  {hit.type === 'dash-folder' ? <IconFolder size={18} aria-hidden /> : <IconLayoutDashboard size={18} aria-hidden />}
                  <Anchor component={Link} to={hit.url} size="sm" truncate style={{ flex: 1, minWidth: 0 }} className="dashboard-link">
                    {hit.title}
                  </Anchor>
                  <Group gap={4} wrap="nowrap" visibleFrom="sm">
                    {hit.tags.slice(0, 4).map((tag) => (
                      <Badge key={tag} variant="outline" size="sm" tt="none">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        </Stack>
      )}
    </Page>
  );
}

/** What may be done with the folder, each only for whoever may: Grafana's New and folder actions. */
function FolderActions({
  folder,
  deleting,
  onRename,
  onDelete,
}: {
  folder: Folder;
  deleting: boolean;
  onRename: () => void;
  onDelete: (folder: Folder) => void;
}) {
  return (
    <>
      {folder.canAdmin && (
        <Button
          component={Link}
          to={paths.folderPermissions(folder.uid)}
          variant="default"
          leftSection={<IconLock size={16} aria-hidden />}
        >
          Permissions
        </Button>
      )}
      {folder.canEdit && (
        <Button variant="default" leftSection={<IconPencil size={16} aria-hidden />} onClick={onRename}>
          Rename
        </Button>
      )}
      {folder.canDelete && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconTrash size={16} aria-hidden />}
          loading={deleting}
          onClick={() => onDelete(folder)}
        >
          Delete
        </Button>
      )}
      {/* Creating a dashboard in a folder needs Edit on it, as Grafana's dashboards:create. */}
      {folder.canEdit && (
        <Button component={Link} to={paths.newDashboard(folder.uid)} leftSection={<IconPlus size={16} aria-hidden />}>
          New dashboard
        </Button>
      )}
    </>
  );
}
