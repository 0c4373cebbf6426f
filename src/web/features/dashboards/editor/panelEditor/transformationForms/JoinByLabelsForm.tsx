import { Select } from '@mantine/core';
import { OptionRow } from './OptionControls';
import { OptionMultiSelect } from './OptionPickers';
import { str, strings, type OptionsFormProps } from './optionValues';

/** Join by labels, as Grafana's editor: the label whose values name the columns, and the labels the rows are joined on. */
export function JoinByLabelsForm({ options, labels = [], set }: OptionsFormProps) {
  const value = str(options.value);
  const join = strings(options.join);
  return (
    <OptionRow>
      <Select
        label="Value"
        size="xs"
        data={[...new Set([...labels, ...(value ? [value] : [])])]}
        value={value || null}
        searchable
        onChange={(next) => set({ value: next ?? undefined })}
        w={200}
      />
      <OptionMultiSelect
        label="Join (all other labels when none)"
        data={[...new Set([...labels.filter((l) => l !== value), ...join])]}
        value={join}
        onChange={(next) => set({ join: next.length ? next : undefined })}
        w={320}
      />
    </OptionRow>
  );
}
