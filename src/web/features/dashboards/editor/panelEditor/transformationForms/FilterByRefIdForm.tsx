import { OptionText } from './OptionControls';
import { str, type OptionsFormProps } from './optionValues';

/** Filter data by query: the refIds of the queries whose frames stay. */
export function FilterByRefIdForm({ options, set }: OptionsFormProps) {
  return (
    <OptionText
      label="Queries to keep (refIds, a|b, or a regex)"
      value={str(options.include)}
      onChange={(include) => set({ include }, 'include')}
      w={320}
    />
  );
}
