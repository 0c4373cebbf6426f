import { Badge } from '@mantine/core';
import { stateLook, type DisplayState } from './states';

/**
 * A state in words with its icon. The icon carries the state's colour; the words keep the text's
 * own colour, so they read at full contrast in both themes.
 */
export function StateBadge({ state, reason }: { state: DisplayState; reason?: string }) {
  const look = stateLook[state];
  const Icon = look.icon;
  return (
    <Badge
      variant="default"
      tt="none"
      leftSection={<Icon size={14} aria-hidden color={`var(--mantine-color-${look.color}-filled)`} />}
      style={{ flexShrink: 0 }}
    >
      {look.label}
      {reason ? ` (${reason})` : ''}
    </Badge>
  );
}
