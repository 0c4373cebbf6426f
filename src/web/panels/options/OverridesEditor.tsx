import { ActionIcon, Fieldset, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FieldOverride } from '../fieldDisplay';
import { OptionEditor } from './OptionEditor';
import { itemValue, setPath, storedValue } from './paths';
import type { OptionItem } from './types';

/** Grafana's field matchers an override can use, with the options a new one starts with. */
export const MATCHERS = [
  { id: 'byName', label: 'Fields with name', initial: '' },
  { id: 'byRegexp', label: 'Fields with name matching regex', initial: '' },
  { id: 'byType', label: 'Fields with type', initial: 'number' },
  { id: 'byFrameRefID', label: 'Fields returned by query', initial: '' },
] as const;

const FIELD_TYPES = ['number', 'string', 'time', 'boolean', 'other'].map((t) => ({
  value: t,
  label: t.charAt(0).toUpperCase() + t.slice(1),
}));

export interface OverridesEditorProps {
  overrides: FieldOverride[];
  /** Every field option of the visualization, override-only ones included. */
  items: OptionItem[];
  fieldNames: string[];
  refIds: string[];
  onChange(overrides: FieldOverride[], typing?: boolean): void;
}

/** One item per property id: several items editing one object (`custom.stacking`) are one property. */
function properties(items: OptionItem[]): Array<{ id: string; name: string; category: string }> {
  const seen = new Map<string, { id: string; name: string; category: string }>();
  for (const item of items)
    if (!seen.has(item.path)) seen.set(item.path, { id: item.path, name: item.propertyName ?? item.name, category: item.category });
  return [...seen.values()];
}

const withCurrent = (options: Array<{ value: string; label: string }>, current: string) =>
  current && !options.some((o) => o.value === current) ? [...options, { value: current, label: current }] : options;

function MatcherEditor(props: {
  override: FieldOverride;
  fieldNames: string[];
  refIds: string[];
  onChange(options: string, typing?: boolean): void;
}) {
  const id = props.override.matcher?.id ?? 'byName';
  const label = MATCHERS.find((m) => m.id === id)?.label ?? id;
  const value = typeof props.override.matcher?.options === 'string' ? props.override.matcher.options : '';
  const common = { size: 'xs' as const, label, comboboxProps: { withinPortal: true } };
  switch (id) {
    case 'byName':
      return (
        <Select
          {...common}
          searchable
          data={withCurrent(
            props.fieldNames.map((n) => ({ value: n, label: n })),
            value,
          )}
          value={value || null}
          onChange={(v) => props.onChange(v ?? '')}
        />
      );
    case 'byType':
      return (
        <Select
          {...common}
          data={FIELD_TYPES}
          value={value || null}
          allowDeselect={false}
          onChange={(v) => props.onChange(v ?? 'number')}
        />
      );
    case 'byFrameRefID':
      return (
        <Select
          {...common}
          data={withCurrent(
            props.refIds.map((r) => ({ value: r, label: r })),
            value,
          )}
          value={value || null}
          onChange={(v) => props.onChange(v ?? '')}
        />
      );
    default:
      return (
        <TextInput size="xs" label={label} value={value} placeholder="/.*/" onChange={(e) => props.onChange(e.currentTarget.value, true)} />
      );
  }
}

/** Grafana's overrides: which fields (a matcher), then any field property set for them alone. */
export function OverridesEditor(props: OverridesEditorProps) {
  const { overrides, items } = props;
  const all = properties(items);
  const replace = (i: number, next: FieldOverride, typing?: boolean) =>
    props.onChange(
      overrides.map((o, j) => (j === i ? next : o)),
      typing,
    );
  return (
    <Stack gap="sm">
      {overrides.map((override, i) => {
        const list = override.properties ?? [];
        const setProperty = (p: number, value: unknown, typing?: boolean) =>
          replace(i, { ...override, properties: list.map((prop, q) => (q === p ? { id: prop.id, value } : prop)) }, typing);
        return (
          <Fieldset key={i} legend={`Override ${i + 1}`} p="xs">
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="nowrap">
                <div style={{ flex: 1 }}>
                  <MatcherEditor
                    override={override}
                    fieldNames={props.fieldNames}
                    refIds={props.refIds}
                    onChange={(options, typing) =>
                      replace(i, { ...override, matcher: { id: override.matcher?.id ?? 'byName', options } }, typing)
                    }
                  />
                </div>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Remove override ${i + 1}`}
                  onClick={() => props.onChange(overrides.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              {list.map((property, p) => {
                const id = property.id ?? '';
                const editors = items.filter((item) => item.path === id);
                const container = setPath({}, id || 'unknown', property.value);
                const name = all.find((x) => x.id === id)?.name ?? id;
                return (
                  <Group key={`${p}-${id}`} gap="xs" align="flex-start" wrap="nowrap">
                    <Stack gap={6} style={{ flex: 1 }}>
                      {editors.length ? (
                        editors.map((item) => (
                          <OptionEditor
                            key={`${item.path}-${item.settings?.key ?? ''}`}
                            item={item}
                            value={itemValue(item, container)}
                            fieldNames={props.fieldNames}
                            onChange={(value, typing) => setProperty(p, storedValue(item, container, value), typing)}
                          />
                        ))
                      ) : (
                        <Text size="sm">
                          {id}: {JSON.stringify(property.value)}
                        </Text>
                      )}
                    </Stack>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      mt={20}
                      aria-label={`Remove property ${name} of override ${i + 1}`}
                      onClick={() => replace(i, { ...override, properties: list.filter((_, q) => q !== p) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                );
              })}
              <Select
                size="xs"
                label="Add override property"
                placeholder="Choose a property"
                searchable
                data={groupByCategory(all)}
                value={null}
                onChange={(id) => id && replace(i, { ...override, properties: [...list, { id }] })}
                comboboxProps={{ withinPortal: true }}
              />
            </Stack>
          </Fieldset>
        );
      })}
      <Select
        size="xs"
        label="Add field override"
        placeholder="Choose which fields"
        data={MATCHERS.map((m) => ({ value: m.id, label: m.label }))}
        value={null}
        onChange={(id) => {
          const matcher = MATCHERS.find((m) => m.id === id);
          if (matcher) props.onChange([...overrides, { matcher: { id: matcher.id, options: matcher.initial }, properties: [] }]);
        }}
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}

function groupByCategory(list: Array<{ id: string; name: string; category: string }>) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const p of list) groups.set(p.category, [...(groups.get(p.category) ?? []), { value: p.id, label: `${p.category} > ${p.name}` }]);
  return [...groups].map(([group, items]) => ({ group, items }));
}
