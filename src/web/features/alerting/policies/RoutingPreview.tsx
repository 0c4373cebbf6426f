import { Badge, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import type { Route } from '../../../../contract/alertingNotify';
import { LabelRows } from '../LabelRows';
import { policyAt, policyName } from './policyTree';
import { contactPointsReached, previewRouting, type Labels } from './routingPreview';

interface LabelRow {
  name: string;
  value: string;
}

/** Grafana's "preview routing": the labels of an alert in, the policies and contact points it reaches out. */
export function RoutingPreview({ tree }: { tree: Route }) {
  const [rows, setRows] = useState<LabelRow[]>([{ name: '', value: '' }]);
  const labels: Labels = Object.fromEntries(rows.filter((row) => row.name.trim()).map((row) => [row.name.trim(), row.value]));
  const matches = previewRouting(tree, labels);
  const reached = contactPointsReached(matches);

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby="routing-preview-title">
      <Title order={2} size="h4" id="routing-preview-title" mb="xs">
        Preview routing
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Enter the labels of an alert to see which policy takes it and which contact points it would reach.
      </Text>
      <LabelRows
        label="Alert labels"
        rows={rows}
        onChange={setRows}
        emptyRow={{ name: '', value: '' }}
        addLabel="Add label"
        removeLabel={(n) => `Remove label ${n}`}
        align="flex-end"
        removeOffset={{ mb: 2 }}
      >
        {(row, index, update) => (
          <>
            <TextInput
              label={`Label name ${index + 1}`}
              value={row.name}
              onChange={(event) => update({ name: event.currentTarget.value })}
              w={220}
            />
            <TextInput
              label={`Label value ${index + 1}`}
              value={row.value}
              onChange={(event) => update({ value: event.currentTarget.value })}
              style={{ flex: 1 }}
            />
          </>
        )}
      </LabelRows>
      <Stack gap="xs" mt="md" role="status" aria-label="Routing result">
        <Text size="sm">
          <Text span fw={600}>
            Contact {reached.length === 1 ? 'point' : 'points'} reached:
          </Text>{' '}
          {reached.join(', ') || 'none'}
        </Text>
        <List size="sm" spacing={4}>
          {matches.map((match) => {
            const steps = match.path.map((_, depth) => {
              const stepPath = match.path.slice(0, depth + 1);
              return policyName(policyAt(tree, stepPath), stepPath);
            });
            return (
              <List.Item key={match.path.join('.')}>
                <Group gap={6} wrap="wrap">
                  <Text size="sm">{['Default policy', ...steps].join(' → ')}</Text>
                  <Badge variant="light" tt="none">
                    {match.settings.receiver || 'no contact point'}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    grouped by {match.settings.group_by.join(', ') || 'nothing'}
                    {match.settings.mute_time_intervals.length > 0 && `; muted during ${match.settings.mute_time_intervals.join(', ')}`}
                  </Text>
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
