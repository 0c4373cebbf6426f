import { ActionIcon, Badge, Button, Combobox, Group, Paper, Stack, Text, Tooltip, useCombobox } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlayerPause, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { DataFrame } from '../../../../../contract/query';
import type { Panel } from '../../../../panels/layout';
import { moveItem, removeItem, replaceItem } from './targets';
import { TransformationForm } from './TransformationForm';
import { fieldNames, TRANSFORMATION_TYPES, transformationName, transformationsOf, type Transformation } from './transformationTypes';

/** The panel's transformations in the order they run: add, reorder, disable, remove, and their options. */
export function TransformationsTab({ panel, frames, onChange }: { panel: Panel; frames: DataFrame[]; onChange(next: Panel, coalesce?: string): void }) {
  const list = transformationsOf(panel);
  const fields = useMemo(() => fieldNames(panel, frames), [panel, frames]);
  const setList = (next: Transformation[], coalesce?: string) => onChange({ ...panel, transformations: next }, coalesce);

  const remove = (index: number) => {
    const removed = list[index]!;
    setList(removeItem(list, index));
    const id = `transformation-removed-${index}`;
    notifications.show({
      id,
      message: (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{transformationName(removed.id)} removed</Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              notifications.hide(id);
              onChange({ ...panel, transformations: [...list.slice(0, index), removed, ...list.slice(index)] });
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };

  return (
    <Stack gap="sm">
      {list.length === 0 && (
        <Text size="sm" c="dimmed">
          Transformations change the data before it is drawn: join queries, calculate fields, rename, filter, sort…
        </Text>
      )}
      {list.map((t, index) => {
        const name = `${index + 1}. ${transformationName(t.id)}`;
        const disabled = t.disabled === true;
        return (
          <Paper key={index} withBorder radius="sm" p="xs" component="section" aria-label={name}>
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6}>
                  <Text component="h3" size="sm" fw={600} m={0}>
                    {name}
                  </Text>
                  {disabled && (
                    <Badge size="sm" variant="light" color="gray">
                      Disabled
                    </Badge>
                  )}
                </Group>
                <Group gap={2} wrap="nowrap">
                  <Action label={`Move ${name} up`} onClick={() => setList(moveItem(list, index, -1))} disabled={index === 0}>
                    <IconArrowUp size={16} aria-hidden />
                  </Action>
                  <Action label={`Move ${name} down`} onClick={() => setList(moveItem(list, index, 1))} disabled={index === list.length - 1}>
                    <IconArrowDown size={16} aria-hidden />
                  </Action>
                  <Action
                    label={`Disable ${name}`}
                    pressed={disabled}
                    onClick={() => {
                      const next = { ...t };
                      if (disabled) delete next.disabled;
                      else next.disabled = true;
                      setList(replaceItem(list, index, next));
                    }}
                  >
                    <IconPlayerPause size={16} aria-hidden />
                  </Action>
                  <Action label={`Remove ${name}`} onClick={() => remove(index)}>
                    <IconTrash size={16} aria-hidden />
                  </Action>
                </Group>
              </Group>
              <TransformationForm
                id={t.id}
                options={typeof t.options === 'object' && t.options !== null ? t.options : {}}
                fields={fields}
                onChange={(options, field) => setList(replaceItem(list, index, { ...t, options }), field ? `transformation-${index}-${field}` : undefined)}
              />
            </Stack>
          </Paper>
        );
      })}
      <AddTransformation onAdd={(id, options) => setList([...list, { id, options }])} />
    </Stack>
  );
}

function Action({ label, onClick, disabled, pressed, children }: { label: string; onClick(): void; disabled?: boolean; pressed?: boolean; children: ReactNode }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} aria-pressed={pressed} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** A searchable list of the transformations, with Grafana's names and descriptions. */
function AddTransformation({ onAdd }: { onAdd(id: string, options: Record<string, unknown>): void }) {
  const combobox = useCombobox({ onDropdownClose: () => setSearch('') });
  const [search, setSearch] = useState('');
  const shown = TRANSFORMATION_TYPES.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(search.trim().toLowerCase()));
  return (
    <Combobox
      store={combobox}
      width={420}
      position="bottom-start"
      onOptionSubmit={(id) => {
        const type = TRANSFORMATION_TYPES.find((t) => t.id === id);
        if (type) onAdd(type.id, type.defaults());
        combobox.closeDropdown();
      }}
    >
      <Combobox.Target>
        <Button variant="default" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => combobox.toggleDropdown()}>
          Add transformation
        </Button>
      </Combobox.Target>
      <Combobox.Dropdown>
        <Text id="add-transformation-search" size="xs" fw={500} px="xs" pt={4}>
          Search transformations
        </Text>
        <Combobox.Search aria-labelledby="add-transformation-search" value={search} onChange={(e) => setSearch(e.currentTarget.value)} placeholder="Join, reduce, rename…" />
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} aria-label="Transformations">
          {shown.map((t) => (
            <Combobox.Option value={t.id} key={t.id} aria-label={t.name}>
              <Text size="sm" fw={500}>
                {t.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t.description}
              </Text>
            </Combobox.Option>
          ))}
          {shown.length === 0 && <Combobox.Empty>No transformation matches</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
