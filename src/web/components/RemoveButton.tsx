import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The red bin that removes one item of a list being edited; `label` is its accessible name. */
export function RemoveButton({
  label,
  onClick,
  ...props
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  size?: 'lg';
  /** Margin that sets the button level with inputs whose labels stand above them. */
  mt?: number;
  mb?: number;
}) {
  return (
    <ActionIcon variant="subtle" color="red" {...props} aria-label={label} onClick={onClick}>
      <IconTrash size={16} aria-hidden />
    </ActionIcon>
  );
}
