import { Button, Select } from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { CodeQueryForm } from '../code/CodeQueryForm';
import type { TypeEditorProps } from '../editorProps';
import { SqlMacroHelp } from './SqlMacroHelp';
import { sqlSupport } from './sqlLanguage';

const FORMATS = [
  { value: 'table', label: 'Table' },
  { value: 'time_series', label: 'Time series' },
];

/** Grafana's SQL code editor (PostgreSQL, MySQL): the dialect's SQL with table, column and macro completion, Format, and the macro help. */
export default function SqlQueryEditor({ dataSource, ...props }: TypeEditorProps) {
  const { query, onChange } = props;
  const extensions = useMemo(() => sqlSupport(dataSource), [dataSource]);
  const [helpShown, setHelpShown] = useState(false);
  const helpId = useId();
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });

  return (
    <CodeQueryForm
      {...props}
      field="rawSql"
      language="SQL"
      extensions={extensions}
      placeholder="SELECT … (Shift+Enter to run, $ for macros)"
      options={
        <>
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
        </>
      }
    >
      {helpShown && <SqlMacroHelp id={helpId} />}
    </CodeQueryForm>
  );
}
