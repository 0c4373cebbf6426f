import { useMemo } from 'react';
import { Badge, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Annotation } from '../../../contract/annotations';
import { annotationHtmlString } from '../../lib/annotationText';
import { formatDuration, formatTime } from './time';

/** The selected annotation in full, with Edit and Delete for those who may. */
export function AnnotationDetails({
  annotation,
  dashboardTitle,
  panelTitle,
  canEdit,
  onEdit,
  onDelete,
  onClose,
}: {
  annotation: Annotation;
  dashboardTitle: (uid: string) => string;
  panelTitle: (dashboardUID: string | null | undefined, panelId: number) => string;
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
        <AnnotationText text={annotation.text} />
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
          {annotation.panelId ? ` · ${panelTitle(annotation.dashboardUID, annotation.panelId)}` : ''}
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

/** The text as Grafana shows it: sanitised HTML (links, emphasis, line breaks kept). */
function AnnotationText({ text }: { text: string }) {
  const html = useMemo(() => annotationHtmlString(text), [text]);
  return <Text component="div" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} dangerouslySetInnerHTML={{ __html: html }} />;
}
