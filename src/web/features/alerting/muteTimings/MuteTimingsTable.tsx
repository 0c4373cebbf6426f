import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { MuteTiming, Route } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { muteTimingsQueryOptions, useDeleteMuteTiming } from '../api/policies';
import { policiesUsingTiming } from '../policies/policyTree';
import { intervalSummary } from './timeIntervals';

function MuteTimingRow({ timing, usedBy, canEdit }: { timing: MuteTiming; usedBy: string[]; canEdit: boolean }) {
  const remove = useDeleteMuteTiming();
  const editable = canEdit && timing.provenance !== 'file';
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete mute timing',
      children: (
        <Text size="sm">
          Delete the mute timing {timing.name} and its {timing.time_intervals.length === 1 ? 'time interval' : 'time intervals'}?{' '}
          {usedBy.length > 0
            ? `It is used by ${usedBy.join('; ')}: remove it from ${usedBy.length === 1 ? 'that policy' : 'those policies'} first.`
            : 'No policy uses it.'}
        </Text>
      ),
      labels: { confirm: 'Delete mute timing', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutateAsync(timing.name).then(
          () => notifications.show({ color: 'green', title: 'Mute timing deleted', message: timing.name }),
          (error: unknown) => notifications.show({ color: 'red', title: 'Could not delete the mute timing', message: errorMessage(error) }),
        ),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {timing.name}
          </Text>
          {timing.provenance === 'file' && (
            <Badge variant="light" size="sm">
              Provisioned
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {timing.time_intervals.length === 0 ? (
            <Text size="sm">always</Text>
          ) : (
            timing.time_intervals.map((interval, index) => (
              <Text key={index} size="sm">
                {intervalSummary(interval)}
              </Text>
            ))
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{usedBy.length > 0 ? usedBy.join('; ') : 'Not used'}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            component={Link}
            to={paths.editMuteTiming(timing.name)}
            size="xs"
            variant="default"
            aria-label={`${editable ? 'Edit' : 'View'} mute timing ${timing.name}`}
          >
            {editable ? 'Edit' : 'View'}
          </Button>
          {editable && (
            <Button size="xs" variant="light" color="red" onClick={confirmDelete} aria-label={`Delete mute timing ${timing.name}`}>
              Delete
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The mute timings, when each applies and which policies use it (the policies page's second tab). */
export function MuteTimingsTable({ tree, canEdit }: { tree: Route | undefined; canEdit: boolean }) {
  const timings = useQuery(muteTimingsQueryOptions());
  const add = canEdit && (
    <Button component={Link} to={paths.newMuteTiming()} leftSection={<IconPlus size={16} aria-hidden />}>
      Add mute timing
    </Button>
  );
  if (timings.isPending) return <LoadingRows label="Loading mute timings" />;
  if (timings.isError)
    return <ErrorState error={timings.error} onRetry={() => void timings.refetch()} title="Could not load the mute timings" />;
  if (timings.data.length === 0)
    return (
      <EmptyState title="No mute timings" action={add || undefined}>
        A mute timing is a recurring time, such as weekends or nights, when a policy that names it sends no notifications.
      </EmptyState>
    );
  return (
    <Stack gap="sm">
      {add && <Group justify="flex-end">{add}</Group>}
      <Table.ScrollContainer minWidth={700}>
        <Table aria-label="Mute timings" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Time intervals</Table.Th>
              <Table.Th>Used by</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {timings.data.map((timing) => (
              <MuteTimingRow
                key={timing.name}
                timing={timing}
                usedBy={tree ? policiesUsingTiming(tree, timing.name) : []}
                canEdit={canEdit}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
