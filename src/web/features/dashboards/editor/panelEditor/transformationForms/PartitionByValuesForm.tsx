import { SegmentedControl, Stack, Text } from '@mantine/core';
import { OptionRow, OptionSwitch } from './OptionControls';
import { OptionMultiSelect } from './OptionPickers';
import { obj, strings, type OptionsFormProps } from './optionValues';

/** Partition by values, as Grafana's editor: the fields whose values split the frame, how the parts are named, and whether those fields stay. */
export function PartitionByValuesForm({ options, fields, set }: OptionsFormProps) {
  const naming = obj(options.naming);
  const chosen = strings(options.fields);
  return (
    <Stack gap="xs">
      <OptionRow>
        <OptionMultiSelect
          label="Fields"
          data={[...new Set([...fields, ...chosen])]}
          value={chosen}
          onChange={(next) => set({ fields: next })}
          w={320}
        />
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Naming
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Naming"
            data={[
              { value: 'labels', label: 'As label' },
              { value: 'frame', label: 'As frame name' },
            ]}
            value={naming.asLabels === false ? 'frame' : 'labels'}
            onChange={(value) => set({ naming: { ...naming, asLabels: value === 'labels' } })}
          />
        </Stack>
        <OptionSwitch label="Keep fields" checked={options.keepFields === true} onChange={(keepFields) => set({ keepFields })} />
      </OptionRow>
    </Stack>
  );
}
