import { OptionRow, OptionText } from './OptionControls';
import { str, type OptionsFormProps } from './optionValues';

/** Rename fields by regex: what to match in a field's name and what replaces it. */
export function RenameByRegexForm({ options, set }: OptionsFormProps) {
  return (
    <OptionRow>
      <OptionText label="Match" value={str(options.regex)} onChange={(regex) => set({ regex }, 'regex')} w={240} />
      <OptionText
        label="Replace"
        value={str(options.renamePattern)}
        onChange={(renamePattern) => set({ renamePattern }, 'renamePattern')}
        w={240}
      />
    </OptionRow>
  );
}
