import {
  Autocomplete,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { REDUCER_NAMES } from '../../../../panels/reducers';

type Options = Record<string, unknown>;
const REDUCERS = Object.entries(REDUCER_NAMES).map(([value, label]) => ({ value, label }));
const OPERATORS = ['+', '-', '*', '/', '%', '^'];
const obj = (v: unknown): Options => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Options) : {});
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

export interface TransformationFormProps {
  id: string;
  options: Options;
  /** The names of the fields in the panel's data, for the pickers. */
  fields: string[];
  /** `field` names what changed, so typing is one undo step. */
  onChange(options: Options, field?: string): void;
}

/** The options of one transformation, in Grafana's JSON shape. */
export function TransformationForm(props: TransformationFormProps) {
  const { id, options, fields, onChange } = props;
  const set = (patch: Options, field?: string) => onChange({ ...options, ...patch }, field);
  switch (id) {
    case 'calculateField':
      return <CalculateFieldForm {...props} />;
    case 'organize':
      return <OrganizeForm {...props} />;
    case 'filterFieldsByName': {
      const include = obj(options.include);
      return (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <MultiSelect
            label="Fields to keep"
            size="xs"
            data={[...new Set([...fields, ...strings(include.names)])]}
            value={strings(include.names)}
            onChange={(names) => set({ include: { ...include, names } })}
            searchable
            w={320}
          />
          <TextInput
            label="Or a regex"
            size="xs"
            value={str(include.pattern)}
            onChange={(e) => set({ include: { ...include, pattern: e.currentTarget.value } }, 'pattern')}
            w={220}
          />
        </Group>
      );
    }
    case 'renameByRegex':
      return (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Match"
            size="xs"
            value={str(options.regex)}
            onChange={(e) => set({ regex: e.currentTarget.value }, 'regex')}
            w={240}
          />
          <TextInput
            label="Replace"
            size="xs"
            value={str(options.renamePattern)}
            onChange={(e) => set({ renamePattern: e.currentTarget.value }, 'renamePattern')}
            w={240}
          />
        </Group>
      );
    case 'joinByField':
    case 'seriesToColumns':
      return (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Field (time when none)"
            size="xs"
            data={fields}
            value={str(options.byField) || null}
            clearable
            searchable
            onChange={(byField) => set({ byField: byField ?? undefined })}
            w={260}
          />
          {id === 'joinByField' && (
            <Select
              label="Mode"
              size="xs"
              allowDeselect={false}
              data={[{ value: 'outer', label: 'OUTER (time series)' }]}
              value="outer"
              onChange={() => set({ mode: 'outer' })}
              w={200}
            />
          )}
        </Group>
      );
    case 'reduce':
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
          <Group gap="sm" align="flex-end" wrap="wrap">
            <MultiSelect
              label="Calculations"
              size="xs"
              data={REDUCERS}
              value={strings(options.reducers)}
              onChange={(reducers) => set({ reducers })}
              searchable
              w={320}
            />
            <Switch
              label="Include time"
              size="xs"
              checked={options.includeTimeField === true}
              onChange={(e) => set({ includeTimeField: e.currentTarget.checked })}
              mb={6}
            />
          </Group>
        </Stack>
      );
    case 'labelsToFields':
      return (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Mode"
            size="xs"
            allowDeselect={false}
            data={[
              { value: 'columns', label: 'Columns' },
              { value: 'rows', label: 'Rows' },
            ]}
            value={options.mode === 'rows' ? 'rows' : 'columns'}
            onChange={(mode) => set({ mode: mode === 'rows' ? 'rows' : undefined })}
            w={140}
          />
          <TextInput
            label="Value field name (a label)"
            size="xs"
            value={str(options.valueLabel)}
            onChange={(e) => set({ valueLabel: e.currentTarget.value || undefined }, 'valueLabel')}
            w={220}
          />
        </Group>
      );
    case 'sortBy': {
      const rule = obj(Array.isArray(options.sort) ? options.sort[0] : undefined);
      return (
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Select
            label="Field"
            size="xs"
            data={[...new Set([...fields, ...(str(rule.field) ? [str(rule.field)] : [])])]}
            value={str(rule.field) || null}
            searchable
            onChange={(field) => set({ sort: [{ ...rule, field: field ?? undefined }] })}
            w={260}
          />
          <Switch
            label="Reverse"
            size="xs"
            checked={rule.desc === true}
            onChange={(e) => set({ sort: [{ ...rule, desc: e.currentTarget.checked }] })}
            mb={6}
          />
        </Group>
      );
    }
    case 'limit':
      return (
        <NumberInput
          label="Limit"
          size="xs"
          min={0}
          value={typeof options.limitField === 'number' ? options.limitField : ''}
          onChange={(value) => set({ limitField: typeof value === 'number' ? value : undefined }, 'limitField')}
          w={140}
        />
      );
    case 'filterByRefId':
      return (
        <TextInput
          label="Queries to keep (refIds, a|b, or a regex)"
          size="xs"
          value={str(options.include)}
          onChange={(e) => set({ include: e.currentTarget.value }, 'include')}
          w={320}
        />
      );
    case 'merge':
      return (
        <Text size="sm" c="dimmed">
          Merges every table into one; it has no options.
        </Text>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          Sightline does not apply this transformation: its data passes through unchanged. Edit its options in the panel JSON.
        </Text>
      );
  }
}

function CalculateFieldForm({ options, fields, onChange }: TransformationFormProps) {
  const set = (patch: Options, field?: string) => onChange({ ...options, ...patch }, field);
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
        <Group gap="sm" align="flex-end" wrap="wrap">
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
        </Group>
      )}
      {mode === 'binary' && (
        <Group gap="sm" align="flex-end" wrap="wrap">
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
        </Group>
      )}
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Alias"
          size="xs"
          value={str(options.alias)}
          onChange={(e) => set({ alias: e.currentTarget.value || undefined }, 'alias')}
          w={220}
        />
        <Switch
          label="Replace all fields"
          size="xs"
          checked={options.replaceFields === true}
          onChange={(e) => set({ replaceFields: e.currentTarget.checked })}
          mb={6}
        />
      </Group>
    </Stack>
  );
}

/** Show or hide each field and rename it (ordering stays as the data has it). */
function OrganizeForm({ options, fields, onChange }: TransformationFormProps) {
  const set = (patch: Options, field?: string) => onChange({ ...options, ...patch }, field);
  const exclude = obj(options.excludeByName);
  const rename = obj(options.renameByName);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Fields show here once the queries answer.
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Show</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Rename to</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((name) => (
          <Table.Tr key={name}>
            <Table.Td>
              <Checkbox
                aria-label={`Show ${name}`}
                checked={exclude[name] !== true}
                onChange={(e) => {
                  const next = { ...exclude };
                  if (e.currentTarget.checked) delete next[name];
                  else next[name] = true;
                  set({ excludeByName: next });
                }}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{name}</Text>
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`Rename ${name}`}
                size="xs"
                value={str(rename[name])}
                onChange={(e) => {
                  const next = { ...rename };
                  if (e.currentTarget.value) next[name] = e.currentTarget.value;
                  else delete next[name];
                  set({ renameByName: next }, `rename-${name}`);
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
