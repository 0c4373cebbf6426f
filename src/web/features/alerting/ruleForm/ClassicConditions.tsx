/** Grafana's classic condition: reducer, query and evaluator per condition, joined by and/or. */
import { Button, Group, Select, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { classicConditionReducers } from '../../../../contract/alerting';
import { RemoveButton } from '../../../components/RemoveButton';
import type { ExpressionEditorProps } from './ExpressionEditor';
import { ExpressionError, ParamsInputs, THRESHOLD_TYPES } from './expressionFields';

const CLASSIC_EVALUATORS = [...THRESHOLD_TYPES, { value: 'no_value', label: 'Has no value' }];

interface ClassicCondition {
  type: string;
  query: { params: string[] };
  reducer: { type: string; params: unknown[] };
  evaluator: { type: string; params: number[] };
  operator: { type: string };
}

export function ClassicConditions({ expression, inputs, error, onChange }: ExpressionEditorProps) {
  const ref = expression.refId;
  const conditions = (Array.isArray(expression.model.conditions) ? expression.model.conditions : []) as ClassicCondition[];
  const setAll = (next: ClassicCondition[]) => onChange({ ...expression, model: { ...expression.model, conditions: next } });
  const setOne = (i: number, changes: Partial<ClassicCondition>) => setAll(conditions.map((c, j) => (j === i ? { ...c, ...changes } : c)));
  return (
    <Stack gap="xs">
      {conditions.map((condition, i) => (
        <Group key={i} align="flex-end" gap="sm" wrap="wrap">
          {i > 0 && (
            <Select
              label={`Operator ${i + 1}, ${ref}`}
              data={['and', 'or']}
              value={condition.operator?.type ?? 'and'}
              onChange={(v) => setOne(i, { operator: { type: v ?? 'and' } })}
              allowDeselect={false}
              w={90}
            />
          )}
          <Select
            label={`Reducer ${i + 1}, ${ref}`}
            data={[...classicConditionReducers]}
            value={condition.reducer?.type ?? 'last'}
            onChange={(v) => setOne(i, { reducer: { type: v ?? 'last', params: [] } })}
            allowDeselect={false}
            w={150}
          />
          <Select
            label={`Of query ${i + 1}, ${ref}`}
            data={inputs}
            value={condition.query?.params?.[0] ?? null}
            onChange={(v) => setOne(i, { query: { params: [v ?? ''] } })}
            allowDeselect={false}
            w={110}
          />
          <Select
            label={`Evaluator ${i + 1}, ${ref}`}
            data={CLASSIC_EVALUATORS}
            value={condition.evaluator?.type ?? 'gt'}
            onChange={(v) => setOne(i, { evaluator: { type: v ?? 'gt', params: condition.evaluator?.params ?? [0] } })}
            allowDeselect={false}
            w={160}
          />
          <ParamsInputs
            label={`Value ${i + 1}, ${ref}`}
            type={condition.evaluator?.type ?? 'gt'}
            params={condition.evaluator?.params ?? []}
            onChange={(params) => setOne(i, { evaluator: { ...condition.evaluator, params } })}
          />
          {conditions.length > 1 && (
            <RemoveButton label={`Remove condition ${i + 1} of ${ref}`} onClick={() => setAll(conditions.filter((_, j) => j !== i))} />
          )}
        </Group>
      ))}
      <Button
        variant="subtle"
        size="xs"
        leftSection={<IconPlus size={14} aria-hidden />}
        w="fit-content"
        onClick={() =>
          setAll([
            ...conditions,
            {
              type: 'query',
              query: { params: [inputs[0] ?? ''] },
              reducer: { type: 'last', params: [] },
              evaluator: { type: 'gt', params: [0] },
              operator: { type: 'and' },
            },
          ])
        }
      >
        Add condition to {ref}
      </Button>
      {error && <ExpressionError error={error} />}
    </Stack>
  );
}
