import { Group, Radio, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { CodeQueryField } from '../code/CodeQueryField';
import { textOf, type TypeEditorProps } from '../editorProps';
import { legendModeOf, QUERY_TYPE_FIELDS, queryTypeOf, type LegendMode, type QueryType } from './defaults';
import { prometheusLookups } from './prometheusLookups';
import { promqlCompletion } from './promqlCompletion';
import { promql, promqlProblems } from './promqlLanguage';

const LEGEND_MODES = [
  { value: 'auto', label: 'Auto' },
  { value: 'verbose', label: 'Verbose' },
  { value: 'custom', label: 'Custom' },
];
const FORMATS = [
  { value: 'time_series', label: 'Time series' },
  { value: 'table', label: 'Table' },
  { value: 'heatmap', label: 'Heatmap' },
];

/**
 * Grafana's Prometheus code editor: PromQL with highlighting, parse errors and completion from the
 * data source, and the options under it (Legend, Format, Type, Min step, Exemplars).
 */
export default function PrometheusQueryEditor({ query, dataSource, errorId, onChange, onRun }: TypeEditorProps) {
  const expr = textOf(query.expr);
  const extensions = useMemo(() => promql([{ autocomplete: promqlCompletion(prometheusLookups(dataSource.uid)) }]), [dataSource.uid]);
  const problem = useMemo(() => promqlProblems(expr)[0]?.message, [expr]);
  const set = (changes: Record<string, unknown>) => onChange({ ...query, ...changes });

  // Custom stays chosen while its template is being rewritten, even when emptied for a moment.
  const [customChosen, setCustomChosen] = useState(() => legendModeOf(query.legendFormat) === 'custom');
  const legendMode: LegendMode = customChosen ? 'custom' : legendModeOf(query.legendFormat);
  const legendInput = useRef<HTMLInputElement>(null);
  const chooseLegendMode = (mode: LegendMode) => {
    setCustomChosen(mode === 'custom');
    if (mode === 'custom') {
      set({ legendFormat: legendModeOf(query.legendFormat) === 'custom' ? query.legendFormat : '{{label_name}}' });
      requestAnimationFrame(() => legendInput.current?.select());
    } else set({ legendFormat: mode === 'auto' ? '__auto' : '' });
  };

  return (
    <Stack gap="xs">
      <CodeQueryField
        label={`PromQL query ${query.refId}`}
        value={expr}
        onChange={(text) => set({ expr: text })}
        onRun={onRun}
        extensions={extensions}
        placeholder="Enter a PromQL query (Shift+Enter to run)"
        syntaxError={problem}
        errorId={errorId}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <Select
          label="Legend"
          size="xs"
          data={LEGEND_MODES}
          value={legendMode}
          onChange={(mode) => chooseLegendMode((mode ?? 'auto') as LegendMode)}
          allowDeselect={false}
          w={110}
        />
        {legendMode === 'custom' && (
          <TextInput
            ref={legendInput}
            label="Legend format"
            size="xs"
            placeholder="{{instance}}"
            value={textOf(query.legendFormat)}
            onChange={(e) => set({ legendFormat: e.currentTarget.value })}
            w={200}
          />
        )}
        <Select
          label="Format"
          size="xs"
          data={FORMATS}
          value={query.format === 'table' || query.format === 'heatmap' ? query.format : 'time_series'}
          onChange={(value) => set({ format: value ?? 'time_series' })}
          allowDeselect={false}
          w={130}
        />
        <Radio.Group label="Type" size="xs" value={queryTypeOf(query)} onChange={(value) => set(QUERY_TYPE_FIELDS[value as QueryType])}>
          <Group gap="xs" h={30} align="center">
            <Radio value="range" label="Range" size="xs" />
            <Radio value="instant" label="Instant" size="xs" />
            <Radio value="both" label="Both" size="xs" />
          </Group>
        </Radio.Group>
        <TextInput
          label="Min step"
          size="xs"
          placeholder="auto"
          value={textOf(query.interval)}
          onChange={(e) => set({ interval: e.currentTarget.value })}
          w={100}
        />
        <Switch
          label="Exemplars"
          size="xs"
          checked={query.exemplar === true}
          onChange={(e) => set({ exemplar: e.currentTarget.checked })}
          mb={6}
        />
      </Group>
    </Stack>
  );
}
