import { memo } from 'react';
import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useDataSourceList, type DataSourceSummary } from '../../../api/dataSources';
import { QueryEditor } from '../../../queryEditors/QueryEditor';
import { defaultQuery, type DataQuery } from '../../../queryEditors/queryKinds';
import type { RuleQuery } from './ruleModel';

const nothingToRun = () => undefined;

export interface DataQueryFieldProps {
  query: RuleQuery;
  error?: string;
  onChange(query: RuleQuery): void;
  /** Shift+Enter in the query's editor. */
  onRun?(): void;
  /** The full editor also sets the query's time range (seconds before now). */
  showRange?: boolean;
}

/** One data query of a rule: its data source, the editor of that data source's language, and its range. */
export const DataQueryField = memo(function DataQueryField({
  query,
  error,
  onChange,
  onRun = nothingToRun,
  showRange = false,
}: DataQueryFieldProps) {
  const dataSources = useDataSourceList();
  const list: DataSourceSummary[] = dataSources.data ?? [];
  const dataSource = list.find((ds) => ds.uid === query.datasourceUid);
  const model = { ...query.model, refId: query.refId } as DataQuery;
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="md" wrap="wrap">
        <Select
          label={`Data source of query ${query.refId}`}
          data={list.map((ds) => ({ value: ds.uid, label: ds.name }))}
          value={dataSource ? dataSource.uid : null}
          onChange={(uid) => {
            const next = list.find((ds) => ds.uid === uid);
            if (next) onChange({ ...query, datasourceUid: next.uid, model: defaultQuery(query.refId, next) });
          }}
          searchable
          allowDeselect={false}
          error={!dataSource && error ? error : undefined}
          w={260}
        />
        {showRange && (
          <>
            <NumberInput
              label={`From (seconds ago), query ${query.refId}`}
              min={1}
              value={query.relativeTimeRange.from}
              onChange={(from) => onChange({ ...query, relativeTimeRange: { ...query.relativeTimeRange, from: Number(from) || 600 } })}
              w={200}
            />
            <NumberInput
              label={`To (seconds ago), query ${query.refId}`}
              min={0}
              value={query.relativeTimeRange.to}
              onChange={(to) => onChange({ ...query, relativeTimeRange: { ...query.relativeTimeRange, to: Number(to) || 0 } })}
              w={200}
            />
          </>
        )}
      </Group>
      {dataSource ? (
        <QueryEditor
          query={model}
          dataSource={dataSource}
          error={error}
          onChange={(next) => onChange({ ...query, model: { ...next } })}
          onRun={onRun}
        />
      ) : (
        <Text size="sm" c="dimmed">
          Choose a data source to write the query.
        </Text>
      )}
    </Stack>
  );
});
