import { ActionIcon, Button, Group, Menu, Modal, Select, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconDotsVertical,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { GridItem, Panel } from '../../../panels/layout';
import { findPanel, topLevelPanels } from './dashboardEdits';
import { rowPanelCount } from './rowEdits';
import type { DashboardEdits } from './useDashboardEdits';

type RowItem = GridItem & { kind: 'row' };

/**
 * A row's heading in edit mode: folding and unfolding change the dashboard (Grafana's toggleRow),
 * and its menu opens the row options, moves the row with its panels, or removes it.
 */
export function EditableRowHeading({
  item,
  title,
  editable,
  edits,
  variableNames,
  headingLevel,
}: {
  item: RowItem;
  title: string;
  editable: boolean;
  edits: DashboardEdits;
  variableNames: string[];
  headingLevel: 2 | 3;
}) {
  const [optionsOpen, setOptionsOpen] = useState(false);
  const rowId = typeof item.row.id === 'number' ? item.row.id : undefined;
  const rowIds = topLevelPanels(edits.model)
    .filter((p) => p.type === 'row')
    .map((p) => p.id);
  const position = rowId === undefined ? -1 : rowIds.indexOf(rowId);
  const toggle = () => (editable && rowId !== undefined ? edits.edit({ type: 'row/toggle', rowId }) : undefined);
  const count = rowId === undefined ? 0 : rowPanelCount(topLevelPanels(edits.model), rowId);

  const confirmRemove = () => {
    if (rowId === undefined) return;
    const remove = (withPanels: boolean) => {
      edits.edit({ type: 'row/remove', rowId, withPanels });
      modals.closeAll();
    };
    modals.open({
      title: `Remove row ${title}?`,
      children: (
        <Stack gap="md">
          <Text size="sm">
            {count === 0
              ? 'The row has no panels.'
              : `The row holds ${count} panel${count === 1 ? '' : 's'}. Remove the row only to keep them on the dashboard, or remove them with it.`}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => modals.closeAll()}>
              Cancel
            </Button>
            {count > 0 && (
              <Button variant="default" onClick={() => remove(false)}>
                Remove row only
              </Button>
            )}
            <Button color="red" onClick={() => remove(true)}>
              {count > 0 ? 'Remove row and its panels' : 'Remove row'}
            </Button>
          </Group>
        </Stack>
      ),
    });
  };

  return (
    <Group h="100%" gap={4} wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Text
        component={headingLevel === 2 ? 'h2' : 'h3'}
        m={0}
        size="sm"
        fw={600}
        style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}
      >
        <UnstyledButton
          onClick={toggle}
          disabled={!editable}
          aria-expanded={!item.collapsed}
          style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0', fontWeight: 600, maxWidth: '100%' }}
        >
          {item.collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          <Text span inherit truncate>
            {title}
          </Text>
          {item.collapsed && (
            <Text span size="xs" c="dimmed" fw={400} aria-hidden style={{ whiteSpace: 'nowrap' }}>
              ({item.hidden} panel{item.hidden === 1 ? '' : 's'})
            </Text>
          )}
        </UnstyledButton>
      </Text>
      {editable && rowId !== undefined && (
        <Menu position="bottom-start" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label={`Menu for row ${title}`}>
              <IconDotsVertical size={16} aria-hidden />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconSettings size={14} aria-hidden />} onClick={() => setOptionsOpen(true)}>
              Row options
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowUp size={14} aria-hidden />}
              disabled={position <= 0}
              onClick={() => edits.edit({ type: 'row/move', rowId, direction: -1 })}
            >
              Move up
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={14} aria-hidden />}
              disabled={position < 0 || position >= rowIds.length - 1}
              onClick={() => edits.edit({ type: 'row/move', rowId, direction: 1 })}
            >
              Move down
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={14} aria-hidden />} onClick={confirmRemove}>
              Remove row
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      {optionsOpen && rowId !== undefined && (
        <RowOptionsModal
          row={findPanel(edits.model, rowId) ?? item.row}
          variableNames={variableNames}
          onClose={() => setOptionsOpen(false)}
          onUpdate={(row) => {
            edits.edit({ type: 'panel/update', panelId: rowId, panel: row });
            setOptionsOpen(false);
          }}
        />
      )}
    </Group>
  );
}

/** Grafana's row options: the title, and the variable the row repeats for. */
export function RowOptionsModal({
  row,
  variableNames,
  onClose,
  onUpdate,
}: {
  row: Panel;
  variableNames: string[];
  onClose(): void;
  onUpdate(row: Panel): void;
}) {
  const [title, setTitle] = useState(typeof row.title === 'string' ? row.title : '');
  const [repeat, setRepeat] = useState<string | null>(typeof row.repeat === 'string' && row.repeat ? row.repeat : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { repeat: _previous, ...rest } = row;
    onUpdate({ ...rest, title, ...(repeat ? { repeat } : {}) });
  };
  return (
    <Modal opened onClose={onClose} title="Row options">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Title" value={title} onChange={(event) => setTitle(event.currentTarget.value)} data-autofocus />
          <Select
            label="Repeat for"
            description={
              variableNames.length === 0
                ? 'The dashboard has no variables to repeat for.'
                : 'One copy of the row for each value of the variable.'
            }
            data={variableNames}
            value={repeat}
            onChange={setRepeat}
            clearable
            disabled={variableNames.length === 0}
            placeholder="Do not repeat"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Update</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
