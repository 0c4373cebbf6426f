import { Group, Radio } from '@mantine/core';
import { useMemo } from 'react';
import { CodeQueryForm } from '../code/CodeQueryForm';
import type { TypeEditorProps } from '../editorProps';
import { NumberOption, TextOption } from '../QueryOptionInputs';
import { logql, logqlProblems } from './logqlLanguage';

/** Grafana's Loki code editor: LogQL with highlighting, parse errors and label completion, then Type, Line limit and Legend. */
export default function LokiQueryEditor({ dataSource, ...props }: TypeEditorProps) {
  const { query, onChange } = props;
  const extensions = useMemo(() => logql(dataSource.uid), [dataSource.uid]);
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });

  return (
    <CodeQueryForm
      {...props}
      field="expr"
      language="LogQL"
      extensions={extensions}
      problemsOf={logqlProblems}
      placeholder='Enter a LogQL query, e.g. {job="app"} |= "error" (Shift+Enter to run)'
      options={
        <>
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
          <NumberOption
            label="Line limit"
            min={1}
            max={5000}
            value={query.maxLines}
            placeholder="1000"
            onChange={(maxLines) => set({ maxLines })}
          />
          <TextOption
            label="Legend"
            placeholder="{{label}}"
            value={query.legendFormat}
            onChange={(legendFormat) => set({ legendFormat })}
            w={200}
          />
        </>
      }
    />
  );
}
