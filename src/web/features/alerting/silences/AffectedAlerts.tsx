import { Badge, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ErrorState } from '../../../components/States';
import { alertsQueryOptions, matcherFilter } from '../api/silences';
import { rowProblem, toSilenceMatcher, type MatcherRow } from './matchers';

const SHOWN = 50;

/** The alerts the silence would mute, asked of the Alertmanager API with its matchers as filters. */
export function AffectedAlerts({ rows }: { rows: MatcherRow[] }) {
  const valid = rows.filter((row) => !rowProblem(row));
  // One text, not an array: the debounce compares values, and a new array each render never settles.
  const [filterText] = useDebouncedValue(valid.map((row) => matcherFilter(toSilenceMatcher(row))).join('\n'), 300);
  const filters = useMemo(() => (filterText ? filterText.split('\n') : []), [filterText]);
  const alerts = useQuery({ ...alertsQueryOptions(filters), enabled: filters.length > 0 });
  if (filters.length === 0) return <Text size="sm">Add a matcher to see the alerts it would silence.</Text>;
  if (alerts.isPending) return <Skeleton height={60} role="status" aria-label="Finding affected alerts" />;
  if (alerts.isError) return <ErrorState error={alerts.error} title="Could not find the affected alerts" />;
  const firing = alerts.data;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} data-testid="affected-count">
        {firing.length === 0
          ? 'No alert fires with these labels now.'
          : `${firing.length} ${firing.length === 1 ? 'alert' : 'alerts'} would be silenced now.`}
      </Text>
      {firing.length > 0 && (
        <Table aria-label="Affected alerts" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Alert</Table.Th>
              <Table.Th>Labels</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {firing.slice(0, SHOWN).map((alert) => (
              <Table.Tr key={alert.fingerprint}>
                <Table.Td>{alert.labels.alertname ?? alert.fingerprint}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {Object.entries(alert.labels)
                      .filter(([key]) => !key.startsWith('__') && key !== 'alertname')
                      .map(([key, value]) => (
                        <Badge key={key} variant="default" tt="none" fw={400}>
                          {key}={value}
                        </Badge>
                      ))}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
