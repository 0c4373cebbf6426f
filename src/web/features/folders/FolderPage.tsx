import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconFolder, IconLayoutDashboard, IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { searchQueryOptions } from '../../api/search';
import { paths } from '../../app/paths';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { plural } from '../../lib/format';
import { FolderBreadcrumbs, useFolder } from './folderParts';

/**
 * `/dashboards/f/:uid/:slug`: a folder as Grafana's folder view shows it — its subfolders and
 * dashboards, and the way to its permissions for whoever may change them.
 */
export function FolderPage() {
  const { uid = '' } = useParams();
  const folder = useFolder(uid);
  const contents = useQuery({ ...searchQueryOptions({ words: [], tags: [], folderUid: uid }), enabled: uid !== '' });
  const notFound = folder.error instanceof ApiError && folder.error.status === 404;

  return (
    <Page
      title={folder.data?.title ?? (notFound ? 'No such folder' : 'Folder')}
      actions={
        folder.data?.canAdmin && (
          <Button component={Link} to={paths.folderPermissions(uid)} variant="default" leftSection={<IconLock size={16} aria-hidden />}>
            Permissions
          </Button>
        )
      }
    >
      <FolderBreadcrumbs uid={uid} title={folder.data?.title} />
      {folder.isPending || contents.isPending ? (
        <LoadingRows rows={4} label="Loading the folder" />
      ) : folder.isError ? (
        <ErrorState
          error={folder.error}
          title={notFound ? 'No such folder' : 'Could not load the folder'}
          onRetry={() => folder.refetch()}
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
