import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/** The end of a dialog's form: Cancel, then the submit button that says what it does. */
export function FormFooter({
  submitLabel,
  onCancel,
  pending = false,
  disabled = false,
  danger = false,
  cancelLabel = 'Cancel',
  submitIcon,
  children,
}: {
  submitLabel: ReactNode;
  onCancel: () => void;
  pending?: boolean;
  disabled?: boolean;
  danger?: boolean;
  cancelLabel?: string;
  submitIcon?: ReactNode;
  /** Shown on the left, e.g. a hint about what the submit will do. */
  children?: ReactNode;
}) {
  return (
    <Group justify={children ? 'space-between' : 'flex-end'} gap="sm">
      {children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button type="submit" color={danger ? 'red' : undefined} loading={pending} disabled={disabled} leftSection={submitIcon}>
          {submitLabel}
        </Button>
      </Group>
    </Group>
  );
}
