import { Anchor, Badge, Group, MultiSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LibraryElement } from '../../../contract/libraryElements';
import { useDeleteLibraryElement, useFolderChoices, useLibraryElementList } from '../../api/libraryElements';
import { paths } from '../../app/paths';
import { confirmDestructive } from '../../components/confirmDestructive';
import { ListCount, ListPage, ListTable, NoMatch, RowActions, RowIconAction, SearchInput, WhenLoaded } from '../../components/ListPage';
import { EmptyState } from '../../components/States';

const PER_PAGE = 50;

function ElementRow({ element }: { element: LibraryElement }) {
  const remove = useDeleteLibraryElement();
  const connected = element.meta.connectedDashboards;
  const confirmDelete = () =>
    confirmDestructive({
      title: 'Delete library panel',
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Delete the library panel {element.name}? Its model (a {element.type || 'panel'} panel) is removed from the library for good.
          </Text>
          <Text size="sm">
            {connected === 0
              ? 'No dashboard uses it.'
              : `${connected === 1 ? '1 dashboard uses' : `${connected} dashboards use`} it: the server refuses while they do. Unlink it from them first.`}
          </Text>
        </Stack>
      ),
      onConfirm: () =>
        remove.mutate(element.uid, {
          onSuccess: () => notifications.show({ color: 'green', title: 'Library panel deleted', message: element.name }),
        }),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm" fw={500}>
          {element.name}
        </Text>
        {element.description && (
          <Text size="xs" c="dimmed">
            {element.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {element.type || 'panel'}
        </Badge>
      </Table.Td>
      <Table.Td>
        {element.folderUid ? (
          <Anchor component={Link} to={paths.folder(element.folderUid)} size="sm">
            {element.meta.folderName}
          </Anchor>
        ) : (
          element.meta.folderName
        )}
      </Table.Td>
      <Table.Td>{connected}</Table.Td>
      <RowActions error={remove.error}>
        <RowIconAction
          label={`Delete the library panel ${element.name}`}
          icon={IconTrash}
          color="red"
          loading={remove.isPending}
          onClick={confirmDelete}
        />
      </RowActions>
    </Table.Tr>
  );
}

/** `/library-panels` (Grafana's address): the org's library panels, searchable and filtered by folder. */
export function LibraryPanelsPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('query') ?? '';
  const folders = params.getAll('folder');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [debounced] = useDebouncedValue(query, 250);
  const list = useLibraryElementList({ searchString: debounced, folderFilterUIDs: folders, page, perPage: PER_PAGE });
  const folderChoices = useFolderChoices();
  const update = (next: { query?: string; folders?: string[]; page?: number }) => {
    const search = new URLSearchParams();
    const text = next.query ?? query;
    if (text) search.set('query', text);
    for (const uid of next.folders ?? folders) search.append('folder', uid);
    if ((next.page ?? 1) > 1) search.set('page', String(next.page));
    setParams(search, { replace: next.page === undefined, flushSync: true });
  };
  const filtered = Boolean(query) || folders.length > 0;
  const pages = list.data ? Math.max(1, Math.ceil(list.data.result.totalCount / PER_PAGE)) : 1;

  return (
    <ListPage
      title="Library panels"
      intro="Panels kept once and used in many dashboards: a dashboard that uses one draws the library's model. Add one from a dashboard's panel editor, or import a dashboard that brings its own."
    >
      <Group align="flex-end" wrap="wrap">
        <SearchInput
          label="Search library panels"
          description="Name or description"
          value={query}
          onSearch={(text) => update({ query: text })}
          w={320}
        />
        <MultiSelect
          label="Folders"
          description="Only panels in these folders"
          data={[{ value: 'general', label: 'General' }, ...(folderChoices.data ?? []).map((f) => ({ value: f.uid, label: f.title }))]}
          value={folders}
          onChange={(value) => update({ folders: value })}
          clearable
          searchable
          w={320}
        />
      </Group>
      <WhenLoaded query={list} loadingLabel="Loading library panels" errorTitle="Could not load the library panels">
        {({ result }) =>
          result.elements.length === 0 ? (
            filtered ? (
              <NoMatch title="No library panel matches" onClear={() => update({ query: '', folders: [] })}>
                No library panel in the chosen folders has a name or description containing “{query}”.
              </NoMatch>
            ) : (
              <EmptyState title="No library panels yet">
                Open a dashboard’s panel editor and choose New library panel, or import a dashboard exported with its library panels.
              </EmptyState>
            )
          ) : (
            <>
              <ListTable label="Library panels" columns={['Name', 'Type', 'Folder', 'Dashboards using it']} minWidth={640}>
                {result.elements.map((element) => (
                  <ElementRow key={element.uid} element={element} />
                ))}
              </ListTable>
              <Group justify="space-between">
                <ListCount refreshing={list.isFetching}>
                  {result.totalCount === 1 ? '1 library panel' : `${result.totalCount} library panels`}
                </ListCount>
                {pages > 1 && <Pagination total={pages} value={page} onChange={(next) => update({ page: next })} />}
              </Group>
            </>
          )
        }
      </WhenLoaded>
    </ListPage>
  );
}
