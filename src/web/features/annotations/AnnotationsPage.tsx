import { Badge, Group, SegmentedControl, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../components/States';
import { useAnnotations } from './api';

const RANGES = { '1h': 3_600_000, '6h': 21_600_000, '24h': 86_400_000, '7d': 604_800_000, '30d': 2_592_000_000 } as const;
type RangeKey = keyof typeof RANGES;

const formatTime = (ms: number) => new Date(ms).toLocaleString();
function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  return minutes < 60 ? `${minutes} min` : `${(minutes / 60).toFixed(1)} h`;
}

export function AnnotationsPage() {
  const [params, setParams] = useSearchParams();
  const rangeKey = (params.get('range') as RangeKey) in RANGES ? (params.get('range') as RangeKey) : '24h';
  // "Now" is taken when the page opens and when a range is picked, so renders do not refetch.
  const [now, setNow] = useState(() => Date.now());
  const range = { from: now - RANGES[rangeKey], to: now };
  const annotations = useAnnotations(range);

  return (
    <Page title="Annotations">
      <Group>
        <SegmentedControl
          aria-label="Time range"
          data={Object.keys(RANGES).map((key) => ({ value: key, label: `Last ${key}` }))}
          value={rangeKey}
          onChange={(value) => {
            setNow(Date.now());
            setParams({ range: value }, { replace: true });
          }}
        />
      </Group>
      {annotations.isPending ? (
        <LoadingRows label="Loading annotations" />
      ) : annotations.isError ? (
        <ErrorState error={annotations.error} onRetry={() => annotations.refetch()} title="Could not load annotations" />
      ) : annotations.data.length === 0 ? (
        <EmptyState title={`No annotations in the last ${rangeKey}`}>Annotations are added with POST /api/annotations, by people and by tools such as deploy scripts.</EmptyState>
      ) : (
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Time</Table.Th>
              <Table.Th>Text</Table.Th>
              <Table.Th>Tags</Table.Th>
              <Table.Th>Dashboard</Table.Th>
              <Table.Th>By</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {annotations.data.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>
                  <Text size="sm">{formatTime(a.time)}</Text>
                  {a.timeEnd > a.time && (
                    <Text size="xs" c="dimmed">
                      for {duration(a.timeEnd - a.time)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{a.text}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {a.tags.map((tag) => (
                      <Badge key={tag} variant="light" size="sm">
                        {tag}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{a.dashboardUID ?? 'Organization'}</Table.Td>
                <Table.Td>{a.login}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Page>
  );
}
