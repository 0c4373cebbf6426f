import { Select } from '@mantine/core';
import { OptionRow, OptionSwitch } from './OptionControls';
import { obj, str, type OptionsFormProps } from './optionValues';

/** Sort by: the field the rows are sorted on (Grafana's first sort rule), and whether in reverse. */
export function SortByForm({ options, fields, set }: OptionsFormProps) {
  const rule = obj(Array.isArray(options.sort) ? options.sort[0] : undefined);
  return (
    <OptionRow>
      <Select
        label="Field"
        size="xs"
        data={[...new Set([...fields, ...(str(rule.field) ? [str(rule.field)] : [])])]}
        value={str(rule.field) || null}
        searchable
        onChange={(field) => set({ sort: [{ ...rule, field: field ?? undefined }] })}
        w={260}
      />
      <OptionSwitch label="Reverse" checked={rule.desc === true} onChange={(desc) => set({ sort: [{ ...rule, desc }] })} />
    </OptionRow>
  );
}
