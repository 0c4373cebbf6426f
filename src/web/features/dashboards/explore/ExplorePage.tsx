import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useElementSize } from '../../../lib/useElementSize';
import { IconAlertTriangle, IconLayoutGridAdd, IconPlayerPlay, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { EmptyState, ErrorState } from '../../../components/States';
import { Page } from '../../../components/Page';
import { RoleGuard } from '../../../components/RoleGuard';
import { absolute } from '../runtime/time';
import { TimeControls } from '../runtime/TimeControls';
import { AddToDashboardModal } from './AddToDashboardModal';
import { ExploreResults } from './ExploreResults';
import { MIXED_DATASOURCE } from './exploreUrl';
import { defaultQuery, queryKindOf } from '../../../queryEditors/queryKinds';
import { QueryRow } from './QueryRow';
import { panelTypeFor, splitFrames } from './results';
import { dataSourceOfQuery, useExplore } from './useExplore';

const TIME_ZONE = 'browser';

function ExploreWorkspace() {
  const { ref: resultsRef, width } = useElementSize();
  const explore = useExplore(width);
  const [adding, setAdding] = useState(false);
  const frames = explore.data.data?.frames;
  const results = useMemo(() => splitFrames(frames ?? []), [frames]);
  const perQueryErrors = explore.errors;
  // An error the answer does not put under one query (an unknown data source, the server unreachable).
  const generalError = explore.data.error && Object.keys(perQueryErrors).length === 0 ? explore.data.error : undefined;
  const running = explore.data.loading || explore.data.refreshing;
  // A failed run's errors say it all beside their queries: no empty graph under them.
  const failedWithoutData = Boolean(explore.data.error) && !frames?.length && !explore.data.loading;

  if (explore.dataSourcesError) return <ErrorState error={explore.dataSourcesError} title="Could not load the data sources" />;
  if (!explore.dataSourcesLoading && explore.queryable.length === 0) {
    return (
      <EmptyState
        title="No data source to explore"
        action={
          <Button component={Link} to={paths.newDataSource()}>
            Add data source
          </Button>
        }
      >
        Explore queries Prometheus, Loki, PostgreSQL, MySQL and TestData data sources; this org has none yet.
      </EmptyState>
    );
  }

  const pickerData = [
    ...explore.queryable.map((ds) => ({ value: ds.uid, label: ds.name })),
    { value: MIXED_DATASOURCE, label: 'Mixed (a data source per query)' },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Data source"
          data={pickerData}
          value={explore.mixed ? MIXED_DATASOURCE : (explore.dataSource?.uid ?? null)}
          onChange={(uid) => uid && explore.changeDataSource(uid)}
          description={explore.dataSourcesLoading ? 'Loading data sources…' : undefined}
          searchable
          allowDeselect={false}
          w={280}
          error={explore.missingDataSource ? `Data source ${explore.missingDataSource} was not found: pick one of this org's.` : undefined}
        />
        <Group gap="xs" wrap="wrap" align="flex-end">
          <Button
            variant="default"
            leftSection={<IconLayoutGridAdd size={16} aria-hidden />}
            onClick={() => setAdding(true)}
            disabled={explore.runnable.length === 0}
          >
            Add to dashboard
          </Button>
          <TimeControls
            raw={explore.raw}
            range={explore.range}
            timeZone={TIME_ZONE}
            refresh={explore.refresh}
            refreshing={running}
            onRangeChange={explore.setRange}
            onRefreshChange={explore.setRefresh}
            onRefreshNow={explore.run}
          />
          <Button leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={explore.run} loading={running} disabled={!explore.ready}>
            Run query
          </Button>
        </Group>
      </Group>

      <Stack gap="sm" aria-label="Queries" role="group">
        {!explore.ready ? (
          <Skeleton h={90} radius="sm" aria-label="Loading Explore" />
        ) : (
          explore.draft.map((query, index) => (
            <QueryRow
              key={query.refId}
              query={query}
              dataSource={dataSourceOfQuery(query, explore.dataSource, explore.dataSources)}
              dataSourceChoices={explore.mixed ? explore.queryable : undefined}
              error={perQueryErrors[query.refId]}
              canRemove={explore.draft.length > 1}
              onChange={(next) => explore.editQueries((queries) => queries.map((q, i) => (i === index ? next : q)))}
              onChangeDataSource={(ds) =>
                explore.editQueries((queries) =>
                  queries.map((q, i) => {
                    if (i !== index) return q;
                    const before = queryKindOf(dataSourceOfQuery(q, explore.dataSource, explore.dataSources)?.type);
                    const ref = { type: ds.type, uid: ds.uid };
                    // The same language keeps its text; another starts from that type's empty query.
                    return before === queryKindOf(ds.type) ? { ...q, datasource: ref } : defaultQuery(q.refId, ref);
                  }),
                )
              }
              onRemove={() => explore.editQueries((queries) => queries.filter((_, i) => i !== index))}
              onRun={explore.run}
            />
          ))
        )}
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={explore.addQuery}
            disabled={!explore.ready}
          >
            Add query
          </Button>
          <Text size="xs" c="dimmed">
            Shift+Enter in a query runs them all.
          </Text>
        </Group>
      </Stack>

      {generalError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle aria-hidden />} title="The queries could not run">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {generalError}
          </Text>
        </Alert>
      )}

      <div ref={resultsRef}>
        {explore.ready && explore.runnable.length === 0 ? (
          <EmptyState title="Nothing run yet">Write a query and press Run query (or Shift+Enter) to see its graph and table.</EmptyState>
        ) : failedWithoutData ? null : (
          <ExploreResults
            results={results}
            width={width}
            range={explore.range}
            timeZone={TIME_ZONE}
            loading={!explore.ready || explore.data.loading || (explore.data.data === undefined && !explore.data.error)}
            refreshing={explore.data.refreshing}
            onChangeTimeRange={(next) => explore.setRange(absolute(next))}
          />
        )}
      </div>

      {adding && (
        <AddToDashboardModal
          opened
          onClose={() => setAdding(false)}
          source={{
            queries: explore.runnable,
            datasource: explore.mixed
              ? { type: 'datasource', uid: MIXED_DATASOURCE }
              : { type: explore.dataSource?.type, uid: explore.dataSource?.uid },
            panelType: panelTypeFor(results),
            range: explore.raw,
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Explore (`/explore`), as Grafana's: pick a data source, write queries in its language, run them
 * over a time range, and see a graph, a table and log lines; everything that ran lives in the URL.
 * Grafana shows it to Editors and Admins (`datasources:explore`), and so does Sightline.
 */
export function ExplorePage() {
  return (
    <Page title="Explore">
      <RoleGuard role="Editor" what="Explore">
        <ExploreWorkspace />
      </RoleGuard>
    </Page>
  );
}

export default ExplorePage;
