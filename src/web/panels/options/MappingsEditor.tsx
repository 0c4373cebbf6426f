import { ActionIcon, Fieldset, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { MappingResult, ValueMapping } from '../fieldDisplay';
import { normaliseMappings } from '../fieldDisplay';
import { ColorPicker } from './ColorPicker';

const TYPES = [
  { value: 'value', label: 'Value' },
  { value: 'range', label: 'Range' },
  { value: 'regex', label: 'Regex' },
  { value: 'special', label: 'Special' },
];
const SPECIAL = [
  { value: 'null', label: 'Null' },
  { value: 'nan', label: 'NaN' },
  { value: 'null+nan', label: 'Null + NaN' },
  { value: 'true', label: 'True' },
  { value: 'false', label: 'False' },
  { value: 'empty', label: 'Empty' },
];

function resultOf(mapping: ValueMapping): MappingResult {
  if (mapping.type === 'value') return Object.values(mapping.options)[0] ?? {};
  return mapping.options.result ?? {};
}

function withResult(mapping: ValueMapping, result: MappingResult): ValueMapping {
  if (mapping.type === 'value') {
    const key = Object.keys(mapping.options)[0] ?? '';
    return { type: 'value', options: { [key]: result } };
  }
  return { ...mapping, options: { ...mapping.options, result } } as ValueMapping;
}

function fresh(type: string): ValueMapping {
  switch (type) {
    case 'range':
      return { type: 'range', options: { from: null, to: null, result: {} } };
    case 'regex':
      return { type: 'regex', options: { pattern: '', result: {} } };
    case 'special':
      return { type: 'special', options: { match: 'null', result: {} } };
    default:
      return { type: 'value', options: { '': {} } };
  }
}

/** What a mapping matches: the value, the range, the pattern or the special value. */
function MatchInputs(props: { mapping: ValueMapping; onChange(next: ValueMapping, typing?: boolean): void }) {
  const { mapping } = props;
  const size = 'xs' as const;
  switch (mapping.type) {
    case 'value': {
      const [key = '', result = {}] = Object.entries(mapping.options)[0] ?? [];
      return (
        <TextInput
          size={size}
          label="Value"
          value={key}
          onChange={(e) => props.onChange({ type: 'value', options: { [e.currentTarget.value]: result } }, true)}
        />
      );
    }
    case 'range': {
      const set = (key: 'from' | 'to', v: string | number) =>
        props.onChange({ ...mapping, options: { ...mapping.options, [key]: typeof v === 'number' ? v : null } }, true);
      return (
        <Group grow gap="xs">
          <NumberInput size={size} label="From" value={mapping.options.from ?? ''} onChange={(v) => set('from', v)} />
          <NumberInput size={size} label="To" value={mapping.options.to ?? ''} onChange={(v) => set('to', v)} />
        </Group>
      );
    }
    case 'regex':
      return (
        <TextInput
          size={size}
          label="Pattern"
          value={mapping.options.pattern}
          onChange={(e) => props.onChange({ ...mapping, options: { ...mapping.options, pattern: e.currentTarget.value } }, true)}
        />
      );
    case 'special':
      return (
        <Select
          size={size}
          label="Match"
          data={SPECIAL}
          value={mapping.options.match}
          allowDeselect={false}
          onChange={(match) => match && props.onChange({ ...mapping, options: { ...mapping.options, match } })}
          comboboxProps={{ withinPortal: true }}
        />
      );
  }
}

/**
 * Grafana's value mappings: each maps a value, a range, a regex or a special value to a display
 * text and a colour. Stored one mapping per row, `result.index` in row order, as Grafana saves them.
 */
export function MappingsEditor(props: { value: unknown; onChange(value: unknown, typing?: boolean): void }) {
  const mappings = normaliseMappings(props.value);
  const [adding, setAdding] = useState<string | null>(null);
  const write = (next: ValueMapping[], typing = false) =>
    props.onChange(
      next.map((m, index) => withResult(m, { ...resultOf(m), index })),
      typing,
    );
  const replace = (i: number, next: ValueMapping, typing?: boolean) =>
    write(
      mappings.map((m, j) => (j === i ? next : m)),
      typing,
    );
  return (
    <Stack gap="xs">
      {mappings.map((mapping, i) => {
        const result = resultOf(mapping);
        const title = `Mapping ${i + 1}: ${TYPES.find((t) => t.value === mapping.type)?.label ?? mapping.type}`;
        return (
          <Fieldset key={i} legend={title} p="xs">
            <Stack gap={6}>
              <MatchInputs mapping={mapping} onChange={(next, typing) => replace(i, next, typing)} />
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <TextInput
                  size="xs"
                  label="Display text"
                  value={result.text ?? ''}
                  onChange={(e) => replace(i, withResult(mapping, { ...result, text: e.currentTarget.value || undefined }), true)}
                  style={{ flex: 1 }}
                />
                <ColorPicker
                  label="Color"
                  value={result.color}
                  onChange={(color) => replace(i, withResult(mapping, { ...result, color }))}
                />
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove mapping ${i + 1}`}
                  onClick={() => write(mappings.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Stack>
          </Fieldset>
        );
      })}
      <Select
        size="xs"
        label="Add value mapping"
        placeholder="Choose a kind"
        data={TYPES}
        value={adding}
        onChange={(type) => {
          if (!type) return;
          write([...mappings, fresh(type)]);
          setAdding(null);
        }}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
