import { Button, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { DashboardModel } from '../../api';
import type { DashboardEdits } from '../useDashboardEdits';
import { insertAfter, move, removeAt, replaceAt, type Json } from './listEdits';
import { useUndoableRemoval } from './useUndoableRemoval';

/** What DashboardSettings hands a list page (annotations, links): the edit state and which item's editor the URL opens. */
export interface SettingsListPageProps {
  edits: DashboardEdits;
  editIndex: number | undefined;
  onOpen: (index: number | undefined) => void;
  readOnly: boolean;
}

/** The item whose editor is open, and how that editor writes it back or returns to the list. */
export interface OpenListItem {
  index: number;
  item: Json;
  onChange: (next: Json, field: string) => void;
  onBack: () => void;
}

/**
 * The edits a settings list page makes, each one dashboard edit so undo covers it. An item editor's
 * changes coalesce per field (`links.2.title`), so typing into one input is one undo step.
 */
export function useSettingsList(
  { edits, editIndex, onOpen }: SettingsListPageProps,
  list: Json[],
  patch: (list: Json[]) => Partial<DashboardModel>,
  historyKey: string,
) {
  const removeWithUndo = useUndoableRemoval(edits);
  const store = (next: Json[], coalesce?: string) => edits.edit({ type: 'dashboard/patch', patch: patch(next), coalesce });
  const item = editIndex !== undefined ? list[editIndex] : undefined;
  const open: OpenListItem | undefined =
    editIndex !== undefined && item
      ? {
          index: editIndex,
          item,
          onChange: (next, field) => store(replaceAt(list, editIndex, next), `${historyKey}.${editIndex}.${field}`),
          onBack: () => onOpen(undefined),
        }
      : undefined;
  return {
    open,
    /** Appends the item and opens its editor. */
    add: (added: Json) => {
      store([...list, added]);
      onOpen(list.length);
    },
    move: (index: number, direction: -1 | 1) => store(move(list, index, direction)),
    duplicate: (index: number) => store(insertAfter(list, index, structuredClone(list[index]!))),
    /** Removes the item, with an Undo in the notification that names it as `what`. */
    remove: (index: number, what: string) => removeWithUndo(what, () => store(removeAt(list, index))),
  };
}

/** A list page's heading, with its add button (if any) at the right. */
export function SettingsListHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Group justify="space-between">
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Group>
  );
}

export function AddItemButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onClick}>
      {children}
    </Button>
  );
}
