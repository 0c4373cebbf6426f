import { Badge, Button, Group, Table, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { RuleStatesRule } from '../../../../contract/alerting';
import { paths } from '../../../app/paths';
import { formatDateTime } from '../../../lib/format';
import { StateBadge } from '../StateBadge';
import { instanceDisplayState, timeAgo } from '../states';
import { useNow } from '../useNow';

type Instance = NonNullable<RuleStatesRule['alerts']>[number];

/** Labels a person reads: the private ones (`__alert_rule_uid__`, …) left out. */
export function shownLabels(labels: Record<string, string>): Array<[string, string]> {
  return Object.entries(labels).filter(([key]) => !key.startsWith('__'));
}

/** A new silence prefilled with the instance's labels (Grafana's repeated `matcher=name=value`). */
export function silenceLinkFor(labels: Record<string, string>): string {
  const params = new URLSearchParams();
  for (const [key, value] of shownLabels(labels)) params.append('matcher', `${key}=${value}`);
  return paths.newSilence(params.toString());
}

/** The rule's alert instances: one per series, with its state, since when, and its value. */
export function InstancesTable({ instances, canSilence }: { instances: Instance[]; canSilence: boolean }) {
  const now = useNow();
  if (instances.length === 0)
    return <Text size="sm">No instances yet: the rule has not been evaluated, or its query returned nothing.</Text>;
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Alert instances" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>State</Table.Th>
            <Table.Th>Labels</Table.Th>
            <Table.Th>Since</Table.Th>
            <Table.Th>Value</Table.Th>
            {canSilence && <Table.Th>Actions</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {instances.map((instance) => {
            const { state, reason } = instanceDisplayState(instance.state);
            const labels = shownLabels(instance.labels);
            const key = labels.map(([k, v]) => `${k}=${v}`).join(',');
            return (
              <Table.Tr key={key}>
                <Table.Td>
                  <StateBadge state={state} reason={reason} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {labels.map(([name, value]) => (
                      <Badge key={name} variant="default" tt="none" fw={400}>
                        {name}={value}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={formatDateTime(instance.activeAt)}>
                    {timeAgo(instance.activeAt, now)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace">
                    {instance.value || '—'}
                  </Text>
                </Table.Td>
                {canSilence && (
                  <Table.Td>
                    <Button
                      component={Link}
                      to={silenceLinkFor(instance.labels)}
                      size="xs"
                      variant="default"
                      leftSection={<IconBellOff size={14} aria-hidden />}
                      aria-label={`Silence ${labels.map(([k, v]) => `${k}=${v}`).join(', ')}`}
                    >
                      Silence
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
