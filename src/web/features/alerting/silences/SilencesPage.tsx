import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { GettableSilence } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { formatDateTime } from '../../../lib/format';
import { alertsQueryOptions, silencesQueryOptions, useExpireSilence } from '../api/silences';
import { matcherText } from './matchers';

const sections = [
  { state: 'active', title: 'Active' },
  { state: 'pending', title: 'Pending' },
  { state: 'expired', title: 'Expired' },
] as const;

const NO_FILTERS: string[] = [];

function SilenceRow({ silence, affected, canEdit }: { silence: GettableSilence; affected: number; canEdit: boolean }) {
  const expire = useExpireSilence();
  const described = silence.matchers.map(matcherText).join(', ');
  const confirmExpire = () =>
    modals.openConfirmModal({
      title: 'Expire silence',
      children: (
        <Text size="sm">
          Expire the silence of {described}? The {affected === 1 ? 'alert it mutes notifies' : `${affected} alerts it mutes notify`} again
          from now on.
        </Text>
      ),
      labels: { confirm: 'Expire silence', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // The promise, not mutate's callbacks: the row leaves the Active table (unmounts) before they would run.
      onConfirm: () =>
        expire.mutateAsync(silence.id).then(
          () => notifications.show({ color: 'green', title: 'Silence expired', message: described }),
          (error: unknown) => notifications.show({ color: 'red', title: 'Could not expire the silence', message: errorMessage(error) }),
        ),
    });
  const expired = silence.status.state === 'expired';
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={4}>
          {silence.matchers.map((matcher) => (
            <Badge key={matcherText(matcher)} variant="default" tt="none" fw={400}>
              {matcherText(matcher)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>{expired ? '—' : affected}</Table.Td>
      <Table.Td>{formatDateTime(silence.startsAt)}</Table.Td>
      <Table.Td>{formatDateTime(silence.endsAt)}</Table.Td>
      <Table.Td>{silence.createdBy}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {silence.comment}
        </Text>
      </Table.Td>
      {canEdit && (
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {/* The editor recreates an expired silence, or edits a running one. */}
            <Button
              component={Link}
              to={paths.editSilence(silence.id)}
              size="xs"
              variant="default"
              aria-label={`${expired ? 'Recreate' : 'Edit'} silence of ${described}`}
            >
              {expired ? 'Recreate' : 'Edit'}
            </Button>
            {!expired && (
              <Button size="xs" color="red" variant="light" onClick={confirmExpire} aria-label={`Expire silence of ${described}`}>
                Expire
              </Button>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** `/alerting/silences`: active, pending and expired silences, with what each mutes now. */
export function SilencesPage() {
  const canEdit = useHasRole('Editor');
  const silences = useQuery(silencesQueryOptions());
  const alerts = useQuery(alertsQueryOptions(NO_FILTERS));
  const affected = (id: string) => (alerts.data ?? []).filter((alert) => alert.status.silencedBy.includes(id)).length;
  const newSilence = canEdit && (
    <Button component={Link} to={paths.newSilence()} leftSection={<IconPlus size={16} aria-hidden />}>
      New silence
    </Button>
  );
  return (
    <Page title="Silences" actions={newSilence}>
      {silences.isPending ? (
        <LoadingRows label="Loading silences" />
      ) : silences.isError ? (
        <ErrorState error={silences.error} onRetry={() => void silences.refetch()} title="Could not load the silences" />
      ) : silences.data.length === 0 ? (
        <EmptyState title="No silences" action={newSilence || undefined}>
          A silence mutes the notifications of the alerts its matchers select, for a while. Start one here or from an alert instance on a
          rule’s page.
        </EmptyState>
      ) : (
        <Stack gap="md">
          {sections.map(({ state, title }) => {
            const shown = silences.data.filter((silence) => silence.status.state === state);
            return (
              <Paper key={state} withBorder p="md" radius="sm" component="section" aria-label={`${title} silences`}>
                <Title order={2} size="h4" mb="sm">
                  {title} ({shown.length})
                </Title>
                {shown.length === 0 ? (
                  <Text size="sm">None.</Text>
                ) : (
                  <Table.ScrollContainer minWidth={800}>
                    <Table aria-label={`${title} silences`} verticalSpacing="xs">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>Matchers</Table.Th>
                          <Table.Th>Affected alerts</Table.Th>
                          <Table.Th>Starts</Table.Th>
                          <Table.Th>Ends</Table.Th>
                          <Table.Th>Created by</Table.Th>
                          <Table.Th>Comment</Table.Th>
                          {canEdit && <Table.Th>Actions</Table.Th>}
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {shown.map((silence) => (
                          <SilenceRow key={silence.id} silence={silence} affected={affected(silence.id)} canEdit={canEdit} />
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Table.ScrollContainer>
                )}
              </Paper>
            );
          })}
        </Stack>
      )}
    </Page>
  );
}
