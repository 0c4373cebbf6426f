import { Select, TextInput } from '@mantine/core';
import { LabelRows } from '../LabelRows';
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
  return (
    <LabelRows
      label="Matchers"
      rows={rows}
      onChange={onChange}
      emptyRow={{ name: '', operator: '=', value: '' }}
      addLabel="Add matcher"
      removeLabel={(n) => `Remove matcher ${n}`}
      align="flex-start"
      removeOffset={{ mt: 26 }}
    >
      {(row, index, update) => {
        const n = index + 1;
        const problem = showProblems ? rowProblem(row) : undefined;
        return (
          <>
            <TextInput
              label={`Label ${n}`}
              value={row.name}
              onChange={(event) => update({ name: event.currentTarget.value })}
              error={problem === 'Name the label' ? problem : undefined}
              w={200}
            />
            <Select
              label={`Operator ${n}`}
              data={[...matcherOperators]}
              value={row.operator}
              allowDeselect={false}
              onChange={(value) => value && update({ operator: value as MatcherOperator })}
              w={90}
            />
            <TextInput
              label={`Value ${n}`}
              value={row.value}
              onChange={(event) => update({ value: event.currentTarget.value })}
              error={problem && problem !== 'Name the label' ? problem : undefined}
              style={{ flex: 1 }}
            />
          </>
        );
      }}
    </LabelRows>
  );
}
