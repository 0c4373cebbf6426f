import { Alert, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import type { QueryEditorProps } from './editorProps';
import { queryKindOf } from './queryKinds';
import { QUERY_EDITORS } from './registry';

export type { QueryEditorProps } from './editorProps';

/**
 * The editor of one query in its data source's language: the query text and the options Grafana's
 * editor of that type puts beside it, picked from the registry by the data source's type. Used
 * wherever a query is written: Explore, the panel editor, the alert rule editor.
 */
export function QueryEditor({ query, dataSource, error, onChange, onRun }: QueryEditorProps) {
  const errorId = `${useId()}-error`;
  const kind = queryKindOf(dataSource?.type);
  const Editor = QUERY_EDITORS[kind];

  return (
    <Stack gap="xs">
      {Editor && dataSource && (
        <Editor query={query} dataSource={dataSource} errorId={error ? errorId : undefined} onChange={onChange} onRun={onRun} />
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
