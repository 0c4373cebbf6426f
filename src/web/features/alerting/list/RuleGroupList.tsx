import { Anchor, Badge, Button, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import type { RuleStatesGroup, RuleStatesRule } from '../../../../contract/alerting';
import { paths } from '../../../app/paths';
import { plural } from '../../../lib/format';
import { StateBadge } from '../StateBadge';
import { ruleDisplayState, timeAgo } from '../states';
import { useNow } from '../useNow';

export type ListRow =
  | { kind: 'folder'; folderUid: string; title: string }
  | { kind: 'group'; group: RuleStatesGroup }
  | { kind: 'rule'; rule: RuleStatesRule; group: RuleStatesGroup };

const FOLDER_HEIGHT = 40;
const GROUP_HEIGHT = 44;
const RULE_HEIGHT = 48;
const MORE_HEIGHT = 48;
const rowHeight = (row: ListRow | undefined) =>
  row === undefined ? MORE_HEIGHT : row.kind === 'folder' ? FOLDER_HEIGHT : row.kind === 'group' ? GROUP_HEIGHT : RULE_HEIGHT;

/** A folder's heading where its groups begin, each group's heading row, then its rules. */
export function listRows(groups: RuleStatesGroup[]): ListRow[] {
  const rows: ListRow[] = [];
  let folderUid: string | undefined;
  for (const group of groups) {
    if (group.folderUid !== folderUid) {
      folderUid = group.folderUid;
      rows.push({ kind: 'folder', folderUid, title: group.file });
    }
    rows.push({ kind: 'group', group });
    for (const rule of group.rules) rows.push({ kind: 'rule', rule, group });
  }
  return rows;
}

/** Alert instances of a rule: its totals count every instance by state. */
function instanceCount(rule: RuleStatesRule): number {
  return Object.values(rule.totals ?? {}).reduce((sum, n) => sum + n, 0);
}

function FolderHeading({ title }: { title: string }) {
  return (
    <Group h="100%" px="sm" wrap="nowrap">
      <Title order={2} size="h5" style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {title}
      </Title>
    </Group>
  );
}

/** The group's heading says its folder too: the folder's own heading may have scrolled away. */
function GroupHeading({ group }: { group: RuleStatesGroup }) {
  return (
    <Group h="100%" px="sm" gap="xs" wrap="nowrap" bg="var(--mantine-color-default-hover)">
      <Title order={3} size="sm" fw={600} style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
        {group.file} › {group.name}
      </Title>
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        every {group.interval} s · {plural(group.rules.length, 'rule')}
      </Text>
    </Group>
  );
}

/**
 * The row after the last group while more can be loaded: seeing it (or coming within a few rows of
 * it) loads the next page. A new observer is made after each load, so a row still in view after a
 * short page asks again.
 */
function LoadMoreRow({ root, loading, onVisible }: { root: Element | null; loading: boolean; onVisible: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onVisible(), {
      root,
      rootMargin: '200px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, loading, onVisible]);
  return (
    <Group ref={ref} h="100%" px="sm" gap="xs" justify="center" c="dimmed">
      <Loader size="xs" aria-hidden />
      <Text size="sm">Loading more groups…</Text>
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
 * rules scroll smoothly. The row after the last group loads the next page when it comes into view;
 * a button does the same for the keyboard.
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
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const count = rows.length + (hasMore ? 1 : 0);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scroller,
    estimateSize: (i) => rowHeight(rows[i]),
    overscan: 10,
  });
  const now = useNow();
  const totalHeight = rows.reduce((sum, row) => sum + rowHeight(row), hasMore ? MORE_HEIGHT : 0);

  return (
    <>
      <Paper withBorder radius="sm">
        <div
          ref={setScroller}
          role="list"
          aria-label="Alert rules by folder and group"
          style={{ height: `min(${totalHeight + 2}px, calc(100vh - 330px))`, minHeight: 120, overflow: 'auto', position: 'relative' }}
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = rows[item.index];
              return (
                <div
                  key={
                    row === undefined
                      ? 'more'
                      : row.kind === 'folder'
                        ? `f:${row.folderUid}`
                        : row.kind === 'group'
                          ? `g:${row.group.folderUid}/${row.group.name}`
                          : `r:${row.rule.uid}`
                  }
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
                  {row === undefined ? (
                    <LoadMoreRow root={scroller} loading={loadingMore} onVisible={onLoadMore} />
                  ) : row.kind === 'folder' ? (
                    <FolderHeading title={row.title} />
                  ) : row.kind === 'group' ? (
                    <GroupHeading group={row.group} />
                  ) : (
                    <RuleRow rule={row.rule} now={now} />
                  )}
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
