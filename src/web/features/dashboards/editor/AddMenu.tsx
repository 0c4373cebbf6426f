import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconChartLine,
  IconChevronDown,
  IconClipboard,
  IconLayoutRows,
  IconPlus,
} from '@tabler/icons-react';
import type { DashboardEdits } from './useDashboardEdits';
import { useEditorActions, type LayoutEditing } from './useEditorActions';
import { useUndoShortcuts } from './useEditShortcuts';

export interface AddActions {
  addVisualization(): void;
  addRow(): void;
  pastePanel(): void;
  canPaste: boolean;
}

/** Grafana's "Add" menu of the edit toolbar: a visualization, a row, or the copied panel. */
export function AddMenu({ actions }: { actions: AddActions }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Add
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconChartLine size={14} aria-hidden />} onClick={actions.addVisualization}>
          Visualization
        </Menu.Item>
        <Menu.Item leftSection={<IconLayoutRows size={14} aria-hidden />} onClick={actions.addRow}>
          Row
        </Menu.Item>
        <Menu.Item leftSection={<IconClipboard size={14} aria-hidden />} onClick={actions.pastePanel} disabled={!actions.canPaste}>
          Paste panel
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Undo and Redo of every edit, as buttons and as Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y. */
export function UndoRedo({ edits }: { edits: DashboardEdits }) {
  useUndoShortcuts(edits);
  return (
    <ActionIcon.Group>
      <Tooltip label="Undo (Ctrl+Z)">
        <ActionIcon variant="default" size="input-xs" aria-label="Undo" onClick={edits.undo} disabled={!edits.canUndo}>
          <IconArrowBackUp size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Redo (Shift+Ctrl+Z)">
        <ActionIcon variant="default" size="input-xs" aria-label="Redo" onClick={edits.redo} disabled={!edits.canRedo}>
          <IconArrowForwardUp size={16} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </ActionIcon.Group>
  );
}

/** The edit toolbar's tools: Add (on the Panels view), Undo and Redo. */
export function EditTools({ layout, showAdd }: { layout: LayoutEditing; showAdd: boolean }) {
  const actions = useEditorActions(layout);
  return (
    <>
      {showAdd && <AddMenu actions={actions} />}
      <UndoRedo edits={layout.edits} />
    </>
  );
}
