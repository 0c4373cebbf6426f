import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { RuleStatesGroup, RuleStatesRule } from '../../../../contract/alerting';
import { paths } from '../../../app/paths';
import { plural } from '../../../lib/format';
import { StateBadge } from '../StateBadge';
import { ruleDisplayState, timeAgo } from '../states';
import { useNow } from '../useNow';

export type ListRow = { kind: 'group'; group: RuleStatesGroup } | { kind: 'rule'; rule: RuleStatesRule; group: RuleStatesGroup };

const GROUP_HEIGHT = 44;
const RULE_HEIGHT = 48;

/** Each group's heading row, then its rules. */
export function listRows(groups: RuleStatesGroup[]): ListRow[] {
  return groups.flatMap((group) => [
    { kind: 'group', group } as const,
    ...group.rules.map((rule) => ({ kind: 'rule', rule, group }) as const),
  ]);
}

/** Alert instances of a rule: its totals count every instance by state. */
function instanceCount(rule: RuleStatesRule): number {
  return Object.values(rule.totals ?? {}).reduce((sum, n) => sum + n, 0);
}

function GroupHeading({ group }: { group: RuleStatesGroup }) {
  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" bg="var(--mantine-color-default-hover)">
      <Text fw={600} size="sm" truncate>
        {group.file} › {group.name}
      </Text>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        every {group.interval} s · {plural(group.rules.length, 'rule')}
      </Text>
    </Group>
  );
}

function RuleRow({ rule, now }: { rule: RuleStatesRule; now: number }) {
  const instances = instanceCount(rule);
  return (
    <Group h="100%" px="sm" pl="lg" gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <StateBadge state={ruleDisplayState(rule)} />
        <Anchor component={Link} to={paths.alertRule(rule.uid)} size="sm" fw={500} truncate>
          {rule.name}
        </Anchor>
        {rule.isPaused && (
          <Badge variant="outline" color="gray" size="sm">
            Paused
          </Badge>
        )}
      </Group>
      <Group gap="lg" wrap="nowrap" style={{ flexShrink: 0 }}>
        <Text size="xs" c="dimmed">
          Health: {rule.health}
        </Text>
        <Text size="xs" c="dimmed">
          Evaluated {timeAgo(rule.lastEvaluation ?? '', now)}
        </Text>
        <Text size="xs" c="dimmed" w={90}>
          {plural(instances, 'instance')}
        </Text>
      </Group>
    </Group>
  );
}

/**
 * The rules by folder and group, virtualised: only the rows in view are drawn, so thousands of
 * rules scroll smoothly. Nearing the end loads the next page of groups; a button does the same.
 */
export function RuleGroupList({
  rows,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  rows: ListRow[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => listRef.current,
    estimateSize: (i) => (rows[i]?.kind === 'group' ? GROUP_HEIGHT : RULE_HEIGHT),
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const lastShown = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= rows.length - 10) onLoadMore();
  }, [hasMore, loadingMore, lastShown, rows.length, onLoadMore]);
  const now = useNow();
  const totalHeight = rows.reduce((sum, row) => sum + (row.kind === 'group' ? GROUP_HEIGHT : RULE_HEIGHT), 0);

  return (
    <>
      <Paper withBorder radius="sm">
        <div
          ref={listRef}
          role="list"
          aria-label="Alert rules by folder and group"
          style={{ height: `min(${totalHeight + 2}px, calc(100vh - 330px))`, minHeight: 120, overflow: 'auto', position: 'relative' }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {items.map((item) => {
              const row = rows[item.index]!;
              return (
                <div
                  key={row.kind === 'group' ? `g:${row.group.folderUid}/${row.group.name}` : `r:${row.rule.uid}`}
                  role="listitem"
                  style={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    right: 0,
                    height: item.size,
                    transform: `translateY(${item.start}px)`,
                    borderBottom: '1px solid var(--mantine-color-default-border)',
                  }}
                >
                  {row.kind === 'group' ? <GroupHeading group={row.group} /> : <RuleRow rule={row.rule} now={now} />}
                </div>
              );
            })}
          </div>
        </div>
      </Paper>
      {hasMore && (
        <Group justify="center">
          <Button variant="default" onClick={onLoadMore} loading={loadingMore}>
            Load more groups
          </Button>
        </Group>
      )}
    </>
  );
}
