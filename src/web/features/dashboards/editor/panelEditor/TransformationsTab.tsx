import { Badge, Button, CloseButton, Group, Paper, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPlayerPause, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { DataFrame } from '../../../../../contract/query';
import { TooltipIconButton } from '../../../../components/TooltipIconButton';
import type { Panel } from '../../../../panels/layout';
import classes from './PanelEditor.module.css';
import { moveItem, removeItem, replaceItem } from './targets';
import { TransformationForm } from './TransformationForm';
import {
  fieldNames,
  labelNames,
  TRANSFORMATION_TYPES,
  transformationName,
  transformationsOf,
  type Transformation,
} from './transformationTypes';

/** The panel's transformations in the order they run: add, reorder, disable, remove, and their options. */
export function TransformationsTab({
  panel,
  frames,
  onChange,
  latest,
}: {
  panel: Panel;
  frames: DataFrame[];
  onChange(next: Panel, coalesce?: string): void;
  /** The panel as it is now, for an Undo clicked after other edits. */
  latest(): Panel;
}) {
  const list = transformationsOf(panel);
  const fields = useMemo(() => fieldNames(panel, frames), [panel, frames]);
  const labels = useMemo(() => labelNames(frames), [frames]);
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
              const now = latest();
              const current = transformationsOf(now);
              onChange({ ...now, transformations: [...current.slice(0, index), removed, ...current.slice(index)] });
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
                  <TooltipIconButton label={`Move ${name} up`} onClick={() => setList(moveItem(list, index, -1))} disabled={index === 0}>
                    <IconArrowUp size={16} aria-hidden />
                  </TooltipIconButton>
                  <TooltipIconButton
                    label={`Move ${name} down`}
                    onClick={() => setList(moveItem(list, index, 1))}
                    disabled={index === list.length - 1}
                  >
                    <IconArrowDown size={16} aria-hidden />
                  </TooltipIconButton>
                  <TooltipIconButton
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
                  </TooltipIconButton>
                  <TooltipIconButton label={`Remove ${name}`} onClick={() => remove(index)}>
                    <IconTrash size={16} aria-hidden />
                  </TooltipIconButton>
                </Group>
              </Group>
              <TransformationForm
                id={t.id}
                options={typeof t.options === 'object' && t.options !== null ? t.options : {}}
                fields={fields}
                labels={labels}
                onChange={(options, field) =>
                  setList(replaceItem(list, index, { ...t, options }), field ? `transformation-${index}-${field}` : undefined)
                }
              />
            </Stack>
          </Paper>
        );
      })}
      <AddTransformation onAdd={(id, options) => setList([...list, { id, options }])} />
    </Stack>
  );
}

/** Grafana's inline picker: a searchable list of the transformations with their names and descriptions. */
function AddTransformation({ onAdd }: { onAdd(id: string, options: Record<string, unknown>): void }) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const shown = TRANSFORMATION_TYPES.filter((t) => `${t.name} ${t.description}`.toLowerCase().includes(search.trim().toLowerCase()));
  const close = () => {
    setOpened(false);
    setSearch('');
  };
  if (!opened)
    return (
      <Button variant="default" w="fit-content" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setOpened(true)}>
        Add transformation
      </Button>
    );
  return (
    <Paper withBorder radius="sm" p="xs">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="nowrap">
          <TextInput
            label="Search transformations"
            size="xs"
            value={search}
            autoFocus
            onChange={(e) => setSearch(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                close();
              }
            }}
            style={{ flex: 1 }}
          />
          <CloseButton aria-label="Close the list of transformations" onClick={close} />
        </Group>
        <SimpleGrid
          cols={{ base: 1, sm: 2 }}
          spacing={6}
          component="ul"
          aria-label="Transformations"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {shown.map((t) => (
            <li key={t.id}>
              <UnstyledButton
                w="100%"
                h="100%"
                p={6}
                className={classes.choice}
                aria-label={t.name}
                onClick={() => {
                  onAdd(t.id, t.defaults());
                  close();
                }}
              >
                <Text size="sm" fw={500}>
                  {t.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.description}
                </Text>
              </UnstyledButton>
            </li>
          ))}
          {shown.length === 0 && (
            <Text component="li" size="sm" c="dimmed">
              No transformation matches “{search}”.
            </Text>
          )}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
