import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

/**
 * Asks before an action that cannot be taken back. The red button says what it does: the title,
 * unless `confirmLabel` says it better.
 */
export function confirmDestructive({
  title,
  confirmLabel = title,
  children,
  onConfirm,
}: {
  title: string;
  confirmLabel?: string;
  children: ReactNode;
  onConfirm: () => void;
}) {
  modals.openConfirmModal({
    title,
    children,
    labels: { confirm: confirmLabel, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
