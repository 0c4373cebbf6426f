import { Alert, Button, Code, Group, List, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconEye, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { NotificationTemplateAnswer } from '../../../../contract/alertingNotify';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { confirmDestructive } from '../../../components/confirmDestructive';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { templatesQueryOptions, useDeleteTemplate } from '../api/templates';
import { ProvenanceBadge } from '../contactPoints/ContactPointCard';
import { definedTemplateNames } from './definedTemplates';

const COLUMNS = 3;

function TemplateRow({ template, canEdit }: { template: NotificationTemplateAnswer; canEdit: boolean }) {
  const remove = useDeleteTemplate();
  const [deleteError, setDeleteError] = useState<string>();
  const editable = canEdit && template.provenance !== 'file';
  const defines = definedTemplateNames(template.name, template.template);

  const confirmDelete = () =>
    confirmDestructive({
      title: `Delete template ${template.name}`,
      confirmLabel: 'Delete template',
      children: (
        <Stack gap="xs">
          <Text size="sm">Delete “{template.name}”? Its text is lost, and with it what it defines:</Text>
          <List size="sm">
            {defines.map((defined) => (
              <List.Item key={defined}>
                <Code>{defined}</Code>
              </List.Item>
            ))}
          </List>
          <Text size="sm">The server refuses while a contact point still calls one of them.</Text>
        </Stack>
      ),
      // The promise, not mutate's callbacks: the row unmounts once the list no longer holds it.
      onConfirm: () => {
        setDeleteError(undefined);
        remove.mutateAsync(template.name).then(
          () => notifications.show({ color: 'green', title: 'Template deleted', message: template.name }),
          (error: unknown) => setDeleteError(errorMessage(error)),
        );
      },
    });

  return (
    <>
      <Table.Tr>
        <Table.Td>
          <Group gap={6}>
            <Text size="sm" fw={600}>
              {template.name}
            </Text>
            <ProvenanceBadge provenance={template.provenance} />
          </Group>
        </Table.Td>
        <Table.Td>
          <Group gap={4}>
            {defines.map((defined) => (
              <Code key={defined}>{defined}</Code>
            ))}
          </Group>
        </Table.Td>
        <Table.Td>
          <Group gap="xs" wrap="nowrap">
            {/* The same page either way: it shows the template read-only to those who may not change it. */}
            <Button
              component={Link}
              to={paths.editNotificationTemplate(template.name)}
              size="xs"
              variant="default"
              leftSection={editable ? <IconEdit size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
              aria-label={`${editable ? 'Edit' : 'View'} template ${template.name}`}
            >
              {editable ? 'Edit' : 'View'}
            </Button>
            {editable && (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                loading={remove.isPending}
                onClick={confirmDelete}
                aria-label={`Delete template ${template.name}`}
              >
                Delete
              </Button>
            )}
          </Group>
        </Table.Td>
      </Table.Tr>
      {deleteError && (
        <Table.Tr>
          <Table.Td colSpan={COLUMNS}>
            <Alert
              color="red"
              variant="light"
              role="alert"
              title={`Could not delete ${template.name}`}
              withCloseButton
              closeButtonLabel={`Dismiss the error deleting ${template.name}`}
              onClose={() => setDeleteError(undefined)}
              style={{ overflowWrap: 'anywhere' }}
            >
              {deleteError}
            </Alert>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** `/alerting/notifications/templates`: the org's notification templates and what each defines. */
export function NotificationTemplatesPage() {
  const canEdit = useHasRole('Admin');
  const templates = useQuery(templatesQueryOptions());
  const add = canEdit && (
    <Button component={Link} to={paths.newNotificationTemplate()} leftSection={<IconPlus size={16} aria-hidden />}>
      New template
    </Button>
  );
  return (
    // With no templates yet, the empty state offers New template; once is enough.
    <Page title="Notification templates" actions={templates.data?.length === 0 ? undefined : add}>
      <Text size="sm">
        Templates are pieces of notification text that contact points reuse in their titles and messages, as{' '}
        <Code>{'{{ template "name" . }}'}</Code>.
      </Text>
      {templates.isPending ? (
        <LoadingRows label="Loading notification templates" />
      ) : templates.isError ? (
        <ErrorState error={templates.error} onRetry={() => void templates.refetch()} title="Could not load the notification templates" />
      ) : templates.data.length === 0 ? (
        <EmptyState title="No notification templates yet" action={add || undefined}>
          A template holds text several contact points share, such as a title or a list of the firing alerts.
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={600}>
          <Table aria-label="Notification templates" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Defines</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...templates.data]
                .sort((a, b) => a.name.localeCompare(b.name))
                .map((template) => (
                  <TemplateRow key={template.name} template={template} canEdit={canEdit} />
                ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
