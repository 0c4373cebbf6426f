import { ActionIcon, Group, Loader, Switch, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { AnnotationToggle } from './annotations';

/**
 * A switch per annotation query beside the variables, as Grafana's controls: turning one off
 * removes its marks from every graph. Hidden queries (`hide`) run without a switch; any query that
 * failed shows a warning mark whose name and tooltip hold the server's message.
 */
export function AnnotationToggles({
  toggles,
  onToggle,
}: {
  toggles: readonly AnnotationToggle[];
  onToggle(index: number, on: boolean): void;
}) {
  const shown = toggles.filter((t) => !t.hidden || t.error);
  if (shown.length === 0) return null;
  return (
    <Group component="section" aria-label="Annotations" gap="md" wrap="wrap" align="center" mih={36}>
      {shown.map((toggle) => (
        <Group key={toggle.index} gap={6} wrap="nowrap" align="center">
          {!toggle.hidden && (
            <Switch
              size="sm"
              label={toggle.name}
              checked={toggle.enabled}
              onChange={(event) => onToggle(toggle.index, event.currentTarget.checked)}
            />
          )}
          {toggle.loading && <Loader size={12} role="status" aria-label={`Loading annotations: ${toggle.name}`} />}
          {toggle.error && (
            <Tooltip label={toggle.error} multiline maw={420} withArrow events={{ hover: true, focus: true, touch: true }}>
              <ActionIcon variant="subtle" color="red" size="sm" aria-label={`Annotations ${toggle.name} failed: ${toggle.error}`}>
                <IconAlertTriangle size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ))}
    </Group>
  );
}
