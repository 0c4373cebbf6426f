import { ActionIcon, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { matcherOperators, rowProblem, type MatcherOperator, type MatcherRow } from './matchers';

/** Rows of label, operator (=, !=, =~, !~) and value; every label is visible, as every input's. */
export function MatchersEditor({
  rows,
  onChange,
  showProblems,
}: {
  rows: MatcherRow[];
  onChange: (rows: MatcherRow[]) => void;
  showProblems: boolean;
}) {
  const update = (index: number, change: Partial<MatcherRow>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="xs" role="group" aria-label="Matchers">
      {rows.map((row, index) => {
        const n = index + 1;
        const problem = showProblems ? rowProblem(row) : undefined;
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={`Label ${n}`}
              value={row.name}
              onChange={(event) => update(index, { name: event.currentTarget.value })}
              error={problem === 'Name the label' ? problem : undefined}
              w={200}
            />
            <Select
              label={`Operator ${n}`}
              data={[...matcherOperators]}
              value={row.operator}
              allowDeselect={false}
              onChange={(value) => value && update(index, { operator: value as MatcherOperator })}
              w={90}
            />
            <TextInput
              label={`Value ${n}`}
              value={row.value}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
              error={problem && problem !== 'Name the label' ? problem : undefined}
              style={{ flex: 1 }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={`Remove matcher ${n}`}
              disabled={rows.length === 1}
              onClick={() => onChange(rows.filter((_, i) => i !== index))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...rows, { name: '', operator: '=', value: '' }])}
        >
          Add matcher
        </Button>
      </Group>
    </Stack>
  );
}
