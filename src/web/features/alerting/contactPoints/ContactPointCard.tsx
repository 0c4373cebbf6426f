import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconTrash } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ContactPoint, ReceiverStatus } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { plural } from '../../../lib/format';
import { useDeleteContactPoint } from '../api/contactPoints';
import { addressOf } from './draft';
import { LastDelivery, TestIntegration } from './IntegrationStatus';
import { typeLabel } from './notifiers';

export function ProvenanceBadge({ provenance }: { provenance: string | undefined }) {
  if (provenance === 'file') return <Badge variant="outline">Provisioned from a file</Badge>;
  if (provenance === 'api') return <Badge variant="outline">Provisioned through the API</Badge>;
  return null;
}

function integrationText(integration: ContactPoint): string {
  const address = addressOf(integration);
  return address ? `${typeLabel(integration.type)} (${address})` : typeLabel(integration.type);
}

function UsedBy({ policies }: { policies: string[] | undefined }) {
  if (!policies) return null;
  return (
    <Text size="sm" c={policies.length ? undefined : 'dimmed'}>
      {policies.length === 0 ? 'Not used by any notification policy' : `Used by ${policies.join('; ')}`}
    </Text>
  );
}

/**
 * One contact point on the list: its integrations with where each sends and its last delivery,
 * which policies use it, and (for those who may) Test, Edit and Delete.
 */
export function ContactPointCard({
  name,
  integrations,
  status,
  policies,
  canEdit,
}: {
  name: string;
  integrations: ContactPoint[];
  status: ReceiverStatus | undefined;
  /** Undefined while the policy tree is unknown. */
  policies: string[] | undefined;
  canEdit: boolean;
}) {
  const headingId = useId();
  const remove = useDeleteContactPoint();
  const [deleteError, setDeleteError] = useState<string>();
  const provenance = integrations.find((i) => i.provenance)?.provenance;
  // A contact point from a provisioning file is changed in the file.
  const editable = canEdit && provenance !== 'file';
  const inUse = (policies?.length ?? 0) > 0;
  // Deleting integration by integration, the server refuses only the last: refuse up front rather than leave part of it.
  const blocked = inUse && integrations.length > 1;

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: `Delete contact point ${name}`,
      children: (
        <Stack gap="xs">
          <Text size="sm">
            Delete “{name}” and its {plural(integrations.length, 'integration')}? Their settings and stored secrets are lost:
          </Text>
          <List size="sm">
            {integrations.map((integration) => (
              <List.Item key={integration.uid}>{integrationText(integration)}</List.Item>
            ))}
          </List>
          {inUse && (
            <Text size="sm" fw={500}>
              {blocked
                ? `It cannot be deleted while ${policies!.join('; ')} route${policies!.length === 1 ? 's' : ''} to it: change those policies first.`
                : `Used by ${policies!.join('; ')}: the server refuses while a policy routes to it.`}
            </Text>
          )}
        </Stack>
      ),
      labels: { confirm: 'Delete contact point', cancel: 'Cancel' },
      confirmProps: { color: 'red', disabled: blocked },
      // The promise, not mutate's callbacks: the card unmounts once the list no longer holds it.
      onConfirm: () => {
        setDeleteError(undefined);
        return remove.mutateAsync(integrations).then(
          () => notifications.show({ color: 'green', title: 'Contact point deleted', message: name }),
          (error: unknown) => setDeleteError(errorMessage(error)),
        );
      },
    });

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={2} size="h4" id={headingId}>
                {name}
              </Title>
              <ProvenanceBadge provenance={provenance} />
            </Group>
            <UsedBy policies={policies} />
          </Stack>
          <Group gap="xs">
            {/* The same page either way: it shows the contact point read-only to those who may not change it. */}
            <Button
              component={Link}
              to={paths.editContactPoint(name)}
              size="xs"
              variant="default"
              leftSection={editable ? <IconEdit size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
              aria-label={`${editable ? 'Edit' : 'View'} contact point ${name}`}
            >
              {editable ? 'Edit' : 'View'}
            </Button>
            {editable && (
              <Button
                size="xs"
                color="red"
                variant="light"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={confirmDelete}
                aria-label={`Delete contact point ${name}`}
              >
                Delete
              </Button>
            )}
          </Group>
        </Group>
        {deleteError && (
          <Alert color="red" variant="light" role="alert" title={`Could not delete ${name}`}>
            {deleteError}
          </Alert>
        )}
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={`Integrations of ${name}`}>
          {integrations.map((integration, index) => (
            <Paper component="li" key={integration.uid} withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                  <Text fw={600} size="sm">
                    {integrationText(integration)}
                    {integration.disableResolveMessage && (
                      <Text span size="sm" fw={400} c="dimmed">
                        {' '}
                        · resolved messages off
                      </Text>
                    )}
                  </Text>
                  <LastDelivery attempt={status?.integrations[index]} />
                </Stack>
                {canEdit && (
                  <TestIntegration
                    integration={integration}
                    label={`Test ${typeLabel(integration.type)} integration of ${name}${integrations.length > 1 ? ` (${index + 1})` : ''}`}
                  />
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
