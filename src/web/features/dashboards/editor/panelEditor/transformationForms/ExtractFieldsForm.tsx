import { Select, Stack } from '@mantine/core';
import { OptionRow, OptionSwitch, OptionText } from './OptionControls';
import { OptionSelect } from './OptionPickers';
import { str, type OptionsFormProps } from './optionValues';

const FORMATS = [
  { value: 'auto', label: 'Auto' },
  { value: 'json', label: 'JSON' },
  { value: 'kvp', label: 'Key+value pairs' },
  { value: 'delimiter', label: 'Split by delimiter' },
];

/** Extract fields, as Grafana's editor: the field parsed, its format, and whether the other fields (or only the time) stay. */
export function ExtractFieldsForm({ options, fields, set }: OptionsFormProps) {
  const source = str(options.source);
  const format = str(options.format) || 'auto';
  return (
    <Stack gap="xs">
      <OptionRow>
        <Select
          label="Source"
          size="xs"
          data={[...new Set([...fields, ...(source ? [source] : [])])]}
          value={source || null}
          searchable
          onChange={(next) => set({ source: next ?? undefined })}
          w={220}
        />
        <OptionSelect
          label="Format"
          data={FORMATS}
          value={format}
          onChange={(next) => set({ format: next === 'auto' ? undefined : next })}
          w={180}
        />
        {format === 'delimiter' && (
          <OptionText label="Delimiter" value={str(options.delimiter)} onChange={(delimiter) => set({ delimiter }, 'delimiter')} w={100} />
        )}
      </OptionRow>
      <OptionRow>
        <OptionSwitch label="Replace all fields" checked={options.replace === true} onChange={(replace) => set({ replace })} />
        {options.replace === true && (
          <OptionSwitch label="Keep time" checked={options.keepTime === true} onChange={(keepTime) => set({ keepTime })} />
        )}
      </OptionRow>
    </Stack>
  );
}
