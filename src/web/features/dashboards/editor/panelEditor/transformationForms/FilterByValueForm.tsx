import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { TooltipIconButton } from '../../../../../components/TooltipIconButton';
import { OptionRow, OptionText } from './OptionControls';
import { OptionSelect } from './OptionPickers';
import { obj, str, type Options, type OptionsFormProps } from './optionValues';

/** Grafana's value matchers, by their names in its editor. */
const MATCHERS = [
  { value: 'isNull', label: 'Is null' },
  { value: 'isNotNull', label: 'Is not null' },
  { value: 'greater', label: 'Is greater' },
  { value: 'greaterOrEqual', label: 'Is greater or equal' },
  { value: 'lower', label: 'Is lower' },
  { value: 'lowerOrEqual', label: 'Is lower or equal' },
  { value: 'equal', label: 'Is equal' },
  { value: 'notEqual', label: 'Is not equal' },
  { value: 'between', label: 'Is between' },
  { value: 'regex', label: 'Regex' },
];
const NUMERIC = new Set(['greater', 'greaterOrEqual', 'lower', 'lowerOrEqual', 'between']);

/** The options a matcher starts with, as Grafana's `getDefaultOptions`. */
function defaultOptions(id: string): Options {
  if (id === 'isNull' || id === 'isNotNull') return {};
  if (id === 'between') return { from: 0, to: 100 };
  return { value: NUMERIC.has(id) ? 0 : '' };
}

/** A typed value as Grafana stores it: a number where the text is one (a regex stays text). */
function typed(text: string, id: string): unknown {
  if (id === 'regex') return text;
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : text;
}

const shown = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** Filter data by values: include or exclude the rows where any or all of the conditions hold. */
export function FilterByValueForm({ options, fields, set }: OptionsFormProps) {
  const filters = Array.isArray(options.filters) ? options.filters.map(obj) : [];
  const setFilter = (index: number, filter: Options, field?: string) =>
    set({ filters: filters.map((f, i) => (i === index ? filter : f)) }, field && `filter-${index}-${field}`);
  const add = () => {
    // Grafana's first condition: the first field that is not the time, "Is null".
    const fieldName = fields.find((n) => n.toLowerCase() !== 'time') ?? fields[0] ?? '';
    set({ filters: [...filters, { fieldName, config: { id: 'isNull', options: {} } }] });
  };
  return (
    <Stack gap="xs">
      <OptionRow>
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Filter type
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Filter type"
            data={[
              { value: 'include', label: 'Include' },
              { value: 'exclude', label: 'Exclude' },
            ]}
            value={options.type === 'exclude' ? 'exclude' : 'include'}
            onChange={(type) => set({ type })}
          />
        </Stack>
        <Stack gap={2}>
          <Text size="xs" fw={500}>
            Conditions
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Conditions"
            data={[
              { value: 'all', label: 'Match all' },
              { value: 'any', label: 'Match any' },
            ]}
            value={options.match === 'all' ? 'all' : 'any'}
            onChange={(match) => set({ match })}
          />
        </Stack>
      </OptionRow>
      {filters.map((filter, index) => {
        const config = obj(filter.config);
        const id = str(config.id) || 'isNull';
        const matcherOptions = obj(config.options);
        const name = `Condition ${index + 1}`;
        const setOptions = (patch: Options, field: string) =>
          setFilter(index, { ...filter, config: { ...config, id, options: { ...matcherOptions, ...patch } } }, field);
        return (
          <Group key={index} role="group" aria-label={name} gap="sm" align="flex-end" wrap="wrap">
            <OptionSelect
              label="Field"
              data={[...new Set([...fields, ...(str(filter.fieldName) ? [str(filter.fieldName)] : [])])]}
              value={str(filter.fieldName)}
              searchable
              onChange={(fieldName) => setFilter(index, { ...filter, fieldName })}
              w={200}
            />
            <OptionSelect
              label="Match"
              data={MATCHERS}
              value={id}
              onChange={(next) => setFilter(index, { ...filter, config: { id: next, options: defaultOptions(next ?? 'isNull') } })}
              w={180}
            />
            {id === 'between' && (
              <>
                <OptionText
                  label="From"
                  value={shown(matcherOptions.from)}
                  onChange={(t) => setOptions({ from: typed(t, id) }, 'from')}
                  w={100}
                />
                <OptionText label="To" value={shown(matcherOptions.to)} onChange={(t) => setOptions({ to: typed(t, id) }, 'to')} w={100} />
              </>
            )}
            {id !== 'between' && id !== 'isNull' && id !== 'isNotNull' && (
              <OptionText
                label="Value"
                value={shown(matcherOptions.value)}
                onChange={(t) => setOptions({ value: typed(t, id) }, 'value')}
                w={160}
              />
            )}
            <TooltipIconButton
              label={`Remove ${name.toLowerCase()}`}
              onClick={() => set({ filters: filters.filter((_, i) => i !== index) })}
            >
              <IconTrash size={16} aria-hidden />
            </TooltipIconButton>
          </Group>
        );
      })}
      <Button size="xs" variant="default" w="fit-content" leftSection={<IconPlus size={14} aria-hidden />} onClick={add}>
        Add condition
      </Button>
    </Stack>
  );
}
