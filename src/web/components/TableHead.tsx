import { Table, Text } from '@mantine/core';

/** A table's header row: its columns, then an "Actions" column aligned with the buttons below it. */
export function TableHead({ columns, actions = true }: { columns: string[]; actions?: boolean }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => (
          <Table.Th key={column}>{column}</Table.Th>
        ))}
        {actions && (
          <Table.Th>
            <Text size="sm" fw={700} ta="right">
              Actions
            </Text>
          </Table.Th>
        )}
      </Table.Tr>
    </Table.Thead>
  );
}
