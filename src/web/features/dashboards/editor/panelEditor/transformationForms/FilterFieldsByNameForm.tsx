import { MultiSelect } from '@mantine/core';
import { OptionRow, OptionText } from './OptionControls';
import { obj, str, strings, type OptionsFormProps } from './optionValues';

/** Filter fields by name: the fields to keep, picked or matched by a regex. */
export function FilterFieldsByNameForm({ options, fields, set }: OptionsFormProps) {
  const include = obj(options.include);
  return (
    <OptionRow>
      <MultiSelect
        label="Fields to keep"
        size="xs"
        data={[...new Set([...fields, ...strings(include.names)])]}
        value={strings(include.names)}
        onChange={(names) => set({ include: { ...include, names } })}
        searchable
        w={320}
      />
      <OptionText
        label="Or a regex"
        value={str(include.pattern)}
        onChange={(pattern) => set({ include: { ...include, pattern } }, 'pattern')}
        w={220}
      />
    </OptionRow>
  );
}
