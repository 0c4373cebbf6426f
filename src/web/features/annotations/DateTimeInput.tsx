import { TextInput, type TextInputProps } from '@mantine/core';

/** A local date and time to the second in the browser's own picker; `value` is its text (`time.ts` reads and writes it). */
export function DateTimeInput({
  onValueChange,
  ...props
}: Omit<TextInputProps, 'type' | 'step' | 'onChange'> & { value: string; onValueChange(value: string): void }) {
  return <TextInput type="datetime-local" step={1} onChange={(e) => onValueChange(e.currentTarget.value)} {...props} />;
}
