import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Annotation } from '../../../contract/annotations';
import { errorMessage } from '../../api/errors';
import { annotationPlainText } from '../../lib/annotationText';
import { cancelDelete, scheduleDelete, UNDO_MS } from './pendingDeletes';

/**
 * Deletes `annotation` after UNDO_MS unless Undo is pressed in the notification that says so.
 * `onSettled` runs when the server answered; `onUndone` when the person took it back.
 */
export function deleteWithUndo(annotation: Annotation, { onSettled, onUndone }: { onSettled: () => void; onUndone: () => void }) {
  const notificationId = `delete-${annotation.id}`;
  scheduleDelete(annotation.id, (error) => {
    if (error) notifications.show({ color: 'red', title: 'Could not delete the annotation', message: errorMessage(error) });
    onSettled();
  });
  const undo = () => {
    if (!cancelDelete(annotation.id)) return;
    notifications.hide(notificationId);
    notifications.show({ color: 'green', title: 'Delete undone', message: annotationPlainText(annotation.text).slice(0, 80) });
    onUndone();
  };
  notifications.show({
    id: notificationId,
    title: 'Annotation deleted',
    autoClose: UNDO_MS,
    message: (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" lineClamp={1}>
          {annotationPlainText(annotation.text)}
        </Text>
        <Button size="compact-xs" variant="default" onClick={undo}>
          Undo
        </Button>
      </Group>
    ),
  });
}
