/**
 * The editor of one server-side expression, by type: reduce, math, threshold (with its recovery
 * threshold), resample and classic condition — Grafana's expression fields.
 */
import { Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { ClassicConditions } from './ClassicConditions';
import { ExpressionError, ParamsInputs, THRESHOLD_TYPES } from './expressionFields';
import { evaluatorOf, withEvaluator, type RuleQuery } from './ruleModel';

export interface ExpressionEditorProps {
  expression: RuleQuery;
  /** The rule's refIds (this expression's own is left out of its choices). */
  inputs: string[];
  error?: string;
  onChange(next: RuleQuery): void;
}

const REDUCERS = ['last', 'mean', 'min', 'max', 'sum', 'count', 'median'].map((value) => ({
  value,
  label: value === 'mean' ? 'Mean' : value[0]!.toUpperCase() + value.slice(1),
}));
const INVERSE: Record<string, string> = { gt: 'lt', lt: 'gt', within_range: 'outside_range', outside_range: 'within_range' };

export const ExpressionEditor = memo(function ExpressionEditor({ expression, inputs: refIds, error, onChange }: ExpressionEditorProps) {
  const inputs = refIds.filter((refId) => refId !== expression.refId);
  const model = expression.model;
  const set = (changes: Record<string, unknown>) => onChange({ ...expression, model: { ...model, ...changes } });
  const ref = expression.refId;
  const inputSelect = (
    <Select
      label={`Input of ${ref}`}
      data={inputs}
      value={typeof model.expression === 'string' && inputs.includes(model.expression) ? model.expression : null}
      onChange={(value) => set({ expression: value ?? '' })}
      allowDeselect={false}
      w={130}
    />
  );
  const errorText = error && <ExpressionError error={error} />;

  switch (model.type) {
    case 'reduce': {
      const settings = (model.settings as { mode?: string; replaceWithValue?: number } | undefined) ?? {};
      return (
        <Group align="flex-end" gap="md" wrap="wrap">
          {inputSelect}
          <Select
            label={`Function of ${ref}`}
            data={REDUCERS}
            value={String(model.reducer ?? 'last')}
            onChange={(reducer) => set({ reducer: reducer ?? 'last' })}
            allowDeselect={false}
            w={130}
          />
          <Select
            label={`Mode of ${ref}`}
            data={[
              { value: 'strict', label: 'Strict' },
              { value: 'dropNN', label: 'Drop non-numeric values' },
              { value: 'replaceNN', label: 'Replace non-numeric values' },
            ]}
            value={settings.mode ?? 'strict'}
            onChange={(mode) =>
              set({
                settings:
                  mode === 'strict' || !mode
                    ? undefined
                    : mode === 'replaceNN'
                      ? { mode, replaceWithValue: settings.replaceWithValue ?? 0 }
                      : { mode },
              })
            }
            allowDeselect={false}
            w={240}
          />
          {settings.mode === 'replaceNN' && (
            <NumberInput
              label={`Replace with, ${ref}`}
              value={settings.replaceWithValue ?? 0}
              onChange={(value) => set({ settings: { mode: 'replaceNN', replaceWithValue: Number(value) || 0 } })}
              w={140}
            />
          )}
          {errorText}
        </Group>
      );
    }
    case 'math':
      return (
        <TextInput
          label={`Math expression ${ref}`}
          description={`Refer to queries and expressions as $${inputs[0] ?? 'A'}, e.g. $${inputs[0] ?? 'A'} * 2 > 10`}
          value={String(model.expression ?? '')}
          onChange={(e) => set({ expression: e.currentTarget.value })}
          error={error}
          maw={520}
        />
      );
    case 'threshold': {
      const evaluator = evaluatorOf(expression) ?? { type: 'gt', params: [0] };
      const conditions = Array.isArray(model.conditions) ? (model.conditions as Array<Record<string, unknown>>) : [];
      const unload = conditions[0]?.unloadEvaluator as { type: string; params: number[] } | undefined;
      return (
        <Stack gap="xs">
          <Group align="flex-end" gap="md" wrap="wrap">
            {inputSelect}
            <Select
              label={`Condition of ${ref}`}
              data={THRESHOLD_TYPES}
              value={evaluator.type}
              onChange={(type) => onChange(withEvaluator(expression, { type: type ?? 'gt', params: evaluator.params }))}
              allowDeselect={false}
              w={180}
            />
            <ParamsInputs
              label={`Threshold ${ref}`}
              type={evaluator.type}
              params={evaluator.params}
              onChange={(params) => onChange(withEvaluator(expression, { ...evaluator, params }))}
            />
          </Group>
          <Checkbox
            label={`Custom recovery threshold for ${ref}`}
            checked={unload !== undefined}
            onChange={(e) =>
              onChange(
                withEvaluator(
                  expression,
                  evaluator,
                  e.currentTarget.checked ? { type: INVERSE[evaluator.type] ?? 'lt', params: evaluator.params } : null,
                ),
              )
            }
          />
          {unload && (
            <Group align="flex-end" gap="md">
              <Text size="sm">
                Stop alerting when the input {THRESHOLD_TYPES.find((t) => t.value === unload.type)?.label.toLowerCase() ?? unload.type}
              </Text>
              <ParamsInputs
                label={`Recovery threshold ${ref}`}
                type={unload.type}
                params={unload.params}
                onChange={(params) => onChange(withEvaluator(expression, evaluator, { type: unload.type, params }))}
              />
            </Group>
          )}
          {errorText}
        </Stack>
      );
    }
    case 'resample':
      return (
        <Group align="flex-end" gap="md" wrap="wrap">
          {inputSelect}
          <TextInput
            label={`Resample to, ${ref}`}
            value={String(model.window ?? '')}
            onChange={(e) => set({ window: e.currentTarget.value })}
            w={120}
          />
          <Select
            label={`Downsample, ${ref}`}
            data={['mean', 'last', 'min', 'max', 'sum']}
            value={String(model.downsampler ?? 'mean')}
            onChange={(v) => set({ downsampler: v ?? 'mean' })}
            allowDeselect={false}
            w={120}
          />
          <Select
            label={`Upsample, ${ref}`}
            data={[
              { value: 'pad', label: 'pad' },
              { value: 'backfilling', label: 'backfilling' },
              { value: 'fillna', label: 'fillna' },
            ]}
            value={String(model.upsampler ?? 'fillna')}
            onChange={(v) => set({ upsampler: v ?? 'fillna' })}
            allowDeselect={false}
            w={140}
          />
          {errorText}
        </Group>
      );
    case 'classic_conditions':
      return <ClassicConditions expression={expression} inputs={inputs} error={error} onChange={onChange} />;
    default:
      return <Text size="sm">Expression type {String(model.type)} is kept as it is.</Text>;
  }
});
