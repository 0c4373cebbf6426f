import { Button, Group, Skeleton } from '@mantine/core';
import { displayStates, stateLook, totalsKey } from '../states';

/** Rules per state, each a toggle of the list's state filter. */
export function StateTotals({
  totals,
  selected,
  onToggle,
}: {
  totals: Record<string, number> | undefined;
  selected: string[];
  onToggle: (filter: string) => void;
}) {
  if (!totals)
    return (
      <Group gap="xs" role="status" aria-label="Loading rule totals">
        {displayStates.map((state) => (
          <Skeleton key={state} height={30} width={110} radius="sm" />
        ))}
      </Group>
    );
  return (
    <Group gap="xs" role="group" aria-label="Rules by state (select to filter)">
      {displayStates.map((state) => {
        const count = totals[totalsKey[state]] ?? 0;
        const look = stateLook[state];
        const Icon = look.icon;
        const pressed = selected.includes(look.filter);
        return (
          <Button
            key={state}
            // Pressed reads as bold text and a primary border: a tinted background failed contrast on hover.
            variant="default"
            fw={pressed ? 700 : 400}
            style={pressed ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
            size="xs"
            aria-pressed={pressed}
            onClick={() => onToggle(look.filter)}
            leftSection={<Icon size={14} aria-hidden color={`var(--mantine-color-${look.color}-filled)`} />}
            data-testid={`total-${look.filter}`}
          >
            {`${look.label}: ${count.toLocaleString()}`}
          </Button>
        );
      })}
    </Group>
  );
}
