import { Anchor, Badge, Button, Group, NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { DataSource } from '../../../contract/datasources';
import { paths } from '../../app/paths';
import { useHasRole } from '../../app/useSession';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { plural } from '../../lib/format';
import { useUrlParams } from '../../lib/useUrlParams';
import { useDataSources } from './api';
import { knownTypeInfos, resolveType, TypeIcon, typeInfo } from './catalog';

/** The canonical type, so `postgres` and `grafana-postgresql-datasource` filter together. */
const canonicalType = (ds: DataSource) => resolveType(ds.type) ?? ds.type;

function typeOptions(dataSources: DataSource[]) {
  const unknown = [...new Set(dataSources.map(canonicalType))].filter((type) => !resolveType(type)).sort();
  return [
    { value: '', label: 'All types' },
    ...knownTypeInfos.map((info) => ({ value: info.type, label: info.name })),
    ...unknown.map((type) => ({ value: type, label: type })),
  ];
}

export function DataSourcesPage() {
  const isAdmin = useHasRole('Admin');
  const dataSources = useDataSources();
  const [params, setUrlParams] = useUrlParams();
  // Filters live in the URL, so a filtered list can be bookmarked and shared.
  const query = params.get('query') ?? '';
  const type = params.get('type') ?? '';
  const setFilter = (key: 'query' | 'type', value: string) => setUrlParams({ [key]: value });

  const addButton = isAdmin && (
    <Button component={Link} to={paths.newDataSource()} leftSection={<IconPlus size={16} aria-hidden />}>
      Add data source
    </Button>
  );

  let body: React.ReactNode;
  if (dataSources.isPending) body = <LoadingRows label="Loading data sources" />;
  else if (dataSources.isError)
    body = <ErrorState error={dataSources.error} onRetry={() => dataSources.refetch()} title="Could not load data sources" />;
  else if (dataSources.data.length === 0) {
    body = (
      <EmptyState title="No data sources yet" action={addButton || undefined}>
        {isAdmin ? 'Add one to connect Prometheus, Loki, PostgreSQL and more.' : 'An Admin can add one.'}
      </EmptyState>
    );
  } else {
    const text = query.trim().toLowerCase();
    const shown = dataSources.data.filter((ds) => (!text || ds.name.toLowerCase().includes(text)) && (!type || canonicalType(ds) === type));
    body = (
      <>
        <Group gap="md" align="flex-end">
          <TextInput
            label="Search by name"
            placeholder="Name contains…"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(event) => setFilter('query', event.currentTarget.value)}
            w={280}
          />
          <NativeSelect
            label="Type"
            data={typeOptions(dataSources.data)}
            value={type}
            onChange={(event) => setFilter('type', event.currentTarget.value)}
            w={240}
          />
          <Text size="sm" c="dimmed" pb={8} aria-live="polite">
            {shown.length === dataSources.data.length
              ? plural(shown.length, 'data source')
              : `${shown.length} of ${dataSources.data.length} data sources`}
          </Text>
        </Group>
        {shown.length === 0 ? (
          <EmptyState
            title="No data source matches"
            action={
              <Button variant="default" onClick={() => setUrlParams({ query: undefined, type: undefined })}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>URL</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((ds) => (
                <Table.Tr key={ds.uid}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={paths.dataSource(ds.uid)} fw={600} size="sm">
                        {ds.name}
                      </Anchor>
                      {ds.isDefault && (
                        <Badge size="sm" variant="outline" color="gray">
                          default
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <TypeIcon type={ds.type} size="md" />
                      <Text size="sm">{typeInfo(ds.type).known ? typeInfo(ds.type).name : ds.typeName || ds.type}</Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                      {ds.url || '—'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </>
    );
  }

  return (
    <Page title="Data sources" actions={addButton}>
      {body}
    </Page>
  );
}
