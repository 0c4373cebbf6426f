import { Stack, Text } from '@mantine/core';
import { OptionRow } from './OptionControls';
import { OptionMultiSelect, OptionSelect } from './OptionPickers';
import { obj, REDUCERS, strings, type OptionsFormProps } from './optionValues';

const OPERATIONS = [
  { value: 'ignore', label: 'Ignore' },
  { value: 'groupby', label: 'Group by' },
  { value: 'aggregate', label: 'Calculate' },
];

/**
 * Group by, as Grafana's editor: one line per field of the data, which is ignored (Grafana's cleared
 * select, `operation: null`), grouped by, or calculated with the chosen calculations.
 */
export function GroupByForm({ options, fields, set }: OptionsFormProps) {
  const config = obj(options.fields);
  // Fields set up before that the data no longer has stay listed, so they can be changed back.
  const names = [...new Set([...fields, ...Object.keys(config)])];
  if (!names.length)
    return (
      <Text size="sm" c="dimmed">
        Run the queries to choose the fields to group by.
      </Text>
    );
  return (
    <Stack gap={6}>
      {names.map((name) => {
        const field = obj(config[name]);
        const operation = field.operation === 'groupby' || field.operation === 'aggregate' ? field.operation : 'ignore';
        const aggregations = strings(field.aggregations);
        const change = (patch: Record<string, unknown>) =>
          set({ fields: { ...config, [name]: { aggregations, operation: field.operation ?? null, ...patch } } });
        return (
          <OptionRow key={name}>
            <OptionSelect
              label={name}
              data={OPERATIONS}
              value={operation}
              onChange={(value) => change({ operation: value === 'groupby' || value === 'aggregate' ? value : null })}
              w={200}
            />
            {operation === 'aggregate' && (
              <OptionMultiSelect
                label={`Calculations of ${name}`}
                data={REDUCERS}
                value={aggregations}
                onChange={(next) => change({ aggregations: next })}
                w={300}
              />
            )}
          </OptionRow>
        );
      })}
    </Stack>
  );
}
