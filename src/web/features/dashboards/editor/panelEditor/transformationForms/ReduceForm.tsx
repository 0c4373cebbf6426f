import { SegmentedControl, Stack } from '@mantine/core';
import { OptionRow, OptionSwitch } from './OptionControls';
import { OptionMultiSelect } from './OptionPickers';
import { REDUCERS, strings, type OptionsFormProps } from './optionValues';

/** Reduce: each series to a row of calculations, or each field to its calculations. */
export function ReduceForm({ options, set }: OptionsFormProps) {
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        aria-label="Mode"
        w="fit-content"
        data={[
          { value: 'seriesToRows', label: 'Series to rows' },
          { value: 'reduceFields', label: 'Reduce fields' },
        ]}
        value={options.mode === 'reduceFields' ? 'reduceFields' : 'seriesToRows'}
        onChange={(mode) => set({ mode })}
      />
      <OptionRow>
        <OptionMultiSelect
          label="Calculations"
          data={REDUCERS}
          value={strings(options.reducers)}
          onChange={(reducers) => set({ reducers })}
          w={320}
        />
        <OptionSwitch
          label="Include time"
          checked={options.includeTimeField === true}
          onChange={(includeTimeField) => set({ includeTimeField })}
        />
      </OptionRow>
    </Stack>
  );
}
