import { Group, Radio, Select, Switch } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { CodeQueryForm } from '../code/CodeQueryForm';
import type { TypeEditorProps } from '../editorProps';
import { TextOption } from '../QueryOptionInputs';
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
export default function PrometheusQueryEditor({ dataSource, ...props }: TypeEditorProps) {
  const { query, onChange } = props;
  const extensions = useMemo(() => promql([{ autocomplete: promqlCompletion(prometheusLookups(dataSource.uid)) }]), [dataSource.uid]);
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
    <CodeQueryForm
      {...props}
      field="expr"
      language="PromQL"
      extensions={extensions}
      problemsOf={promqlProblems}
      placeholder="Enter a PromQL query (Shift+Enter to run)"
      options={
        <>
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
            <TextOption
              ref={legendInput}
              label="Legend format"
              placeholder="{{instance}}"
              value={query.legendFormat}
              onChange={(legendFormat) => set({ legendFormat })}
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
          <TextOption label="Min step" placeholder="auto" value={query.interval} onChange={(interval) => set({ interval })} w={100} />
          <Switch
            label="Exemplars"
            size="xs"
            checked={query.exemplar === true}
            onChange={(e) => set({ exemplar: e.currentTarget.checked })}
            mb={6}
          />
        </>
      }
    />
  );
}
