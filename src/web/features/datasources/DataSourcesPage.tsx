import { Badge, Group, Table, Text } from '@mantine/core';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { useDataSources } from './api';

export function DataSourcesPage() {
  const dataSources = useDataSources();
  return (
    <Page title="Data sources">
      {dataSources.isPending ? (
        <LoadingRows label="Loading data sources" />
      ) : dataSources.isError ? (
        <ErrorState error={dataSources.error} onRetry={() => dataSources.refetch()} title="Could not load data sources" />
      ) : dataSources.data.length === 0 ? (
        <EmptyState title="No data sources yet">An Admin can add one through the API (POST /api/datasources).</EmptyState>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Type</Table.Th>
              <Table.Th>URL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dataSources.data.map((ds) => (
              <Table.Tr key={ds.uid}>
                <Table.Td>
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {ds.name}
                    </Text>
                    {ds.isDefault && (
                      <Badge size="sm" variant="outline">
                        default
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {ds.typeName || ds.type}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {ds.url}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Page>
  );
}
