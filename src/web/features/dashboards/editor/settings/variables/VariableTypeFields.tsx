import { Checkbox, NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { dataSourceTypeAliases, dataSourceTypes } from '../../../../../../contract/datasources';
import { resolveDataSource, useDataSourceList } from '../../../../../api/dataSources';
import { errorMessage } from '../../../../../api/errors';
import type { Json } from '../listEdits';
import { DEFAULT_INTERVALS, definitionOf, QUERY_VARIABLE_TYPES, queryFields } from './variableModels';

const SORT_OPTIONS = [
  { value: '0', label: 'Disabled (as the data source answers)' },
  { value: '1', label: 'Alphabetical (asc)' },
  { value: '2', label: 'Alphabetical (desc)' },
  { value: '3', label: 'Numerical (asc)' },
  { value: '4', label: 'Numerical (desc)' },
  { value: '5', label: 'Alphabetical, case-insensitive (asc)' },
  { value: '6', label: 'Alphabetical, case-insensitive (desc)' },
  { value: '7', label: 'Natural (asc)' },
  { value: '8', label: 'Natural (desc)' },
];

const REFRESH_OPTIONS = [
  { value: '1', label: 'On dashboard load' },
  { value: '2', label: 'On time range change' },
];

const canonical = (type: string) => dataSourceTypeAliases[type] ?? type;

const QUERY_HELP: Record<string, string> = {
  prometheus: 'label_values(metric, label), label_values(label), label_names(), metrics(regex), query_result(query), or a series selector',
  loki: 'label_names() or label_values([selector,] label)',
  sql: 'A query whose first column (or __text/__value columns) gives the values',
};

/** The fields of one variable type, as Grafana's editor of that type has them. */
export function VariableTypeFields({
  variable,
  type,
  readOnly,
  onChange,
}: {
  variable: Json;
  type: string;
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
}) {
  const set = (field: string, value: unknown) => onChange({ ...variable, [field]: value }, field);
  const text = definitionOf(variable);
  const heading = (
    <Title order={3} size="h4">
      {type === 'query'
        ? 'Query options'
        : type === 'datasource'
          ? 'Data source options'
          : `${type[0]!.toUpperCase()}${type.slice(1)} options`}
    </Title>
  );
  switch (type) {
    case 'query':
      return (
        <Stack gap="sm">
          {heading}
          <QueryFields variable={variable} readOnly={readOnly} onChange={onChange} />
        </Stack>
      );
    case 'custom':
      return (
        <Stack gap="sm">
          {heading}
          <Textarea
            label="Values separated by comma"
            description="e.g. 1, 10, mykey : myvalue, escaped\, comma"
            autosize
            minRows={2}
            value={text}
            readOnly={readOnly}
            onChange={(event) => onChange({ ...variable, query: event.currentTarget.value }, 'query')}
          />
        </Stack>
      );
    case 'textbox':
      return (
        <Stack gap="sm">
          {heading}
          <TextInput label="Default value" value={text} readOnly={readOnly} onChange={(event) => set('query', event.currentTarget.value)} />
        </Stack>
      );
    case 'constant':
      return (
        <Stack gap="sm">
          {heading}
          <TextInput label="Value" value={text} readOnly={readOnly} onChange={(event) => set('query', event.currentTarget.value)} />
        </Stack>
      );
    case 'datasource':
      return (
        <Stack gap="sm">
          {heading}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Type"
              data={Object.entries(dataSourceTypes).map(([value, label]) => ({ value, label }))}
              value={canonical(text) || null}
              onChange={(next) => set('query', next ?? '')}
              allowDeselect={false}
              searchable
              readOnly={readOnly}
            />
            <TextInput
              label="Instance name filter"
              description="A regex, e.g. /^prod/ (empty: every one)"
              value={typeof variable.regex === 'string' ? variable.regex : ''}
              readOnly={readOnly}
              onChange={(event) => set('regex', event.currentTarget.value)}
            />
          </SimpleGrid>
        </Stack>
      );
    case 'interval':
      return (
        <Stack gap="sm">
          {heading}
          <TextInput
            label="Values"
            description="Intervals separated by comma"
            value={text}
            placeholder={DEFAULT_INTERVALS}
            readOnly={readOnly}
            onChange={(event) => set('query', event.currentTarget.value)}
          />
          <Checkbox
            label="Auto option: an interval that splits the time range into steps"
            checked={variable.auto === true}
            disabled={readOnly}
            onChange={(event) => set('auto', event.currentTarget.checked)}
          />
          {variable.auto === true && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Step count"
                description="How many steps the range is split into"
                min={1}
                value={typeof variable.auto_count === 'number' ? variable.auto_count : 30}
                readOnly={readOnly}
                onChange={(value) => typeof value === 'number' && set('auto_count', value)}
              />
              <TextInput
                label="Min interval"
                description="The auto interval is never shorter, e.g. 10s"
                value={typeof variable.auto_min === 'string' ? variable.auto_min : '10s'}
                readOnly={readOnly}
                onChange={(event) => set('auto_min', event.currentTarget.value)}
              />
            </SimpleGrid>
          )}
        </Stack>
      );
    default:
      return null;
  }
}

