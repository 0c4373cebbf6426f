import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { annotationPlainText } from '../../lib/annotationText';
import { formatDuration, formatTime } from './time';
import type { Mark } from './timelineModel';

/** What the pointer rests on: one annotation, or a cluster's count and span. */
export function TimelineTooltip({
  mark,
  x,
  y,
  width,
  dashboardTitle,
  panelTitle,
}: {
  mark: Mark;
  x: number;
  y: number;
  width: number;
  dashboardTitle: (uid: string) => string;
  panelTitle: (dashboardUID: string | null | undefined, panelId: number) => string;
}) {
  return (
    <Paper
      withBorder
      shadow="md"
      p="xs"
      radius="sm"
      role="tooltip"
      style={{
        position: 'absolute',
        left: Math.min(x + 12, Math.max(0, width - 300)),
        top: y + 12,
        width: 288,
        pointerEvents: 'none',
        zIndex: 10,
      }}
    >
      {mark.kind === 'cluster' ? (
        <Text size="sm">
          {mark.items.length} annotations from {formatTime(mark.from)} to {formatTime(mark.to)}. Click to zoom in.
        </Text>
      ) : (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {formatTime(mark.annotation.time)}
            {mark.annotation.timeEnd > mark.annotation.time && ` · for ${formatDuration(mark.annotation.timeEnd - mark.annotation.time)}`}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} lineClamp={4}>
            {annotationPlainText(mark.annotation.text)}
          </Text>
          {mark.annotation.tags.length > 0 && (
            <Group gap={4}>
              {mark.annotation.tags.map((tag) => (
                <Badge key={tag} size="xs" variant="outline" tt="none">
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
          <Text size="xs" c="dimmed">
            {mark.annotation.dashboardUID
              ? `${dashboardTitle(mark.annotation.dashboardUID)}${mark.annotation.panelId ? `, ${panelTitle(mark.annotation.dashboardUID, mark.annotation.panelId)}` : ''}`
              : 'Organization'}{' '}
            · by {mark.annotation.login || 'unknown'}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
