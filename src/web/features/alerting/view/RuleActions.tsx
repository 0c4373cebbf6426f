import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconEdit, IconFileExport, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { ProvisionedAlertRule } from '../../../../contract/alerting';
import { errorMessage } from '../../../api/errors';
import { paths } from '../../../app/paths';
import { useDeleteRule, useSetRulePaused } from '../api/rules';
import { ExportModal } from './ExportModal';

/** Grafana's copy of a rule: the new rule form, filled from this one (`copyFrom=<uid>`). */
export const duplicatePath = (uid: string) => paths.newAlertRule(`copyFrom=${encodeURIComponent(uid)}`);

/** Edit, pause or resume, duplicate, delete (after confirming), export. A Viewer gets the export only. */
export function RuleActions({ rule, canEdit }: { rule: ProvisionedAlertRule; canEdit: boolean }) {
  const [exporting, setExporting] = useState(false);
  const setPaused = useSetRulePaused();
  const remove = useDeleteRule();
  const navigate = useNavigate();
  const readOnly = rule.provenance === 'file';

  const togglePaused = () =>
    setPaused.mutate(
      { rule, paused: !rule.isPaused },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: rule.isPaused ? 'Rule resumed' : 'Rule paused',
            message: rule.isPaused ? `${rule.title} is evaluated again` : `${rule.title} is not evaluated until resumed`,
          }),
        onError: (error) => notifications.show({ color: 'red', title: 'Could not change the rule', message: errorMessage(error) }),
      },
    );
  const confirmDelete = () =>
    modals.openConfirmModal({
      title: 'Delete alert rule',
      children: (
        <Text size="sm">
          Delete “{rule.title}”? Its alert instances stop and their state is lost; notifications for it resolve. This cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete rule', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      // The promise, not mutate's callbacks: the page unmounts these actions once the rule is gone.
      onConfirm: () =>
        remove.mutateAsync(rule.uid).then(
          () => {
            notifications.show({ color: 'green', title: 'Rule deleted', message: rule.title });
            void navigate(paths.alertRules(), { replace: true });
          },
          (error: unknown) => notifications.show({ color: 'red', title: 'Could not delete the rule', message: errorMessage(error) }),
        ),
    });

  return (
    <Group gap="xs">
      {canEdit && !readOnly && (
        <>
          <Button component={Link} to={paths.editAlertRule(rule.uid)} variant="default" leftSection={<IconEdit size={16} aria-hidden />}>
            Edit
          </Button>
          <Button
            variant="default"
            loading={setPaused.isPending}
            onClick={togglePaused}
            leftSection={rule.isPaused ? <IconPlayerPlay size={16} aria-hidden /> : <IconPlayerPause size={16} aria-hidden />}
          >
            {rule.isPaused ? 'Resume evaluation' : 'Pause evaluation'}
          </Button>
        </>
      )}
      {canEdit && (
        <Button component={Link} to={duplicatePath(rule.uid)} variant="default" leftSection={<IconCopy size={16} aria-hidden />}>
          Duplicate
        </Button>
      )}
      <Button variant="default" onClick={() => setExporting(true)} leftSection={<IconFileExport size={16} aria-hidden />}>
        Export
      </Button>
      {canEdit && !readOnly && (
        <Button color="red" variant="light" onClick={confirmDelete} leftSection={<IconTrash size={16} aria-hidden />}>
          Delete
        </Button>
      )}
      <ExportModal uid={rule.uid} title={rule.title} opened={exporting} onClose={() => setExporting(false)} />
    </Group>
  );
}
