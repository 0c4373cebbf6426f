import { Group, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { numberOrUndefined, textOf, type TypeEditorProps } from '../editorProps';
import { TESTDATA_SCENARIOS } from './defaults';

const numberOf = (value: unknown): number | string => (typeof value === 'number' ? value : '');

/** Grafana's TestData editor for the scenarios Sightline runs: the scenario, then that scenario's fields. */
export default function TestDataQueryEditor({ query, onChange }: TypeEditorProps) {
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });
  const scenario = textOf(query.scenarioId) || 'random_walk';
  const pulse = (query.pulseWave ?? {}) as Record<string, unknown>;
  const setPulse = (changes: Record<string, unknown>) => set({ pulseWave: { ...pulse, ...changes } });
  const number = (label: string, value: unknown, change: (n: number | undefined) => void, extra: { min?: number; max?: number } = {}) => (
    <NumberInput
      key={label}
      label={label}
      size="xs"
      value={numberOf(value)}
      onChange={(v) => change(numberOrUndefined(v))}
      w={110}
      {...extra}
    />
  );
  const labelsInput = (
    <TextInput
      label="Labels"
      size="xs"
      placeholder='key="value", n="$seriesIndex"'
      value={textOf(query.labels)}
      onChange={(e) => set({ labels: e.currentTarget.value })}
      w={240}
    />
  );

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Scenario"
          size="xs"
          data={TESTDATA_SCENARIOS.map(({ value, label }) => ({ value, label }))}
          value={scenario}
          onChange={(value) => set({ scenarioId: value ?? 'random_walk' })}
          allowDeselect={false}
          w={200}
        />
        {scenario !== 'no_data_points' && (
          <TextInput label="Alias" size="xs" value={textOf(query.alias)} onChange={(e) => set({ alias: e.currentTarget.value })} w={160} />
        )}
      </Group>

      {scenario === 'random_walk' && (
        <Group gap="sm" wrap="wrap" align="flex-end">
          {number('Series count', query.seriesCount ?? 1, (n) => set({ seriesCount: n }), { min: 1, max: 100 })}
          {number('Start value', query.startValue, (n) => set({ startValue: n }))}
          {number('Min', query.min, (n) => set({ min: n }))}
          {number('Max', query.max, (n) => set({ max: n }))}
          {number('Spread', query.spread, (n) => set({ spread: n }))}
          {number('Noise', query.noise, (n) => set({ noise: n }))}
          {number('Drop (%)', query.dropPercent, (n) => set({ dropPercent: n }), { min: 0, max: 100 })}
          <TextInput
            label="Seed"
            size="xs"
            value={String(query.seed ?? '')}
            onChange={(e) => set({ seed: e.currentTarget.value })}
            w={110}
          />
          {labelsInput}
        </Group>
      )}

      {scenario === 'csv_content' && (
        <Textarea
          label="CSV content"
          size="xs"
          autosize
          minRows={3}
          ff="monospace"
          value={textOf(query.csvContent)}
          onChange={(e) => set({ csvContent: e.currentTarget.value })}
        />
      )}

      {scenario === 'csv_metric_values' && (
        <TextInput
          label="String input"
          size="xs"
          placeholder="1,20,90,30,5,0"
          value={textOf(query.stringInput)}
          onChange={(e) => set({ stringInput: e.currentTarget.value })}
        />
      )}

      {scenario === 'predictable_pulse' && (
        <Group gap="sm" wrap="wrap" align="flex-end">
          {number('Step (seconds)', pulse.timeStep, (n) => setPulse({ timeStep: n }), { min: 1 })}
          {number('On count', pulse.onCount, (n) => setPulse({ onCount: n }), { min: 1 })}
          {number('Off count', pulse.offCount, (n) => setPulse({ offCount: n }), { min: 1 })}
          {number('On value', pulse.onValue, (n) => setPulse({ onValue: n }))}
          {number('Off value', pulse.offValue, (n) => setPulse({ offValue: n }))}
          {labelsInput}
        </Group>
      )}
    </Stack>
  );
}
