import { Group, NumberInput, Radio, Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { CodeQueryField } from '../code/CodeQueryField';
import { numberOrUndefined, textOf, type TypeEditorProps } from '../editorProps';
import { logql, logqlProblems } from './logqlLanguage';

/** Grafana's Loki code editor: LogQL with highlighting, parse errors and label completion, then Type, Line limit and Legend. */
export default function LokiQueryEditor({ query, dataSource, errorId, onChange, onRun }: TypeEditorProps) {
  const expr = textOf(query.expr);
  const extensions = useMemo(() => logql(dataSource.uid), [dataSource.uid]);
  const problem = useMemo(() => logqlProblems(expr)[0]?.message, [expr]);
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });

  return (
    <Stack gap="xs">
      <CodeQueryField
        label={`LogQL query ${query.refId}`}
        value={expr}
        onChange={(text) => set({ expr: text })}
        onRun={onRun}
        extensions={extensions}
        placeholder='Enter a LogQL query, e.g. {job="app"} |= "error" (Shift+Enter to run)'
        syntaxError={problem}
        errorId={errorId}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Radio.Group
          label="Type"
          size="xs"
          value={query.queryType === 'instant' ? 'instant' : 'range'}
          onChange={(value) => set({ queryType: value })}
        >
          <Group gap="xs" h={30} align="center">
            <Radio value="range" label="Range" size="xs" />
            <Radio value="instant" label="Instant" size="xs" />
          </Group>
        </Radio.Group>
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
          placeholder="{{label}}"
          value={textOf(query.legendFormat)}
          onChange={(e) => set({ legendFormat: e.currentTarget.value })}
          w={200}
        />
      </Group>
    </Stack>
  );
}
