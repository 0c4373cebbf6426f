import { Button, Group, Select, Stack } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { CodeQueryField } from '../code/CodeQueryField';
import { textOf, type TypeEditorProps } from '../editorProps';
import { SqlMacroHelp } from './SqlMacroHelp';
import { sqlSupport } from './sqlLanguage';

const FORMATS = [
  { value: 'table', label: 'Table' },
  { value: 'time_series', label: 'Time series' },
];

/** Grafana's SQL code editor (PostgreSQL, MySQL): the dialect's SQL with table, column and macro completion, Format, and the macro help. */
export default function SqlQueryEditor({ query, dataSource, errorId, onChange, onRun }: TypeEditorProps) {
  const extensions = useMemo(() => sqlSupport(dataSource), [dataSource]);
  const [helpShown, setHelpShown] = useState(false);
  const helpId = useId();
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });

  return (
    <Stack gap="xs">
      <CodeQueryField
        label={`SQL query ${query.refId}`}
        value={textOf(query.rawSql)}
        onChange={(text) => set({ rawSql: text })}
        onRun={onRun}
        extensions={extensions}
        placeholder="SELECT … (Shift+Enter to run, $ for macros)"
        errorId={errorId}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Format"
          size="xs"
          data={FORMATS}
          value={query.format === 'time_series' ? 'time_series' : 'table'}
          onChange={(value) => set({ format: value ?? 'table' })}
          allowDeselect={false}
          w={140}
        />
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconHelp size={14} aria-hidden />}
          aria-expanded={helpShown}
          aria-controls={helpShown ? helpId : undefined}
          onClick={() => setHelpShown((shown) => !shown)}
        >
          {helpShown ? 'Hide macros' : 'Show macros'}
        </Button>
      </Group>
      {helpShown && <SqlMacroHelp id={helpId} />}
    </Stack>
  );
}
