import { Group, Switch, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

/** One line of a form's controls, wrapping on a narrow editor, the inputs lined up at the bottom. */
export function OptionRow({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {children}
    </Group>
  );
}

/** A text option; `onChange` gets the text as typed. */
export function OptionText({ label, value, onChange, w }: { label: string; value: string; onChange(text: string): void; w: number }) {
  return <TextInput label={label} size="xs" value={value} onChange={(e) => onChange(e.currentTarget.value)} w={w} />;
}

/** An on/off option, lined up with the inputs beside it in an OptionRow. */
export function OptionSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange(checked: boolean): void }) {
  return <Switch label={label} size="xs" checked={checked} onChange={(e) => onChange(e.currentTarget.checked)} mb={6} />;
}
