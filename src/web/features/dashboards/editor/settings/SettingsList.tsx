import { ActionIcon, Anchor, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface SettingsListRow {
  /** What the row is called: its button opens the editor, and every action names it. */
  name: string;
  /** The other columns (a variable's definition, a link's type, ...). */
  cells: ReactNode[];
  /** Grafana's built-in annotation query cannot be removed. */
  removable?: boolean;
}

/**
 * A settings list as Grafana draws its variables, annotations and links: a table whose first column
 * opens the item, with Move up/down, Duplicate and Delete on every row. The actions carry the item's
 * name, so a screen reader hears which one a button is about.
 */
export function SettingsList({
  caption,
  columns,
  rows,
  readOnly,
  onOpen,
  onMove,
  onDuplicate,
  onRemove,
}: {
  caption: string;
  columns: string[];
  rows: SettingsListRow[];
  readOnly: boolean;
  onOpen: (index: number) => void;
  onMove: (index: number, direction: -1 | 1) => void;
  onDuplicate?: (index: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <Table verticalSpacing={6} highlightOnHover>
      <Table.Caption style={{ captionSide: 'top', textAlign: 'left' }}>
        <Text size="sm" c="dimmed" span>
          {caption}
        </Text>
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column}>{column}</Table.Th>
          ))}
          {!readOnly && (
            <Table.Th>
              <Text size="sm" fw={700} span>
                Actions
              </Text>
            </Table.Th>
          )}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Table.Tr key={`${index}-${row.name}`}>
            <Table.Td>
              <Anchor component="button" type="button" fw={600} onClick={() => onOpen(index)}>
                {row.name}
              </Anchor>
            </Table.Td>
            {row.cells.map((cell, i) => (
              <Table.Td key={i} style={{ wordBreak: 'break-word' }}>
                {cell}
              </Table.Td>
            ))}
            {!readOnly && (
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RowAction label={`Move ${row.name} up`} disabled={index === 0} onClick={() => onMove(index, -1)}>
                    <IconArrowUp size={16} aria-hidden />
                  </RowAction>
                  <RowAction label={`Move ${row.name} down`} disabled={index === rows.length - 1} onClick={() => onMove(index, 1)}>
                    <IconArrowDown size={16} aria-hidden />
                  </RowAction>
                  {onDuplicate && (
                    <RowAction label={`Duplicate ${row.name}`} onClick={() => onDuplicate(index)}>
                      <IconCopy size={16} aria-hidden />
                    </RowAction>
                  )}
                  {row.removable !== false && (
                    <RowAction label={`Delete ${row.name}`} color="red" onClick={() => onRemove(index)}>
                      <IconTrash size={16} aria-hidden />
                    </RowAction>
                  )}
                </Group>
              </Table.Td>
            )}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RowAction({
  label,
  disabled,
  color,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
