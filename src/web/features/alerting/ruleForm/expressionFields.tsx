/** Fields the expression editors share: an evaluator's threshold values, and the expression's error. */
import { NumberInput, Text } from '@mantine/core';
import { isRangeEvaluator } from './ruleModel';

export const THRESHOLD_TYPES = [
  { value: 'gt', label: 'Is above' },
  { value: 'lt', label: 'Is below' },
  { value: 'within_range', label: 'Is within range' },
  { value: 'outside_range', label: 'Is outside range' },
];

const numberOrNaN = (value: string | number) => (typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value));

/** The values an evaluator compares with: none, one, or two for a range. */
export function ParamsInputs({
  label,
  type,
  params,
  onChange,
}: {
  label: string;
  type: string;
  params: number[];
  onChange(params: number[]): void;
}) {
  const count = type === 'no_value' ? 0 : isRangeEvaluator(type) ? 2 : 1;
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <NumberInput
          key={i}
          label={count === 2 ? `${label} ${i === 0 ? 'from' : 'to'}` : label}
          value={Number.isFinite(params[i]) ? params[i] : ''}
          onChange={(value) => {
            const next = [...params];
            next[i] = numberOrNaN(value);
            onChange(next);
          }}
          w={130}
        />
      ))}
    </>
  );
}

/** The expression's error, announced when it appears. */
export function ExpressionError({ error }: { error: string }) {
  return (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  );
}
