import { Group, NumberInput, TextInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { numberOrUndefined, textOf } from './editorProps';

/** The row of a query's options: small inputs side by side, wrapping in a narrow pane, lined up on their inputs. */
export function QueryOptionsRow({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {children}
    </Group>
  );
}

/** A query option kept as text; a field that is absent or not text shows empty. */
export function TextOption({
  label,
  value,
  onChange,
  placeholder,
  w,
  ref,
}: {
  label: string;
  value: unknown;
  onChange(text: string): void;
  placeholder?: string;
  w?: number;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <TextInput
      ref={ref}
      label={label}
      size="xs"
      placeholder={placeholder}
      value={textOf(value)}
      onChange={(e) => onChange(e.currentTarget.value)}
      w={w}
    />
  );
}

/** A query option kept as a number: empty while absent, and absent again (undefined) when emptied. */
export function NumberOption({
  label,
  value,
  onChange,
  placeholder,
  min,
  max,
}: {
  label: string;
  value: unknown;
  onChange(value: number | undefined): void;
  placeholder?: string;
  min?: number;
  max?: number;
}) {
  return (
    <NumberInput
      label={label}
      size="xs"
      min={min}
      max={max}
      placeholder={placeholder}
      value={typeof value === 'number' ? value : ''}
      onChange={(next) => onChange(numberOrUndefined(next))}
      w={110}
    />
  );
}
