import { ActionIcon, Group, Paper, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import type { DataSourceSummary } from '../../../api/dataSources';
import { QueryEditor } from '../../../queryEditors/QueryEditor';
import type { ExploreQuery } from './exploreUrl';

export interface QueryRowProps {
  query: ExploreQuery;
  /** The data source this query runs against (its own in a mixed pane, else the pane's). */
  dataSource: DataSourceSummary | undefined;
  /** Set in a mixed pane: each query picks its own data source from these. */
  dataSourceChoices?: readonly DataSourceSummary[];
  /** The server's words about this query's last run. */
  error?: string;
  canRemove: boolean;
  onChange(query: ExploreQuery): void;
  onChangeDataSource?(dataSource: DataSourceSummary): void;
  onRemove(): void;
  onRun(): void;
}

/** One query of Explore: its data source (in a mixed pane), its editor, and a remove button. */
export function QueryRow({
  query,
  dataSource,
  dataSourceChoices,
  error,
  canRemove,
  onChange,
  onChangeDataSource,
  onRemove,
  onRun,
}: QueryRowProps) {
  const id = useId();

  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-labelledby={`${id}-legend`} data-query-row={query.refId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Text id={`${id}-legend`} fw={700} size="sm">
              Query {query.refId}
            </Text>
            {dataSourceChoices ? (
              <Select
                label={`Data source of query ${query.refId}`}
                size="xs"
                data={dataSourceChoices.map((ds) => ({ value: ds.uid, label: ds.name }))}
                value={dataSource?.uid ?? null}
                onChange={(uid) => {
                  const next = dataSourceChoices.find((ds) => ds.uid === uid);
                  if (next) onChangeDataSource?.(next);
                }}
                allowDeselect={false}
                searchable
                w={220}
                styles={{ root: { display: 'flex', alignItems: 'center', gap: 6 }, label: { whiteSpace: 'nowrap' } }}
              />
            ) : null}
          </Group>
          {canRemove && (
            <Tooltip label={`Remove query ${query.refId}`}>
              <ActionIcon variant="subtle" color="gray" aria-label={`Remove query ${query.refId}`} onClick={onRemove}>
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>

        <QueryEditor query={query} dataSource={dataSource} error={error} onChange={onChange} onRun={onRun} />
      </Stack>
    </Paper>
  );
}
