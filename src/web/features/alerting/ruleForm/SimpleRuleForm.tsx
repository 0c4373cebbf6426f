/**
 * The simple form: one query, "alert when" its reduced value is above/below/outside/within a
 * threshold, for how long, where the rule lives and who hears of it.
 */
import { useCallback } from 'react';
import { Fieldset, Group, NumberInput, Select, Stack } from '@mantine/core';
import type { FieldErrors } from './formErrors';
import { DataQueryField } from './DataQueryField';
import { ContactPointField, FolderGroupFields, PendingPeriodField, RuleNameField } from './RuleFields';
import {
  EVALUATORS,
  evaluatorOf,
  isRangeEvaluator,
  replaceQuery,
  SIMPLE_REDUCERS,
  withEvaluator,
  type RuleFormValues,
  type RuleQuery,
  type SimpleParts,
} from './ruleModel';
import { RulePreview } from './RulePreview';

export interface SimpleRuleFormProps {
  values: RuleFormValues;
  parts: SimpleParts;
  errors: FieldErrors;
  update(change: (current: RuleFormValues) => RuleFormValues): void;
}

export function SimpleRuleForm({ values, parts, errors, update }: SimpleRuleFormProps) {
  const { query, reduce, threshold } = parts;
  const evaluator = evaluatorOf(threshold)!;
  const range = isRangeEvaluator(evaluator.type);
  const change = (changes: Partial<RuleFormValues>) => update((current) => ({ ...current, ...changes }));
  const onQueryChange = useCallback((next: RuleQuery) => update((current) => replaceQuery(current, next.refId, next)), [update]);
  const setEvaluator = (type: string, params: number[]) => onQueryChange(withEvaluator(threshold, { type, params }));
  const setParam = (index: number, value: string | number) => {
    const params = [...evaluator.params];
    params[index] = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
    setEvaluator(evaluator.type, params);
  };
  const thresholdError = errors[`query:${threshold.refId}`];

  return (
    <Stack gap="lg">
      <RuleNameField values={values} onChange={change} errors={errors} />

      <Fieldset legend="Query">
        <DataQueryField query={query} error={errors[`query:${query.refId}`]} onChange={onQueryChange} />
      </Fieldset>

      <Fieldset legend="Alert when">
        <Group align="flex-start" gap="md" wrap="wrap">
          <Select
            label="Reduced value"
            description="Each series becomes one number"
            data={SIMPLE_REDUCERS.map((r) => ({ value: r.value, label: r.label }))}
            value={String(reduce.model.reducer)}
            onChange={(reducer) => onQueryChange({ ...reduce, model: { ...reduce.model, reducer: reducer ?? 'last' } })}
            allowDeselect={false}
            w={160}
          />
          <Select
            label="Condition"
            description=" "
            data={EVALUATORS.map((e) => ({ value: e.value, label: e.label }))}
            value={evaluator.type}
            onChange={(type) => {
              const next = type ?? 'gt';
              const first = Number.isFinite(evaluator.params[0]) ? evaluator.params[0]! : 0;
              const second = Number.isFinite(evaluator.params[1]) ? evaluator.params[1]! : first + 10;
              setEvaluator(next, isRangeEvaluator(next) ? [first, second] : [first]);
            }}
            allowDeselect={false}
            w={220}
          />
          <NumberInput
            label={range ? 'From' : 'Threshold'}
            description=" "
            value={Number.isFinite(evaluator.params[0]) ? evaluator.params[0] : ''}
            onChange={(value) => setParam(0, value)}
            error={thresholdError}
            w={140}
          />
          {range && (
            <NumberInput
              label="To"
              description=" "
              value={Number.isFinite(evaluator.params[1]) ? evaluator.params[1] : ''}
              onChange={(value) => setParam(1, value)}
              w={140}
            />
          )}
        </Group>
      </Fieldset>

      <PendingPeriodField values={values} onChange={change} errors={errors} />
      <FolderGroupFields values={values} onChange={change} errors={errors} />
      <ContactPointField values={values} onChange={change} errors={errors} />

      <Fieldset legend="Preview">
        <RulePreview values={values} />
      </Fieldset>
    </Stack>
  );
}
