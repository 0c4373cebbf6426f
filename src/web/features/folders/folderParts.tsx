import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { folderSchema } from '../../../contract/folders';
import { apiFetch } from '../../api/client';
import { queryKeys } from '../../api/keys';
import { paths } from '../../app/paths';

/** The folder a folder page shows; its page and its permissions page share the one cache entry. */
export function useFolder(uid: string) {
  return useQuery({
    queryKey: queryKeys.folder(uid),
    queryFn: ({ signal }) => apiFetch(`/api/folders/${encodeURIComponent(uid)}`, { schema: folderSchema, signal }),
  });
}

/** Dashboards › the folder (its uid until its title has loaded). */
export function FolderBreadcrumbs({ uid, title }: { uid: string; title: string | undefined }) {
  return (
    <Breadcrumbs>
      <Anchor component={Link} to={paths.dashboards()} size="sm">
        Dashboards
      </Anchor>
      <Text size="sm">{title ?? uid}</Text>
    </Breadcrumbs>
  );
}
