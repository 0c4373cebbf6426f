import { Select, Stack, Textarea, TextInput } from '@mantine/core';
import { textOf, type TypeEditorProps } from '../editorProps';
import { NumberOption, QueryOptionsRow, TextOption } from '../QueryOptionInputs';
import { TESTDATA_SCENARIOS } from './defaults';

/** Grafana's TestData editor for the scenarios Sightline runs: the scenario, then that scenario's fields. */
export default function TestDataQueryEditor({ query, onChange }: TypeEditorProps) {
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });
  const scenario = textOf(query.scenarioId) || 'random_walk';
  const pulse = (query.pulseWave ?? {}) as Record<string, unknown>;
  const setPulse = (changes: Record<string, unknown>) => set({ pulseWave: { ...pulse, ...changes } });
  const labelsInput = (
    <TextOption
      label="Labels"
      placeholder='key="value", n="$seriesIndex"'
      value={query.labels}
      onChange={(labels) => set({ labels })}
      w={240}
    />
  );

  return (
    <Stack gap="xs">
      <QueryOptionsRow>
        <Select
          label="Scenario"
          size="xs"
          data={TESTDATA_SCENARIOS.map(({ value, label }) => ({ value, label }))}
          value={scenario}
          onChange={(value) => set({ scenarioId: value ?? 'random_walk' })}
          allowDeselect={false}
          w={200}
        />
        {scenario !== 'no_data_points' && <TextOption label="Alias" value={query.alias} onChange={(alias) => set({ alias })} w={160} />}
      </QueryOptionsRow>

      {scenario === 'random_walk' && (
        <QueryOptionsRow>
          <NumberOption label="Series count" value={query.seriesCount ?? 1} onChange={(n) => set({ seriesCount: n })} min={1} max={100} />
          <NumberOption label="Start value" value={query.startValue} onChange={(n) => set({ startValue: n })} />
          <NumberOption label="Min" value={query.min} onChange={(n) => set({ min: n })} />
          <NumberOption label="Max" value={query.max} onChange={(n) => set({ max: n })} />
          <NumberOption label="Spread" value={query.spread} onChange={(n) => set({ spread: n })} />
          <NumberOption label="Noise" value={query.noise} onChange={(n) => set({ noise: n })} />
          <NumberOption label="Drop (%)" value={query.dropPercent} onChange={(n) => set({ dropPercent: n })} min={0} max={100} />
          <TextInput
            label="Seed"
            size="xs"
            value={String(query.seed ?? '')}
            onChange={(e) => set({ seed: e.currentTarget.value })}
            w={110}
          />
          {labelsInput}
        </QueryOptionsRow>
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
        <TextOption
          label="String input"
          placeholder="1,20,90,30,5,0"
          value={query.stringInput}
          onChange={(stringInput) => set({ stringInput })}
        />
      )}

      {scenario === 'predictable_pulse' && (
        <QueryOptionsRow>
          <NumberOption label="Step (seconds)" value={pulse.timeStep} onChange={(n) => setPulse({ timeStep: n })} min={1} />
          <NumberOption label="On count" value={pulse.onCount} onChange={(n) => setPulse({ onCount: n })} min={1} />
          <NumberOption label="Off count" value={pulse.offCount} onChange={(n) => setPulse({ offCount: n })} min={1} />
          <NumberOption label="On value" value={pulse.onValue} onChange={(n) => setPulse({ onValue: n })} />
          <NumberOption label="Off value" value={pulse.offValue} onChange={(n) => setPulse({ offValue: n })} />
          {labelsInput}
        </QueryOptionsRow>
      )}
    </Stack>
  );
}
