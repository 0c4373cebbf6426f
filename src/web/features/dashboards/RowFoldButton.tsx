import { Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { GridItem } from '../../panels/layout';

/**
 * A row heading's button that folds and unfolds the row, as on the dashboard and in edit mode: the
 * chevron shows which way it goes, and a folded row says how many panels it hides.
 */
export function RowFoldButton({
  item,
  title,
  disabled,
  onToggle,
}: {
  item: GridItem & { kind: 'row' };
  title: string;
  disabled?: boolean;
  onToggle(): void;
}) {
  return (
    <UnstyledButton
      onClick={onToggle}
      disabled={disabled}
      aria-expanded={!item.collapsed}
      style={{ display: 'flex', alignItems: 'center', gap: 6, padding: '4px 0', fontWeight: 600, maxWidth: '100%' }}
    >
      {item.collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
      <Text span inherit truncate>
        {title}
      </Text>
      {item.collapsed && (
        <Text span size="xs" c="dimmed" fw={400} aria-hidden style={{ whiteSpace: 'nowrap' }}>
          ({item.hidden} panel{item.hidden === 1 ? '' : 's'})
        </Text>
      )}
    </UnstyledButton>
  );
}
