import { Badge, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Annotation } from '../../../contract/annotations';
import { formatDuration, formatTime } from './time';

/** The selected annotation in full, with Edit and Delete for those who may. */
export function AnnotationDetails({
  annotation,
  dashboardTitle,
  canEdit,
  onEdit,
  onDelete,
  onClose,
}: {
  annotation: Annotation;
  dashboardTitle: (uid: string) => string;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  return (
    <Paper withBorder p="md" radius="sm" component="aside" aria-label="Selected annotation">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            Annotation
          </Title>
          <CloseButton aria-label="Close details" onClick={onClose} />
        </Group>
        <Text size="sm">
          {formatTime(annotation.time)}
          {annotation.timeEnd > annotation.time && (
            <>
              {' → '}
              {formatTime(annotation.timeEnd)} ({formatDuration(annotation.timeEnd - annotation.time)})
            </>
          )}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{annotation.text}</Text>
        {annotation.tags.length > 0 && (
          <Group gap={4}>
            {annotation.tags.map((tag) => (
              <Badge key={tag} variant="outline" size="sm">
                {tag}
              </Badge>
            ))}
          </Group>
        )}
        <Text size="sm" c="dimmed">
          {annotation.dashboardUID ? `Dashboard: ${dashboardTitle(annotation.dashboardUID)}` : 'Organization annotation'}
          {annotation.panelId ? ` · panel ${annotation.panelId}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          By {annotation.login || 'unknown'}
        </Text>
        {canEdit && (
          <Group gap="xs" mt="xs">
            <Button size="xs" variant="default" leftSection={<IconEdit size={14} />} onClick={onEdit}>
              Edit
            </Button>
            <Button size="xs" color="red" variant="default" leftSection={<IconTrash size={14} />} onClick={onDelete}>
              Delete
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
