import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { searchQueryOptions } from '../../../api/search';
import { paths } from '../../../app/paths';
import { useHasRole } from '../../../app/useSession';
import { plural } from '../../../lib/format';
import { Page } from '../../../components/Page';
import { EmptyState, ErrorState, LoadingRows } from '../../../components/States';
import { groupsMatching, ruleGroupsQueryOptions, ruleTotalsQueryOptions } from '../api/rules';
import { listRows, RuleGroupList } from './RuleGroupList';
import { StateTotals } from './StateTotals';
import { useRuleFilters } from './useRuleFilters';

const folderSearch = { words: [], tags: [], type: 'dash-folder' as const };

/**
 * "Showing 40 of 1,000 groups". Without the count (not yet in, or the totals and the pages read the
 * rules at different moments and disagree) it says only what is loaded.
 */
function shownCount(loaded: number, total: number | undefined, hasMore: boolean): string {
  const consistent = total !== undefined && (hasMore ? total > loaded : total === loaded);
  if (consistent) return `Showing ${loaded.toLocaleString()} of ${plural(total, 'group')}`;
  return `Showing ${plural(loaded, 'group')}${hasMore ? '; more load as you scroll' : ''}`;
}

/** `/alerting/list`: every rule by folder and group, with its state, filtered from the URL. */
export function RuleListPage() {
  const canEdit = useHasRole('Editor');
  const { url, filters, filtering, setUrlParams } = useRuleFilters();
  const groups = useInfiniteQuery(ruleGroupsQueryOptions(filters));
  // The totals read every group: asked once the first page is in, so they never delay it.
  const totals = useQuery({ ...ruleTotalsQueryOptions(filters), enabled: groups.isSuccess });
  const folders = useQuery(searchQueryOptions(folderSearch));
  const loadedGroups = useMemo(() => groups.data?.pages.flatMap((page) => page.data.groups) ?? [], [groups.data]);
  const rows = useMemo(() => listRows(loadedGroups), [loadedGroups]);
  const groupCount = totals.data && groupsMatching(totals.data, filters.states);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = groups;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const toggleState = (state: string) =>
    setUrlParams(
      { state: url.states.includes(state) ? url.states.filter((s) => s !== state) : [...url.states, state] },
      { replace: false },
    );
  const newRule = canEdit && (
    <Button component={Link} to={paths.newAlertRule()} leftSection={<IconPlus size={16} aria-hidden />}>
      New alert rule
    </Button>
  );

  return (
    <Page title="Alert rules" actions={newRule}>
      <StateTotals totals={totals.data?.totals} selected={url.states} onToggle={toggleState} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search by rule name"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={url.search}
          onChange={(event) => setUrlParams({ search: event.currentTarget.value })}
          w={260}
        />
        <Select
          label="Folder"
          description="Empty: every folder"
          clearable
          searchable
          data={(folders.data ?? []).map((folder) => ({ value: folder.uid, label: folder.title }))}
          value={url.folderUid || null}
          onChange={(uid) => setUrlParams({ folder: uid ?? undefined }, { replace: false })}
          w={240}
        />
        <TextInput
          label="Label matchers"
          description="Comma-separated: team=ops, severity=~crit.*"
          value={url.labels}
          onChange={(event) => setUrlParams({ labels: event.currentTarget.value })}
          w={300}
        />
        {filtering && (
          <Button
            variant="subtle"
            onClick={() => setUrlParams({ state: [], folder: undefined, labels: undefined, search: undefined }, { replace: false })}
          >
            Clear filters
          </Button>
        )}
      </Group>
      {groups.isPending ? (
        <LoadingRows label="Loading alert rules" rows={8} />
      ) : groups.isError ? (
        <ErrorState error={groups.error} onRetry={() => void groups.refetch()} title="Could not load the alert rules" />
      ) : rows.length === 0 ? (
        filtering ? (
          <EmptyState title="No rule matches these filters">Change or clear the filters to see more rules.</EmptyState>
        ) : (
          <EmptyState title="No alert rules yet" action={newRule || undefined}>
            An alert rule watches a query and tells you when its value crosses a threshold. Start with “New alert rule”, or from a dashboard
            panel’s menu (“New alert rule”), which fills in the panel’s query.
          </EmptyState>
        )
      ) : (
        <>
          <Text size="sm" c="dimmed" role="status">
            {shownCount(loadedGroups.length, groupCount, !!hasNextPage)}
          </Text>
          <RuleGroupList rows={rows} hasMore={!!hasNextPage} loadingMore={isFetchingNextPage} onLoadMore={loadMore} />
        </>
      )}
    </Page>
  );
}
