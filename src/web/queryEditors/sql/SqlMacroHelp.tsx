import { Table } from '@mantine/core';
import { SQL_MACROS } from './sqlMacros';

/** Grafana's SQL editor help, short: each macro and what it becomes. */
export function SqlMacroHelp({ id }: { id: string }) {
  return (
    <Table id={id} fz="xs" verticalSpacing={2} withTableBorder aria-label="SQL macros">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Macro</Table.Th>
          <Table.Th>Meaning</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {SQL_MACROS.map(({ syntax, help }) => (
          <Table.Tr key={syntax}>
            <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {syntax}
            </Table.Td>
            <Table.Td>{help}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
