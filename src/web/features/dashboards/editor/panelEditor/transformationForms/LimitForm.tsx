import { NumberInput } from '@mantine/core';
import type { OptionsFormProps } from './optionValues';

/** Limit: how many rows each frame keeps. */
export function LimitForm({ options, set }: OptionsFormProps) {
  return (
    <NumberInput
      label="Limit"
      size="xs"
      min={0}
      value={typeof options.limitField === 'number' ? options.limitField : ''}
      onChange={(value) => set({ limitField: typeof value === 'number' ? value : undefined }, 'limitField')}
      w={140}
    />
  );
}
