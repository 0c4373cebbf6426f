import { Checkbox, Table, Text, TextInput } from '@mantine/core';
import { obj, str, type OptionsFormProps } from './optionValues';

/** Organize fields by name: show or hide each field and rename it (ordering stays as the data has it). */
export function OrganizeForm({ options, fields, set }: OptionsFormProps) {
  const exclude = obj(options.excludeByName);
  const rename = obj(options.renameByName);
  if (fields.length === 0)
    return (
      <Text size="sm" c="dimmed">
        Fields show here once the queries answer.
      </Text>
    );
  return (
    <Table withRowBorders={false} verticalSpacing={2}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Show</Table.Th>
          <Table.Th>Field</Table.Th>
          <Table.Th>Rename to</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((name) => (
          <Table.Tr key={name}>
            <Table.Td>
              <Checkbox
                aria-label={`Show ${name}`}
                checked={exclude[name] !== true}
                onChange={(e) => {
                  const next = { ...exclude };
                  if (e.currentTarget.checked) delete next[name];
                  else next[name] = true;
                  set({ excludeByName: next });
                }}
              />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{name}</Text>
            </Table.Td>
            <Table.Td>
              <TextInput
                aria-label={`Rename ${name}`}
                size="xs"
                value={str(rename[name])}
                onChange={(e) => {
                  const next = { ...rename };
                  if (e.currentTarget.value) next[name] = e.currentTarget.value;
                  else delete next[name];
                  set({ renameByName: next }, `rename-${name}`);
                }}
              />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
