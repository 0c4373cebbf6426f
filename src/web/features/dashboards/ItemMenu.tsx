import { ActionIcon, Menu, type MenuProps } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * The "⋮" menu of a panel or a row: a small icon button named `label` that opens `children`
 * (menu items). No initial-focus placeholder: it is a focusable child a menu may not have (axe), and
 * without it the keyboard lands on the first item, as the WAI-ARIA menu button pattern asks.
 */
export function ItemMenu({ label, position, children }: { label: string; position: MenuProps['position']; children: ReactNode }) {
  return (
    <Menu position={position} withinPortal shadow="md" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label}>
          <IconDotsVertical size={16} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
