import { Alert, Group, NumberInput, Select, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';
import type { DataSourceSummary } from '../api/dataSources';
import { queryKindOf, TESTDATA_SCENARIOS, textFieldOf, type DataQuery, type QueryKind } from './queryKinds';

const QueryCodeEditor = lazy(() => import('./QueryCodeEditor'));

const PLACEHOLDERS: Partial<Record<QueryKind, string>> = {
  promql: 'Enter a PromQL query (Shift+Enter to run)',
  logql: 'Enter a LogQL query, e.g. {job="app"} |= "error" (Shift+Enter to run)',
  sql: 'SELECT … (Shift+Enter to run)',
};

const LANGUAGE: Partial<Record<QueryKind, string>> = { promql: 'PromQL', logql: 'LogQL', sql: 'SQL' };

export interface QueryEditorProps {
  query: DataQuery;
  /** The data source the query runs against; its type picks the editor. */
  dataSource: DataSourceSummary | undefined;
  /** The server's words about this query's last run, shown under it. */
  error?: string;
  onChange(query: DataQuery): void;
  /** Run the queries now (Shift+Enter in a code editor). */
  onRun(): void;
}

function numberOrUndefined(value: string | number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * The editor of one query in its data source's language: the query text and the options Grafana's
 * editor of that type puts beside it. Used wherever a query is written: Explore, the panel editor,
 * the alert rule editor.
 */
export function QueryEditor({ query, dataSource, error, onChange, onRun }: QueryEditorProps) {
  const id = useId();
  const kind = queryKindOf(dataSource?.type);
  const textField = textFieldOf(kind);
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const language = LANGUAGE[kind];

  return (
    <Stack gap="xs">
      {textField && (
        <div>
          <Text id={labelId} component="label" size="sm" fw={500} display="block" mb={4}>
            {language} query {query.refId}
          </Text>
          <Suspense fallback={<Skeleton h={36} radius="sm" aria-label="Loading the query editor" />}>
            <QueryCodeEditor
              value={typeof query[textField] === 'string' ? (query[textField] as string) : ''}
              onChange={(text) => set({ [textField]: text })}
              onRun={onRun}
              labelledBy={labelId}
              describedBy={error ? errorId : undefined}
              placeholder={PLACEHOLDERS[kind]}
            />
          </Suspense>
        </div>
      )}

      {kind === 'promql' && (
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            label="Legend"
            size="xs"
            placeholder="{{instance}}"
            value={typeof query.legendFormat === 'string' ? query.legendFormat : ''}
            onChange={(e) => set({ legendFormat: e.currentTarget.value })}
            w={200}
          />
          <Select
            label="Format"
            size="xs"
            data={[
              { value: 'time_series', label: 'Time series' },
              { value: 'table', label: 'Table' },
            ]}
            value={query.format === 'table' ? 'table' : 'time_series'}
            onChange={(value) => set({ format: value ?? 'time_series' })}
            allowDeselect={false}
            w={130}
          />
          <Select
            label="Type"
            size="xs"
            data={[
              { value: 'range', label: 'Range' },
              { value: 'instant', label: 'Instant' },
            ]}
            value={query.instant === true && query.range !== true ? 'instant' : 'range'}
            onChange={(value) => set(value === 'instant' ? { instant: true, range: false } : { instant: false, range: true })}
            allowDeselect={false}
            w={110}
          />
        </Group>
      )}

      {kind === 'logql' && (
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label="Type"
            size="xs"
            data={[
              { value: 'range', label: 'Range' },
              { value: 'instant', label: 'Instant' },
            ]}
            value={query.queryType === 'instant' ? 'instant' : 'range'}
            onChange={(value) => set({ queryType: value ?? 'range' })}
            allowDeselect={false}
            w={110}
          />
          <NumberInput
            label="Line limit"
            size="xs"
            min={1}
            max={5000}
            value={typeof query.maxLines === 'number' ? query.maxLines : ''}
            placeholder="1000"
            onChange={(value) => set({ maxLines: numberOrUndefined(value) })}
            w={110}
          />
          <TextInput
            label="Legend"
            size="xs"
            value={typeof query.legendFormat === 'string' ? query.legendFormat : ''}
            onChange={(e) => set({ legendFormat: e.currentTarget.value })}
            w={200}
          />
        </Group>
      )}

      {kind === 'sql' && (
        <Select
          label="Format"
          size="xs"
          data={[
            { value: 'table', label: 'Table' },
            { value: 'time_series', label: 'Time series' },
          ]}
          value={query.format === 'time_series' ? 'time_series' : 'table'}
          onChange={(value) => set({ format: value ?? 'table' })}
          allowDeselect={false}
          w={140}
        />
      )}

      {kind === 'testdata' && (
        <Stack gap="xs">
          <Group gap="sm" wrap="wrap" align="flex-end">
            <Select
              label="Scenario"
              size="xs"
              data={TESTDATA_SCENARIOS.map((s) => ({ value: s.value, label: s.label }))}
              value={typeof query.scenarioId === 'string' ? query.scenarioId : 'random_walk'}
              onChange={(value) => set({ scenarioId: value ?? 'random_walk' })}
              allowDeselect={false}
              w={200}
            />
            <TextInput
              label="Alias"
              size="xs"
              value={typeof query.alias === 'string' ? query.alias : ''}
              onChange={(e) => set({ alias: e.currentTarget.value })}
              w={160}
            />
            {(query.scenarioId ?? 'random_walk') === 'random_walk' && (
              <NumberInput
                label="Series count"
                size="xs"
                min={1}
                max={100}
                value={typeof query.seriesCount === 'number' ? query.seriesCount : 1}
                onChange={(value) => set({ seriesCount: numberOrUndefined(value) })}
                w={110}
              />
            )}
          </Group>
          {query.scenarioId === 'csv_content' && (
            <Textarea
              label="CSV content"
              size="xs"
              autosize
              minRows={3}
              ff="monospace"
              value={typeof query.csvContent === 'string' ? query.csvContent : ''}
              onChange={(e) => set({ csvContent: e.currentTarget.value })}
            />
          )}
          {query.scenarioId === 'csv_metric_values' && (
            <TextInput
              label="String input"
              size="xs"
              placeholder="1,20,90,30,5,0"
              value={typeof query.stringInput === 'string' ? query.stringInput : ''}
              onChange={(e) => set({ stringInput: e.currentTarget.value })}
            />
          )}
        </Stack>
      )}

      {kind === 'unsupported' && dataSource && (
        <Text size="sm" c="dimmed">
          Sightline cannot query {dataSource.type} data sources: pick a Prometheus, Loki, PostgreSQL, MySQL or TestData data source.
        </Text>
      )}

      {error && (
        <Alert id={errorId} color="red" variant="light" icon={<IconAlertTriangle size={16} aria-hidden />} p="xs" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {error}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
