import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { firingCountQueryOptions } from './api/rules';

/** Beside "Alerting" in the navigation: how many alerts fire now (asked every 30 s); nothing at 0. */
export function FiringCount() {
  const { data: count = 0 } = useQuery(firingCountQueryOptions());
  if (count === 0) return null;
  return (
    <>
      <Badge color="red" variant="filled" size="sm" aria-hidden data-testid="firing-count">
        {count}
      </Badge>
      <VisuallyHidden>{`${count} firing ${count === 1 ? 'alert' : 'alerts'}`}</VisuallyHidden>
    </>
  );
}

export default FiringCount;
