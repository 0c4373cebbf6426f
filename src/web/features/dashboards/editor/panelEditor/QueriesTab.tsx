import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { memo } from 'react';
import type { DataSourceSummary } from '../../../../api/dataSources';
import type { Panel } from '../../../../panels/layout';
import type { DataQuery } from '../../../../queryEditors/queryKinds';
import { QueryOptions } from './QueryOptions';
import { QueryRow } from './QueryRow';
import { addTarget, changeDataSource, duplicateTarget, isMixed, moveItem, removeItem, replaceItem, targetsOf } from './targets';

const MIXED = '-- Mixed --';

export interface QueriesTabProps {
  panel: Panel;
  dataSources: readonly DataSourceSummary[];
  dataSourcesLoading: boolean;
  resolve(ref: unknown): DataSourceSummary | undefined;
  /** Each query's error from its last run, by refId. */
  errors: Record<string, string>;
  onChange(next: Panel, coalesce?: string): void;
  onRun(): void;
  onInspect(): void;
  /** The panel as it is now (Undo of a removal comes later than the render that removed). */
  latest(): Panel;
}

/** What the Queries tab shows of a panel; a change elsewhere (its title, say) does not draw the tab again. */
const QUERY_FIELDS = ['targets', 'datasource', 'maxDataPoints', 'interval', 'timeFrom', 'timeShift'] as const;

function sameQueryInputs(before: QueriesTabProps, after: QueriesTabProps): boolean {
  for (const key of Object.keys(after) as Array<keyof QueriesTabProps>) if (key !== 'panel' && before[key] !== after[key]) return false;
  return QUERY_FIELDS.every((field) => before.panel[field] === after.panel[field]);
}

/**
 * The panel's data source, query options and one editor per query, as Grafana's Queries tab. It
 * draws again only when what it shows changes, so every edit starts from `latest()`, never from a
 * `panel` that may be a few title keys old.
 */
export const QueriesTab = memo(function QueriesTab({
  panel,
  dataSources,
  dataSourcesLoading,
  resolve,
  errors,
  onChange,
  onRun,
  onInspect,
  latest,
}: QueriesTabProps) {
  const targets = targetsOf(panel);
  const mixed = isMixed(panel);
  const panelDataSource = mixed ? undefined : resolve(panel.datasource ?? targets[0]?.datasource);
  const setTargets = (next: DataQuery[], coalesce?: string) => onChange({ ...latest(), targets: next }, coalesce);
  const options = [...dataSources.map((ds) => ({ value: ds.uid, label: ds.name })), { value: MIXED, label: 'Mixed' }];

  const pickDataSource = (value: string | null) => {
    if (!value) return;
    const next = value === MIXED ? 'mixed' : dataSources.find((ds) => ds.uid === value);
    if (next) onChange(changeDataSource(latest(), next, panelDataSource));
  };

  const remove = (index: number) => {
    const removed = targets[index]!;
    setTargets(removeItem(targets, index));
    notifications.show({
      id: `query-removed-${removed.refId}`,
      message: (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">Query {removed.refId} removed</Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              notifications.hide(`query-removed-${removed.refId}`);
              const now = latest();
              const list = targetsOf(now);
              onChange({ ...now, targets: [...list.slice(0, index), removed, ...list.slice(index)] });
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };

  return (
    <Stack gap="sm">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Data source"
          data={options}
          value={mixed ? MIXED : (panelDataSource?.uid ?? null)}
          onChange={pickDataSource}
          description={dataSourcesLoading ? 'Loading data sources…' : 'The queries below run on it, unless Mixed.'}
          searchable
          allowDeselect={false}
          w={260}
          error={
            !mixed && !panelDataSource && !dataSourcesLoading && targets.length > 0
              ? 'This data source was not found: pick one of this org’s.'
              : undefined
          }
        />
        <QueryOptions panel={panel} latest={latest} onChange={onChange} />
        <Button variant="default" leftSection={<IconSearch size={16} aria-hidden />} onClick={onInspect}>
          Query inspector
        </Button>
      </Group>
      {targets.map((target, index) => (
        <QueryRow
          // The refId is what the person edits in the header; the position keeps the row while it changes.
          key={index}
          index={index}
          count={targets.length}
          query={target}
          targets={targets}
          mixed={mixed}
          dataSource={mixed ? resolve(target.datasource) : panelDataSource}
          dataSources={dataSources}
          error={errors[target.refId]}
          onChange={(next, field) => setTargets(replaceItem(targets, index, next), field ? `target-${index}-${field}` : undefined)}
          onDuplicate={() => setTargets(duplicateTarget(targets, index))}
          onRemove={() => remove(index)}
          onMove={(by) => setTargets(moveItem(targets, index, by))}
          onRun={onRun}
        />
      ))}
      {targets.length === 0 && (
        <Text size="sm" c="dimmed">
          This panel has no queries: add one to draw data.
        </Text>
      )}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setTargets(addTarget(targets, mixed ? resolve(null) : panelDataSource))}
          disabled={!mixed && !panelDataSource && dataSources.length > 0 && targets.length > 0}
        >
          Add query
        </Button>
      </Group>
    </Stack>
  );
}, sameQueryInputs);
