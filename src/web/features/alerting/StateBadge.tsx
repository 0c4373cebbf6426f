import { Badge } from '@mantine/core';
import { stateLook, type DisplayState } from './states';

/** A state in words with its icon; the colour only repeats what they say. */
export function StateBadge({ state, reason }: { state: DisplayState; reason?: string }) {
  const look = stateLook[state];
  const Icon = look.icon;
  return (
    <Badge variant="light" color={look.color} leftSection={<Icon size={14} aria-hidden />} style={{ flexShrink: 0 }}>
      {look.label}
      {reason ? ` (${reason})` : ''}
    </Badge>
  );
}
