import { Button, Group, Skeleton } from '@mantine/core';
import { StateBadge } from '../StateBadge';
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
        const filter = stateLook[state].filter;
        const pressed = selected.includes(filter);
        return (
          <Button
            key={state}
            variant={pressed ? 'light' : 'default'}
            size="xs"
            aria-pressed={pressed}
            aria-label={`${stateLook[state].label}: ${count} ${count === 1 ? 'rule' : 'rules'}`}
            onClick={() => onToggle(filter)}
            leftSection={<StateBadge state={state} />}
            data-testid={`total-${filter}`}
          >
            {count.toLocaleString()}
          </Button>
        );
      })}
    </Group>
  );
}
