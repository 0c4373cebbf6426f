import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RemoveButton } from '../../components/RemoveButton';

/**
 * Rows of label inputs, one row at least (the last cannot be removed), each with its remove
 * button, and a button that adds an empty row: the routing preview's labels, a silence's matchers.
 */
export function LabelRows<Row extends object>({
  label,
  rows,
  onChange,
  emptyRow,
  addLabel,
  removeLabel,
  align,
  removeOffset,
  children,
}: {
  /** The group's accessible name. */
  label: string;
  rows: Row[];
  onChange: (rows: Row[]) => void;
  emptyRow: Row;
  addLabel: string;
  /** The remove button's accessible name for row `n`, counted from 1. */
  removeLabel: (n: number) => string;
  align: 'flex-start' | 'flex-end';
  /** Margin that sets the remove button level with the inputs, whose labels stand above them. */
  removeOffset: { mt: number } | { mb: number };
  /** Row `index`'s inputs; `update` changes some of its fields. */
  children: (row: Row, index: number, update: (change: Partial<Row>) => void) => ReactNode;
}) {
  return (
    <Stack gap="xs" role="group" aria-label={label}>
      {rows.map((row, index) => (
        <Group key={index} gap="xs" align={align} wrap="nowrap">
          {children(row, index, (change) => onChange(rows.map((other, i) => (i === index ? { ...other, ...change } : other))))}
          <RemoveButton
            label={removeLabel(index + 1)}
            size="lg"
            {...removeOffset}
            disabled={rows.length === 1}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Group>
      ))}
      <Group>
        <Button variant="default" size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => onChange([...rows, emptyRow])}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}
