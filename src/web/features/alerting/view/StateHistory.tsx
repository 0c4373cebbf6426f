import { Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState } from '../../../components/States';
import { formatDateTime } from '../../../lib/format';
import { ruleHistoryQueryOptions } from '../api/history';
import { StateBadge } from '../StateBadge';
import { instanceDisplayState, stateLook } from '../states';

const DAY_MS = 86_400_000;
const SHOWN = 50;

/** The rule's state changes over the last day, newest first, as the annotation historian wrote them. */
export function StateHistory({ ruleId, title }: { ruleId: number; title: string }) {
  // The range is fixed when the page opens; the refetch brings what happened since.
  const [from] = useState(() => Date.now() - DAY_MS);
  const history = useQuery(ruleHistoryQueryOptions(ruleId, from, from + 2 * DAY_MS));
  if (history.isPending) return <Skeleton height={120} role="status" aria-label="Loading the state history" />;
  if (history.isError) return <ErrorState error={history.error} title="Could not load the state history" />;
  const changes = history.data;
  if (changes.length === 0) return <Text size="sm">No state changes in the last 24 hours.</Text>;
  return (
    <Stack gap="xs">
      <Timeline bulletSize={22} lineWidth={2}>
        {changes.slice(0, SHOWN).map((change) => {
          const next = instanceDisplayState(change.newState ?? '');
          const previous = instanceDisplayState(change.prevState ?? '');
          const Icon = stateLook[next.state].icon;
          // The historian's text is "<title> {labels} - <values>": the title is this page's heading.
          const detail = change.text.startsWith(title) ? change.text.slice(title.length).trim() : change.text;
          return (
            <Timeline.Item
              key={change.id}
              bullet={<Icon size={14} aria-hidden />}
              color={stateLook[next.state].color}
              title={
                <span>
                  <StateBadge state={previous.state} reason={previous.reason} /> → <StateBadge state={next.state} reason={next.reason} />
                </span>
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(change.time)}
              </Text>
              {detail && (
                <Text size="xs" ff="monospace" style={{ wordBreak: 'break-word' }}>
                  {detail}
                </Text>
              )}
            </Timeline.Item>
          );
        })}
      </Timeline>
      {changes.length > SHOWN && <Text size="xs" c="dimmed">{`Showing the latest ${SHOWN} of ${changes.length} changes.`}</Text>}
    </Stack>
  );
}
