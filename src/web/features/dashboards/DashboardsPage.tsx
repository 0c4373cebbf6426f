import { Badge, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue, useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFolder, IconFolderPlus, IconLayoutDashboard, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/client';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { useCreateDashboard, useCreateFolder, useDashboardSearch, useFolders } from './api';

function NewFolderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const create = useCreateFolder();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(title.trim(), {
      onSuccess: (folder) => {
        notifications.show({ color: 'green', title: 'Folder created', message: folder.title });
        setTitle('');
        create.reset();
        onClose();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New folder">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Folder name" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={create.error && errorMessage(create.error)} required data-autofocus />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
              Create folder
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function NewDashboardModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [folderUid, setFolderUid] = useState('');
  const folders = useFolders(opened);
  const create = useCreateDashboard();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { title: title.trim(), folderUid },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', title: 'Dashboard created', message: title.trim() });
          setTitle('');
          create.reset();
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={onClose} title="New dashboard">
      <form onSubmit={submit}>
        <Stack>
          <TextInput label="Title" value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={create.error && errorMessage(create.error)} required data-autofocus />
          <Select
            label="Folder"
            data={[{ value: '', label: 'General' }, ...(folders.data ?? []).map((f) => ({ value: f.uid, label: f.title }))]}
            value={folderUid}
            onChange={(value) => setFolderUid(value ?? '')}
            allowDeselect={false}
            error={folders.error && errorMessage(folders.error)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!title.trim()}>
              Create dashboard
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export function DashboardsPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const [debounced] = useDebouncedValue(query, 200);
  const search = useDashboardSearch(debounced);
  const canCreate = useHasRole('Editor');
  const [folderOpen, folderModal] = useDisclosure();
  const [dashboardOpen, dashboardModal] = useDisclosure();

  return (
    <Page
      title="Dashboards"
      actions={
        canCreate && (
          <>
            <Button variant="default" leftSection={<IconFolderPlus size={18} />} onClick={folderModal.open}>
              New folder
            </Button>
            <Button leftSection={<IconPlus size={18} />} onClick={dashboardModal.open}>
              New dashboard
            </Button>
          </>
        )
      }
    >
      <TextInput
        label="Search dashboards"
        placeholder="Words of the title, in any order"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={query}
        onChange={(e) => setParams(e.currentTarget.value ? { query: e.currentTarget.value } : {}, { replace: true })}
      />
      {search.isPending ? (
        <LoadingRows label="Loading dashboards" />
      ) : search.isError ? (
        <ErrorState error={search.error} onRetry={() => search.refetch()} title="Could not load dashboards" />
      ) : search.data.length === 0 ? (
        <EmptyState title={query ? 'No dashboard matches' : 'No dashboards yet'}>
          {query ? 'Try fewer or other words.' : canCreate ? 'Create one, or import one with the API.' : 'Nobody has shared a dashboard with this account yet.'}
        </EmptyState>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Folder</Table.Th>
              <Table.Th>Tags</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {search.data.map((hit) => (
              <Table.Tr key={hit.uid}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {hit.type === 'dash-folder' ? <IconFolder size={16} aria-label="Folder" /> : <IconLayoutDashboard size={16} aria-label="Dashboard" />}
                    <Text size="sm">{hit.title}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {hit.type === 'dash-folder' ? '' : (hit.folderTitle ?? 'General')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {hit.tags.map((tag) => (
                      <Badge key={tag} variant="light" size="sm">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NewFolderModal opened={folderOpen} onClose={folderModal.close} />
      <NewDashboardModal opened={dashboardOpen} onClose={dashboardModal.close} />
    </Page>
  );
}