function QueryFields({
  variable,
  readOnly,
  onChange,
}: {
  variable: Json;
  readOnly: boolean;
  onChange: (next: Json, field: string) => void;
}) {
  const dataSources = useDataSourceList();
  const list = (dataSources.data ?? []).filter((ds) => QUERY_VARIABLE_TYPES.has(canonical(ds.type)));
  const selected = resolveDataSource(variable.datasource, list);
  const type = selected ? canonical(selected.type) : undefined;
  const text = definitionOf(variable);
  const set = (field: string, value: unknown) => onChange({ ...variable, [field]: value }, field);
  const help = type ? (QUERY_HELP[type] ?? QUERY_HELP.sql) : 'Pick a data source first';
  return (
    <>
      <Select
        label="Data source"
        data={list.map((ds) => ({ value: ds.uid, label: `${ds.name}${ds.isDefault ? ' (default)' : ''}` }))}
        // No reference means the org's default: shown as such, so picking it writes it out as Grafana does.
        value={
          variable.datasource === null || variable.datasource === undefined || variable.datasource === '' ? null : (selected?.uid ?? null)
        }
        placeholder={selected ? `Default (${selected.name})` : 'Pick a data source'}
        onChange={(uid) => {
          const ds = list.find((d) => d.uid === uid);
          if (ds)
            onChange({ ...variable, datasource: { type: ds.type, uid: ds.uid }, ...queryFields(canonical(ds.type), text) }, 'datasource');
        }}
        searchable
        allowDeselect={false}
        nothingFoundMessage="No Prometheus, Loki, PostgreSQL or MySQL data source"
        error={dataSources.error ? errorMessage(dataSources.error) : undefined}
        readOnly={readOnly}
      />
      <Textarea
        label="Query"
        description={help}
        autosize
        minRows={2}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        value={text}
        readOnly={readOnly}
        onChange={(event) => onChange({ ...variable, ...queryFields(type, event.currentTarget.value) }, 'query')}
      />
      <TextInput
        label="Regex"
        description={'Keeps the values it matches; a capture group picks the part shown, e.g. /.*instance="([^"]*).*/'}
        value={typeof variable.regex === 'string' ? variable.regex : ''}
        readOnly={readOnly}
        onChange={(event) => set('regex', event.currentTarget.value)}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Sort"
          data={SORT_OPTIONS}
          value={String(variable.sort ?? 0)}
          onChange={(next) => set('sort', Number(next ?? 0))}
          allowDeselect={false}
          readOnly={readOnly}
        />
        <Select
          label="Refresh"
          description="When the values are asked again"
          data={REFRESH_OPTIONS}
          value={variable.refresh === 2 ? '2' : '1'}
          onChange={(next) => set('refresh', Number(next ?? 1))}
          allowDeselect={false}
          readOnly={readOnly}
        />
      </SimpleGrid>
    </>
  );
}
