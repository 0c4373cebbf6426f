import { Autocomplete, Stack } from '@mantine/core';
import { OptionRow, OptionSwitch, OptionText } from './OptionControls';
import { OptionMultiSelect, OptionSelect } from './OptionPickers';
import { obj, REDUCERS, str, strings, type OptionsFormProps } from './optionValues';

const OPERATORS = ['+', '-', '*', '/', '%', '^'];

/** Add field from calculation: a reduction of each row, a binary operation, or the row index. */
export function CalculateFieldForm({ options, fields, set }: OptionsFormProps) {
  const mode = str(options.mode) || 'reduceRow';
  const reduce = obj(options.reduce);
  const binary = obj(options.binary);
  // Both operands of a binary operation: a field's name or a number, typed or picked.
  const operand = (side: 'left' | 'right') => (
    <Autocomplete
      label={`${side === 'left' ? 'Left' : 'Right'} operand (field or number)`}
      size="xs"
      data={fields}
      value={str(binary[side])}
      onChange={(value) => set({ binary: { ...binary, [side]: value } }, side)}
      w={220}
    />
  );
  return (
    <Stack gap="xs">
      <OptionSelect
        label="Mode"
        data={[
          { value: 'reduceRow', label: 'Reduce row' },
          { value: 'binary', label: 'Binary operation' },
          { value: 'index', label: 'Row index' },
        ]}
        value={mode}
        onChange={(value) => set({ mode: value ?? 'reduceRow' })}
        w={220}
      />
      {mode === 'reduceRow' && (
        <OptionRow>
          <OptionMultiSelect
            label="Fields (all numbers when none)"
            data={fields}
            value={strings(reduce.include)}
            onChange={(include) => set({ reduce: { ...reduce, include } })}
            w={280}
          />
          <OptionSelect
            label="Calculation"
            data={REDUCERS}
            value={str(reduce.reducer) || 'sum'}
            searchable
            onChange={(reducer) => set({ reduce: { ...reduce, reducer } })}
            w={180}
          />
        </OptionRow>
      )}
      {mode === 'binary' && (
        <OptionRow>
          {operand('left')}
          <OptionSelect
            label="Operator"
            data={OPERATORS}
            value={str(binary.operator) || '+'}
            onChange={(operator) => set({ binary: { ...binary, operator } })}
            w={90}
          />
          {operand('right')}
        </OptionRow>
      )}
      <OptionRow>
        <OptionText label="Alias" value={str(options.alias)} onChange={(alias) => set({ alias: alias || undefined }, 'alias')} w={220} />
        <OptionSwitch
          label="Replace all fields"
          checked={options.replaceFields === true}
          onChange={(replaceFields) => set({ replaceFields })}
        />
      </OptionRow>
    </Stack>
  );
}
