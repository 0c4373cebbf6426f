import { OptionRow, OptionText } from './OptionControls';
import { OptionSelect } from './OptionPickers';
import { str, type OptionsFormProps } from './optionValues';

/** Labels to fields: the labels as columns or as rows, and which label names the value field. */
export function LabelsToFieldsForm({ options, set }: OptionsFormProps) {
  return (
    <OptionRow>
      <OptionSelect
        label="Mode"
        data={[
          { value: 'columns', label: 'Columns' },
          { value: 'rows', label: 'Rows' },
        ]}
        value={options.mode === 'rows' ? 'rows' : 'columns'}
        onChange={(mode) => set({ mode: mode === 'rows' ? 'rows' : undefined })}
        w={140}
      />
      <OptionText
        label="Value field name (a label)"
        value={str(options.valueLabel)}
        onChange={(valueLabel) => set({ valueLabel: valueLabel || undefined }, 'valueLabel')}
        w={220}
      />
    </OptionRow>
  );
}
