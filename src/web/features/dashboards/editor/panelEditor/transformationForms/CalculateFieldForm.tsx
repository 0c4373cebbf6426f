import { Autocomplete, MultiSelect, Select, Stack } from '@mantine/core';
import { OptionRow, OptionSwitch, OptionText } from './OptionControls';
import { obj, REDUCERS, str, strings, type OptionsFormProps } from './optionValues';

const OPERATORS = ['+', '-', '*', '/', '%', '^'];

/** Add field from calculation: a reduction of each row, a binary operation, or the row index. */
export function CalculateFieldForm({ options, fields, set }: OptionsFormProps) {
  const mode = str(options.mode) || 'reduceRow';
  const reduce = obj(options.reduce);
  const binary = obj(options.binary);
  return (
    <Stack gap="xs">
      <Select
        label="Mode"
        size="xs"
        allowDeselect={false}
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
          <MultiSelect
            label="Fields (all numbers when none)"
            size="xs"
            data={fields}
            value={strings(reduce.include)}
            onChange={(include) => set({ reduce: { ...reduce, include } })}
            searchable
            w={280}
          />
          <Select
            label="Calculation"
            size="xs"
            data={REDUCERS}
            value={str(reduce.reducer) || 'sum'}
            allowDeselect={false}
            searchable
            onChange={(reducer) => set({ reduce: { ...reduce, reducer } })}
            w={180}
          />
        </OptionRow>
      )}
      {mode === 'binary' && (
        <OptionRow>
          <Autocomplete
            label="Left operand (field or number)"
            size="xs"
            data={fields}
            value={str(binary.left)}
            onChange={(left) => set({ binary: { ...binary, left } }, 'left')}
            w={220}
          />
          <Select
            label="Operator"
            size="xs"
            data={OPERATORS}
            value={str(binary.operator) || '+'}
            allowDeselect={false}
            onChange={(operator) => set({ binary: { ...binary, operator } })}
            w={90}
          />
          <Autocomplete
            label="Right operand (field or number)"
            size="xs"
            data={fields}
            value={str(binary.right)}
            onChange={(right) => set({ binary: { ...binary, right } }, 'right')}
            w={220}
          />
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
