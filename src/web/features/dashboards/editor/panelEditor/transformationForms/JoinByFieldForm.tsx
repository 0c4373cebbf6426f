import { Select } from '@mantine/core';
import { OptionRow } from './OptionControls';
import { str, type OptionsFormProps } from './optionValues';

/** Join by field (and its old id, Series to columns, which has no mode): the field the frames are joined on. */
export function JoinByFieldForm({ id, options, fields, set }: OptionsFormProps) {
  return (
    <OptionRow>
      <Select
        label="Field (time when none)"
        size="xs"
        data={fields}
        value={str(options.byField) || null}
        clearable
        searchable
        onChange={(byField) => set({ byField: byField ?? undefined })}
        w={260}
      />
      {id === 'joinByField' && (
        <Select
          label="Mode"
          size="xs"
          allowDeselect={false}
          data={[{ value: 'outer', label: 'OUTER (time series)' }]}
          value="outer"
          onChange={() => set({ mode: 'outer' })}
          w={200}
        />
      )}
    </OptionRow>
  );
}
